package io.partita.migration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.Partita;
import io.partita.progress.Progress;
import io.partita.storage.DurableStorage;
import io.partita.storage.Storage;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.value.AttributeValue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Running a plan on the embedded core, in memory and durable: the plan printed, the dry run's counts, the rewrite
 * (new key, renamed attribute, new index), a second run that finds nothing, a stop and a resume that rewrite each
 * item exactly once, rate limits on an injected clock, progress.
 */
class MigrationTest {
    private static final int ORDERS = 500;
    private static final int NOTES = 20;

    @TempDir
    Path dir;

    private static Map<String, AttributeValue> get(Partita db, Map<String, AttributeValue> key) {
        return db.requests()
                .getItem(GetItemRequest.builder()
                        .tableName(ShopDesign.TABLE)
                        .key(key)
                        .consistentRead(true)
                        .build())
                .item();
    }

    /** Every order under its new key, in its new form, and nothing under an old key. */
    static void assertMigrated(Partita db, int orders) {
        for (int i = 0; i < orders; i++) {
            Map<String, AttributeValue> item = get(db, ShopDesign.v2Key(i));
            assertThat(item).as("order %s under its new key", i).isNotNull();
            assertThat(item.get("Total")).isEqualTo(AttributeValue.n(Integer.toString(i * 10)));
            assertThat(item).doesNotContainKey("Amount");
            assertThat(get(db, ShopDesign.v1Key(i)))
                    .as("order %s under its old key", i)
                    .isNull();
        }
    }

    @Test
    void thePlanPrintsItsSteps() {
        assertThat(ShopDesign.PLAN.describe())
                .startsWith("migration plan of table Shop (entities [shop.Order])")
                .contains("1. ATTRIBUTE_NAME Total on shop.Order: rewrite items: stored attribute Amount -> Total")
                .contains("INDEX_KEY ByCustomer on shop.Order: create index ByCustomer and await its backfill")
                .contains("KEY_TEMPLATE on shop.Order: rewrite items under the new key");
        assertThat(ShopDesign.PLAN.id()).matches("Shop-[0-9a-f]{12}");
    }

    @Test
    void aDryRunCountsAndWritesNothing() {
        try (Partita db = Partita.inMemory()) {
            ShopDesign.seed(db, ORDERS, NOTES);
            MigrationReport r = Migrations.on(db).plan(ShopDesign.PLAN).dryRun();
            assertThat(r.dryRun()).isTrue();
            assertThat(r.rewritten()).isEqualTo(ORDERS);
            assertThat(r.movedKeys()).isEqualTo(ORDERS);
            assertThat(r.foreign()).isEqualTo(NOTES);
            assertThat(r.indexes()).containsExactly("ByCustomer");
            assertThat(r.complete()).isFalse();
            assertThat(get(db, ShopDesign.v1Key(0))).isNotNull();
        }
    }

    @Test
    void applyRewritesEveryItemOnceAndASecondRunFindsNothing() {
        try (Partita db = Partita.inMemory()) {
            ShopDesign.seed(db, ORDERS, NOTES);
            Migration m = Migrations.on(db).plan(ShopDesign.PLAN);
            MigrationReport r = m.apply();
            assertThat(r.rewritten()).isEqualTo(ORDERS);
            assertThat(r.movedKeys()).isEqualTo(ORDERS);
            assertThat(r.conflicts()).isZero();
            assertThat(r.indexes()).containsExactly("ByCustomer");
            assertThat(r.complete()).isTrue();
            assertMigrated(db, ORDERS);
            MigrationReport again = m.apply();
            assertThat(again.rewritten()).isZero();
            assertThat(again.migrated()).isEqualTo(ORDERS);
            assertThat(again.indexes()).isEmpty();
            assertThat(m.dryRun().complete()).isTrue();
        }
    }

    @Test
    void aDurableDatabaseIsMigratedAndKeepsItsInvariants() {
        try (Partita db = Partita.open(dir)) {
            ShopDesign.seed(db, ORDERS, NOTES);
            assertThat(Migrations.on(db).plan(ShopDesign.PLAN).apply().rewritten())
                    .isEqualTo(ORDERS);
        }
        DurableStorage storage = Storage.open(dir);
        try (Partita db = Partita.using(storage)) {
            storage.checkInvariants();
            assertMigrated(db, ORDERS);
            assertThat(Migrations.on(db).plan(ShopDesign.PLAN).dryRun().complete())
                    .isTrue();
        }
    }

    @Test
    void aStoppedRunResumesFromItsCheckpointAndRewritesEachItemOnce() {
        try (Partita db = Partita.open(dir)) {
            ShopDesign.seed(db, ORDERS, NOTES);
            Migration m = Migrations.on(db).plan(ShopDesign.PLAN);
            List<Object> rewritten = Collections.synchronizedList(new ArrayList<>());
            AtomicInteger count = new AtomicInteger();
            MigrationOptions options = MigrationOptions.defaults()
                    .withSegments(3)
                    .withPageSize(7)
                    .withRewriteListener((oldKey, item) -> {
                        rewritten.add(oldKey);
                        count.incrementAndGet();
                    });
            MigrationReport first = m.apply(options.withStop(() -> count.get() >= 123));
            assertThat(first.stopped()).isTrue();
            assertThat(first.complete()).isFalse();
            MigrationReport second = m.apply(options.withSegments(5)); // a resumed run keeps its 3 segments
            assertThat(second.resumed()).isTrue();
            assertThat(second.stopped()).isFalse();
            assertThat(first.rewritten() + second.rewritten()).isEqualTo(ORDERS);
            Set<Object> once = new HashSet<>(rewritten);
            assertThat(once).hasSize(ORDERS).hasSameSizeAs(rewritten);
            assertMigrated(db, ORDERS);
            MigrationReport third = m.apply(options);
            assertThat(third.resumed()).isFalse();
            assertThat(third.rewritten()).isZero();
        }
    }

    @Test
    void theItemRateLimitSpacesRewritesOnTheInjectedClock() {
        ManualClock clock = new ManualClock();
        try (Partita db = Partita.inMemory()) {
            ShopDesign.seed(db, 200, 0);
            MigrationReport r = Migrations.on(db)
                    .plan(ShopDesign.PLAN)
                    .apply(MigrationOptions.defaults()
                            .withThreads(1)
                            .withItemsPerSecond(100)
                            .withClock(clock, clock.sleeper()));
            assertThat(r.rewritten()).isEqualTo(200);
            // 200 rewrites at 100/s: the first goes at once, the last 1.99 s later
            assertThat(clock.sleptMillis()).isBetween(1900L, 2000L);
            assertThat(r.itemsPerSecond()).isBetween(99.0, 106.0);
        }
    }

    @Test
    void theCapacityLimitPacesByConsumedCapacity() {
        ManualClock clock = new ManualClock();
        try (Partita db = Partita.inMemory()) {
            ShopDesign.seed(db, 100, 0);
            MigrationReport r = Migrations.on(db)
                    .plan(ShopDesign.PLAN)
                    .apply(MigrationOptions.defaults()
                            .withThreads(1)
                            .withCapacityUnitsPerSecond(50)
                            .withClock(clock, clock.sleeper()));
            assertThat(r.rewritten()).isEqualTo(100);
            // each rewrite is a transaction of a put and a delete: at least 2 write units each, 4 with the
            // transaction's doubling; 100 of them at 50 units/s take 4 s or more
            assertThat(clock.sleptMillis()).isGreaterThanOrEqualTo(3_900L);
        }
    }

    @Test
    void progressReportsItemsReadRateAndEnd() {
        ManualClock clock = new ManualClock();
        List<Progress> events = Collections.synchronizedList(new ArrayList<>());
        try (Partita db = Partita.inMemory()) {
            ShopDesign.seed(db, 300, 0);
            Migrations.on(db)
                    .plan(ShopDesign.PLAN)
                    .apply(MigrationOptions.defaults()
                            .withThreads(1)
                            .withSegments(1)
                            .withPageSize(10)
                            .withItemsPerSecond(1000)
                            .withClock(clock, clock.sleeper())
                            .withProgress(events::add));
        }
        Progress last = events.get(events.size() - 1);
        assertThat(last.finished()).isTrue();
        // items read: orders moved to keys later in the scan order are read again (and found migrated)
        assertThat(last.done()).isGreaterThanOrEqualTo(300);
        assertThat(last.total()).isEqualTo(last.done());
        assertThat(last.task()).isEqualTo("migrate Shop");
        // throttled to one event per 200 ms of the clock: 0.3 s of rewrites give a few events, the last one finished
        assertThat(events.size()).isBetween(2, 5);
        assertThat(events.subList(0, events.size() - 1)).noneMatch(Progress::finished);
        assertThat(last.ratePerSecond()).isGreaterThan(900.0);
    }

    @Test
    void badOptionsNameTheOption() {
        assertThatThrownBy(() -> MigrationOptions.defaults().withSegments(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("migration option segments is out of range: 0");
        assertThatThrownBy(() -> MigrationOptions.defaults().withItemsPerSecond(-1))
                .hasMessage("migration option itemsPerSecond is out of range: -1.0");
    }
}
