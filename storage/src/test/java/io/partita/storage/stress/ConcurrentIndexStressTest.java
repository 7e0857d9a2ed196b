package io.partita.storage.stress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.partita.storage.ConditionalCheckFailedException;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.TestStorage;
import io.partita.storage.TransactionCanceledException;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.model.ModelOps;
import io.partita.storage.model.ModelSchemas;
import io.partita.storage.model.ModelVerifier;
import io.partita.storage.model.ReferenceStore;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Eight threads hammer a tiny key space of the model tables (so they contend for the same items) with puts, updates,
 * deletes, batches and transactions that move GSI and LSI keys, while reading the indexes. Afterwards: the core's
 * invariant checker, every index compared with what the final base tables imply (no lost, duplicate or orphan
 * entries), and counters incremented under contention add up (no lost updates). Bounded by count and by time;
 * one seed per thread, printed.
 */
class ConcurrentIndexStressTest {
    static final int THREADS = 8;
    static final long SEED = Long.getLong("partita.stress.seed", 0x57_2E55L);
    static final int OPS_PER_THREAD = Integer.getInteger("partita.stress.ops", 20_000);
    static final long TIME_LIMIT_MS = Long.getLong("partita.stress.millis", 20_000);

    static final String[] PKS = {"a", "b"};
    static final long[] SKS = {0, 1, 2};
    static final String[] GC = {"x", "y", "z"};
    static final int COUNTERS = 3;

    @Test
    void syncPropagation() throws Exception {
        run("SYNC", StorageOptions.defaults(), SEED);
    }

    @Test
    void asyncPropagation() throws Exception {
        run("ASYNC 2ms", StorageOptions.defaults().withAsyncGsiPropagation(Duration.ofMillis(2)), SEED + 1000);
    }

    private void run(String mode, StorageOptions options, long seed) throws Exception {
        assumeTrue(ModelOps.engineAvailable() && ModelOps.expressionsAvailable(), "storage engine not landed yet");
        List<TableDefinition> tables = ModelSchemas.all();
        AtomicLong increments = new AtomicLong();
        AtomicLong ops = new AtomicLong();
        Map<String, AtomicLong> outcomes = new ConcurrentHashMap<>();
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        long t0 = System.nanoTime();
        try (Storage storage = TestStorage.create(options)) {
            tables.forEach(storage::createTable);
            for (int c = 0; c < COUNTERS; c++) {
                storage.putItem(PutItemRequest.builder()
                        .tableName(ModelSchemas.T1)
                        .item(Map.of(
                                "pk", AttributeValue.s("ctr"), "sk", AttributeValue.n(c), "cnt", AttributeValue.n(0)))
                        .build());
            }
            CountDownLatch go = new CountDownLatch(1);
            List<Thread> threads = new ArrayList<>();
            long deadline = System.currentTimeMillis() + TIME_LIMIT_MS;
            for (int t = 0; t < THREADS; t++) {
                long threadSeed = seed * 31 + t;
                System.out.printf("[stress %s] thread %d seed %d%n", mode, t, threadSeed);
                Thread th = new Thread(
                        () -> {
                            Random rnd = new Random(threadSeed);
                            try {
                                go.await();
                                for (int i = 0;
                                        i < OPS_PER_THREAD
                                                && System.currentTimeMillis() < deadline
                                                && failures.isEmpty();
                                        i++) {
                                    String outcome = step(storage, rnd, increments);
                                    outcomes.computeIfAbsent(outcome, k -> new AtomicLong())
                                            .incrementAndGet();
                                    ops.incrementAndGet();
                                }
                            } catch (Throwable e) {
                                failures.add(new AssertionError("thread seed " + threadSeed + ": " + e, e));
                            }
                        },
                        "stress-" + t);
                threads.add(th);
                th.start();
            }
            go.countDown();
            for (Thread th : threads) {
                th.join(TIME_LIMIT_MS + 30_000);
                assertThat(th.isAlive())
                        .as(th.getName() + " finished (deadlock?)")
                        .isFalse();
            }
            System.out.printf(
                    "[stress %s] %d ops by %d threads in %d ms: %s%n",
                    mode, ops.get(), THREADS, (System.nanoTime() - t0) / 1_000_000, outcomes);
            assertThat(failures).as("failures in worker threads").isEmpty();

            storage.flushGsiPropagation();
            storage.checkInvariants();
            ReferenceStore finalState = ModelVerifier.modelOfTables(storage, tables);
            ModelVerifier.verifyIndexes(storage, finalState);

            long sum = 0;
            for (int c = 0; c < COUNTERS; c++) {
                Map<String, AttributeValue> ctr = finalState.get(
                        ModelSchemas.T1, Map.of("pk", AttributeValue.s("ctr"), "sk", AttributeValue.n(c)));
                assertThat(ctr).as("counter " + c).isNotNull();
                sum += ctr.get("cnt").asN().longValueExact();
            }
            assertThat(sum).as("counter increments (lost updates?)").isEqualTo(increments.get());
            System.out.printf(
                    "[stress %s] verified %d base items, %d counter increments%n", mode, finalState.size(), sum);
        }
    }

    private static <T> T pick(Random rnd, T[] a) {
        return a[rnd.nextInt(a.length)];
    }

    private static Map<String, AttributeValue> key(Random rnd) {
        return Map.of("pk", AttributeValue.s(pick(rnd, PKS)), "sk", AttributeValue.n(SKS[rnd.nextInt(SKS.length)]));
    }

    private static Map<String, AttributeValue> item(Random rnd) {
        Map<String, AttributeValue> item = new HashMap<>(key(rnd));
        if (rnd.nextBoolean()) {
            item.put("gA", AttributeValue.s(rnd.nextBoolean() ? "a" : "b"));
            item.put("gB", AttributeValue.n(1 + rnd.nextInt(2)));
            item.put("gD", AttributeValue.n(rnd.nextInt(3)));
        }
        if (rnd.nextInt(4) != 0) {
            item.put("gC", AttributeValue.s(pick(rnd, GC)));
        }
        if (rnd.nextBoolean()) {
            item.put("gX", AttributeValue.n(rnd.nextInt(2)));
            item.put("gY", AttributeValue.b(new byte[] {(byte) rnd.nextInt(3)}));
        }
        if (rnd.nextBoolean()) {
            item.put("lA", AttributeValue.s(pick(rnd, GC)));
        }
        if (rnd.nextBoolean()) {
            item.put("lB", AttributeValue.n(rnd.nextInt(3)));
        }
        item.put("p1", AttributeValue.s("v" + rnd.nextInt(100)));
        if (rnd.nextBoolean()) {
            item.put("p4", AttributeValue.l(AttributeValue.n(rnd.nextInt(9))));
        }
        return item;
    }

    private static Map<String, AttributeValue> counterKey(int c) {
        return Map.of("pk", AttributeValue.s("ctr"), "sk", AttributeValue.n(c));
    }

    /** One random operation; returns the outcome label. Only the failures DynamoDB may give under contention are caught. */
    private static String step(Storage s, Random rnd, AtomicLong increments) {
        int r = rnd.nextInt(100);
        try {
            if (r < 20) {
                s.putItem(PutItemRequest.builder()
                        .tableName(ModelSchemas.T1)
                        .item(item(rnd))
                        .build());
                return "put";
            } else if (r < 40) {
                // Moves GSI (gC: g_all and g_multi) and LSI (lB, gY: l_keys, l_all) keys, or drops them.
                boolean move = rnd.nextBoolean();
                String expr = move ? "SET gC = :g, lB = :l, gY = :y" : "SET lA = :g REMOVE gC, lB, gY";
                Map<String, AttributeValue> values = move
                        ? Map.of(
                                ":g",
                                AttributeValue.s(pick(rnd, GC)),
                                ":l",
                                AttributeValue.n(rnd.nextInt(3)),
                                ":y",
                                AttributeValue.b(new byte[] {(byte) rnd.nextInt(3)}))
                        : Map.of(":g", AttributeValue.s(pick(rnd, GC)));
                s.updateItem(UpdateItemRequest.builder()
                        .tableName(ModelSchemas.T1)
                        .key(key(rnd))
                        .updateExpression(expr)
                        .expressionAttributeValues(values)
                        .conditionExpression(rnd.nextBoolean() ? "attribute_exists(pk)" : null)
                        .build());
                return "update";
            } else if (r < 50) {
                s.deleteItem(DeleteItemRequest.builder()
                        .tableName(ModelSchemas.T1)
                        .key(key(rnd))
                        .conditionExpression(rnd.nextInt(3) == 0 ? "attribute_exists(gC)" : null)
                        .build());
                return "delete";
            } else if (r < 65) {
                // Counter increment that also moves the counter's GSI and LSI entries.
                s.updateItem(UpdateItemRequest.builder()
                        .tableName(ModelSchemas.T1)
                        .key(counterKey(rnd.nextInt(COUNTERS)))
                        .updateExpression("SET gC = :g, lB = :l ADD cnt :one")
                        .conditionExpression("attribute_exists(pk)")
                        .expressionAttributeValues(Map.of(
                                ":g",
                                AttributeValue.s(pick(rnd, GC)),
                                ":l",
                                AttributeValue.n(rnd.nextInt(3)),
                                ":one",
                                AttributeValue.n(1)))
                        .build());
                increments.incrementAndGet();
                return "increment";
            } else if (r < 80) {
                return transaction(s, rnd, increments);
            } else if (r < 88) {
                List<WriteRequest> writes = new ArrayList<>();
                List<Map<String, AttributeValue>> keys = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    Map<String, AttributeValue> it = item(rnd);
                    Map<String, AttributeValue> k = Map.of("pk", it.get("pk"), "sk", it.get("sk"));
                    if (!keys.contains(k)) {
                        keys.add(k);
                        writes.add(rnd.nextInt(3) == 0 ? WriteRequest.delete(k) : WriteRequest.put(it));
                    }
                }
                s.batchWriteItem(BatchWriteItemRequest.builder()
                        .requestItems(Map.of(ModelSchemas.T1, writes))
                        .build());
                return "batch";
            } else {
                // Concurrent index reads: every entry must belong to the partition asked for (no torn entries).
                String g = pick(rnd, GC);
                List<Map<String, AttributeValue>> items = s.query(QueryRequest.builder()
                                .tableName(ModelSchemas.T1)
                                .indexName("g_all")
                                .keyConditionExpression("gC = :g")
                                .expressionAttributeValues(Map.of(":g", AttributeValue.s(g)))
                                .build())
                        .items();
                for (Map<String, AttributeValue> it : items) {
                    if (!AttributeValue.s(g).equals(it.get("gC"))) {
                        throw new AssertionError("g_all query for gC=" + g + " returned " + it);
                    }
                }
                String pk = pick(rnd, PKS);
                List<Map<String, AttributeValue>> lsi = s.query(QueryRequest.builder()
                                .tableName(ModelSchemas.T1)
                                .indexName("l_keys")
                                .keyConditionExpression("pk = :p")
                                .expressionAttributeValues(Map.of(":p", AttributeValue.s(pk)))
                                .consistentRead(true)
                                .build())
                        .items();
                for (Map<String, AttributeValue> it : lsi) {
                    if (!AttributeValue.s(pk).equals(it.get("pk")) || !it.containsKey("lB")) {
                        throw new AssertionError("l_keys query for pk=" + pk + " returned " + it);
                    }
                }
                return "read";
            }
        } catch (ConditionalCheckFailedException e) {
            return "conditionFailed";
        } catch (TransactionCanceledException e) {
            return "txCancelled"
                    + e.reasons().stream()
                            .filter(x -> !x.isNone())
                            .map(TransactionCanceledException.CancellationReason::code)
                            .distinct()
                            .sorted()
                            .toList();
        }
    }

    private static String transaction(Storage s, Random rnd, AtomicLong increments) {
        List<TransactWriteItem> actions = new ArrayList<>();
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        int n = 2 + rnd.nextInt(2);
        boolean withCounters = rnd.nextBoolean();
        if (withCounters) {
            // Two counters incremented together: both or neither.
            int c1 = rnd.nextInt(COUNTERS);
            int c2 = (c1 + 1 + rnd.nextInt(COUNTERS - 1)) % COUNTERS;
            for (int c : new int[] {c1, c2}) {
                actions.add(TransactWriteItem.update(
                        ModelSchemas.T1,
                        counterKey(c),
                        "SET gC = :g ADD cnt :one",
                        null,
                        Map.of(":g", AttributeValue.s(pick(rnd, GC)), ":one", AttributeValue.n(1))));
            }
        }
        for (int i = 0; i < n; i++) {
            Map<String, AttributeValue> it = item(rnd);
            Map<String, AttributeValue> k = Map.of("pk", it.get("pk"), "sk", it.get("sk"));
            if (keys.contains(k)) {
                continue;
            }
            keys.add(k);
            switch (rnd.nextInt(4)) {
                case 0 -> actions.add(TransactWriteItem.put(ModelSchemas.T1, it));
                case 1 ->
                    actions.add(new TransactWriteItem.Put(
                            ModelSchemas.T1, it, "attribute_not_exists(pk)", null, null, false));
                case 2 ->
                    actions.add(new TransactWriteItem.Delete(
                            ModelSchemas.T1, k, rnd.nextBoolean() ? "attribute_exists(pk)" : null, null, null, false));
                default ->
                    actions.add(TransactWriteItem.update(
                            ModelSchemas.T1,
                            k,
                            "SET gX = :x, lA = :a REMOVE gC",
                            null,
                            Map.of(":x", AttributeValue.n(rnd.nextInt(2)), ":a", AttributeValue.s(pick(rnd, GC)))));
            }
        }
        s.transactWriteItems(
                TransactWriteItemsRequest.builder().transactItems(actions).build());
        if (withCounters) {
            increments.addAndGet(2);
        }
        return "transaction";
    }
}
