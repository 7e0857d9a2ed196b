package io.partita.storage.durable;

import static io.partita.storage.StreamReads.readAll;
import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.DurableMemoryUsage;
import io.partita.storage.DurableOptions;
import io.partita.storage.DurableStorage;
import io.partita.storage.Storage;
import io.partita.storage.TestStorage;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.ConsumedCapacity;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.StreamEventName;
import io.partita.storage.api.StreamRecord;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The durable core's memory: after writing and reading far more than its budget, what it reports stays within each
 * share; and an overwrite with an item that reads the same writes no item (the durable path takes the in-memory
 * core's equal-content shortcut) while capacity sees an ordinary overwrite.
 */
class DurableMemoryTest {
    private static final long SEED = 20261128L;
    private static final long BUDGET = 8L << 20;
    private static final long DECODED = 2L << 20;
    private Path dir;

    @BeforeEach
    void directory() throws IOException {
        dir = Files.createTempDirectory("partita-memory");
    }

    @AfterEach
    void clean() {
        TestStorage.deleteRecursively(dir);
    }

    private static TableDefinition table() {
        return TableDefinition.builder("Mem")
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.n("sk"))
                .globalSecondaryIndex("byG", KeyAttribute.s("g"), null, Projection.all())
                .localSecondaryIndex("byL", KeyAttribute.n("l"), Projection.keysOnly())
                .stream(StreamViewType.NEW_AND_OLD_IMAGES)
                .build();
    }

    private static Map<String, AttributeValue> item(int i, SplittableRandom random) {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("pk", AttributeValue.s("p" + i / 8));
        item.put("sk", AttributeValue.n(i % 8));
        item.put("g", AttributeValue.s("g" + i % 64));
        item.put("l", AttributeValue.n(i));
        StringBuilder pad = new StringBuilder(2000);
        for (int k = 0; k < 2000; k++) {
            pad.append((char) ('a' + random.nextInt(26))); // little for the block compression to take out
        }
        item.put("pad", AttributeValue.s(pad.toString()));
        return item;
    }

    @Test
    void theBudgetHoldsAfterWritingAndReadingFourTimesIt() {
        System.out.println("DurableMemoryTest seed " + SEED);
        SplittableRandom random = new SplittableRandom(SEED);
        int n = 8_000; // about 4 KB per item with its GSI entry: 32 MB written against an 8 MB budget
        DurableOptions options =
                DurableOptions.defaults().withMemoryBytes(BUDGET).withDecodedCacheBytes(DECODED);
        try (DurableStorage db = Storage.open(dir, options)) {
            db.createTable(table());
            for (int from = 0; from < n; from += 25) {
                List<WriteRequest> batch = new ArrayList<>(25);
                for (int i = from; i < from + 25; i++) {
                    batch.add(WriteRequest.put(item(i, random)));
                }
                db.batchWriteItem(BatchWriteItemRequest.builder()
                        .requestItems(Map.of("Mem", batch))
                        .build());
            }
            for (int i = 0; i < n; i++) {
                assertThat(db.getItem(GetItemRequest.builder()
                                        .tableName("Mem")
                                        .key(Map.of("pk", AttributeValue.s("p" + i / 8), "sk", AttributeValue.n(i % 8)))
                                        .build())
                                .item())
                        .isNotNull();
            }
            DurableMemoryUsage u = db.memoryUsage();
            System.out.println("DurableMemoryTest " + u);
            assertThat(u.budgetBytes()).isEqualTo(BUDGET);
            assertThat(u.engineBudgetBytes()).isEqualTo(BUDGET - DECODED);
            assertThat(u.decodedCacheEntries()).isPositive();
            assertThat(u.decodedCacheBytes()).isPositive().isLessThanOrEqualTo(DECODED);
            assertThat(u.blockCacheBytes()).isPositive().isLessThanOrEqualTo(BUDGET - DECODED);
            assertThat(u.memtableBytes()).isLessThanOrEqualTo(BUDGET - DECODED);
            // the index and filter blocks are in the block cache: what the readers keep outside it is small
            assertThat(u.tableReaderBytes()).isLessThan(BUDGET / 16);
            assertThat(u.accountedBytes()).isLessThanOrEqualTo(BUDGET + BUDGET / 16);
        }
    }

    @Test
    void anOverwriteThatReadsTheSameWritesNothingButIsChargedAsOne() {
        SplittableRandom random = new SplittableRandom(SEED);
        Map<String, AttributeValue> item = item(1, random);
        Map<String, AttributeValue> key = Map.of("pk", item.get("pk"), "sk", item.get("sk"));
        try (DurableStorage db = Storage.open(dir)) {
            db.createTable(table());
            put(db, item);
            Map<String, AttributeValue> stored = get(db, key);

            // a fresh map of equal values: the store keeps its item (the decoded cache still hands out the same
            // object: a written item would have replaced it), and the write costs what an overwrite costs
            ConsumedCapacity c = put(db, new LinkedHashMap<>(item));
            assertThat(get(db, key)).isSameAs(stored);
            assertThat(c.capacityUnits()).isEqualTo(2.0); // under 2 KB: the table's write only, no index changes
            assertThat(c.globalSecondaryIndexes()).isEmpty();
            assertThat(c.localSecondaryIndexes()).isEmpty();
            // as in DynamoDB, a write that leaves the item as it was has no stream record
            String arn = db.describeTable("Mem").latestStreamArn();
            assertThat(readAll(db, arn)).extracting(StreamRecord::eventName).containsExactly(StreamEventName.INSERT);

            // a changed value is written
            item.put("l", AttributeValue.n(-1));
            put(db, new LinkedHashMap<>(item));
            assertThat(get(db, key)).isNotSameAs(stored).isEqualTo(item);
            List<StreamRecord> records = readAll(db, arn);
            assertThat(records)
                    .extracting(StreamRecord::eventName)
                    .containsExactly(StreamEventName.INSERT, StreamEventName.MODIFY);
            assertThat(records.get(1).newImage()).isEqualTo(item);
            db.checkInvariants();
        }
        try (DurableStorage db = Storage.open(dir)) {
            assertThat(get(db, key)).isEqualTo(item);
            db.checkInvariants();
        }
    }

    private static ConsumedCapacity put(Storage db, Map<String, AttributeValue> item) {
        return db.putItem(PutItemRequest.builder()
                        .tableName("Mem")
                        .item(item)
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                        .build())
                .consumedCapacity();
    }

    private static Map<String, AttributeValue> get(Storage db, Map<String, AttributeValue> key) {
        return db.getItem(GetItemRequest.builder().tableName("Mem").key(key).build())
                .item();
    }
}
