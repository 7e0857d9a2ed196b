package io.partita.storage.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.TestStorage;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * ASYNC GSI propagation: a write stays invisible in its GSIs until the clock passes the delay, while the base table
 * and LSIs see it at once; flushGsiPropagation() and checkInvariants() converge everything.
 */
class AsyncGsiPropagationTest {
    static final Duration DELAY = Duration.ofMillis(100);
    static final long SEED = Long.getLong("partita.async.seed", 0xA5_7Cl);
    static final int OPS = Integer.getInteger("partita.async.ops", 6_000);

    MutableClock clock;

    @BeforeEach
    void engine() {
        assumeTrue(ModelOps.engineAvailable() && ModelOps.expressionsAvailable(), "storage engine not landed yet");
        clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    }

    private Storage asyncStorage() {
        Storage s =
                TestStorage.create(StorageOptions.defaults().withClock(clock).withAsyncGsiPropagation(DELAY));
        for (TableDefinition d : ModelSchemas.all()) {
            s.createTable(d);
        }
        return s;
    }

    private static Map<String, AttributeValue> key(String pk, long sk) {
        return Map.of("pk", AttributeValue.s(pk), "sk", AttributeValue.n(sk));
    }

    private static List<Map<String, AttributeValue>> gAll(Storage s, String gc) {
        return s.query(QueryRequest.builder()
                        .tableName(ModelSchemas.T1)
                        .indexName("g_all")
                        .keyConditionExpression("gC = :g")
                        .expressionAttributeValues(Map.of(":g", AttributeValue.s(gc)))
                        .build())
                .items();
    }

    private static List<Map<String, AttributeValue>> lKeys(Storage s, String pk) {
        return s.query(QueryRequest.builder()
                        .tableName(ModelSchemas.T1)
                        .indexName("l_keys")
                        .keyConditionExpression("pk = :p")
                        .expressionAttributeValues(Map.of(":p", AttributeValue.s(pk)))
                        .consistentRead(true)
                        .build())
                .items();
    }

    @Test
    void gsiReadsAreStaleUntilTheDelayPassesThenConverge() {
        try (Storage s = asyncStorage()) {
            s.putItem(PutItemRequest.builder()
                    .tableName(ModelSchemas.T1)
                    .item(Map.of(
                            "pk",
                            AttributeValue.s("a"),
                            "sk",
                            AttributeValue.n(1),
                            "gC",
                            AttributeValue.s("x"),
                            "lB",
                            AttributeValue.n(5),
                            "p1",
                            AttributeValue.s("v1")))
                    .build());
            // Base table and LSI: strong, visible at once. GSI: not yet.
            assertThat(s.getItem(GetItemRequest.builder()
                                    .tableName(ModelSchemas.T1)
                                    .key(key("a", 1))
                                    .build())
                            .item())
                    .isNotNull();
            assertThat(lKeys(s, "a")).hasSize(1);
            assertThat(gAll(s, "x")).isEmpty();
            clock.advanceMillis(99);
            assertThat(gAll(s, "x")).as("99 ms after the write").isEmpty();
            clock.advanceMillis(1);
            assertThat(gAll(s, "x")).as("100 ms after the write").hasSize(1);
            assertThat(gAll(s, "x").get(0)).containsEntry("p1", AttributeValue.s("v1"));

            // Moving the GSI key: the old entry (with its old attributes) stays until the delay passes.
            s.updateItem(UpdateItemRequest.builder()
                    .tableName(ModelSchemas.T1)
                    .key(key("a", 1))
                    .updateExpression("SET gC = :y, p1 = :v")
                    .expressionAttributeValues(Map.of(":y", AttributeValue.s("y"), ":v", AttributeValue.s("v2")))
                    .build());
            clock.advanceMillis(50);
            assertThat(gAll(s, "x")).hasSize(1);
            assertThat(gAll(s, "x").get(0)).containsEntry("p1", AttributeValue.s("v1"));
            assertThat(gAll(s, "y")).isEmpty();
            clock.advanceMillis(50);
            assertThat(gAll(s, "x")).isEmpty();
            assertThat(gAll(s, "y")).hasSize(1);
            assertThat(gAll(s, "y").get(0)).containsEntry("p1", AttributeValue.s("v2"));

            // Delete: the GSI entry outlives the item by the delay; the LSI entry does not.
            s.deleteItem(DeleteItemRequest.builder()
                    .tableName(ModelSchemas.T1)
                    .key(key("a", 1))
                    .build());
            assertThat(lKeys(s, "a")).isEmpty();
            assertThat(gAll(s, "y")).hasSize(1);
            clock.advanceMillis(100);
            assertThat(gAll(s, "y")).isEmpty();

            // flushGsiPropagation applies pending work whatever the clock says.
            s.putItem(PutItemRequest.builder()
                    .tableName(ModelSchemas.T1)
                    .item(Map.of("pk", AttributeValue.s("b"), "sk", AttributeValue.n(2), "gC", AttributeValue.s("z")))
                    .build());
            assertThat(gAll(s, "z")).isEmpty();
            s.flushGsiPropagation();
            assertThat(gAll(s, "z")).hasSize(1);

            // checkInvariants flushes too, and holds with work pending.
            s.deleteItem(DeleteItemRequest.builder()
                    .tableName(ModelSchemas.T1)
                    .key(key("b", 2))
                    .build());
            s.checkInvariants();
            assertThat(gAll(s, "z")).isEmpty();
        }
    }

    /**
     * Randomized: writes from the model generator while the clock moves 0–60 ms per operation. Table and LSI reads
     * must match the model now; GSI reads must match the model as it was after the last write that is due
     * (write time + delay &lt;= now). Converged and invariant-clean after a flush.
     */
    @Test
    void randomizedStaleReadsMatchTheModelAsOfTheDelay() {
        long t0 = System.nanoTime();
        System.out.printf("[async] seed %d (-Dpartita.async.seed), %d ops, delay %s%n", SEED, OPS, DELAY);
        Random rnd = new Random(SEED);
        ReferenceStore model = new ReferenceStore(ModelSchemas.all());
        OpGenerator gen = new OpGenerator(rnd, model, true, 0); // invalid writes are the model test's business
        List<Snapshot> history = new ArrayList<>();
        history.add(new Snapshot(clock.millis(), model.copy()));
        int staleReads = 0;
        try (Storage s = asyncStorage()) {
            ModelRunner now = new ModelRunner(s, model, true);
            for (int i = 0; i < OPS; i++) {
                clock.advanceMillis(rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(61));
                Op op = gen.next();
                String gsi = op instanceof Op.Query q && isGsi(model, q.table(), q.index())
                        ? q.index()
                        : op instanceof Op.Scan sc && isGsi(model, sc.table(), sc.index()) ? sc.index() : null;
                try {
                    if (gsi != null) {
                        Snapshot due = dueState(history, clock.millis());
                        if (due != history.get(history.size() - 1)) {
                            staleReads++;
                        }
                        new ModelRunner(s, due.state(), true).run(op);
                    } else {
                        now.run(op);
                        if (!(op instanceof Op.Get || op instanceof Op.Query || op instanceof Op.Scan)) {
                            history.add(new Snapshot(clock.millis(), model.copy()));
                        }
                    }
                } catch (AssertionError e) {
                    throw new AssertionError(
                            "async run seed=" + SEED + " op #" + i + " at t=" + clock.millis() + ": " + op + "\n"
                                    + e.getMessage(),
                            e);
                }
                // Drop snapshots that can no longer be the due state.
                while (history.size() > 1 && history.get(1).millis() + DELAY.toMillis() <= clock.millis()) {
                    history.remove(0);
                }
            }
            s.flushGsiPropagation();
            now.verifyAll();
        }
        System.out.printf(
                "[async] %d ops, %d GSI reads checked against a stale state, in %d ms%n",
                OPS, staleReads, (System.nanoTime() - t0) / 1_000_000);
        assertThat(staleReads).as("the run must exercise stale GSI reads").isGreaterThan(OPS / 20);
    }

    private static boolean isGsi(ReferenceStore model, String table, String index) {
        return index != null && model.view(table, index).global();
    }

    private record Snapshot(long millis, ReferenceStore state) {}

    /** The model after the last write whose propagation is due at {@code now} (the oldest kept state if none is). */
    private static Snapshot dueState(List<Snapshot> history, long now) {
        Snapshot due = history.get(0);
        for (Snapshot snap : history) {
            if (snap.millis() + DELAY.toMillis() <= now) {
                due = snap;
            }
        }
        return due;
    }
}
