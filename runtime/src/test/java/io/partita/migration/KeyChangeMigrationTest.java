package io.partita.migration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.Partita;
import io.partita.storage.Backend;
import io.partita.storage.DurableStorage;
import io.partita.storage.Storage;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.value.AttributeValue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Key changes on the embedded core: a table key schema change copies every item into a new table (in memory and
 * durable, stopped and resumed, a second run copying nothing, a run after a write catching up, the cutover by table
 * names), and an index key change deletes and re-creates the index with every item given its new index key.
 */
class KeyChangeMigrationTest {
    private static final int ORDERS = 300;
    private static final int NOTES = 10;

    @TempDir
    Path dir;

    private static Map<String, AttributeValue> get(Partita db, String table, Map<String, AttributeValue> key) {
        return db.requests()
                .getItem(GetItemRequest.builder()
                        .tableName(table)
                        .key(key)
                        .consistentRead(true)
                        .build())
                .item();
    }

    /** Version-1 orders (every tenth with an attribute {@code Legacy} no design declares) and other items. */
    private static void seed(Partita db) {
        ShopDesign.seed(db, ORDERS, NOTES);
        for (int i = 0; i < ORDERS; i += 10) {
            Map<String, AttributeValue> item = new HashMap<>(ShopDesign.v1(i));
            item.put("Legacy", AttributeValue.s("kept " + i));
            db.requests()
                    .putItem(PutItemRequest.builder()
                            .tableName(ShopDesign.TABLE)
                            .item(item)
                            .build());
        }
    }

    /** Every order in the new table in its new form, the undeclared attribute carried, the old key left behind. */
    private static void assertCopied(Partita db, String table) {
        for (int i = 0; i < ORDERS; i++) {
            Map<String, AttributeValue> item = get(db, table, KeyChangeDesign.copiedKey(i));
            assertThat(item).as("order %s in %s", i, table).isNotNull();
            assertThat(item.get("Total")).isEqualTo(AttributeValue.n(Integer.toString(i * 10)));
            assertThat(item).doesNotContainKeys("Amount", "PK", "SK");
            if (i % 10 == 0) {
                assertThat(item.get("Legacy")).isEqualTo(AttributeValue.s("kept " + i));
            } else {
                assertThat(item).doesNotContainKey("Legacy");
            }
            assertThat(get(db, ShopDesign.TABLE, ShopDesign.v1Key(i)))
                    .as("the old table keeps order %s", i)
                    .isNotNull();
        }
    }

    @Test
    void aTableKeyChangeCopiesEveryItemIntoANewTableAndASecondRunCopiesNothing() {
        Backend core = Storage.inMemory();
        try (Partita db = Partita.using(core)) {
            seed(db);
            Migration m = Migrations.on(db).plan(KeyChangeDesign.COPY_PLAN);
            assertThat(m.copiesTable()).isTrue();
            assertThat(m.targetTable()).isEqualTo(KeyChangeDesign.COPY_PLAN.id());
            assertThat(m.describe()).contains("TABLE_KEY on shop.Order: copy every item into a new table");

            MigrationReport dry = m.dryRun();
            assertThat(dry.rewritten()).isEqualTo(ORDERS);
            assertThat(dry.foreign()).isEqualTo(NOTES);
            assertThat(dry.table()).isEqualTo(m.targetTable());
            assertThat(dry.complete()).isFalse();

            MigrationReport r = m.apply();
            System.out.println(r);
            assertThat(r.rewritten()).isEqualTo(ORDERS);
            assertThat(r.foreign()).isEqualTo(NOTES);
            assertThat(r.conflicts()).isZero();
            assertThat(r.complete()).isTrue();
            assertThat(r.toString()).contains("into table " + m.targetTable());
            assertCopied(db, m.targetTable());
            assertThat(m.check().matches()).as(m.check().toString()).isTrue();

            MigrationReport again = m.apply();
            assertThat(again.rewritten()).isZero();
            assertThat(again.migrated()).isEqualTo(ORDERS);
            assertThat(m.dryRun().complete()).isTrue();

            // a writer of the old version changes an order after it was copied: the next run carries just that over
            Map<String, AttributeValue> changed = new HashMap<>(ShopDesign.v1(5));
            changed.put("Amount", AttributeValue.n("777"));
            db.requests()
                    .putItem(PutItemRequest.builder()
                            .tableName(ShopDesign.TABLE)
                            .item(changed)
                            .build());
            MigrationReport catchUp = m.apply();
            assertThat(catchUp.rewritten()).isEqualTo(1);
            assertThat(get(db, m.targetTable(), KeyChangeDesign.copiedKey(5)).get("Total"))
                    .isEqualTo(AttributeValue.n("777"));

            // the cutover: the new version's database resolves the table's logical name to the new table
            Partita v2 = Partita.builder(core).tableNames(m.tableNames()).build();
            assertThat(v2.tableName(ShopDesign.TABLE)).isEqualTo(m.targetTable());
            assertThat(get(v2, ShopDesign.TABLE, KeyChangeDesign.copiedKey(7)).get("Id"))
                    .isEqualTo(AttributeValue.s("o7"));
            Migration after = Migrations.on(v2).plan(KeyChangeDesign.COPY_PLAN);
            assertThat(after.copiesTable()).isFalse();
            assertThat(after.dryRun().complete()).isTrue();
            assertThat(after.check().matches()).isTrue();
        }
    }

    @Test
    void aCopyIntoANamedTableStopsAndResumesCopyingEachItemOnce() {
        try (Partita db = Partita.open(dir)) {
            seed(db);
            Migration m = Migrations.on(db).plan(KeyChangeDesign.COPY_PLAN).intoTable("ShopV2");
            assertThat(m.targetTable()).isEqualTo("ShopV2");
            List<Object> copied = Collections.synchronizedList(new ArrayList<>());
            AtomicInteger count = new AtomicInteger();
            MigrationOptions options = MigrationOptions.defaults()
                    .withSegments(3)
                    .withPageSize(7)
                    .withRewriteListener((oldKey, item) -> {
                        copied.add(oldKey);
                        count.incrementAndGet();
                    });
            MigrationReport first = m.apply(options.withStop(() -> count.get() >= 101));
            assertThat(first.stopped()).isTrue();
            assertThat(first.table()).isEqualTo("ShopV2");
            MigrationReport second = m.apply(options);
            assertThat(second.resumed()).isTrue();
            assertThat(second.complete()).isTrue();
            assertThat(first.rewritten() + second.rewritten()).isEqualTo(ORDERS);
            assertThat(new HashSet<>(copied)).hasSize(ORDERS).hasSameSizeAs(copied);
            assertThat(m.apply(options).rewritten()).isZero();
        }
        DurableStorage storage = Storage.open(dir);
        try (Partita db = Partita.using(storage)) {
            storage.checkInvariants();
            assertCopied(db, "ShopV2");
            Migration m = Migrations.on(db).plan(KeyChangeDesign.COPY_PLAN).intoTable("ShopV2");
            assertThat(m.dryRun().complete()).isTrue();
            m.check().requireMatch();
        }
    }

    @Test
    void aRunStoppedAfterOneSegmentFinishedAndBeforeTheOthersRecordedAPageResumesThem() {
        try (Partita db = Partita.open(dir)) {
            seed(db);
            Migration m = Migrations.on(db).plan(KeyChangeDesign.COPY_PLAN).intoTable("ShopV2");
            List<Object> copied = Collections.synchronizedList(new ArrayList<>());
            MigrationOptions options = MigrationOptions.defaults()
                    .withSegments(3)
                    .withThreads(1)
                    .withPageSize(7)
                    .withRewriteListener((oldKey, item) -> copied.add(oldKey));
            // one thread runs the segments in turn: the stop comes once segment 0 is done, so segments 1 and 2 stop
            // before their first page is recorded and the saved checkpoints are segment 0's alone, done
            Checkpoints saved = new Checkpoints(db, MigrationOptions.CHECKPOINT_TABLE);
            String runId = KeyChangeDesign.COPY_PLAN.id() + ">ShopV2";
            MigrationReport first = m.apply(
                    options.withStop(() -> saved.load(runId).values().stream().anyMatch(Checkpoints.Segment::done)));
            assertThat(first.stopped()).isTrue();
            assertThat(saved.load(runId)).containsOnlyKeys(0);
            assertThat(copied).isNotEmpty().hasSizeLessThan(ORDERS);

            MigrationReport second = m.apply(options);
            assertThat(second.resumed())
                    .as("resumed, not taken for a finished run")
                    .isTrue();
            assertThat(second.complete()).isTrue();
            assertThat(first.rewritten() + second.rewritten()).isEqualTo(ORDERS);
            assertThat(new HashSet<>(copied)).hasSize(ORDERS).hasSameSizeAs(copied);
        }
    }

    @Test
    void aCopyNeedsAnotherTableThanItsOwn() {
        try (Partita db = Partita.inMemory()) {
            Migration m = Migrations.on(db).plan(KeyChangeDesign.COPY_PLAN);
            assertThatThrownBy(() -> m.intoTable(ShopDesign.TABLE))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("a migration copies table Shop into a new table: name another table than Shop");
        }
    }

    @Test
    void anIndexKeyChangeRecreatesTheIndexAndGivesEveryItemItsNewKey() {
        try (Partita db = Partita.inMemory()) {
            KeyChangeDesign.seedIndexed(db, ORDERS);
            Migration m = Migrations.on(db).plan(KeyChangeDesign.INDEX_PLAN);
            assertThat(m.copiesTable()).isFalse();
            MigrationReport dry = m.dryRun();
            assertThat(dry.indexes()).containsExactly("ByCustomer");
            assertThat(dry.rewritten()).isEqualTo(ORDERS);

            MigrationReport r = m.apply();
            assertThat(r.indexes()).containsExactly("ByCustomer");
            assertThat(r.rewritten()).isEqualTo(ORDERS);
            assertThat(r.movedKeys()).isZero();
            m.check().requireMatch();
            List<Map<String, AttributeValue>> ofC1 = db.requests()
                    .query(QueryRequest.builder()
                            .tableName(ShopDesign.TABLE)
                            .indexName("ByCustomer")
                            .keyConditionExpression("GSI1PK = :c AND #t >= :t")
                            .expressionAttributeNames(Map.of("#t", "Total"))
                            .expressionAttributeValues(
                                    Map.of(":c", AttributeValue.s("C#c1"), ":t", AttributeValue.n("1000")))
                            .build())
                    .items();
            long expected = IntStream.range(0, ORDERS)
                    .filter(i -> i % 7 == 1 && i * 10 >= 1000)
                    .count();
            assertThat(ofC1)
                    .hasSize((int) expected)
                    .allSatisfy(item -> assertThat(item).containsKey("Legacy"));

            MigrationReport again = m.apply();
            assertThat(again.indexes()).isEmpty();
            assertThat(again.rewritten()).isZero();
            assertThat(m.dryRun().complete()).isTrue();
        }
    }
}
