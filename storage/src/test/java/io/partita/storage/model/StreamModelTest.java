package io.partita.storage.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.ConditionalCheckFailedException;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.StreamReads;
import io.partita.storage.TestStorage;
import io.partita.storage.TransactionCanceledException;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.StreamEventName;
import io.partita.storage.api.StreamRecord;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The stream against a model of the writes: random puts (often of the item as it is), deletes (often of missing
 * items), updates (often setting the value there), failing conditions, transactions and batches on a few keys, with
 * shards rolling over every few records. Every change must be in the stream exactly once, each item's in the order
 * of its changes, with the images the model expects, and a write that changed nothing must have no record. Writes
 * are made one at a time, so the whole stream's order is the model's too. The seed is printed; reproduce with
 * {@code -Dpartita.streams.seed=<seed>}.
 */
class StreamModelTest {
    static final long SEED = Long.getLong("partita.streams.seed", 0x57EA_2026_11_28L);
    static final int OPS = Integer.getInteger("partita.streams.ops", 1500);
    static final String T = "Model";

    /** What the model expects of one record. */
    record Expected(
            StreamEventName event,
            Map<String, AttributeValue> keys,
            Map<String, AttributeValue> oldImage,
            Map<String, AttributeValue> newImage) {}

    private final Random random = new Random(SEED);
    private final Map<Map<String, AttributeValue>, Map<String, AttributeValue>> items = new HashMap<>();
    private final List<Expected> expected = new ArrayList<>();
    private Storage db;

    @Test
    void everyChangeIsInTheStreamOnceInOrderAndNoOpWritesAreNot() {
        System.out.printf("[streams] seed %d (-Dpartita.streams.seed), %d ops%n", SEED, OPS);
        db = TestStorage.create(StorageOptions.defaults()
                .withTimeToLiveSweepInterval(Duration.ZERO)
                .withStreamShardRollover(17, Duration.ofDays(1)));
        try {
            db.createTable(
                    TableDefinition.builder(T).partitionKey(KeyAttribute.s("pk")).sortKey(KeyAttribute.n("sk")).stream(
                                    StreamViewType.NEW_AND_OLD_IMAGES)
                            .build());
            for (int i = 0; i < OPS; i++) {
                step();
            }
            List<StreamRecord> records =
                    StreamReads.readAll(db, db.describeTable(T).latestStreamArn(), 7);
            List<Expected> actual = new ArrayList<>(records.size());
            for (StreamRecord r : records) {
                actual.add(new Expected(r.eventName(), r.keys(), r.oldImage(), r.newImage()));
            }
            assertThat(actual).as("seed %d", SEED).hasSize(expected.size());
            for (int i = 0; i < actual.size(); i++) {
                assertThat(actual.get(i)).as("record %d, seed %d", i, SEED).isEqualTo(expected.get(i));
            }
            Set<String> sequenceNumbers = new LinkedHashSet<>();
            records.forEach(r -> sequenceNumbers.add(r.sequenceNumber()));
            assertThat(sequenceNumbers).hasSize(records.size());
            db.checkInvariants();
        } finally {
            db.close();
        }
    }

    private Map<String, AttributeValue> key() {
        Map<String, AttributeValue> k = new LinkedHashMap<>();
        k.put("pk", AttributeValue.s("p" + random.nextInt(4)));
        k.put("sk", AttributeValue.n(random.nextInt(6)));
        return k;
    }

    private Map<String, AttributeValue> itemOf(Map<String, AttributeValue> key) {
        Map<String, AttributeValue> item = new LinkedHashMap<>(key);
        item.put("v", AttributeValue.n(random.nextInt(3)));
        if (random.nextBoolean()) {
            item.put("w", AttributeValue.s("w" + random.nextInt(2)));
        }
        return item;
    }

    /** Records the model's change of {@code key} to {@code after} (null: deleted). */
    private void change(Map<String, AttributeValue> key, Map<String, AttributeValue> after) {
        Map<String, AttributeValue> before = items.get(key);
        if (before == null ? after == null : before.equals(after)) {
            return;
        }
        StreamEventName event = before == null
                ? StreamEventName.INSERT
                : after == null ? StreamEventName.REMOVE : StreamEventName.MODIFY;
        expected.add(new Expected(event, key, before, after));
        if (after == null) {
            items.remove(key);
        } else {
            items.put(key, after);
        }
    }

    private void step() {
        int op = random.nextInt(10);
        Map<String, AttributeValue> key = key();
        switch (op) {
            case 0, 1, 2 -> {
                Map<String, AttributeValue> item = itemOf(key);
                db.putItem(PutItemRequest.builder().tableName(T).item(item).build());
                change(key, item);
            }
            case 3, 4 -> {
                db.deleteItem(DeleteItemRequest.builder().tableName(T).key(key).build());
                change(key, null);
            }
            case 5, 6 -> {
                AttributeValue v = AttributeValue.n(random.nextInt(3));
                db.updateItem(UpdateItemRequest.builder()
                        .tableName(T)
                        .key(key)
                        .updateExpression("SET v = :v")
                        .expressionAttributeValues(Map.of(":v", v))
                        .build());
                Map<String, AttributeValue> after = new LinkedHashMap<>(items.getOrDefault(key, key));
                after.put("v", v);
                change(key, after);
            }
            case 7 -> {
                try { // a put that must not overwrite: fails when the item exists
                    Map<String, AttributeValue> item = itemOf(key);
                    db.putItem(PutItemRequest.builder()
                            .tableName(T)
                            .item(item)
                            .conditionExpression("attribute_not_exists(pk)")
                            .build());
                    change(key, item);
                } catch (ConditionalCheckFailedException e) {
                    assertThat(items).containsKey(key);
                }
            }
            case 8 -> transaction(key);
            default -> batch();
        }
    }

    private void transaction(Map<String, AttributeValue> first) {
        Map<String, AttributeValue> second = key();
        if (second.equals(first)) {
            return;
        }
        Map<String, AttributeValue> item = itemOf(first);
        boolean failing = random.nextInt(4) == 0;
        List<TransactWriteItem> actions = List.of(
                new TransactWriteItem.Put(T, item, null, null, null, false),
                new TransactWriteItem.Delete(
                        T, second, failing ? "attribute_exists(nothing)" : null, null, null, false));
        try {
            db.transactWriteItems(
                    TransactWriteItemsRequest.builder().transactItems(actions).build());
            change(first, item);
            change(second, null);
        } catch (TransactionCanceledException e) {
            assertThat(failing).as("only the failing transaction is cancelled").isTrue();
        }
    }

    private void batch() {
        Map<Map<String, AttributeValue>, WriteRequest> writes = new LinkedHashMap<>();
        for (int i = 0; i < 3; i++) {
            Map<String, AttributeValue> key = key();
            writes.putIfAbsent(key, random.nextBoolean() ? WriteRequest.put(itemOf(key)) : WriteRequest.delete(key));
        }
        db.batchWriteItem(BatchWriteItemRequest.builder()
                .requestItems(Map.of(T, List.copyOf(writes.values())))
                .build());
        writes.forEach((key, w) -> change(key, w instanceof WriteRequest.Put p ? p.item() : null));
    }
}
