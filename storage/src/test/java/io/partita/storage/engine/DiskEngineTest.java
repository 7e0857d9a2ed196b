package io.partita.storage.engine;

import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.partita.storage.DurableOptions;
import io.partita.storage.DurableStorage;
import io.partita.storage.DurableStorageException;
import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.Storage;
import io.partita.storage.TestStorage;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Bytes;
import io.partita.storage.value.ItemMap;
import io.partita.storage.value.Items;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The durable engine's internals: the item encoding, an interrupted GSI backfill, a full disk. */
class DiskEngineTest {
    private Path dir;

    @BeforeEach
    void directory() throws IOException {
        dir = Files.createTempDirectory("partita-disk");
    }

    @AfterEach
    void clean() {
        TestStorage.deleteRecursively(dir);
    }

    @Test
    void everyValueTypeRoundTripsWithItsSize() {
        Random r = new Random(42);
        for (int i = 0; i < 2000; i++) {
            ItemMap.Builder b = ItemMap.builder(8);
            int attrs = 1 + r.nextInt(8);
            for (int a = 0; a < attrs; a++) {
                b.put("a" + a + (r.nextBoolean() ? "é\uD83D\uDE00" : ""), value(r, 3));
            }
            Map<String, AttributeValue> item = b.build();
            Stored stored = new Stored(item, Items.size(item));
            Stored back = ItemCodec.decode(ItemCodec.encode(stored));
            assertThat(back.item()).isEqualTo(item);
            assertThat(back.size()).isEqualTo(stored.size());
        }
        // a lone surrogate survives too
        Map<String, AttributeValue> odd =
                ItemMap.builder(1).add("k", s("a\uD800b")).build();
        assertThat(ItemCodec.decode(ItemCodec.encode(new Stored(odd, 5))).item())
                .isEqualTo(odd);
        assertThatThrownBy(() -> ItemCodec.decode(new byte[] {5, 1, 1})).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void decimalsRoundTripAroundTheLongBoundaryOfTheirUnscaledValue() {
        List<BigDecimal> numbers = List.of(
                BigDecimal.valueOf(Long.MIN_VALUE, 3),
                BigDecimal.valueOf(Long.MAX_VALUE, 5),
                BigDecimal.valueOf(-1, 2),
                BigDecimal.valueOf(128, 1),
                BigDecimal.valueOf(-129, 1),
                BigDecimal.valueOf(-32768, 4),
                new BigDecimal(java.math.BigInteger.ONE.shiftLeft(63), 1),
                new BigDecimal(java.math.BigInteger.ONE.shiftLeft(63).negate().subtract(java.math.BigInteger.ONE), 2));
        for (BigDecimal d : numbers) {
            Map<String, AttributeValue> item = ItemMap.builder(2)
                    .add("n", AttributeValue.n(d))
                    .add("ns", AttributeValue.ns(Set.of(d)))
                    .build();
            Stored back = ItemCodec.decode(ItemCodec.encode(new Stored(item, Items.size(item))));
            assertThat(back.item()).as("%s", d).isEqualTo(item);
            assertThat(((AttributeValue.N) back.item().get("n")).value()).isEqualByComparingTo(d);
        }
    }

    private static AttributeValue value(Random r, int depth) {
        switch (r.nextInt(depth > 0 ? 12 : 7)) {
            case 0:
                return s("s" + r.nextInt() + (r.nextBoolean() ? "ü€" : ""));
            case 1:
                return n(r.nextLong());
            case 2:
                return AttributeValue.n(new BigDecimal(r.nextInt(100000)).movePointLeft(r.nextInt(20)));
            case 3:
                return AttributeValue.n(
                        new BigDecimal("1234567890123456789012345678901234567").movePointRight(r.nextInt(40)));
            case 4:
                return AttributeValue.b(new byte[] {(byte) r.nextInt(), 0, (byte) 0xFF});
            case 5:
                return AttributeValue.bool(r.nextBoolean());
            case 6:
                return AttributeValue.nul();
            case 7: {
                List<AttributeValue> l = new ArrayList<>();
                for (int i = r.nextInt(4); i > 0; i--) {
                    l.add(value(r, depth - 1));
                }
                return AttributeValue.l(l);
            }
            case 8: {
                Map<String, AttributeValue> m = new LinkedHashMap<>();
                for (int i = r.nextInt(4); i > 0; i--) {
                    m.put("m" + i, value(r, depth - 1));
                }
                return AttributeValue.m(m);
            }
            case 9:
                return AttributeValue.ss(Set.of("x", "y" + r.nextInt(9)));
            case 10:
                return AttributeValue.nsOf("1", "2.5", "-" + r.nextInt(99) + "E-3");
            default:
                return AttributeValue.bs(
                        Set.of(Bytes.copyOf(new byte[] {1, 2}), Bytes.copyOf(new byte[] {(byte) r.nextInt(100)})));
        }
    }

    private static TableDefinition table() {
        return TableDefinition.builder("Tab")
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.n("sk"))
                .build();
    }

    private static void put(Storage db, int i) {
        db.putItem(PutItemRequest.builder()
                .tableName("Tab")
                .item(Map.of("pk", s("p" + i % 13), "sk", n(i), "g", s("g" + i % 5), "pad", s("v".repeat(40))))
                .build());
    }

    @Test
    void aBackfillInterruptedByACrashIsRestartedAtTheNextOpen() {
        GlobalSecondaryIndex byG = new GlobalSecondaryIndex(
                "ByG", List.of(KeyAttribute.s("g")), List.of(KeyAttribute.n("sk")), Projection.all());
        try (DurableStorage db = Storage.open(dir)) {
            db.createTable(table());
            for (int i = 0; i < 2500; i++) {
                put(db, i);
            }
        }
        // what a crash in the middle of createGlobalSecondaryIndex leaves: the catalogue says "backfilling" and
        // the index space holds part of the entries (here: some, plus one stray entry a real backfill never wrote)
        try (DiskStore store = DiskStore.open(dir, DurableOptions.defaults())) {
            byte[] key = DiskStore.catalogKey("Tab");
            CatalogCodec.Record r = CatalogCodec.decode(store.get(key));
            long space = 999_999;
            DiskWrite w = new DiskWrite(store);
            w.put(
                    key,
                    CatalogCodec.encode(new CatalogCodec.Record(
                            r.definition(), r.itemsSpace(), r.lsiSpaces(), r.gsiSpaces(), byG, space)));
            byte[] stray = DiskStore.spaceKey(DiskStore.DATA, space, new byte[] {1, 2, 3, 4, 5});
            w.put(stray, new byte[] {4, 0, 0});
            w.count(space, 7, 700);
            w.commit();
        }
        try (DurableStorage db = Storage.open(dir)) {
            assertThat(db.describeTable("Tab").definition().globalSecondaryIndexes())
                    .extracting(GlobalSecondaryIndex::name)
                    .containsExactly("ByG");
            db.checkInvariants(); // every item in the index once, the stray entry gone, the counters exact
            assertThat(db.describeTable("Tab").indexes().get(0).itemCount()).isEqualTo(2500);
            assertThat(db.query(QueryRequest.builder()
                                    .tableName("Tab")
                                    .indexName("ByG")
                                    .keyConditionExpression("g = :g")
                                    .expressionAttributeValues(Map.of(":g", s("g3")))
                                    .build())
                            .count())
                    .isEqualTo(500);
        }
        try (DurableStorage db = Storage.open(dir)) { // and it stays finished
            db.checkInvariants();
        }
    }

    /**
     * DeleteTable while writers keep writing (some of them waiting for a stripe lock the delete holds): every write
     * either happened before the delete, and went with the table, or fails as a write to a missing table; nothing
     * of the deleted table is left in the store afterwards (no item, index entry or counter key).
     */
    @Test
    void writesRacingDeleteTableLeaveNothingOfTheTableOnDisk() throws Exception {
        long seed = 20261125L;
        System.out.println("writesRacingDeleteTable seed " + seed);
        GlobalSecondaryIndex byG = new GlobalSecondaryIndex(
                "ByG", List.of(KeyAttribute.s("g")), List.of(KeyAttribute.n("sk")), Projection.all());
        for (int round = 0; round < 5; round++) {
            try (DurableStorage db = Storage.open(dir)) {
                db.createTable(table().toBuilder().globalSecondaryIndex(byG).build());
                AtomicInteger written = new AtomicInteger();
                List<Thread> writers = new ArrayList<>();
                List<Throwable> endings = new CopyOnWriteArrayList<>();
                for (int w = 0; w < 3; w++) {
                    Random r = new Random(seed + round * 10L + w);
                    Thread t = new Thread(() -> {
                        try {
                            while (true) {
                                put(db, r.nextInt(100_000));
                                written.incrementAndGet();
                            }
                        } catch (Throwable e) {
                            endings.add(e);
                        }
                    });
                    t.start();
                    writers.add(t);
                }
                while (written.get() < 300) {
                    Thread.onSpinWait();
                }
                db.deleteTable("Tab");
                for (Thread t : writers) {
                    t.join(TimeUnit.SECONDS.toMillis(30));
                }
                assertThat(endings)
                        .hasSize(3)
                        .allSatisfy(e -> assertThat(e)
                                .isInstanceOf(ResourceNotFoundException.class)
                                .hasMessageContaining("Tab"));
            }
            try (DiskStore store = DiskStore.open(dir, DurableOptions.defaults())) {
                List<String> left = new ArrayList<>(); // tag and space of every key but the store's metadata ('M')
                for (byte[][] kv : store.chunk(new byte[0], true, new byte[] {(byte) 0xFF}, true, 100)) {
                    if (kv[0][0] != 'M') {
                        left.add((char) kv[0][0] + " space " + DiskStore.getLong(kv[0], 1));
                    }
                }
                assertThat(left)
                        .as("round %d: keys left after DeleteTable", round)
                        .isEmpty();
            }
        }
    }

    /**
     * A real full disk: the store on a 32 MB tmpfs (needs root to mount; skipped elsewhere). The write that
     * meets the full disk fails with a typed error and nothing of it is applied; every earlier write is intact,
     * in the running process and after the directory is copied to a disk with room and opened.
     */
    @Test
    void aFullDiskFailsTheWriteAndKeepsEarlierData() throws Exception {
        Path mount = Files.createTempDirectory("partita-full");
        boolean mounted = run("mount", "-t", "tmpfs", "-o", "size=32m", "tmpfs", mount.toString());
        assumeTrue(mounted, "mounting a small tmpfs needs root");
        Path copy = dir.resolve("copy");
        try {
            Path store = mount.resolve("db");
            int acknowledged = 0;
            DurableStorageException failure = null;
            try (DurableStorage db = Storage.open(store, DurableOptions.defaults())) {
                db.createTable(table());
                for (int i = 0; i < 1_000_000; i++) {
                    try {
                        db.putItem(PutItemRequest.builder()
                                .tableName("Tab")
                                .item(Map.of(
                                        "pk",
                                        s("p" + i % 13),
                                        "sk",
                                        n(i),
                                        "pad",
                                        s(Integer.toString(i).repeat(400))))
                                .build());
                        acknowledged = i + 1;
                    } catch (DurableStorageException e) {
                        failure = e;
                        break;
                    }
                }
                assertThat(failure).as("the disk filled up").isNotNull();
                assertThat(failure)
                        .isInstanceOf(DurableStorageException.IOFailure.class)
                        .hasMessageContaining("No space left");
                int failedAt = acknowledged;
                assertThat(db.getItem(GetItemRequest.builder()
                                        .tableName("Tab")
                                        .key(Map.of("pk", s("p" + failedAt % 13), "sk", n(failedAt)))
                                        .build())
                                .item())
                        .as("the failed write is not visible")
                        .isNull();
                assertThat(db.getItem(GetItemRequest.builder()
                                        .tableName("Tab")
                                        .key(Map.of("pk", s("p0"), "sk", n(0)))
                                        .build())
                                .item())
                        .isNotNull();
                assertThat(db.describeTable("Tab").itemCount()).isEqualTo(acknowledged);
            } catch (DurableStorageException closing) {
                // closing a store whose disk is full may fail to sync its log: the data written so far is in the log
            }
            assertThat(run("cp", "-a", store.toString(), copy.toString())).isTrue();
            try (DurableStorage db = Storage.open(copy)) {
                db.checkInvariants();
                assertThat(db.describeTable("Tab").itemCount()).isEqualTo(acknowledged);
            }
        } finally {
            run("umount", mount.toString());
            Files.deleteIfExists(mount);
        }
    }

    private static boolean run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    }
}
