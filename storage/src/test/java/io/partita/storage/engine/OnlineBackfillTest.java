package io.partita.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.ConditionalCheckFailedException;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.TestStorage;
import io.partita.storage.TransactionCanceledException;
import io.partita.storage.ValidationException;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.IndexDescription;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.TableStatus;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The online GSI backfill ({@link Backfill}): writes go on while a new index fills, each maintaining the building
 * index, and the finished index is what a build from scratch gives. In memory (SYNC and ASYNC propagation) and on
 * disk. The backfill runs on a thread of the test's own; {@link GsiCreation#afterChunk} holds it between chunks.
 */
class OnlineBackfillTest {
    private static final long SEED = 20261128_30L;
    private static final int ITEMS = 1500;
    private static final GlobalSecondaryIndex BY_G =
            GlobalSecondaryIndex.of("ByG", KeyAttribute.s("g"), KeyAttribute.n("sk"), Projection.all());
    private static final GlobalSecondaryIndex FRESH =
            GlobalSecondaryIndex.of("Fresh", KeyAttribute.s("g"), KeyAttribute.n("sk"), Projection.all());

    private final List<Path> dirs = new ArrayList<>();
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void cleanUp() {
        GsiCreation.afterChunk = null;
        threads.shutdownNow();
        dirs.forEach(TestStorage::deleteRecursively);
    }

    private List<Supplier<Storage>> cores() {
        return List.of(
                () -> Storage.inMemory(StorageOptions.defaults()),
                () -> Storage.inMemory(StorageOptions.defaults().withAsyncGsiPropagation(Duration.ZERO)),
                () -> {
                    try {
                        Path dir = Files.createTempDirectory("partita-backfill-test");
                        dirs.add(dir);
                        return Storage.open(dir);
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
    }

    private static void createTable(Storage db) {
        db.createTable(
                TableDefinition.builder("Tab")
                        .partitionKey(KeyAttribute.s("pk"))
                        .sortKey(KeyAttribute.n("sk"))
                        .timeToLive("exp")
                        .stream(StreamViewType.NEW_AND_OLD_IMAGES)
                        .build());
    }

    /** An item: its g a string (indexed), a number (an index key violation: not indexed) or missing (sparse). */
    private static Map<String, AttributeValue> item(Random random, int pk, int sk) {
        Map<String, AttributeValue> item = new HashMap<>(key(pk, sk));
        int kind = random.nextInt(10);
        if (kind < 7) {
            item.put("g", AttributeValue.s("g" + random.nextInt(7)));
        } else if (kind < 8) {
            item.put("g", AttributeValue.n(random.nextInt(7)));
        }
        item.put("v", AttributeValue.n(random.nextInt(1000)));
        if (random.nextInt(20) == 0) {
            item.put("exp", AttributeValue.n(1)); // long expired: the next expiry sweep deletes it
        }
        return item;
    }

    private static Map<String, AttributeValue> key(int pk, int sk) {
        return Map.of("pk", AttributeValue.s("p" + pk), "sk", AttributeValue.n(sk));
    }

    @Test
    void writersOfEveryKindDuringABackfillLeaveTheIndexABuildFromScratchGives() throws Exception {
        System.out.println("OnlineBackfillTest seed " + SEED);
        for (Supplier<Storage> core : cores()) {
            Random random = new Random(SEED);
            try (Storage db = core.get()) {
                createTable(db);
                for (int i = 0; i < ITEMS; i++) {
                    db.putItem(PutItemRequest.builder()
                            .tableName("Tab")
                            .item(item(random, i % 97, i))
                            .build());
                }
                CountDownLatch backfilling = new CountDownLatch(1);
                CountDownLatch halfWritten = new CountDownLatch(4);
                GsiCreation.afterChunk = () -> {
                    if (backfilling.getCount() > 0) {
                        backfilling.countDown();
                        await(halfWritten);
                    }
                };
                Future<?> backfill = startBackfill(db);
                await(backfilling);
                List<Future<?>> writers = new ArrayList<>();
                for (int w = 0; w < 4; w++) {
                    long seed = SEED + w;
                    writers.add(threads.submit(() -> write(db, new Random(seed), halfWritten)));
                }
                for (Future<?> f : writers) {
                    f.get(5, TimeUnit.MINUTES);
                }
                backfill.get(5, TimeUnit.MINUTES);
                db.expireItems();
                db.flushGsiPropagation();
                assertThat(db.describeTable("Tab").indexes())
                        .extracting(IndexDescription::status)
                        .containsExactly(TableStatus.ACTIVE);
                db.checkInvariants(); // the finished index against its table: every entry, every counter
                db.createGlobalSecondaryIndex("Tab", FRESH); // no writers: a build from scratch
                assertThat(scan(db, "ByG")).isEqualTo(scan(db, "Fresh"));
                db.checkInvariants();
            }
        }
    }

    /** Puts, updates, deletes, conditional writes, batches, transactions and expiry sweeps over a small key space. */
    private static void write(Storage db, Random random, CountDownLatch halfWritten) {
        int ops = 600;
        try {
            for (int i = 0; i < ops; i++) {
                if (i == ops / 2) {
                    halfWritten.countDown();
                }
                try {
                    writeOne(db, random);
                } catch (ValidationException e) {
                    // an index key violation: taken while the index backfills, rejected once it is ACTIVE
                    assertThat(e.getMessage()).contains("Type mismatch for Index Key g");
                    assertThat(db.describeTable("Tab").indexes())
                            .extracting(IndexDescription::status)
                            .containsExactly(TableStatus.ACTIVE);
                }
            }
        } finally {
            halfWritten.countDown(); // a failing writer does not keep the backfill waiting
        }
    }

    private static void writeOne(Storage db, Random random) {
        int pk = random.nextInt(97);
        int sk = random.nextInt(ITEMS + 200);
        switch (random.nextInt(8)) {
            case 0, 1 ->
                db.putItem(PutItemRequest.builder()
                        .tableName("Tab")
                        .item(item(random, pk, sk))
                        .build());
            case 2 -> update(db, random, pk, sk);
            case 3 ->
                db.deleteItem(DeleteItemRequest.builder()
                        .tableName("Tab")
                        .key(key(pk, sk))
                        .build());
            case 4 -> conditionalPut(db, random, pk, sk);
            case 5 -> batch(db, random, pk);
            case 6 -> transaction(db, random, pk, sk);
            default -> db.expireItems();
        }
    }

    private static void update(Storage db, Random random, int pk, int sk) {
        UpdateItemRequest.Builder b =
                UpdateItemRequest.builder().tableName("Tab").key(key(pk, sk));
        if (random.nextBoolean()) {
            b.updateExpression("REMOVE g");
        } else {
            b.updateExpression("SET g = :g")
                    .expressionAttributeValues(Map.of(":g", AttributeValue.s("u" + random.nextInt(5))));
        }
        db.updateItem(b.build());
    }

    private static void conditionalPut(Storage db, Random random, int pk, int sk) {
        try {
            db.putItem(PutItemRequest.builder()
                    .tableName("Tab")
                    .item(item(random, pk, sk))
                    .conditionExpression("attribute_exists(g)")
                    .build());
        } catch (ConditionalCheckFailedException e) {
            // the item has no g (or is missing): nothing written
        }
    }

    private static void batch(Storage db, Random random, int pk) {
        Map<Integer, WriteRequest> writes = new LinkedHashMap<>();
        for (int j = 0; j < 4; j++) {
            int sk = random.nextInt(ITEMS + 200);
            writes.put(
                    sk,
                    random.nextBoolean() ? WriteRequest.put(item(random, pk, sk)) : WriteRequest.delete(key(pk, sk)));
        }
        db.batchWriteItem(BatchWriteItemRequest.builder()
                .requestItems(Map.of("Tab", List.copyOf(writes.values())))
                .build());
    }

    private static void transaction(Storage db, Random random, int pk, int sk) {
        int other = (pk + 1 + random.nextInt(90)) % 97;
        try {
            db.transactWriteItems(TransactWriteItemsRequest.builder()
                    .transactItems(List.of(
                            TransactWriteItem.put("Tab", item(random, pk, sk)),
                            TransactWriteItem.update(
                                    "Tab",
                                    key(other, sk),
                                    "SET g = :g",
                                    null,
                                    Map.of(":g", AttributeValue.s("t" + random.nextInt(5)))),
                            TransactWriteItem.conditionCheck(
                                    "Tab", key(pk, sk + ITEMS + 500), "attribute_not_exists(nope)", null, null)))
                    .build());
        } catch (TransactionCanceledException e) {
            // two actions on one item: a cancelled transaction writes nothing
        } catch (ValidationException e) {
            // the same: DynamoDB rejects a transaction that touches an item twice
        }
    }

    /**
     * The point of an online backfill: a write while the backfill is held between chunks completes at once (it does
     * not wait for the backfill), and the finished index holds it.
     */
    @Test
    void aWriteDuringABackfillCompletesBeforeTheBackfillDoes() throws Exception {
        for (Supplier<Storage> core : cores()) {
            try (Storage db = core.get()) {
                createTable(db);
                Random random = new Random(SEED);
                for (int i = 0; i < 3 * Backfill.CHUNK; i++) {
                    db.putItem(PutItemRequest.builder()
                            .tableName("Tab")
                            .item(item(random, i % 11, i))
                            .build());
                }
                CountDownLatch held = new CountDownLatch(1);
                CountDownLatch release = new CountDownLatch(1);
                GsiCreation.afterChunk = () -> {
                    held.countDown();
                    await(release);
                };
                Future<?> backfill = startBackfill(db);
                await(held);
                CompletableFuture<Void> write = CompletableFuture.runAsync(
                        () -> db.putItem(PutItemRequest.builder()
                                .tableName("Tab")
                                .item(Map.of(
                                        "pk", AttributeValue.s("new"),
                                        "sk", AttributeValue.n(1),
                                        "g", AttributeValue.s("fresh")))
                                .build()),
                        threads);
                write.get(1, TimeUnit.MINUTES); // a blocked write would fail here, not hang the build
                assertThat(backfill.isDone()).isFalse();
                assertThat(db.describeTable("Tab").indexes())
                        .extracting(IndexDescription::status)
                        .containsExactly(TableStatus.CREATING);
                assertThatThrownBy(() -> queryFresh(db))
                        .isInstanceOf(ValidationException.class)
                        .hasMessage("Cannot read from backfilling global secondary index: ByG");
                release.countDown();
                backfill.get(1, TimeUnit.MINUTES);
                db.flushGsiPropagation();
                assertThat(queryFresh(db)).isEqualTo(1);
                db.checkInvariants();
            }
        }
    }

    /** Deleting the index while it backfills stops the backfill and leaves no index, nor any entry of it. */
    @Test
    void deletingABackfillingIndexCancelsIt() throws Exception {
        for (Supplier<Storage> core : cores()) {
            try (Storage db = core.get()) {
                createTable(db);
                Random random = new Random(SEED);
                for (int i = 0; i < 3 * Backfill.CHUNK; i++) {
                    db.putItem(PutItemRequest.builder()
                            .tableName("Tab")
                            .item(item(random, i % 11, i))
                            .build());
                }
                CountDownLatch held = new CountDownLatch(1);
                CountDownLatch release = new CountDownLatch(1);
                GsiCreation.afterChunk = () -> {
                    held.countDown();
                    await(release);
                };
                Future<?> backfill = startBackfill(db);
                await(held);
                assertThat(db.deleteGlobalSecondaryIndex("Tab", "ByG").indexes())
                        .extracting(IndexDescription::status)
                        .containsExactly(TableStatus.DELETING);
                release.countDown();
                backfill.get(1, TimeUnit.MINUTES);
                assertThat(db.describeTable("Tab").indexes()).isEmpty();
                assertThat(db.describeTable("Tab").status()).isEqualTo(TableStatus.ACTIVE);
                db.createGlobalSecondaryIndex("Tab", BY_G); // the name is free again, and built whole
                db.checkInvariants();
            }
        }
    }

    private Future<?> startBackfill(Storage db) {
        CompletableFuture<Runnable> task = new CompletableFuture<>();
        db.startGlobalSecondaryIndex("Tab", BY_G, task::complete);
        return threads.submit(() -> task.join().run());
    }

    private static int queryFresh(Storage db) {
        return db.query(QueryRequest.builder()
                        .tableName("Tab")
                        .indexName("ByG")
                        .keyConditionExpression("g = :g")
                        .expressionAttributeValues(Map.of(":g", AttributeValue.s("fresh")))
                        .build())
                .count();
    }

    private static List<Map<String, AttributeValue>> scan(Storage db, String index) {
        return IndexScans.scanAll(db, "Tab", index);
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(5, TimeUnit.MINUTES)) {
                throw new AssertionError("latch not released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
