package io.partita.storage.engine;

import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.DurableOptions;
import io.partita.storage.DurableStorage;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.TestStorage;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The durable core's decoded-item cache: never stale (every kind of write replaces or removes what it cached, and
 * readers running against writers never see a value older than the last acknowledged write), bounded, and a budget
 * the options check.
 */
class DecodedCacheTest {
    private static final long SEED = 0x5EED_32L;
    private static final Instant NOW = Instant.parse("2026-11-28T10:00:00Z");
    private Path dir;

    @BeforeEach
    void directory() throws IOException {
        dir = Files.createTempDirectory("partita-decoded");
    }

    @AfterEach
    void clean() {
        TestStorage.deleteRecursively(dir);
    }

    private DurableStorage open(long decodedBytes) {
        return Storage.open(
                dir,
                DurableOptions.defaults()
                        .withStorageOptions(StorageOptions.defaults()
                                .withClock(Clock.fixed(NOW, ZoneOffset.UTC))
                                .withTimeToLiveSweepInterval(Duration.ZERO))
                        .withMemoryBytes(16L * 1024 * 1024)
                        .withDecodedCacheBytes(decodedBytes));
    }

    private static void createTable(Storage db) {
        db.createTable(TableDefinition.builder("Tab")
                .partitionKey(KeyAttribute.s("pk"))
                .globalSecondaryIndex(
                        GlobalSecondaryIndex.of("ByG", KeyAttribute.s("g"), KeyAttribute.s("pk"), Projection.all()))
                .timeToLive("exp")
                .stream(StreamViewType.NEW_AND_OLD_IMAGES)
                .build());
    }

    private static Map<String, AttributeValue> item(int key, long version) {
        return Map.of("pk", s("k" + key), "g", s("g" + (key % 4)), "v", n(version), "pad", s("x".repeat(40)));
    }

    private static Map<String, AttributeValue> key(int key) {
        return Map.of("pk", s("k" + key));
    }

    private static Map<String, AttributeValue> get(Storage db, int key) {
        return db.getItem(
                        GetItemRequest.builder().tableName("Tab").key(key(key)).build())
                .item();
    }

    private static List<Map<String, AttributeValue>> query(Storage db, int group) {
        return db.query(QueryRequest.builder()
                        .tableName("Tab")
                        .indexName("ByG")
                        .keyConditionExpression("g = :g")
                        .expressionAttributeValues(Map.of(":g", s("g" + group)))
                        .build())
                .items();
    }

    private static long version(Map<String, AttributeValue> item) {
        return ((AttributeValue.N) item.get("v")).longValue();
    }

    @Test
    void everyKindOfWriteReplacesOrRemovesTheCachedItem() {
        try (DurableStorage db = open(1024 * 1024)) {
            createTable(db);
            db.putItem(
                    PutItemRequest.builder().tableName("Tab").item(item(1, 1)).build());
            assertThat(version(get(db, 1))).isEqualTo(1);
            assertThat(query(db, 1)).extracting(DecodedCacheTest::version).containsExactly(1L);

            db.updateItem(UpdateItemRequest.builder()
                    .tableName("Tab")
                    .key(key(1))
                    .updateExpression("SET v = :v")
                    .expressionAttributeValues(Map.of(":v", n(2)))
                    .build());
            assertThat(version(get(db, 1))).isEqualTo(2);
            assertThat(query(db, 1)).extracting(DecodedCacheTest::version).containsExactly(2L);

            db.transactWriteItems(TransactWriteItemsRequest.builder()
                    .transactItems(
                            List.of(TransactWriteItem.put("Tab", item(1, 3)), TransactWriteItem.put("Tab", item(5, 3))))
                    .build());
            assertThat(version(get(db, 1))).isEqualTo(3);
            assertThat(query(db, 1)).extracting(DecodedCacheTest::version).containsExactly(3L, 3L);

            db.batchWriteItem(BatchWriteItemRequest.builder()
                    .requestItems(Map.of("Tab", List.of(WriteRequest.put(item(1, 4)), WriteRequest.delete(key(5)))))
                    .build());
            assertThat(version(get(db, 1))).isEqualTo(4);
            assertThat(get(db, 5)).isNull();
            assertThat(query(db, 1)).extracting(DecodedCacheTest::version).containsExactly(4L);

            Map<String, AttributeValue> expiring = new java.util.HashMap<>(item(1, 5));
            expiring.put("exp", n(NOW.getEpochSecond() - 10));
            db.putItem(PutItemRequest.builder().tableName("Tab").item(expiring).build());
            assertThat(version(get(db, 1))).isEqualTo(5);
            assertThat(db.expireItems()).isEqualTo(1);
            assertThat(get(db, 1)).isNull();
            assertThat(query(db, 1)).isEmpty();

            db.putItem(
                    PutItemRequest.builder().tableName("Tab").item(item(1, 6)).build());
            db.deleteItem(
                    DeleteItemRequest.builder().tableName("Tab").key(key(1)).build());
            assertThat(get(db, 1)).isNull();
            db.checkInvariants();
        }
    }

    @Test
    void aDroppedAndRecreatedTableServesNothingOfTheOldOne() {
        try (DurableStorage db = open(1024 * 1024)) {
            createTable(db);
            db.putItem(
                    PutItemRequest.builder().tableName("Tab").item(item(1, 1)).build());
            assertThat(version(get(db, 1))).isEqualTo(1);
            db.deleteTable("Tab");
            createTable(db);
            assertThat(get(db, 1)).isNull();
            assertThat(query(db, 1)).isEmpty();
        }
    }

    @Test
    void theCacheStaysWithinItsBudget() {
        DecodedCache cache = new DecodedCache(64 * 1024);
        Stored value = new Stored(item(0, 0), 100);
        for (int i = 0; i < 5000; i++) {
            OrderKey k = new OrderKey(String.format("k%07d", i).getBytes(java.nio.charset.StandardCharsets.UTF_8), 4);
            cache.offer(7, k, value, 120, cache.pointStamp(7, k), true);
        }
        long[] size = cache.size();
        assertThat(size[1]).isLessThanOrEqualTo(64 * 1024).isGreaterThan(16 * 1024);
        assertThat(size[0] * DecodedCache.weight(8, 120)).isEqualTo(size[1]);
    }

    @Test
    void aReaderThatRacedAWriteInsertsNothing() {
        DecodedCache cache = new DecodedCache(1024 * 1024);
        OrderKey k = new OrderKey(new byte[] {0, 0, 0, 1, 9}, 4);
        Stored old = new Stored(item(1, 1), 100);
        Stored fresh = new Stored(item(1, 2), 100);

        long stamp = cache.pointStamp(1, k); // a reader read the old bytes, then a write began and ended
        long token = cache.beginWrite(1, k);
        cache.offer(1, k, old, 120, stamp, true); // during the write: refused
        assertThat(cache.get(1, k)).isNull();
        cache.endWrite(1, k, token, true, fresh, 120);
        cache.offer(1, k, old, 120, stamp, true); // after it: the stamp is stale
        assertThat(cache.get(1, k)).isSameAs(fresh);

        long range = cache.rangeStamp();
        long other = cache.beginWrite(1, k);
        cache.endWrite(1, k, other, false, null, 0); // a dropped write: the entry goes
        cache.offer(1, k, old, 120, range, false);
        assertThat(cache.get(1, k)).isNull();
    }

    @Test
    void overlappingWritesOfOneStripeLeaveNoValueBehind() {
        DecodedCache cache = new DecodedCache(1024 * 1024);
        OrderKey k = new OrderKey(new byte[] {0, 0, 0, 1, 9}, 4);
        long first = cache.beginWrite(1, k);
        long second = cache.beginWrite(1, k);
        cache.endWrite(1, k, second, true, new Stored(item(1, 2), 100), 120);
        cache.endWrite(1, k, first, true, new Stored(item(1, 1), 100), 120); // committed first, ended last
        assertThat(cache.get(1, k)).isNull();
    }

    @Test
    void theBudgetIsChecked() {
        assertThatThrownBy(() -> DurableOptions.defaults().withMemoryBytes(1024))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("memoryBytes must be at least 8388608 (8 MB), got 1024");
        assertThatThrownBy(() -> DurableOptions.defaults().withDecodedCacheBytes(DurableOptions.DEFAULT_MEMORY_BYTES))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("decodedCacheBytes must be between 0 and memoryBytes");
        DurableOptions o = DurableOptions.defaults();
        assertThat(o.decodedCacheBytes() + o.engineBytes()).isEqualTo(o.memoryBytes());
        assertThat(o.memtableBytes()).isEqualTo(o.engineBytes() / 2);
    }

    /**
     * Writers (each owning its keys, numbering its writes) put, update, delete, transact and batch while readers get
     * and query: a reader never sees a version older than the one acknowledged before its read began, nor one not
     * yet begun; it sees an absent item only when a delete could be the latest write. Runs with a cache small enough
     * to evict, and with one that holds everything.
     */
    @Test
    void readersNeverSeeAStaleItemWhileWritersWrite() throws InterruptedException {
        System.out.println("DecodedCacheTest seed " + SEED);
        for (long budget : new long[] {32 * 1024, 2 * 1024 * 1024}) {
            TestStorage.deleteRecursively(dir);
            try (DurableStorage db = open(budget)) {
                createTable(db);
                race(db, new Random(SEED + budget));
                db.checkInvariants();
            }
        }
    }

    private static final int WRITERS = 2;
    private static final int KEYS_PER_WRITER = 8;
    private static final int OPS = 1500;

    private static void race(Storage db, Random seeds) throws InterruptedException {
        int keys = WRITERS * KEYS_PER_WRITER;
        AtomicLongArray started = new AtomicLongArray(keys);
        AtomicLongArray acknowledged = new AtomicLongArray(keys);
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        AtomicBoolean done = new AtomicBoolean();
        Thread[] writers = new Thread[WRITERS];
        for (int w = 0; w < WRITERS; w++) {
            int first = w * KEYS_PER_WRITER;
            Random r = new Random(seeds.nextLong());
            writers[w] = new Thread(() -> write(db, r, first, started, acknowledged));
        }
        Thread[] readers = new Thread[2];
        for (int i = 0; i < readers.length; i++) {
            Random r = new Random(seeds.nextLong());
            readers[i] = new Thread(() -> read(db, r, keys, started, acknowledged, failures, done));
        }
        ReadersAgainstWriters.run(writers, readers, done);
        assertThat(failures).isEmpty();
        for (int k = 0; k < keys; k++) {
            Map<String, AttributeValue> item = get(db, k);
            long last = acknowledged.get(k);
            if (isDelete(last)) {
                assertThat(item).as("key %d after write %d", k, last).isNull();
            } else {
                assertThat(version(item)).as("key %d", k).isEqualTo(last);
            }
        }
    }

    /** Write number {@code v} of a key is a delete when {@code v % 5 == 0}. */
    private static boolean isDelete(long v) {
        return v > 0 && v % 5 == 0;
    }

    private static void write(Storage db, Random r, int first, AtomicLongArray started, AtomicLongArray acked) {
        for (int op = 0; op < OPS; op++) {
            int a = first + r.nextInt(KEYS_PER_WRITER);
            int b = first + r.nextInt(KEYS_PER_WRITER);
            long va = started.get(a) + 1;
            long vb = started.get(b) + 1;
            int kind = r.nextInt(4);
            if (kind == 3 && a != b) { // a transaction of two keys
                started.set(a, va);
                started.set(b, vb);
                db.transactWriteItems(TransactWriteItemsRequest.builder()
                        .transactItems(List.of(writeOf(a, va), writeOf(b, vb)))
                        .build());
                acked.set(a, va);
                acked.set(b, vb);
                continue;
            }
            started.set(a, va);
            if (isDelete(va)) {
                if (kind == 2) {
                    db.batchWriteItem(BatchWriteItemRequest.builder()
                            .requestItems(Map.of("Tab", List.of(WriteRequest.delete(key(a)))))
                            .build());
                } else {
                    db.deleteItem(DeleteItemRequest.builder()
                            .tableName("Tab")
                            .key(key(a))
                            .build());
                }
            } else if (kind == 1 && va > 1 && !isDelete(va - 1)) {
                db.updateItem(UpdateItemRequest.builder()
                        .tableName("Tab")
                        .key(key(a))
                        .updateExpression("SET v = :v")
                        .expressionAttributeValues(Map.of(":v", n(va)))
                        .build());
            } else if (kind == 2) {
                db.batchWriteItem(BatchWriteItemRequest.builder()
                        .requestItems(Map.of("Tab", List.of(WriteRequest.put(item(a, va)))))
                        .build());
            } else {
                db.putItem(PutItemRequest.builder()
                        .tableName("Tab")
                        .item(item(a, va))
                        .build());
            }
            acked.set(a, va);
        }
    }

    private static TransactWriteItem writeOf(int key, long version) {
        return isDelete(version)
                ? TransactWriteItem.delete("Tab", key(key))
                : TransactWriteItem.put("Tab", item(key, version));
    }

    private static void read(
            Storage db,
            Random r,
            int keys,
            AtomicLongArray started,
            AtomicLongArray acked,
            ConcurrentLinkedQueue<String> failures,
            AtomicBoolean done) {
        while (!done.get() && failures.isEmpty()) {
            int k = r.nextInt(keys);
            if (r.nextBoolean()) {
                long floor = acked.get(k);
                Map<String, AttributeValue> item = get(db, k);
                check(k, floor, started.get(k), item, failures);
            } else {
                int group = k % 4;
                long[] floors = new long[keys];
                for (int i = 0; i < keys; i++) {
                    floors[i] = acked.get(i);
                }
                for (Map<String, AttributeValue> item : query(db, group)) {
                    int key = Integer.parseInt(
                            ((AttributeValue.S) item.get("pk")).value().substring(1));
                    check(key, floors[key], started.get(key), item, failures);
                }
            }
        }
    }

    private static void check(
            int key,
            long floor,
            long ceiling,
            Map<String, AttributeValue> item,
            ConcurrentLinkedQueue<String> failures) {
        if (item == null) {
            for (long v = floor; v <= ceiling; v++) {
                if (isDelete(v) || v == 0) {
                    return;
                }
            }
            failures.add("key " + key + " absent, but no delete among writes " + floor + ".." + ceiling);
            return;
        }
        long v = version(item);
        if (v < floor || v > ceiling) {
            failures.add("key " + key + " at version " + v + ", outside the writes " + floor + ".." + ceiling);
        }
    }
}
