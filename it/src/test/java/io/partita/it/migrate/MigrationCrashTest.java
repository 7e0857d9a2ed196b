package io.partita.it.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import io.partita.it.crash.ChildWriter;
import io.partita.migration.MigrationOptions;
import io.partita.migration.MigrationReport;
import io.partita.migration.Migrations;
import io.partita.storage.DurableStorage;
import io.partita.storage.Storage;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.value.AttributeValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A migration killed with SIGKILL in the middle of its rewrite, twice, at moments picked from a fixed seed (after a
 * number of acknowledged rewrites, no sleeps), then resumed to the end: every order ends under its new key exactly
 * once with its amount under {@code Total}, nothing is left under an old key, the resumed run rewrites exactly the
 * orders the killed runs had not (give or take the one in flight at each kill), and the durable core's invariant
 * checker finds the files clean after each crash.
 */
class MigrationCrashTest {
    private static final long DEFAULT_SEED = 20261128L;
    private static final int ORDERS = 1500;
    private static final int CUSTOMERS = 13;

    static Map<String, AttributeValue> oldItem(int i) {
        return Map.of(
                "PK", AttributeValue.s("ORDER#o" + i),
                "SK", AttributeValue.s("ORDER"),
                "_type", AttributeValue.s("Order"),
                "id", AttributeValue.s("o" + i),
                "customer", AttributeValue.s("c" + i % CUSTOMERS),
                "Amount", AttributeValue.n(Integer.toString(i)));
    }

    @Test
    void aKilledRewriteResumesAndMigratesEveryItemExactlyOnce() throws Exception {
        long seed = Long.getLong("partita.crash.seed", DEFAULT_SEED);
        System.out.println("MigrationCrashTest seed " + seed + " (-Dpartita.crash.seed=" + seed + " repeats it)");
        Random random = new Random(seed);
        Path dir = Files.createTempDirectory("partita-migrate-crash");
        try (Partita db = Partita.open(dir)) {
            MigShopRepository.of(db);
            for (int i = 0; i < ORDERS; i++) {
                db.requests()
                        .putItem(PutItemRequest.builder()
                                .tableName("MigShop")
                                .item(oldItem(i))
                                .build());
            }
        }
        Set<String> acknowledged = new HashSet<>();
        int kills = 0;
        int inFlight = 0;
        ExecutorService reader = Executors.newSingleThreadExecutor();
        try {
            for (int cycle = 0; cycle < 2; cycle++) {
                int left = ORDERS - acknowledged.size();
                int count = 1 + random.nextInt(Math.max(1, left / 2));
                Path log = dir.resolveSibling(dir.getFileName() + ".child-" + cycle + ".log");
                int segments = 1 + random.nextInt(4);
                inFlight += segments; // one rewrite per segment thread may commit unacknowledged
                Process child = start(dir, segments, log);
                awaitAcknowledged(child, count, reader);
                child.destroyForcibly();
                assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
                kills++;
                List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
                Files.delete(log);
                assertThat(lines.get(0)).isEqualTo("READY");
                for (String line : lines.subList(1, lines.size())) {
                    assertThat(line).startsWith("A ");
                    assertThat(acknowledged.add(line.substring(2)))
                            .as("%s rewritten twice", line)
                            .isTrue();
                }
                checkInvariants(dir).close();
            }
        } finally {
            reader.shutdownNow();
        }
        List<String> resumed = Collections.synchronizedList(new ArrayList<>());
        MigrationReport report;
        try (Partita db = Partita.open(dir)) {
            report = Migrations.on(db)
                    .plan(MigShopMigrations.PLAN)
                    .apply(MigrationOptions.defaults()
                            .withRewriteListener((k, item) -> resumed.add(((AttributeValue) item.get("id")).asS())));
        }
        assertThat(report.resumed()).isTrue();
        assertThat(report.complete()).isTrue();
        assertThat(Collections.disjoint(resumed, acknowledged))
                .as("no order rewritten by the resumed run and a killed one")
                .isTrue();
        assertThat(new HashSet<>(resumed)).hasSameSizeAs(resumed);
        // each kill may have cut off the acknowledgement of a committed rewrite per segment thread
        assertThat(acknowledged.size() + resumed.size()).isBetween(ORDERS - inFlight, ORDERS);
        DurableStorage storage = checkInvariants(dir);
        try (Partita db = Partita.using(storage)) {
            for (int i = 0; i < ORDERS; i++) {
                Map<String, AttributeValue> item = get(db, "CUSTOMER#c" + i % CUSTOMERS, "ORDER#o" + i);
                assertThat(item).as("order %s under its new key", i).isNotNull();
                assertThat(item.get("Total")).isEqualTo(AttributeValue.n(Integer.toString(i)));
                assertThat(item).doesNotContainKey("Amount");
                assertThat(get(db, "ORDER#o" + i, "ORDER"))
                        .as("order %s under its old key", i)
                        .isNull();
            }
            MigrationReport check =
                    Migrations.on(db).plan(MigShopMigrations.PLAN).dryRun();
            assertThat(check.complete()).isTrue();
            assertThat(check.migrated()).isEqualTo(ORDERS);
        }
        System.out.printf(
                "MigrationCrashTest: %d orders, %d kills, %d rewrites acknowledged before the kills, %d by the resume%n",
                ORDERS, kills, acknowledged.size(), resumed.size());
    }

    private static Map<String, AttributeValue> get(Partita db, String pk, String sk) {
        return db.requests()
                .getItem(GetItemRequest.builder()
                        .tableName("MigShop")
                        .key(Map.of("PK", AttributeValue.s(pk), "SK", AttributeValue.s(sk)))
                        .consistentRead(true)
                        .build())
                .item();
    }

    /** Opens the directory as a restart would and checks the core's invariants; the caller closes it. */
    private static DurableStorage checkInvariants(Path dir) {
        DurableStorage storage = Storage.open(dir);
        storage.checkInvariants();
        return storage;
    }

    private static Process start(Path dir, int segments, Path log) throws IOException {
        return ChildWriter.start(
                MigrationCrashWriter.class, dir.toString(), Integer.toString(segments), log.toString());
    }

    /** Reads the child's stdout until it has acknowledged {@code count} rewrites: the moment to kill it. */
    private static void awaitAcknowledged(Process child, int count, ExecutorService reader) throws Exception {
        ChildWriter.awaitAcknowledged(
                child, count, reader, line -> line.startsWith("A "), Duration.ofMinutes(2), "rewrites");
    }
}
