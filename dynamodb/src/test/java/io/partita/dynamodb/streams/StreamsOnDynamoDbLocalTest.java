package io.partita.dynamodb.streams;

import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.dynamodb.DynamoDbBackend;
import io.partita.dynamodb.DynamoDbLocal;
import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.ValidationException;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.DescribeStreamRequest;
import io.partita.storage.api.GetRecordsRequest;
import io.partita.storage.api.GetRecordsResponse;
import io.partita.storage.api.GetShardIteratorRequest;
import io.partita.storage.api.ListStreamsRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.Shard;
import io.partita.storage.api.ShardIteratorType;
import io.partita.storage.api.StreamDescription;
import io.partita.storage.api.StreamEventName;
import io.partita.storage.api.StreamRecord;
import io.partita.storage.api.StreamStatus;
import io.partita.storage.api.TableDescription;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.StreamSpecification;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.value.AttributeValue;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The DynamoDB backend's streams on DynamoDB Local (in process, its streams client given): a table's
 * StreamSpecification at CreateTable and UpdateTable, and ListStreams, DescribeStream, GetShardIterator and GetRecords
 * mapped to the core's records. The assertions are those of the core's {@code StreamsConformanceTest} and
 * {@code StreamReadsConformanceTest} where DynamoDB Local agrees with them. Where they differ or are not checked here
 * (DynamoDB Local 3.3.1):
 *
 * <ul>
 *   <li>error messages are DynamoDB Local's own (the tests check the exception types, not the core's wording), and
 *       its in-process streams client raises an expired iterator as a plain {@code DynamoDbException} with the code
 *       {@code ExpiredIteratorException} and an empty message (the backend maps it by code);
 *   <li>a deleted table's streams stay listed, and a new table of the same name without a stream reports the last of
 *       them as its {@code LatestStreamArn}: each test uses its own table name;
 *   <li>shard rollover is DynamoDB Local's (4 hours, or {@code triggerShardRollovers()}), not the core's configurable
 *       record count and age;
 *   <li>iterator expiry and trimming are not checked here: DynamoDB Local moves its event clock with
 *       {@code dilateEventTimes}, but an iterator was still accepted right after a 16-minute dilation in one run of
 *       three (the move is not synchronous), and a test may not wait for it; the mapping of
 *       {@code ExpiredIteratorException} and {@code TrimmedDataAccessException} is {@code StreamErrorsTest}'s;
 *   <li>time-to-live deletions ({@code userIdentity} "Service") and the 1 MB GetRecords page are not exercised here.
 * </ul>
 */
class StreamsOnDynamoDbLocalTest {
    private static final AtomicInteger TABLES = new AtomicInteger();

    /**
     * Each test's own table name: DynamoDB Local, like DynamoDB, keeps a deleted table's streams listed (and reports
     * the last one as a new table's {@code LatestStreamArn} when the name is reused), so a shared name would see
     * earlier tests' streams.
     */
    String T;

    DynamoDbBackend db;

    @BeforeEach
    void open() {
        DynamoDbLocal.deleteAllTables();
        T = "Orders" + TABLES.incrementAndGet();
        db = new DynamoDbBackend(DynamoDbLocal.client(), DynamoDbLocal.streamsClient());
    }

    @AfterEach
    void close() {
        db.close();
    }

    io.partita.storage.schema.TableDefinition orders(StreamViewType view) {
        return io.partita.storage.schema.TableDefinition.builder(T)
                .partitionKey(KeyAttribute.s("Customer"))
                .sortKey(KeyAttribute.n("OrderId"))
                .streamSpecification(view == null ? null : StreamSpecification.enabled(view))
                .build();
    }

    static Map<String, AttributeValue> order(String customer, long id) {
        return Map.of("Customer", s(customer), "OrderId", n(id));
    }

    void put(Map<String, AttributeValue> item) {
        db.putItem(PutItemRequest.builder().tableName(T).item(item).build());
    }

    String arn() {
        return db.describeTable(T).latestStreamArn();
    }

    Shard onlyShard(String arn) {
        List<Shard> shards = db.describeStream(DescribeStreamRequest.of(arn)).shards();
        assertThat(shards).hasSize(1);
        return shards.get(0);
    }

    String iterator(String arn, Shard shard, ShardIteratorType type, String sequenceNumber) {
        return db.getShardIterator(new GetShardIteratorRequest(arn, shard.shardId(), type, sequenceNumber))
                .shardIterator();
    }

    /** Every record of the stream: each shard (parents first) from TRIM_HORIZON to its end or, if open, its last record. */
    List<StreamRecord> readAll(String arn, Integer limit) {
        List<StreamRecord> out = new java.util.ArrayList<>();
        for (Shard shard : db.describeStream(DescribeStreamRequest.of(arn)).shards()) {
            String it = iterator(arn, shard, ShardIteratorType.TRIM_HORIZON, null);
            while (it != null) {
                GetRecordsResponse r = db.getRecords(new GetRecordsRequest(it, limit));
                out.addAll(r.records());
                if (r.records().isEmpty() && !shard.isClosed()) {
                    break;
                }
                it = r.nextShardIterator();
            }
        }
        return out;
    }

    static List<Long> ids(List<StreamRecord> records) {
        return records.stream()
                .map(r -> ((AttributeValue.N) r.keys().get("OrderId")).value().longValueExact())
                .toList();
    }

    @Test
    void createTableCarriesTheStreamAndDescriptionsShowIt() {
        TableDescription created = db.createTable(orders(StreamViewType.NEW_AND_OLD_IMAGES));
        TableDescription described = db.describeTable(T);

        assertThat(described.streamSpecification())
                .isEqualTo(StreamSpecification.enabled(StreamViewType.NEW_AND_OLD_IMAGES));
        assertThat(created.latestStreamArn()).isEqualTo(described.latestStreamArn());
        assertThat(described.latestStreamArn())
                .contains(":table/" + T + "/stream/")
                .endsWith(described.latestStreamLabel());
        assertThat(db.listStreams(ListStreamsRequest.of(T)).streams())
                .singleElement()
                .satisfies(s -> {
                    assertThat(s.streamArn()).isEqualTo(described.latestStreamArn());
                    assertThat(s.tableName()).isEqualTo(T);
                    assertThat(s.streamLabel()).isEqualTo(described.latestStreamLabel());
                });
        StreamDescription d = db.describeStream(DescribeStreamRequest.of(described.latestStreamArn()));
        assertThat(d.streamStatus()).isEqualTo(StreamStatus.ENABLED);
        assertThat(d.streamViewType()).isEqualTo(StreamViewType.NEW_AND_OLD_IMAGES);
        assertThat(d.tableName()).isEqualTo(T);
        assertThat(d.partitionKey()).isEqualTo(KeyAttribute.s("Customer"));
        assertThat(d.sortKey()).isEqualTo(KeyAttribute.n("OrderId"));
        assertThat(d.streamLabel()).isEqualTo(described.latestStreamLabel());
        assertThat(d.creationRequestDateTime()).isNotNull();
        assertThat(onlyShard(d.streamArn()).isClosed()).isFalse();
    }

    @Test
    void aTableWithoutAStreamHasNone() {
        db.createTable(orders(null));
        TableDescription d = db.describeTable(T);
        assertThat(d.streamSpecification()).isEqualTo(StreamSpecification.DISABLED);
        assertThat(d.latestStreamArn()).isNull();
        assertThat(d.latestStreamLabel()).isNull();
        assertThat(db.listStreams(ListStreamsRequest.of(T)).streams()).isEmpty();
    }

    @Test
    void recordsCarryEventNamesKeysImagesAndIncreasingSequenceNumbers() {
        db.createTable(orders(StreamViewType.NEW_AND_OLD_IMAGES));
        put(Map.of("Customer", s("alice"), "OrderId", n(1), "Cents", n(10)));
        db.updateItem(UpdateItemRequest.builder()
                .tableName(T)
                .key(order("alice", 1))
                .updateExpression("SET Cents = :t")
                .expressionAttributeValues(Map.of(":t", n(12)))
                .build());
        put(Map.of("Customer", s("alice"), "OrderId", n(1), "Cents", n(12))); // unchanged: no record
        db.deleteItem(
                DeleteItemRequest.builder().tableName(T).key(order("alice", 1)).build());
        db.deleteItem(
                DeleteItemRequest.builder().tableName(T).key(order("alice", 2)).build()); // missing: no record

        List<StreamRecord> records = readAll(arn(), null);

        assertThat(records)
                .extracting(StreamRecord::eventName)
                .containsExactly(StreamEventName.INSERT, StreamEventName.MODIFY, StreamEventName.REMOVE);
        StreamRecord insert = records.get(0);
        StreamRecord modify = records.get(1);
        StreamRecord remove = records.get(2);
        assertThat(insert.keys()).isEqualTo(order("alice", 1));
        assertThat(insert.oldImage()).isNull();
        assertThat(insert.newImage()).containsEntry("Cents", n(10));
        assertThat(modify.oldImage()).containsEntry("Cents", n(10));
        assertThat(modify.newImage()).containsEntry("Cents", n(12));
        assertThat(remove.oldImage()).containsEntry("Cents", n(12));
        assertThat(remove.newImage()).isNull();
        for (StreamRecord r : records) {
            assertThat(r.eventId()).isNotBlank();
            assertThat(r.streamViewType()).isEqualTo(StreamViewType.NEW_AND_OLD_IMAGES);
            assertThat(r.sizeBytes()).isPositive();
            assertThat(r.approximateCreationDateTime()).isNotNull();
            assertThat(r.userIdentity()).isNull();
        }
        assertThat(new BigInteger(insert.sequenceNumber())).isLessThan(new BigInteger(modify.sequenceNumber()));
        assertThat(new BigInteger(modify.sequenceNumber())).isLessThan(new BigInteger(remove.sequenceNumber()));
    }

    @Test
    void keysOnlyRecordsCarryNoImages() {
        db.createTable(orders(StreamViewType.KEYS_ONLY));
        put(Map.of("Customer", s("alice"), "OrderId", n(1), "Cents", n(10)));
        StreamRecord r = readAll(arn(), null).get(0);
        assertThat(r.keys()).isEqualTo(order("alice", 1));
        assertThat(r.newImage()).isNull();
        assertThat(r.oldImage()).isNull();
        assertThat(r.streamViewType()).isEqualTo(StreamViewType.KEYS_ONLY);
    }

    @Test
    void iteratorTypesStartWhereTheySay() {
        db.createTable(orders(StreamViewType.NEW_IMAGE));
        String arn = arn();
        Shard shard = onlyShard(arn);
        String latestBefore = iterator(arn, shard, ShardIteratorType.LATEST, null);
        for (int i = 1; i <= 3; i++) {
            put(order("alice", i));
        }
        String latestAfter = iterator(arn, shard, ShardIteratorType.LATEST, null);
        List<StreamRecord> all = db.getRecords(
                        GetRecordsRequest.of(iterator(arn, shard, ShardIteratorType.TRIM_HORIZON, null)))
                .records();
        assertThat(ids(all)).containsExactly(1L, 2L, 3L);
        assertThat(ids(db.getRecords(GetRecordsRequest.of(latestBefore)).records()))
                .containsExactly(1L, 2L, 3L);
        GetRecordsResponse none = db.getRecords(GetRecordsRequest.of(latestAfter));
        assertThat(none.records()).isEmpty();
        assertThat(none.nextShardIterator()).isNotNull(); // an open shard: keep reading
        String second = all.get(1).sequenceNumber();
        assertThat(ids(db.getRecords(GetRecordsRequest.of(
                                iterator(arn, shard, ShardIteratorType.AT_SEQUENCE_NUMBER, second)))
                        .records()))
                .containsExactly(2L, 3L);
        assertThat(ids(db.getRecords(GetRecordsRequest.of(
                                iterator(arn, shard, ShardIteratorType.AFTER_SEQUENCE_NUMBER, second)))
                        .records()))
                .containsExactly(3L);
        put(order("alice", 4));
        assertThat(ids(db.getRecords(GetRecordsRequest.of(none.nextShardIterator()))
                        .records()))
                .containsExactly(4L);
    }

    @Test
    void limitPagesFollowNextShardIterator() {
        db.createTable(orders(StreamViewType.NEW_IMAGE));
        for (int i = 1; i <= 5; i++) {
            put(order("alice", i));
        }
        String arn = arn();
        String it = iterator(arn, onlyShard(arn), ShardIteratorType.TRIM_HORIZON, null);
        assertThatThrownBy(() -> db.getRecords(new GetRecordsRequest(it, 0))).isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> db.getRecords(new GetRecordsRequest(it, 1001)))
                .isInstanceOf(ValidationException.class);
        GetRecordsResponse first = db.getRecords(new GetRecordsRequest(it, 2));
        GetRecordsResponse second = db.getRecords(new GetRecordsRequest(first.nextShardIterator(), 2));
        GetRecordsResponse third = db.getRecords(new GetRecordsRequest(second.nextShardIterator(), 2));
        assertThat(ids(first.records())).containsExactly(1L, 2L);
        assertThat(ids(second.records())).containsExactly(3L, 4L);
        assertThat(ids(third.records())).containsExactly(5L);
        assertThat(readAll(arn, 1)).hasSize(5);
    }

    @Test
    void iteratorRequestsAreValidated() {
        db.createTable(orders(StreamViewType.NEW_IMAGE));
        put(order("alice", 1));
        String arn = arn();
        Shard shard = onlyShard(arn);
        assertThatThrownBy(() -> iterator(arn, shard, ShardIteratorType.AT_SEQUENCE_NUMBER, null))
                .isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> db.getShardIterator(GetShardIteratorRequest.of(
                        arn, "shardId-00000000000000000000-00000000", ShardIteratorType.LATEST)))
                .isInstanceOf(ResourceNotFoundException.class);
        String unknown = arn.substring(0, arn.lastIndexOf('/') + 1) + "2000-01-01T00:00:00.000";
        assertThatThrownBy(() -> db.describeStream(DescribeStreamRequest.of(unknown)))
                .isInstanceOf(ResourceNotFoundException.class);
    }

    @Test
    void updateTableEnablesAndDisablesTheStream() {
        db.createTable(orders(null));
        TableDescription enabled =
                db.updateStreamSpecification(T, StreamSpecification.enabled(StreamViewType.NEW_IMAGE));
        assertThat(enabled.streamSpecification()).isEqualTo(StreamSpecification.enabled(StreamViewType.NEW_IMAGE));
        String first = enabled.latestStreamArn();
        assertThat(first).isNotNull();
        put(order("alice", 1));

        assertThatThrownBy(() -> db.updateStreamSpecification(T, StreamSpecification.enabled(StreamViewType.KEYS_ONLY)))
                .isInstanceOf(ValidationException.class);

        TableDescription disabled = db.updateStreamSpecification(T, StreamSpecification.disabled());
        assertThat(disabled.streamSpecification()).isEqualTo(StreamSpecification.DISABLED);
        assertThat(disabled.latestStreamArn()).isEqualTo(first); // a disabled stream stays the latest
        assertThat(db.describeStream(DescribeStreamRequest.of(first)).streamStatus())
                .isIn(StreamStatus.DISABLING, StreamStatus.DISABLED);
        assertThat(ids(readAll(first, null))).containsExactly(1L); // and readable

        TableDescription again = db.updateStreamSpecification(T, StreamSpecification.enabled(StreamViewType.KEYS_ONLY));
        assertThat(again.latestStreamArn()).isNotEqualTo(first);
        assertThat(again.latestStreamLabel()).isNotEqualTo(enabled.latestStreamLabel());
        assertThat(db.listStreams(ListStreamsRequest.of(T)).streams()).hasSize(2);
    }

    @Test
    void shardsRollOverNamingTheirParentAndAreReadParentFirst() {
        db.createTable(orders(StreamViewType.NEW_IMAGE));
        String arn = arn();
        put(order("alice", 1));
        put(order("alice", 2));
        DynamoDbLocal.rollOverShards();
        put(order("alice", 3));

        List<Shard> shards = db.describeStream(DescribeStreamRequest.of(arn)).shards();
        assertThat(shards).hasSize(2);
        assertThat(shards.get(0).isClosed()).isTrue();
        assertThat(shards.get(1).parentShardId()).isEqualTo(shards.get(0).shardId());
        assertThat(shards.get(1).isClosed()).isFalse();
        assertThat(ids(readAll(arn, null))).containsExactly(1L, 2L, 3L);
        GetRecordsResponse closed =
                db.getRecords(GetRecordsRequest.of(iterator(arn, shards.get(0), ShardIteratorType.TRIM_HORIZON, null)));
        assertThat(ids(closed.records())).containsExactly(1L, 2L);
        assertThat(closed.nextShardIterator()).isNull(); // a closed shard read to its end
        StreamDescription firstPage = db.describeStream(new DescribeStreamRequest(arn, 1, null));
        assertThat(firstPage.shards())
                .extracting(Shard::shardId)
                .containsExactly(shards.get(0).shardId());
        assertThat(firstPage.lastEvaluatedShardId()).isEqualTo(shards.get(0).shardId());
    }
}
