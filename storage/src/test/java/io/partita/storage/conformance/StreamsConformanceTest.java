package io.partita.storage.conformance;

import static io.partita.storage.StreamReads.readAll;
import static io.partita.storage.conformance.Fx.item;
import static io.partita.storage.conformance.Fx.put;
import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.ConditionalCheckFailedException;
import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.TestStorage;
import io.partita.storage.ValidationException;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.DescribeStreamRequest;
import io.partita.storage.api.ListStreamsRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.Shard;
import io.partita.storage.api.StreamDescription;
import io.partita.storage.api.StreamEventName;
import io.partita.storage.api.StreamRecord;
import io.partita.storage.api.StreamStatus;
import io.partita.storage.api.StreamSummary;
import io.partita.storage.api.TableDescription;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.StreamSpecification;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Items;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * DynamoDB Streams in the core (developer guide "Change data capture for DynamoDB Streams"; Streams API reference):
 * the stream a table's StreamSpecification opens, its records (one per item-level change that changed the item,
 * images per view type), and how UpdateTable switches it. Reading and retention are in
 * {@link StreamReadsConformanceTest}. Runs on both cores.
 */
class StreamsConformanceTest {
    static final String T = "Orders";

    final Fx.MutableClock clock = new Fx.MutableClock();
    Storage db;

    static TableDefinition orders(StreamViewType view) {
        return TableDefinition.builder(T)
                .partitionKey(KeyAttribute.s("Customer"))
                .sortKey(KeyAttribute.n("OrderId"))
                .timeToLive("ExpiresAt")
                .streamSpecification(view == null ? null : StreamSpecification.enabled(view))
                .build();
    }

    Storage open(StreamViewType view) {
        return open(view, StorageOptions.defaults());
    }

    Storage open(StreamViewType view, StorageOptions options) {
        db = TestStorage.create(options.withClock(clock).withTimeToLiveSweepInterval(Duration.ZERO));
        db.createTable(orders(view));
        return db;
    }

    @AfterEach
    void close() {
        if (db != null) {
            db.checkInvariants();
            db.close();
        }
    }

    static Map<String, AttributeValue> order(String customer, long id, Object... more) {
        Map<String, AttributeValue> m = item("Customer", s(customer), "OrderId", n(id));
        m.putAll(item(more));
        return m;
    }

    static Map<String, AttributeValue> key(String customer, long id) {
        return order(customer, id);
    }

    String arn() {
        return db.describeTable(T).latestStreamArn();
    }

    List<StreamRecord> records() {
        return readAll(db, arn());
    }

    @Test
    void createTableWithAStreamOpensItWithALabelAndArn() {
        open(StreamViewType.NEW_AND_OLD_IMAGES);
        TableDescription d = db.describeTable(T);
        assertThat(d.streamSpecification()).isEqualTo(StreamSpecification.enabled(StreamViewType.NEW_AND_OLD_IMAGES));
        assertThat(d.latestStreamLabel()).isEqualTo("2026-01-01T00:00:00.000");
        assertThat(d.latestStreamArn())
                .isEqualTo("arn:aws:dynamodb:ddblocal:000000000000:table/Orders/stream/2026-01-01T00:00:00.000");
        assertThat(db.listStreams(ListStreamsRequest.all()).streams())
                .containsExactly(new StreamSummary(d.latestStreamArn(), T, d.latestStreamLabel()));
        StreamDescription s = db.describeStream(DescribeStreamRequest.of(d.latestStreamArn()));
        assertThat(s.streamStatus()).isEqualTo(StreamStatus.ENABLED);
        assertThat(s.streamViewType()).isEqualTo(StreamViewType.NEW_AND_OLD_IMAGES);
        assertThat(s.tableName()).isEqualTo(T);
        assertThat(s.partitionKey()).isEqualTo(KeyAttribute.s("Customer"));
        assertThat(s.sortKey()).isEqualTo(KeyAttribute.n("OrderId"));
        assertThat(s.creationRequestDateTime()).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
        assertThat(s.shards()).hasSize(1);
        Shard shard = s.shards().get(0);
        assertThat(shard.parentShardId()).isNull();
        assertThat(shard.isClosed()).isFalse();
        assertThat(shard.startingSequenceNumber()).matches("[0-9]+");
    }

    @Test
    void aTableWithoutAStreamHasNoneAndWritesNoRecords() {
        open(null);
        put(db, T, order("alice", 1));
        TableDescription d = db.describeTable(T);
        assertThat(d.streamSpecification()).isEqualTo(StreamSpecification.DISABLED);
        assertThat(d.latestStreamArn()).isNull();
        assertThat(d.latestStreamLabel()).isNull();
        assertThat(db.listStreams(ListStreamsRequest.all()).streams()).isEmpty();
    }

    @Test
    void enablingAnEnabledStreamOrChangingItsViewTypeOrDisablingNoneIsAValidationException() {
        open(StreamViewType.KEYS_ONLY);
        assertThatThrownBy(() -> db.updateStreamSpecification(T, StreamSpecification.enabled(StreamViewType.KEYS_ONLY)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Table already has an enabled stream: TableName: Orders");
        assertThatThrownBy(() -> db.updateStreamSpecification(T, StreamSpecification.enabled(StreamViewType.NEW_IMAGE)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Table already has an enabled stream: TableName: Orders");
        db.updateStreamSpecification(T, StreamSpecification.disabled());
        assertThatThrownBy(() -> db.updateStreamSpecification(T, StreamSpecification.disabled()))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Table has no stream to disable: TableName: Orders");
        assertThatThrownBy(() -> db.updateStreamSpecification(T, new StreamSpecification(true, null)))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("StreamViewType");
    }

    @Test
    void disablingClosesTheStreamWhichStaysReadableAndEnablingOpensANewOne() {
        open(StreamViewType.KEYS_ONLY);
        put(db, T, order("alice", 1));
        String first = arn();
        TableDescription off = db.updateStreamSpecification(T, StreamSpecification.disabled());
        assertThat(off.streamSpecification().enabled()).isFalse();
        assertThat(off.latestStreamArn()).isEqualTo(first); // the latest stream, though disabled
        put(db, T, order("alice", 2)); // no stream: no record anywhere
        StreamDescription closed = db.describeStream(DescribeStreamRequest.of(first));
        assertThat(closed.streamStatus()).isEqualTo(StreamStatus.DISABLED);
        assertThat(closed.shards()).allMatch(Shard::isClosed);
        assertThat(readAll(db, first)).hasSize(1);

        TableDescription on = db.updateStreamSpecification(T, StreamSpecification.enabled(StreamViewType.NEW_IMAGE));
        assertThat(on.latestStreamArn()).isNotEqualTo(first);
        assertThat(on.latestStreamLabel()).isGreaterThan(closed.streamLabel());
        put(db, T, order("alice", 3));
        assertThat(records()).extracting(r -> r.keys().get("OrderId")).containsExactly(n(3));
        assertThat(db.listStreams(ListStreamsRequest.of(T)).streams())
                .extracting(StreamSummary::streamArn)
                .containsExactly(first, on.latestStreamArn());
    }

    @Test
    void insertModifyAndRemoveRecordsCarryKeysBothImagesAndIncreasingSequenceNumbers() {
        open(StreamViewType.NEW_AND_OLD_IMAGES);
        put(db, T, order("alice", 1, "Spent", n(10)));
        clock.advance(Duration.ofSeconds(5));
        put(db, T, order("alice", 1, "Spent", n(12)));
        db.deleteItem(
                DeleteItemRequest.builder().tableName(T).key(key("alice", 1)).build());
        List<StreamRecord> r = records();
        assertThat(r)
                .extracting(StreamRecord::eventName)
                .containsExactly(StreamEventName.INSERT, StreamEventName.MODIFY, StreamEventName.REMOVE);
        assertThat(r).allSatisfy(x -> {
            assertThat(x.keys()).isEqualTo(key("alice", 1));
            assertThat(x.streamViewType()).isEqualTo(StreamViewType.NEW_AND_OLD_IMAGES);
            assertThat(x.sequenceNumber()).matches("[0-9]+");
            assertThat(x.userIdentity()).isNull();
        });
        assertThat(r.get(0).oldImage()).isNull();
        assertThat(r.get(0).newImage()).isEqualTo(order("alice", 1, "Spent", n(10)));
        assertThat(r.get(1).oldImage()).isEqualTo(order("alice", 1, "Spent", n(10)));
        assertThat(r.get(1).newImage()).isEqualTo(order("alice", 1, "Spent", n(12)));
        assertThat(r.get(2).oldImage()).isEqualTo(order("alice", 1, "Spent", n(12)));
        assertThat(r.get(2).newImage()).isNull();
        assertThat(r.get(0).sizeBytes())
                .isEqualTo(Items.size(key("alice", 1)) + Items.size(order("alice", 1, "Spent", n(10))));
        assertThat(r.get(0).approximateCreationDateTime()).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
        assertThat(r.get(1).approximateCreationDateTime()).isEqualTo(Instant.parse("2026-01-01T00:00:05Z"));
        assertThat(new java.math.BigInteger(r.get(0).sequenceNumber()))
                .isLessThan(new java.math.BigInteger(r.get(1).sequenceNumber()));
        assertThat(new java.math.BigInteger(r.get(1).sequenceNumber()))
                .isLessThan(new java.math.BigInteger(r.get(2).sequenceNumber()));
        assertThat(r).extracting(StreamRecord::eventId).doesNotHaveDuplicates();
    }

    @Test
    void eachViewTypeCarriesItsImagesOnly() {
        for (StreamViewType view : StreamViewType.values()) {
            open(view);
            put(db, T, order("alice", 1, "Spent", n(10)));
            put(db, T, order("alice", 1, "Spent", n(11)));
            StreamRecord modify = records().get(1);
            assertThat(modify.keys()).isEqualTo(key("alice", 1));
            assertThat(modify.newImage() != null).as(view + " new").isEqualTo(view.hasNewImage());
            assertThat(modify.oldImage() != null).as(view + " old").isEqualTo(view.hasOldImage());
            long images = (view.hasNewImage() ? (long) Items.size(order("alice", 1, "Spent", n(11))) : 0)
                    + (view.hasOldImage() ? Items.size(order("alice", 1, "Spent", n(10))) : 0);
            assertThat(modify.sizeBytes()).isEqualTo(Items.size(key("alice", 1)) + images);
            close();
        }
        db = null;
    }

    @Test
    void aWriteThatChangesNothingWritesNoRecord() {
        open(StreamViewType.NEW_AND_OLD_IMAGES);
        put(db, T, order("alice", 1, "Spent", n(10)));
        put(db, T, order("alice", 1, "Spent", n(10))); // the same item again
        db.deleteItem(
                DeleteItemRequest.builder().tableName(T).key(key("bob", 1)).build()); // missing
        assertThatThrownBy(() -> db.putItem(PutItemRequest.builder()
                        .tableName(T)
                        .item(order("alice", 1, "Spent", n(99)))
                        .conditionExpression("attribute_not_exists(Customer)")
                        .build()))
                .isInstanceOf(ConditionalCheckFailedException.class);
        db.updateItem(UpdateItemRequest.builder()
                .tableName(T)
                .key(key("alice", 1))
                .updateExpression("SET Spent = :t")
                .expressionAttributeValues(Map.of(":t", n(10)))
                .build()); // sets the value it has
        assertThat(records()).extracting(StreamRecord::eventName).containsExactly(StreamEventName.INSERT);
    }

    @Test
    void aTransactionOrBatchWritesOneRecordPerItem() {
        open(StreamViewType.KEYS_ONLY);
        db.transactWriteItems(TransactWriteItemsRequest.builder()
                .transactItems(List.of(
                        new TransactWriteItem.Put(T, order("alice", 1), null, null, null, false),
                        new TransactWriteItem.Put(T, order("alice", 2), null, null, null, false),
                        new TransactWriteItem.Update(
                                T, key("bob", 1), "SET Spent = :t", null, null, Map.of(":t", n(1)), false)))
                .build());
        db.batchWriteItem(BatchWriteItemRequest.builder()
                .requestItems(Map.of(
                        T,
                        List.of(
                                WriteRequest.put(order("carol", 1)),
                                WriteRequest.delete(key("alice", 1)),
                                WriteRequest.delete(key("nobody", 1)))))
                .build());
        assertThat(records())
                .extracting(r -> List.of(r.eventName(), r.keys()))
                .containsExactlyInAnyOrder(
                        List.of(StreamEventName.INSERT, key("alice", 1)),
                        List.of(StreamEventName.INSERT, key("alice", 2)),
                        List.of(StreamEventName.INSERT, key("bob", 1)),
                        List.of(StreamEventName.INSERT, key("carol", 1)),
                        List.of(StreamEventName.REMOVE, key("alice", 1)));
    }

    @Test
    void timeToLiveDeletionsAreRemoveRecordsByTheService() {
        open(StreamViewType.OLD_IMAGE);
        long now = clock.instant().getEpochSecond();
        put(db, T, order("alice", 1, "ExpiresAt", n(now + 10)));
        clock.advance(Duration.ofSeconds(11));
        assertThat(db.expireItems()).isEqualTo(1);
        List<StreamRecord> r = records();
        assertThat(r).hasSize(2);
        assertThat(r.get(0).userIdentity()).isNull();
        assertThat(r.get(1).eventName()).isEqualTo(StreamEventName.REMOVE);
        assertThat(r.get(1).oldImage()).isEqualTo(order("alice", 1, "ExpiresAt", n(now + 10)));
        assertThat(r.get(1).userIdentity()).isEqualTo(new StreamRecord.Identity("Service", "dynamodb.amazonaws.com"));
    }

    @Test
    void deletingTheTableDisablesItsStreamWhichStaysReadable() {
        open(StreamViewType.KEYS_ONLY);
        put(db, T, order("alice", 1));
        String stream = arn();
        db.deleteTable(T);
        assertThat(db.describeStream(DescribeStreamRequest.of(stream)).streamStatus())
                .isEqualTo(StreamStatus.DISABLED);
        assertThat(readAll(db, stream)).hasSize(1);
        db.createTable(orders(StreamViewType.KEYS_ONLY)); // a new table of the same name: a new stream
        assertThat(arn()).isNotEqualTo(stream);
        assertThat(records()).isEmpty();
    }

    @Test
    void unknownStreamsAndShardsAreResourceNotFound() {
        open(StreamViewType.KEYS_ONLY);
        assertThatThrownBy(() -> db.describeStream(DescribeStreamRequest.of(arn() + "x")))
                .isInstanceOf(ResourceNotFoundException.class)
                .hasMessageContaining("Stream: " + arn() + "x not found");
        assertThatThrownBy(() -> db.getShardIterator(io.partita.storage.api.GetShardIteratorRequest.of(
                        arn(), "shardId-nope", io.partita.storage.api.ShardIteratorType.LATEST)))
                .isInstanceOf(ResourceNotFoundException.class)
                .hasMessageContaining("shardId-nope");
    }
}
