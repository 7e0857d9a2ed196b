package io.partita.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.TestStorage;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * An overwrite that keeps an index entry's key finds the entry without building the key ({@link Mutation#keepsKey},
 * {@link IndexData#overwrite}), and an insert stores its entry keys as it writes them ({@link IndexData#insert}): the
 * scratch key and the stored key are the built key's bytes, and the indexes end as the items say, in small partitions
 * and in a large one (every item under one GSI key; the first 200 writes are inserts), SYNC and ASYNC. Seeded
 * (printed).
 */
class KeptIndexKeyTest {
    private static final long SEED = 20261129_2L;

    private static final TableDefinition TABLE = TableDefinition.builder("Tab")
            .partitionKey(KeyAttribute.s("pk"))
            .sortKey(KeyAttribute.n("sk"))
            .globalSecondaryIndex("hot", KeyAttribute.s("g"), KeyAttribute.n("gs"), Projection.all())
            .globalSecondaryIndex("incl", KeyAttribute.s("g"), null, Projection.include("a"))
            .localSecondaryIndex("local", KeyAttribute.n("l"), Projection.all())
            .build();

    @Test
    void scratchKeysAreTheBuiltKeysBytes() {
        System.out.println("KeptIndexKeyTest seed " + SEED);
        Random random = new Random(SEED);
        KeyCodec.Scratch scratch = new KeyCodec.Scratch();
        int found = 0;
        for (int round = 0; round < 20_000; round++) {
            AttributeValue[] parts = new AttributeValue[4];
            int n = 1 + random.nextInt(4);
            int hash = random.nextInt();
            int length = KeyCodec.HASH_BYTES;
            for (int i = 0; i < n; i++) {
                parts[i] = keyValue(random);
                length += KeyCodec.sizeOf(parts[i]);
            }
            OrderKey built = KeyCodec.exactKey(hash, length, parts[0], parts[1], parts[2], parts[3]);
            byte[] written = KeyCodec.scratchKey(scratch, hash, length, parts[0], parts[1], parts[2], parts[3]);
            int writtenEnd = scratch.partitionEnd;
            // an insert's key, stored as it is written: the same bytes and partition end in an array of its own
            byte[] stored = KeyCodec.newKey(scratch, hash, length, parts[0], parts[1], parts[2], parts[3]);
            if (built == null) {
                assertThat(written).as("%s", Arrays.asList(parts)).isNull();
                assertThat(stored).as("%s", Arrays.asList(parts)).isNull();
            } else {
                found++;
                assertThat(written).as("%s", Arrays.asList(parts)).isEqualTo(built.bytes);
                assertThat(writtenEnd).isEqualTo(built.partitionEnd);
                assertThat(stored)
                        .as("%s", Arrays.asList(parts))
                        .isEqualTo(built.bytes)
                        .isNotSameAs(written);
                assertThat(scratch.partitionEnd).isEqualTo(built.partitionEnd);
            }
        }
        assertThat(found).isGreaterThan(1_000);
    }

    @Test
    void aStripesScratchIsHandedOnlyToTheThreadHoldingItsLock() throws Exception {
        TableData t = new TableData(
                1,
                TABLE,
                new TableShape("Tab", TABLE.partitionKey(), TABLE.sortKey()),
                new IndexData[0],
                new IndexData[0]);
        OrderKey key = KeyCodec.exactKey(7, KeyCodec.HASH_BYTES + 3, AttributeValue.s("a"), null, null, null);
        assertThat(t.scratchOf(key)).as("no stripe lock taken yet").isNull();
        java.util.concurrent.locks.ReentrantLock lock = t.stripe(t.stripeOf(key));
        lock.lock();
        try {
            KeyCodec.Scratch held = t.scratchOf(key);
            assertThat(held).isNotNull().isSameAs(t.scratchOf(key));
            java.util.concurrent.CompletableFuture<KeyCodec.Scratch> other =
                    java.util.concurrent.CompletableFuture.supplyAsync(() -> t.scratchOf(key));
            assertThat(other.get())
                    .as("another thread, while this one holds the lock")
                    .isNull();
        } finally {
            lock.unlock();
        }
        assertThat(t.scratchOf(key)).as("after the lock is released").isNull();
    }

    @Test
    void overwritesKeepingTheKeysLeaveEveryIndexAsTheItemsSaySync() {
        run(StorageOptions.defaults(), SEED + 1);
    }

    @Test
    void overwritesKeepingTheKeysLeaveEveryIndexAsTheItemsSayAsync() {
        run(StorageOptions.defaults().withAsyncGsiPropagation(Duration.ZERO), SEED + 2);
    }

    private static void run(StorageOptions options, long seed) {
        System.out.println("KeptIndexKeyTest seed " + seed);
        Random random = new Random(seed);
        int items = 200; // one GSI key for all: a large partition of "hot"
        Map<Integer, Map<String, AttributeValue>> model = new LinkedHashMap<>();
        try (Storage db = TestStorage.create(options)) {
            db.createTable(TABLE);
            for (int step = 0; step < 3_000; step++) {
                int k = step < items ? step : random.nextInt(items);
                Map<String, AttributeValue> item = new LinkedHashMap<>();
                item.put("pk", AttributeValue.s("p" + k % 7));
                item.put("sk", AttributeValue.n(k));
                item.put("g", AttributeValue.s("all"));
                // the GSI sort key and the LSI key change now and then; "d" (only the ALL indexes hold it) always
                item.put("gs", AttributeValue.n(random.nextInt(8) == 0 ? random.nextInt(1_000) : k));
                item.put("l", AttributeValue.n(random.nextInt(8) == 0 ? random.nextInt(1_000) : k));
                item.put("a", AttributeValue.s("a" + random.nextInt(3)));
                item.put("d", AttributeValue.s("d" + random.nextInt(1_000_000)));
                db.putItem(PutItemRequest.builder().tableName("Tab").item(item).build());
                model.put(k, item);
                if (step % 250 == 249) {
                    db.flushGsiPropagation();
                    assertThat(sorted(scan(db, "hot"))).isEqualTo(sorted(new ArrayList<>(model.values())));
                    assertThat(sorted(scan(db, "local"))).isEqualTo(sorted(new ArrayList<>(model.values())));
                    assertThat(scan(db, "incl")).hasSize(model.size());
                    db.checkInvariants();
                }
            }
        }
    }

    private static List<String> sorted(List<Map<String, AttributeValue>> items) {
        List<String> out = new ArrayList<>();
        for (Map<String, AttributeValue> item : items) {
            out.add(new java.util.TreeMap<>(item).toString());
        }
        out.sort(null);
        return out;
    }

    private static List<Map<String, AttributeValue>> scan(Storage db, String index) {
        return IndexScans.scanAll(db, "Tab", index);
    }

    private static AttributeValue keyValue(Random random) {
        switch (random.nextInt(5)) {
            case 0:
                return AttributeValue.s("k" + random.nextInt(1_000_000));
            case 1:
                return AttributeValue.s("é" + random.nextInt(100));
            case 2:
                return AttributeValue.n(random.nextLong() >> random.nextInt(64));
            case 3:
                return AttributeValue.n((random.nextLong() >> random.nextInt(64)) * 1000);
            default:
                return AttributeValue.n(new BigDecimal(random.nextLong()).movePointLeft(random.nextInt(30)));
        }
    }
}
