package io.partita.storage.conformance;

import static io.partita.storage.conformance.Fx.item;
import static io.partita.storage.conformance.Fx.vals;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.partita.storage.ItemCollectionSizeLimitExceededException;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.TestStorage;
import io.partita.storage.TransactionCanceledException;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.BatchWriteItemResponse;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.ItemCollectionMetrics;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.TransactWriteItemsResponse;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Items;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Seed 001 "Item collections in Local Secondary Indexes": size metrics on writes and the (configurable) size limit. */
class ItemCollectionConformanceTest {
    private Storage db;

    @AfterEach
    void close() {
        db.checkInvariants();
        db.close();
    }

    /** A Thread item of exactly 1000 bytes; its LastPostIndex entry holds ForumName, Subject, LastPostDateTime. */
    private static Map<String, AttributeValue> post(String forum, String subject) {
        return Fx.padTo(
                item("ForumName", s(forum), "Subject", s(subject), "LastPostDateTime", s("2015-09-01T00:00:00.000Z")),
                "Body",
                1000);
    }

    /** Seed 001 storage: index item = table keys + index key + projected attributes + "100 bytes of overhead per index item". */
    private static long collectionBytes(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> entry = item(
                "ForumName",
                item.get("ForumName"),
                "Subject",
                item.get("Subject"),
                "LastPostDateTime",
                item.get("LastPostDateTime"));
        return (long) Items.size(item) + Items.size(entry) + 100;
    }

    private ItemCollectionMetrics putWithMetrics(Map<String, AttributeValue> item) {
        return db.putItem(PutItemRequest.builder()
                        .tableName("Thread")
                        .item(item)
                        .returnItemCollectionMetrics(true)
                        .build())
                .itemCollectionMetrics();
    }

    @Test
    @DisplayName(
            "Seed 001 'ReturnItemCollectionMetrics ... SIZE': every write path reports the collection key and its size")
    void metricsOnEveryWritePath() {
        db = TestStorage.create();
        db.createTable(Fx.thread());
        Map<String, AttributeValue> a = post("S3", "a");
        long one = collectionBytes(a);
        ItemCollectionMetrics m = putWithMetrics(a);
        assertThat(m.itemCollectionKey()).isEqualTo(Map.of("ForumName", s("S3")));
        assertThat(m.sizeBytes()).isEqualTo(one);
        assertThat(m.sizeEstimateLowerGb()).isEqualTo(0.0);
        assertThat(m.sizeEstimateUpperGb()).isEqualTo(1.0);

        ItemCollectionMetrics u = db.updateItem(UpdateItemRequest.builder()
                        .tableName("Thread")
                        .key(item("ForumName", s("S3"), "Subject", s("a")))
                        .updateExpression("REMOVE LastPostDateTime")
                        .returnItemCollectionMetrics(true)
                        .build())
                .itemCollectionMetrics();
        assertThat(u.sizeBytes())
                .as("no longer in the LSI, item 24+16 bytes smaller")
                .isEqualTo(1000 - 16 - 24);

        BatchWriteItemResponse b = db.batchWriteItem(BatchWriteItemRequest.builder()
                .requestItems(Map.of("Thread", List.of(new WriteRequest.Put(post("S3", "b")))))
                .returnItemCollectionMetrics(true)
                .build());
        assertThat(b.itemCollectionMetrics().get("Thread"))
                .extracting(ItemCollectionMetrics::sizeBytes)
                .containsExactly(1000 - 16 - 24 + one);

        TransactWriteItemsResponse t = db.transactWriteItems(TransactWriteItemsRequest.builder()
                .transactItems(List.of(TransactWriteItem.put("Thread", post("EC2", "c"))))
                .returnItemCollectionMetrics(true)
                .build());
        assertThat(t.itemCollectionMetrics().get("Thread"))
                .singleElement()
                .satisfies(x -> assertThat(x.itemCollectionKey()).isEqualTo(Map.of("ForumName", s("EC2"))))
                .satisfies(x -> assertThat(x.sizeBytes()).isEqualTo(collectionBytes(post("EC2", "c"))));

        ItemCollectionMetrics d = db.deleteItem(DeleteItemRequest.builder()
                        .tableName("Thread")
                        .key(item("ForumName", s("S3"), "Subject", s("b")))
                        .returnItemCollectionMetrics(true)
                        .build())
                .itemCollectionMetrics();
        assertThat(d.sizeBytes()).isEqualTo(1000 - 16 - 24);
    }

    @Test
    @DisplayName(
            "Seed 001 'This does not apply to item collections in tables without local secondary indexes': no metrics, no limit")
    void tablesWithoutLsisHaveNoCollections() {
        db = TestStorage.create(StorageOptions.defaults().withItemCollectionSizeLimit(1500));
        db.createTable(Fx.gameScores());
        for (int i = 0; i < 5; i++) {
            var r = db.putItem(PutItemRequest.builder()
                    .tableName("GameScores")
                    .item(Fx.padTo(item("UserId", s("u"), "GameTitle", s("g" + i)), "Body", 1000))
                    .returnItemCollectionMetrics(true)
                    .build());
            assertThat(r.itemCollectionMetrics()).isNull();
        }
        assertThat(Fx.scanAll(db, "GameScores")).hasSize(5);
    }

    @Test
    @DisplayName(
            "Seed 001 'ItemCollectionSizeLimitExceededException, and you won't be able to add more items to the item collection'")
    void limitStopsGrowthOfOneCollection() {
        long one = collectionBytes(post("S3", "a"));
        db = TestStorage.create(StorageOptions.defaults().withItemCollectionSizeLimit(3 * one + one / 2));
        db.createTable(Fx.thread());
        for (String subject : List.of("a", "b", "c")) {
            putWithMetrics(post("S3", subject));
        }
        var before = Fx.snapshot(db, "Thread");
        assertThatThrownBy(() -> putWithMetrics(post("S3", "d")))
                .isInstanceOf(ItemCollectionSizeLimitExceededException.class);
        // growing an existing item is refused too
        assertThatThrownBy(() -> db.updateItem(UpdateItemRequest.builder()
                        .tableName("Thread")
                        .key(item("ForumName", s("S3"), "Subject", s("a")))
                        .updateExpression("SET Extra = :x")
                        .expressionAttributeValues(vals(":x", s("y".repeat(one > 0 ? (int) one : 1))))
                        .build()))
                .isInstanceOf(ItemCollectionSizeLimitExceededException.class);
        assertThat(Fx.snapshot(db, "Thread")).isEqualTo(before);
        // "You can still add items to other item collections."
        putWithMetrics(post("EC2", "a"));
        putWithMetrics(post("EC2", "b"));
    }

    @Test
    @DisplayName(
            "Seed 001 '(Read and write operations that shrink the size of the item collection are still allowed.)'")
    void shrinkingWritesAllowedOverLimit() {
        long one = collectionBytes(post("S3", "a"));
        db = TestStorage.create(StorageOptions.defaults().withItemCollectionSizeLimit(2 * one));
        db.createTable(Fx.thread());
        putWithMetrics(post("S3", "a"));
        putWithMetrics(post("S3", "b"));
        assertThatThrownBy(() -> putWithMetrics(post("S3", "c")))
                .isInstanceOf(ItemCollectionSizeLimitExceededException.class);
        // shrink by removing an attribute
        ItemCollectionMetrics m = db.updateItem(UpdateItemRequest.builder()
                        .tableName("Thread")
                        .key(item("ForumName", s("S3"), "Subject", s("a")))
                        .updateExpression("REMOVE Body")
                        .returnItemCollectionMetrics(true)
                        .build())
                .itemCollectionMetrics();
        assertThat(m.sizeBytes()).isLessThan(2 * one);
        // a same-size replacement is not growth
        putWithMetrics(post("S3", "b"));
        // deleting is always allowed, then there is room again
        db.deleteItem(DeleteItemRequest.builder()
                .tableName("Thread")
                .key(item("ForumName", s("S3"), "Subject", s("b")))
                .build());
        putWithMetrics(post("S3", "c"));
        assertThat(Fx.scanAll(db, "Thread")).hasSize(2);
    }

    @Test
    @DisplayName(
            "Seed 001 item-collection limit in TransactWriteItems: cancelled with reason ItemCollectionSizeLimitExceeded, nothing written")
    void limitInTransactions() {
        long one = collectionBytes(post("S3", "a"));
        db = TestStorage.create(StorageOptions.defaults().withItemCollectionSizeLimit(one + one / 2));
        db.createTable(Fx.thread());
        putWithMetrics(post("S3", "a"));
        Throwable t = catchThrowable(() -> db.transactWriteItems(TransactWriteItemsRequest.builder()
                .transactItems(List.of(
                        TransactWriteItem.put("Thread", post("EC2", "x")),
                        TransactWriteItem.put("Thread", post("S3", "b"))))
                .build()));
        assertThat(t).isInstanceOf(TransactionCanceledException.class);
        assertThat(((TransactionCanceledException) t).reasons())
                .extracting(TransactionCanceledException.CancellationReason::code)
                .containsExactly("None", "ItemCollectionSizeLimitExceeded");
        assertThat(Fx.scanAll(db, "Thread")).hasSize(1);
        // Two actions that each fit but together overflow one collection are refused as well.
        Throwable both = catchThrowable(() -> db.transactWriteItems(TransactWriteItemsRequest.builder()
                .transactItems(List.of(
                        TransactWriteItem.put("Thread", post("EC2", "x")),
                        TransactWriteItem.put("Thread", post("EC2", "y"))))
                .build()));
        assertThat(both).isInstanceOf(TransactionCanceledException.class);
        assertThat(Fx.scanAll(db, "Thread")).hasSize(1);
    }
}
