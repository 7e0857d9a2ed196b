package io.partita.storage.engine;

import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.DurableOptions;
import io.partita.storage.DurableStorage;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.TestStorage;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The durable core's cached partitions ({@link PartitionRun}) answer every Query as the in-memory core does: key
 * conditions of every kind, both directions, Limit and ExclusiveStartKey paging, on the table, an LSI and GSIs,
 * while every kind of write (put, update, delete, batch, transaction, TTL expiry, a GSI backfill, a table dropped
 * and created again, a restart) changes the partitions; and concurrently, with writers querying their own
 * partitions (answers compared exactly with the in-memory core) while readers load the same partitions.
 */
class PartitionRunTest {
    private static final long SEED = 0x5EED_3201L;
    private static final Instant NOW = Instant.parse("2026-11-28T10:00:00Z");
    private static final String TABLE = "Runs";
    private Path dir;

    @BeforeEach
    void directory() throws IOException {
        dir = Files.createTempDirectory("partita-runs");
    }

    @AfterEach
    void clean() {
        TestStorage.deleteRecursively(dir);
    }

    private static StorageOptions storageOptions() {
        return StorageOptions.defaults()
                .withClock(Clock.fixed(NOW, ZoneOffset.UTC))
                .withTimeToLiveSweepInterval(Duration.ZERO);
    }

    private DurableStorage open(long decodedBytes) {
        return Storage.open(
                dir,
                DurableOptions.defaults()
                        .withStorageOptions(storageOptions())
                        .withMemoryBytes(16L * 1024 * 1024)
                        .withDecodedCacheBytes(decodedBytes));
    }

    private static void createTable(Storage db) {
        db.createTable(TableDefinition.builder(TABLE)
                .partitionKey(KeyAttribute.s("p"))
                .sortKey(KeyAttribute.n("s"))
                .localSecondaryIndex("ByL", KeyAttribute.s("l"), Projection.all())
                .globalSecondaryIndex(
                        GlobalSecondaryIndex.of("ByG", KeyAttribute.s("g"), KeyAttribute.s("t"), Projection.all()))
                .timeToLive("exp")
                .build());
    }

    private static Map<String, AttributeValue> item(Random r, String p, int sort, long version) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("p", s(p));
        item.put("s", n(sort));
        item.put("v", n(version));
        if (r.nextInt(5) != 0) {
            item.put("l", s("l" + r.nextInt(30)));
        }
        if (r.nextInt(5) != 0) {
            item.put("g", s("g" + r.nextInt(4)));
            item.put("t", s("t" + r.nextInt(40)));
        }
        item.put("h", s("h" + r.nextInt(3)));
        if (r.nextInt(12) == 0) {
            item.put("exp", n(NOW.getEpochSecond() - 5));
        }
        return item;
    }

    private static Map<String, AttributeValue> key(String p, int sort) {
        return Map.of("p", s(p), "s", n(sort));
    }

    /** A random Query: an index (or the table), a partition, a sort-key condition of any kind, a direction, a limit. */
    private static QueryRequest randomQuery(Random r, boolean withH) {
        int which = r.nextInt(withH ? 4 : 3);
        String index = switch (which) {
            case 1 -> "ByL";
            case 2 -> "ByG";
            case 3 -> "ByH";
            default -> null;
        };
        String pkName = which == 2 ? "g" : which == 3 ? "h" : "p";
        String pk = which == 2 ? "g" + r.nextInt(4) : which == 3 ? "h" + r.nextInt(3) : partition(r);
        String skName = which == 1 ? "l" : which == 2 ? "t" : "s";
        boolean numeric = skName.equals("s");
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":pk", s(pk));
        String condition = pkName + " = :pk";
        int op = r.nextInt(numeric ? 8 : 9);
        AttributeValue a = numeric ? n(r.nextInt(45) - 2) : s(skName + r.nextInt(42));
        AttributeValue b = numeric ? n(r.nextInt(45) - 2) : s(skName + r.nextInt(42));
        if (compare(a, b) > 0) {
            AttributeValue x = a;
            a = b;
            b = x;
        }
        String sort = switch (op) {
            case 1 -> skName + " = :a";
            case 2 -> skName + " < :a";
            case 3 -> skName + " <= :a";
            case 4 -> skName + " > :a";
            case 5 -> skName + " >= :a";
            case 6, 7 -> skName + " BETWEEN :a AND :b";
            case 8 -> "begins_with(" + skName + ", :a)";
            default -> null;
        };
        if (op == 8) {
            a = s(skName + r.nextInt(4));
        }
        if (sort != null) {
            condition += " AND " + sort;
            values.put(":a", a);
            if (op == 6 || op == 7) {
                values.put(":b", b);
            }
        }
        QueryRequest.Builder q = QueryRequest.builder()
                .tableName(TABLE)
                .keyConditionExpression(condition)
                .expressionAttributeValues(values)
                .scanIndexForward(r.nextBoolean());
        if (index != null) {
            q.indexName(index);
        }
        if (r.nextInt(3) != 0) {
            q.limit(1 + r.nextInt(12));
        }
        return q.build();
    }

    private static int compare(AttributeValue a, AttributeValue b) {
        if (a instanceof AttributeValue.N x && b instanceof AttributeValue.N y) {
            return Long.compare(x.longValue(), y.longValue());
        }
        return ((AttributeValue.S) a).value().compareTo(((AttributeValue.S) b).value());
    }

    private static String partition(Random r) {
        return r.nextInt(10) == 0 ? "big" : "p" + r.nextInt(6);
    }

    /** Pages through a Query on both cores; every page must be the same. Returns a failure, or null. */
    private static String compareQuery(Storage durable, Storage memory, QueryRequest q) {
        Map<String, AttributeValue> start = null;
        for (int page = 0; page < 1000; page++) {
            QueryRequest p = q.toBuilder().exclusiveStartKey(start).build();
            QueryResponse d = durable.query(p);
            QueryResponse m = memory.query(p);
            if (!d.items().equals(m.items()) || !java.util.Objects.equals(d.lastEvaluatedKey(), m.lastEvaluatedKey())) {
                return "query " + p + "\n durable " + d.items() + " last " + d.lastEvaluatedKey() + "\n memory  "
                        + m.items() + " last " + m.lastEvaluatedKey();
            }
            start = m.lastEvaluatedKey();
            if (start == null) {
                return null;
            }
        }
        return "query " + q + " did not end";
    }

    /** One random write, applied to both cores. */
    private static void randomWrite(Random r, List<Storage> cores, long version) {
        String p = partition(r);
        int sort = r.nextInt(40);
        int kind = r.nextInt(6);
        Map<String, AttributeValue> item = item(r, p, sort, version);
        Map<String, AttributeValue> other = item(r, partition(r), 40 + r.nextInt(10), version); // never item's key
        for (Storage db : cores) {
            switch (kind) {
                case 0 ->
                    db.deleteItem(DeleteItemRequest.builder()
                            .tableName(TABLE)
                            .key(key(p, sort))
                            .build());
                case 1 ->
                    db.updateItem(UpdateItemRequest.builder()
                            .tableName(TABLE)
                            .key(key(p, sort))
                            .updateExpression("SET v = :v, t = :t")
                            .expressionAttributeValues(Map.of(":v", n(version), ":t", item.getOrDefault("t", s("t0"))))
                            .build());
                case 2 ->
                    db.batchWriteItem(BatchWriteItemRequest.builder()
                            .requestItems(Map.of(
                                    TABLE,
                                    List.of(WriteRequest.put(item), WriteRequest.delete(key(p, (sort + 1) % 40)))))
                            .build());
                case 3 ->
                    db.transactWriteItems(TransactWriteItemsRequest.builder()
                            .transactItems(
                                    List.of(TransactWriteItem.put(TABLE, item), TransactWriteItem.put(TABLE, other)))
                            .build());
                default ->
                    db.putItem(
                            PutItemRequest.builder().tableName(TABLE).item(item).build());
            }
        }
    }

    @Test
    void cachedPartitionsAnswerEveryQueryAsTheInMemoryCore() {
        System.out.println("PartitionRunTest seed " + SEED);
        for (long budget : new long[] {48 * 1024, 4 * 1024 * 1024}) {
            TestStorage.deleteRecursively(dir);
            Random r = new Random(SEED + budget);
            Storage memory = Storage.inMemory(storageOptions());
            DurableStorage durable = open(budget);
            try {
                createTable(memory);
                createTable(durable);
                List<Storage> cores = new ArrayList<>(List.of(durable, memory));
                for (int i = 0; i < 300; i++) { // a partition too big to cache
                    Map<String, AttributeValue> item = item(r, "big", 100 + i, 0);
                    cores.forEach(db -> db.putItem(
                            PutItemRequest.builder().tableName(TABLE).item(item).build()));
                }
                boolean withH = false;
                for (int step = 0; step < 1500; step++) {
                    if (step == 500) { // a GSI backfilled from the items
                        GlobalSecondaryIndex h = GlobalSecondaryIndex.of(
                                "ByH", KeyAttribute.s("h"), KeyAttribute.n("s"), Projection.keysOnly());
                        cores.forEach(db -> db.createGlobalSecondaryIndex(TABLE, h));
                        withH = true;
                    } else if (step == 800) { // a restart: the cache starts empty, RocksDB recovers
                        durable.close();
                        durable = open(budget);
                        cores.set(0, durable);
                    } else if (step == 1100) { // the table dropped and created again
                        cores.forEach(db -> db.deleteTable(TABLE));
                        cores.forEach(PartitionRunTest::createTable);
                        withH = false;
                    } else if (step % 97 == 0) {
                        assertThat(durable.expireItems()).isEqualTo(memory.expireItems());
                    }
                    if (r.nextInt(3) == 0) {
                        randomWrite(r, cores, step);
                    } else {
                        String failure = compareQuery(durable, memory, randomQuery(r, withH));
                        assertThat(failure).as("step %d", step).isNull();
                    }
                }
                durable.checkInvariants();
                memory.checkInvariants();
            } finally {
                durable.close();
                memory.close();
            }
        }
    }

    /**
     * The race a load loses: it stamps its partition, reads RocksDB, and a write of an entry of the partition begins
     * (and ends) before it offers the run; the offer is refused during the write and after it.
     */
    @Test
    void aLoadThatRacedAWriteOfItsPartitionInsertsNothing() {
        DecodedCache cache = new DecodedCache(1024 * 1024);
        OrderKey partition = new OrderKey(new byte[] {0, 0, 0, 1, 7}, 5);
        OrderKey entry = new OrderKey(new byte[] {0, 0, 0, 1, 7, 3}, 5);
        Stored value = new Stored(Map.of("p", s("x")), 10);

        long stamp = cache.runStamp(1, partition);
        long token = cache.beginWrite(1, entry);
        cache.offerRun(1, partition, PartitionRun.TOO_BIG, stamp); // during the write: refused
        assertThat(cache.run(1, partition)).isNull();
        cache.endWrite(1, entry, token, true, value, 20);
        cache.offerRun(1, partition, PartitionRun.TOO_BIG, stamp); // after it: the stamp is stale
        assertThat(cache.run(1, partition)).isNull();

        cache.offerRun(1, partition, PartitionRun.TOO_BIG, cache.runStamp(1, partition)); // a quiet load: cached
        assertThat(cache.run(1, partition)).isSameAs(PartitionRun.TOO_BIG);
        assertThat(cache.run(2, partition)).isNull(); // another space's partition of the same key
        cache.endWrite(1, entry, cache.beginWrite(1, entry), false, null, 0); // any write of the partition drops it
        assertThat(cache.run(1, partition)).isNull();

        cache.offerRun(1, partition, PartitionRun.TOO_BIG, cache.runStamp(1, partition));
        cache.beginRangeWrite(1); // the space dropped
        cache.endRangeWrite(1);
        assertThat(cache.run(1, partition)).isNull();
    }

    private static final int WRITERS = 2;
    private static final int OPS = 600;

    /**
     * Writers own their partitions (table, LSI and GSI partitions alike: every key and GSI key names its writer) and
     * apply each write to both cores, querying their own partitions between writes: with no other writer there, the
     * durable answer must be the in-memory one, whatever the readers loaded meanwhile. Readers query every
     * partition all along, loading and serving runs against the writes. A small cache evicts; a large one holds all.
     */
    @Test
    void runsLoadedAgainstConcurrentWritesAreNeverStale() throws InterruptedException {
        System.out.println("PartitionRunTest concurrent seed " + SEED);
        for (long budget : new long[] {48 * 1024, 4 * 1024 * 1024}) {
            TestStorage.deleteRecursively(dir);
            Random seeds = new Random(SEED ^ budget);
            try (Storage memory = Storage.inMemory(storageOptions());
                    DurableStorage durable = open(budget)) {
                createTable(memory);
                createTable(durable);
                ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
                AtomicBoolean done = new AtomicBoolean();
                Thread[] writers = new Thread[WRITERS];
                for (int w = 0; w < WRITERS; w++) {
                    int writer = w;
                    Random r = new Random(seeds.nextLong());
                    writers[w] = new Thread(() -> ownWrites(r, writer, durable, memory, failures));
                }
                Thread[] readers = new Thread[2];
                for (int i = 0; i < readers.length; i++) {
                    Random r = new Random(seeds.nextLong());
                    readers[i] = new Thread(() -> {
                        while (!done.get() && failures.isEmpty()) {
                            durable.query(ownQuery(r, r.nextInt(WRITERS)));
                        }
                    });
                }
                ReadersAgainstWriters.run(writers, readers, done);
                assertThat(failures).isEmpty();
                durable.checkInvariants();
            }
        }
    }

    private static void ownWrites(
            Random r, int writer, Storage durable, Storage memory, ConcurrentLinkedQueue<String> failures) {
        for (int op = 0; op < OPS && failures.isEmpty(); op++) {
            if (r.nextInt(3) != 0) {
                String failure = compareQuery(durable, memory, ownQuery(r, writer));
                if (failure != null) {
                    failures.add("writer " + writer + " op " + op + ": " + failure);
                }
                continue;
            }
            String p = "w" + writer + "p" + r.nextInt(3);
            int sort = r.nextInt(20);
            Map<String, AttributeValue> item = new HashMap<>(Map.of("p", s(p), "s", n(sort), "v", n(op)));
            item.put("l", s("l" + r.nextInt(10)));
            item.put("g", s("w" + writer + "g" + r.nextInt(2)));
            item.put("t", s("t" + r.nextInt(10)));
            int kind = r.nextInt(4);
            for (Storage db : List.of(durable, memory)) {
                switch (kind) {
                    case 0 ->
                        db.deleteItem(DeleteItemRequest.builder()
                                .tableName(TABLE)
                                .key(key(p, sort))
                                .build());
                    case 1 ->
                        db.transactWriteItems(TransactWriteItemsRequest.builder()
                                .transactItems(List.of(TransactWriteItem.put(TABLE, item)))
                                .build());
                    case 2 ->
                        db.batchWriteItem(BatchWriteItemRequest.builder()
                                .requestItems(Map.of(TABLE, List.of(WriteRequest.put(item))))
                                .build());
                    default ->
                        db.putItem(PutItemRequest.builder()
                                .tableName(TABLE)
                                .item(item)
                                .build());
                }
            }
        }
    }

    private static QueryRequest ownQuery(Random r, int writer) {
        boolean gsi = r.nextBoolean();
        Map<String, AttributeValue> values = new HashMap<>();
        String condition;
        if (gsi) {
            values.put(":pk", s("w" + writer + "g" + r.nextInt(2)));
            values.put(":a", s("t" + r.nextInt(10)));
            condition = "g = :pk AND t >= :a";
        } else {
            values.put(":pk", s("w" + writer + "p" + r.nextInt(3)));
            values.put(":a", n(r.nextInt(20)));
            condition = "p = :pk AND s <= :a";
        }
        QueryRequest.Builder q = QueryRequest.builder()
                .tableName(TABLE)
                .keyConditionExpression(condition)
                .expressionAttributeValues(values)
                .scanIndexForward(r.nextBoolean())
                .limit(1 + r.nextInt(8));
        if (gsi) {
            q.indexName("ByG");
        }
        return q.build();
    }
}
