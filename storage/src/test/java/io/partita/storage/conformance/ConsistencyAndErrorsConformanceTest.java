package io.partita.storage.conformance;

import static io.partita.storage.conformance.Fx.item;
import static io.partita.storage.conformance.Fx.put;
import static io.partita.storage.conformance.Fx.queryItems;
import static io.partita.storage.conformance.Fx.vals;
import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.partita.storage.ConditionalCheckFailedException;
import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.Storage;
import io.partita.storage.StorageException;
import io.partita.storage.StorageOptions;
import io.partita.storage.TestStorage;
import io.partita.storage.TransactionCanceledException;
import io.partita.storage.ValidationException;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** DynamoDB semantics, "Consistency" (ASYNC GSIs with a test clock, strong LSIs) and "Errors" (typed, bad input never changes state). */
class ConsistencyAndErrorsConformanceTest {
    private Storage db;
    private final Fx.MutableClock clock = new Fx.MutableClock();

    @AfterEach
    void close() {
        db.checkInvariants();
        db.close();
    }

    /** Forum table with a GSI (ByAuthor) and an LSI (LastPostIndex), ASYNC GSI propagation of 100 ms. */
    private void openAsync() {
        db = TestStorage.create(
                StorageOptions.defaults().withClock(clock).withAsyncGsiPropagation(Duration.ofMillis(100)));
        db.createTable(forum());
    }

    private static TableDefinition forum() {
        return TableDefinition.builder("Forum")
                .partitionKey(KeyAttribute.s("ForumName"))
                .sortKey(KeyAttribute.s("Subject"))
                .globalSecondaryIndex(
                        "ByAuthor", KeyAttribute.s("Author"), KeyAttribute.s("LastPostDateTime"), Projection.all())
                .localSecondaryIndex("LastPostIndex", KeyAttribute.s("LastPostDateTime"), Projection.all())
                .build();
    }

    private List<Map<String, AttributeValue>> byAuthor(String author) {
        return queryItems(db, "Forum", "ByAuthor", "Author = :a", vals(":a", s(author)));
    }

    private List<Map<String, AttributeValue>> lastPosts(String forum) {
        return queryItems(db, "Forum", "LastPostIndex", "ForumName = :f", vals(":f", s(forum)));
    }

    @Test
    @DisplayName(
            "Seed 000 'global secondary indexes ... are updated asynchronously': ASYNC GSI stale before the delay, visible after")
    void asyncGsiStaleThenVisible() {
        openAsync();
        put(db, "Forum", item("ForumName", s("S3"), "Subject", s("a"), "Author", s("ann"), "LastPostDateTime", s("1")));
        assertThat(byAuthor("ann")).as("not yet propagated").isEmpty();
        assertThat(Fx.get(db, "Forum", item("ForumName", s("S3"), "Subject", s("a"))))
                .as("base table is strong")
                .isNotNull();
        clock.advance(Duration.ofMillis(99));
        assertThat(byAuthor("ann")).isEmpty();
        clock.advance(Duration.ofMillis(1));
        assertThat(byAuthor("ann")).hasSize(1);
    }

    @Test
    @DisplayName(
            "Seed 000 'your applications need to anticipate ... a query on a global secondary index returns results that are not up-to-date': moves and deletes lag too")
    void asyncGsiMovesAndDeletesLag() {
        openAsync();
        Map<String, AttributeValue> key = item("ForumName", s("S3"), "Subject", s("a"));
        put(db, "Forum", item("ForumName", s("S3"), "Subject", s("a"), "Author", s("ann"), "LastPostDateTime", s("1")));
        clock.advance(Duration.ofMillis(100));
        db.updateItem(UpdateItemRequest.builder()
                .tableName("Forum")
                .key(key)
                .updateExpression("SET Author = :b")
                .expressionAttributeValues(vals(":b", s("bob")))
                .build());
        assertThat(byAuthor("ann")).as("stale: old entry still there").hasSize(1);
        assertThat(byAuthor("bob")).isEmpty();
        clock.advance(Duration.ofMillis(100));
        assertThat(byAuthor("ann")).isEmpty();
        assertThat(byAuthor("bob")).hasSize(1);
        db.deleteItem(DeleteItemRequest.builder().tableName("Forum").key(key).build());
        assertThat(byAuthor("bob")).as("stale after delete").hasSize(1);
        clock.advance(Duration.ofMillis(100));
        assertThat(byAuthor("bob")).isEmpty();
    }

    @Test
    @DisplayName(
            "Seed 001 'A strongly consistent read from a local secondary index always returns the latest updated values' (also in ASYNC mode)")
    void lsiAlwaysStrong() {
        openAsync();
        put(db, "Forum", item("ForumName", s("S3"), "Subject", s("a"), "Author", s("ann"), "LastPostDateTime", s("1")));
        assertThat(lastPosts("S3")).hasSize(1);
        db.updateItem(UpdateItemRequest.builder()
                .tableName("Forum")
                .key(item("ForumName", s("S3"), "Subject", s("a")))
                .updateExpression("SET LastPostDateTime = :d")
                .expressionAttributeValues(vals(":d", s("2")))
                .build());
        assertThat(lastPosts("S3")).extracting(i -> i.get("LastPostDateTime")).containsExactly(s("2"));
        db.transactWriteItems(TransactWriteItemsRequest.builder()
                .transactItems(List.of(TransactWriteItem.put(
                        "Forum", item("ForumName", s("S3"), "Subject", s("b"), "LastPostDateTime", s("3")))))
                .build());
        assertThat(lastPosts("S3")).hasSize(2);
    }

    @Test
    @DisplayName(
            "DynamoDB semantics, 'ASYNC with a configurable delay': flushGsiPropagation applies pending work; GSI converges exactly (checkInvariants)")
    void flushAndConverge() {
        openAsync();
        for (int i = 0; i < 20; i++) {
            put(
                    db,
                    "Forum",
                    item(
                            "ForumName",
                            s("F" + (i % 3)),
                            "Subject",
                            s("s" + i),
                            "Author",
                            s("a" + (i % 4)),
                            "LastPostDateTime",
                            s("" + i)));
        }
        db.batchWriteItem(BatchWriteItemRequest.builder()
                .requestItems(Map.of(
                        "Forum",
                        List.of(
                                new WriteRequest.Delete(item("ForumName", s("F0"), "Subject", s("s0"))),
                                new WriteRequest.Put(item(
                                        "ForumName",
                                        s("F1"),
                                        "Subject",
                                        s("s1"),
                                        "Author",
                                        s("z"),
                                        "LastPostDateTime",
                                        s("x"))))))
                .build());
        assertThat(Fx.scanAll(db, "Forum", "ByAuthor")).isEmpty();
        db.flushGsiPropagation();
        assertThat(Fx.scanAll(db, "Forum", "ByAuthor")).hasSize(19);
        assertThat(byAuthor("z")).hasSize(1);
        db.checkInvariants();
    }

    @Test
    @DisplayName("DynamoDB semantics, 'SYNC (default — index updated before the write returns)'")
    void syncIsDefault() {
        db = TestStorage.create();
        db.createTable(forum());
        put(db, "Forum", item("ForumName", s("S3"), "Subject", s("a"), "Author", s("ann"), "LastPostDateTime", s("1")));
        assertThat(byAuthor("ann")).hasSize(1);
    }

    // ---- errors: typed, and bad input never changes state ---------------------------------------------------

    private void assertRejectedUnchanged(String what, Class<? extends StorageException> type, Executable bad) {
        var before = Fx.snapshot(db, "Forum");
        Throwable t = catchThrowable(bad::execute);
        assertThat(t).as(what).isInstanceOf(type);
        assertThat(((StorageException) t).errorCode()).as(what).isEqualTo(type.getSimpleName());
        assertThat(Fx.snapshot(db, "Forum")).as(what + " changed nothing").isEqualTo(before);
        db.checkInvariants();
    }

    @Test
    @DisplayName(
            "DynamoDB semantics, 'Typed exceptions mirroring DynamoDB's ... Bad input never corrupts state' — a battery of bad requests")
    void badInputNeverChangesState() {
        db = TestStorage.create();
        db.createTable(forum());
        for (int i = 0; i < 5; i++) {
            put(
                    db,
                    "Forum",
                    item(
                            "ForumName",
                            s("S3"),
                            "Subject",
                            s("s" + i),
                            "Author",
                            s("ann"),
                            "LastPostDateTime",
                            s("" + i)));
        }
        Map<String, AttributeValue> key = item("ForumName", s("S3"), "Subject", s("s1"));
        Map<String, AttributeValue> good =
                item("ForumName", s("S3"), "Subject", s("new"), "Author", s("bob"), "LastPostDateTime", s("9"));
        Map<String, AttributeValue> badType = new LinkedHashMap<>(good);
        badType.put("LastPostDateTime", n(9));

        assertRejectedUnchanged(
                "table key of wrong type",
                ValidationException.class,
                () -> put(db, "Forum", item("ForumName", n(1), "Subject", s("x"))));
        assertRejectedUnchanged(
                "missing sort key", ValidationException.class, () -> put(db, "Forum", item("ForumName", s("S3"))));
        assertRejectedUnchanged(
                "update of a key attribute",
                ValidationException.class,
                () -> db.updateItem(UpdateItemRequest.builder()
                        .tableName("Forum")
                        .key(key)
                        .updateExpression("SET Subject = :x")
                        .expressionAttributeValues(vals(":x", s("y")))
                        .build()));
        assertRejectedUnchanged(
                "update expression syntax error",
                ValidationException.class,
                () -> db.updateItem(UpdateItemRequest.builder()
                        .tableName("Forum")
                        .key(key)
                        .updateExpression("SET = = :x")
                        .expressionAttributeValues(vals(":x", s("y")))
                        .build()));
        assertRejectedUnchanged(
                "undefined value placeholder",
                ValidationException.class,
                () -> db.updateItem(UpdateItemRequest.builder()
                        .tableName("Forum")
                        .key(key)
                        .updateExpression("SET Author = :nope")
                        .build()));
        assertRejectedUnchanged(
                "ADD to a string",
                ValidationException.class,
                () -> db.updateItem(UpdateItemRequest.builder()
                        .tableName("Forum")
                        .key(key)
                        .updateExpression("ADD Author :one")
                        .expressionAttributeValues(vals(":one", n(1)))
                        .build()));
        assertRejectedUnchanged(
                "batch with one wrong-typed item among good ones",
                ValidationException.class,
                () -> db.batchWriteItem(BatchWriteItemRequest.builder()
                        .requestItems(Map.of(
                                "Forum",
                                List.of(
                                        new WriteRequest.Put(good),
                                        new WriteRequest.Put(item(
                                                "ForumName",
                                                s("S3"),
                                                "Subject",
                                                s("other"),
                                                "Author",
                                                n(1),
                                                "LastPostDateTime",
                                                s("1"))))))
                        .build()));
        assertRejectedUnchanged(
                "batch of 26 writes",
                ValidationException.class,
                () -> db.batchWriteItem(BatchWriteItemRequest.builder()
                        .requestItems(Map.of(
                                "Forum",
                                IntStream.range(0, 26)
                                        .mapToObj(i -> (WriteRequest)
                                                new WriteRequest.Put(item("ForumName", s("B"), "Subject", s("s" + i))))
                                        .toList()))
                        .build()));
        assertRejectedUnchanged(
                "batch with duplicate keys",
                ValidationException.class,
                () -> db.batchWriteItem(BatchWriteItemRequest.builder()
                        .requestItems(Map.of(
                                "Forum",
                                List.of(
                                        new WriteRequest.Put(good),
                                        new WriteRequest.Delete(item("ForumName", s("S3"), "Subject", s("new"))))))
                        .build()));
        assertRejectedUnchanged(
                "transaction touching one item twice",
                ValidationException.class,
                () -> db.transactWriteItems(TransactWriteItemsRequest.builder()
                        .transactItems(List.of(
                                TransactWriteItem.put("Forum", good),
                                TransactWriteItem.delete("Forum", item("ForumName", s("S3"), "Subject", s("new")))))
                        .build()));
        assertRejectedUnchanged(
                "transaction of 101 actions",
                ValidationException.class,
                () -> db.transactWriteItems(TransactWriteItemsRequest.builder()
                        .transactItems(IntStream.range(0, 101)
                                .mapToObj(i -> (TransactWriteItem) TransactWriteItem.put(
                                        "Forum", item("ForumName", s("T"), "Subject", s("s" + i))))
                                .toList())
                        .build()));
        assertRejectedUnchanged(
                "transaction with a failed condition",
                TransactionCanceledException.class,
                () -> db.transactWriteItems(TransactWriteItemsRequest.builder()
                        .transactItems(List.of(
                                TransactWriteItem.put("Forum", good),
                                TransactWriteItem.conditionCheck(
                                        "Forum", key, "attribute_not_exists(Subject)", null, null)))
                        .build()));
        assertRejectedUnchanged(
                "transaction with wrong-typed update",
                TransactionCanceledException.class,
                () -> db.transactWriteItems(TransactWriteItemsRequest.builder()
                        .transactItems(List.of(
                                TransactWriteItem.put("Forum", good),
                                TransactWriteItem.update(
                                        "Forum", key, "SET LastPostDateTime = :n", null, vals(":n", n(1)))))
                        .build()));
        assertRejectedUnchanged(
                "conditional put",
                ConditionalCheckFailedException.class,
                () -> db.putItem(PutItemRequest.builder()
                        .tableName("Forum")
                        .item(item("ForumName", s("S3"), "Subject", s("s1")))
                        .conditionExpression("attribute_not_exists(ForumName)")
                        .build()));
        assertRejectedUnchanged(
                "unknown table in a batch",
                ResourceNotFoundException.class,
                () -> db.batchWriteItem(BatchWriteItemRequest.builder()
                        .requestItems(Map.of("NoSuchTable", List.of(new WriteRequest.Put(good))))
                        .build()));
        assertRejectedUnchanged(
                "wrong-typed LSI key via PutItem", ValidationException.class, () -> put(db, "Forum", badType));
        assertRejectedUnchanged(
                "wrong-typed index key via UpdateItem",
                ValidationException.class,
                () -> db.updateItem(UpdateItemRequest.builder()
                        .tableName("Forum")
                        .key(key)
                        .updateExpression("SET Author = :n")
                        .expressionAttributeValues(vals(":n", n(1)))
                        .build()));
        assertRejectedUnchanged(
                "DeleteItem with a partial key",
                ValidationException.class,
                () -> db.deleteItem(DeleteItemRequest.builder()
                        .tableName("Forum")
                        .key(item("ForumName", s("S3")))
                        .build()));
        assertRejectedUnchanged(
                "PutItem ReturnValues ALL_NEW",
                ValidationException.class,
                () -> db.putItem(PutItemRequest.builder()
                        .tableName("Forum")
                        .item(good)
                        .returnValues(io.partita.storage.api.ReturnValues.ALL_NEW)
                        .build()));
    }
}
