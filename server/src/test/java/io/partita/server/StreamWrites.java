package io.partita.server;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The random writes of {@link StreamsDifferentialTest}, each one call that either server can run: puts (some of them
 * conditional, some a copy of the item as it is, which changes nothing), updates (SET, ADD, REMOVE, some conditional,
 * some setting what is there already), deletes (of present and missing items, some conditional), transactions of two
 * or three items (some cancelled by a failing condition) and batch writes. Six keys, so writes meet existing items.
 */
final class StreamWrites {
    private final String table;
    private final Random random;

    StreamWrites(String table, long seed) {
        this.table = table;
        this.random = new Random(seed);
    }

    /** One write: described, and run against a client (given the item as it is now on the subject, for copies). */
    record Write(String description, Consumer<DynamoDbClient> call) {}

    private Map<String, AttributeValue> key(int k) {
        return Map.of(
                "pk", AttributeValue.fromS("p" + (k % 3)), "sk", AttributeValue.fromN(Integer.toString(1 + k / 3)));
    }

    private Map<String, AttributeValue> randomKey() {
        return key(random.nextInt(6));
    }

    private Map<String, AttributeValue> item(Map<String, AttributeValue> key) {
        Map<String, AttributeValue> item = new HashMap<>(key);
        item.put("n", AttributeValue.fromN(Integer.toString(random.nextInt(3))));
        if (random.nextBoolean()) {
            item.put("s", AttributeValue.fromS(random.nextBoolean() ? "x" : "y"));
        }
        if (random.nextInt(4) == 0) {
            item.put("tags", AttributeValue.fromSs(random.nextBoolean() ? List.of("b", "a") : List.of("a")));
        }
        if (random.nextInt(4) == 0) {
            item.put(
                    "doc", AttributeValue.fromM(Map.of("l", AttributeValue.fromL(List.of(AttributeValue.fromN("1"))))));
        }
        return item;
    }

    /** The next write; {@code current} reads an item as it is (on the subject) for the writes that copy it. */
    Write next(Function<Map<String, AttributeValue>, Map<String, AttributeValue>> current) {
        int op = random.nextInt(10);
        if (op < 3) {
            PutItemRequest.Builder b = PutItemRequest.builder().tableName(table).item(item(randomKey()));
            if (random.nextInt(5) == 0) {
                b.conditionExpression("attribute_not_exists(pk)");
            }
            PutItemRequest r = b.build();
            return new Write("put " + r, c -> c.putItem(r));
        }
        if (op == 3) {
            Map<String, AttributeValue> item = current.apply(randomKey());
            if (item != null) {
                PutItemRequest r =
                        PutItemRequest.builder().tableName(table).item(item).build();
                return new Write("identical put " + r, c -> c.putItem(r));
            }
        }
        if (op < 6) {
            return update();
        }
        if (op < 8) {
            DeleteItemRequest.Builder b =
                    DeleteItemRequest.builder().tableName(table).key(randomKey());
            if (random.nextInt(4) == 0) {
                b.conditionExpression("n = :n").expressionAttributeValues(Map.of(":n", AttributeValue.fromN("1")));
            }
            DeleteItemRequest r = b.build();
            return new Write("delete " + r, c -> c.deleteItem(r));
        }
        return op == 8 ? transaction() : batch();
    }

    private Write update() {
        UpdateItemRequest.Builder b =
                UpdateItemRequest.builder().tableName(table).key(randomKey());
        switch (random.nextInt(4)) {
            case 0 ->
                b.updateExpression("SET n = :n")
                        .expressionAttributeValues(
                                Map.of(":n", AttributeValue.fromN(Integer.toString(random.nextInt(3)))));
            case 1 ->
                b.updateExpression("ADD n :one").expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1")));
            // only on an existing item: on a missing one DynamoDB Local creates the key-only item, DynamoDB (and the
            // core) nothing (dynamodb/README.md, D5)
            case 2 -> b.updateExpression("REMOVE s").conditionExpression("attribute_exists(pk)");
            default ->
                b.updateExpression("SET s = :s")
                        .conditionExpression("attribute_exists(pk)")
                        .expressionAttributeValues(
                                Map.of(":s", AttributeValue.fromS(random.nextBoolean() ? "x" : "y")));
        }
        UpdateItemRequest r = b.build();
        return new Write("update " + r, c -> c.updateItem(r));
    }

    private Write transaction() {
        List<Integer> keys = distinctKeys(2 + random.nextInt(2));
        List<TransactWriteItem> items = new ArrayList<>();
        for (int k : keys) {
            Map<String, AttributeValue> key = key(k);
            switch (random.nextInt(4)) {
                case 0 ->
                    items.add(TransactWriteItem.builder()
                            .put(p -> p.tableName(table).item(item(key)))
                            .build());
                case 1 ->
                    items.add(TransactWriteItem.builder()
                            .delete(d -> d.tableName(table).key(key))
                            .build());
                case 2 ->
                    items.add(TransactWriteItem.builder()
                            .update(u -> u.tableName(table)
                                    .key(key)
                                    .updateExpression("ADD n :one")
                                    .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"))))
                            .build());
                default ->
                    items.add(TransactWriteItem.builder()
                            .conditionCheck(
                                    cc -> cc.tableName(table).key(key).conditionExpression("attribute_exists(pk)"))
                            .build());
            }
        }
        TransactWriteItemsRequest r =
                TransactWriteItemsRequest.builder().transactItems(items).build();
        return new Write("transaction " + r, c -> c.transactWriteItems(r));
    }

    private Write batch() {
        List<WriteRequest> writes = new ArrayList<>();
        for (int k : distinctKeys(2 + random.nextInt(3))) {
            writes.add(
                    random.nextInt(3) == 0
                            ? WriteRequest.builder()
                                    .deleteRequest(d -> d.key(key(k)))
                                    .build()
                            : WriteRequest.builder()
                                    .putRequest(p -> p.item(item(key(k))))
                                    .build());
        }
        BatchWriteItemRequest r = BatchWriteItemRequest.builder()
                .requestItems(Map.of(table, writes))
                .build();
        return new Write("batch " + r, c -> c.batchWriteItem(r));
    }

    private List<Integer> distinctKeys(int n) {
        List<Integer> all = new ArrayList<>(List.of(0, 1, 2, 3, 4, 5));
        java.util.Collections.shuffle(all, random);
        return all.subList(0, n);
    }
}
