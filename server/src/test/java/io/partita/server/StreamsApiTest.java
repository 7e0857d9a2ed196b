package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamDescription;
import software.amazon.awssdk.services.dynamodb.model.StreamStatus;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TrimmedDataAccessException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The DynamoDB Streams API on the server, through the SDK's {@link DynamoDbStreamsClient} on the server's port: the
 * table's stream in Create/Describe/UpdateTable, ListStreams, DescribeStream with parent shards, the four iterator
 * types, Limit and NextShardIterator, expired iterators and trimmed records (on the core's clock, moved by the
 * test), time-to-live deletions, and the errors.
 */
// the SDK's Consumer<Builder>... overloads (keySchema(k -> ...)) are generic varargs
@SuppressWarnings("unchecked")
class StreamsApiTest {
    private final TestClock clock = new TestClock(Instant.parse("2026-11-28T08:00:00Z"));
    private Storage storage;
    private PartitaServer server;
    private DynamoDbClient ddb;
    private DynamoDbStreamsClient streams;

    @BeforeEach
    void start() throws InterruptedException {
        // a shard closes after 3 records, so a few writes make a parent and a child
        storage = Storage.inMemory(StorageOptions.defaults()
                .withClock(clock)
                .withTimeToLiveSweepInterval(Duration.ZERO)
                .withStreamShardRollover(3, Duration.ofDays(2)));
        server = PartitaServer.start(PartitaServer.Options.defaults().port(0), storage);
        AwsBasicCredentials dummy = AwsBasicCredentials.create("dummy", "dummy");
        ddb = DynamoDbClient.builder()
                .endpointOverride(server.endpoint())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(dummy))
                .build();
        streams = DynamoDbStreamsClient.builder()
                .endpointOverride(server.endpoint())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(dummy))
                .build();
    }

    @AfterEach
    void stop() {
        streams.close();
        ddb.close();
        server.close();
        storage.close();
    }

    private TableDescription createTable(String name, StreamViewType view) {
        return ddb.createTable(b -> b.tableName(name)
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                        .billingMode("PAY_PER_REQUEST")
                        .streamSpecification(s -> s.streamEnabled(true).streamViewType(view)))
                .tableDescription();
    }

    private void put(String table, String pk, String value) {
        ddb.putItem(
                b -> b.tableName(table).item(Map.of("pk", AttributeValue.fromS(pk), "v", AttributeValue.fromS(value))));
    }

    private List<Shard> shards(String arn) {
        return streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards();
    }

    private String iterator(String arn, String shard, ShardIteratorType type, String sequenceNumber) {
        return streams.getShardIterator(b ->
                        b.streamArn(arn).shardId(shard).shardIteratorType(type).sequenceNumber(sequenceNumber))
                .shardIterator();
    }

    /** Every record of the stream, shard after shard (parents first, as DescribeStream lists them). */
    private List<Record> readAll(String arn) {
        List<Record> out = new ArrayList<>();
        for (Shard s : shards(arn)) {
            String it = iterator(arn, s.shardId(), ShardIteratorType.TRIM_HORIZON, null);
            while (it != null) {
                String current = it;
                GetRecordsResponse r = streams.getRecords(b -> b.shardIterator(current));
                out.addAll(r.records());
                it = r.records().isEmpty() ? null : r.nextShardIterator();
            }
        }
        return out;
    }

    @Test
    void tableDescriptionsCarryTheStreamAndUpdateTableClosesAndOpensIt() {
        TableDescription created = createTable("Orders", StreamViewType.NEW_AND_OLD_IMAGES);
        assertThat(created.streamSpecification().streamEnabled()).isTrue();
        assertThat(created.streamSpecification().streamViewType()).isEqualTo(StreamViewType.NEW_AND_OLD_IMAGES);
        String arn = created.latestStreamArn();
        assertThat(arn).isEqualTo(created.tableArn() + "/stream/" + created.latestStreamLabel());
        assertThat(ddb.describeTable(b -> b.tableName("Orders")).table().latestStreamArn())
                .isEqualTo(arn);

        TableDescription disabled = ddb.updateTable(
                        b -> b.tableName("Orders").streamSpecification(s -> s.streamEnabled(false)))
                .tableDescription();
        assertThat(disabled.streamSpecification()).isNull();
        assertThat(disabled.latestStreamArn()).isEqualTo(arn); // a disabled stream stays the latest, readable
        assertThat(streams.describeStream(b -> b.streamArn(arn))
                        .streamDescription()
                        .streamStatus())
                .isEqualTo(StreamStatus.DISABLED);

        clock.advance(Duration.ofSeconds(1)); // the next label is another instant
        TableDescription again = ddb.updateTable(b -> b.tableName("Orders")
                        .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY)))
                .tableDescription();
        assertThat(again.streamSpecification().streamViewType()).isEqualTo(StreamViewType.KEYS_ONLY);
        assertThat(again.latestStreamArn()).isNotEqualTo(arn);
        assertThat(streams.listStreams(b -> b.tableName("Orders")).streams())
                .extracting(s -> s.streamArn())
                .containsExactlyInAnyOrder(arn, again.latestStreamArn());

        assertThatThrownBy(() -> ddb.updateTable(b -> b.tableName("Orders")
                        .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_IMAGE))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("already has an enabled stream");
        assertThatThrownBy(() ->
                        ddb.updateTable(b -> b.tableName("Orders").streamSpecification(s -> s.streamEnabled(true))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining(
                        "Invalid StreamViewType: Stream ViewType must not be null or empty when enabling streams.");
        assertThatThrownBy(() -> ddb.updateTable(b -> b.tableName("Orders")
                        .streamSpecification(s -> s.streamEnabled(false).streamViewType(StreamViewType.KEYS_ONLY))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining(
                        "Invalid StreamViewType: Stream StreamEnabled was false but a StreamViewType was present.");
        assertThatThrownBy(() -> ddb.updateTable(b -> b.tableName("Orders")
                        .streamSpecification(s -> s.streamEnabled(true).streamViewType("SOME_IMAGES"))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Value 'SOME_IMAGES' at 'streamSpecification.streamViewType'");
    }

    @Test
    void listAndDescribeStreamsWithPagingAndParentShards() {
        String a = createTable("TableA", StreamViewType.KEYS_ONLY).latestStreamArn();
        String b = createTable("TableB", StreamViewType.NEW_IMAGE).latestStreamArn();
        assertThat(streams.listStreams(r -> {}).streams())
                .extracting(s -> s.tableName())
                .containsExactlyInAnyOrder("TableA", "TableB");
        var first = streams.listStreams(r -> r.limit(1));
        assertThat(first.streams()).hasSize(1);
        assertThat(first.lastEvaluatedStreamArn()).isNotNull();
        var second = streams.listStreams(r -> r.limit(1).exclusiveStartStreamArn(first.lastEvaluatedStreamArn()));
        assertThat(List.of(
                        first.streams().get(0).streamArn(),
                        second.streams().get(0).streamArn()))
                .containsExactlyInAnyOrder(a, b);

        for (int i = 0; i < 4; i++) {
            put("TableB", "k" + i, "v" + i); // 3 records close the first shard; the 4th is in its child
        }
        StreamDescription d = streams.describeStream(r -> r.streamArn(b)).streamDescription();
        assertThat(d.streamStatus()).isEqualTo(StreamStatus.ENABLED);
        assertThat(d.streamViewType()).isEqualTo(StreamViewType.NEW_IMAGE);
        assertThat(d.tableName()).isEqualTo("TableB");
        assertThat(d.keySchema()).singleElement().satisfies(k -> {
            assertThat(k.attributeName()).isEqualTo("pk");
            assertThat(k.keyType()).isEqualTo(KeyType.HASH);
        });
        assertThat(d.creationRequestDateTime()).isEqualTo(clock.instant());
        assertThat(d.shards()).hasSize(2);
        Shard parent = d.shards().get(0);
        Shard child = d.shards().get(1);
        assertThat(parent.sequenceNumberRange().endingSequenceNumber()).isNotNull();
        assertThat(child.parentShardId()).isEqualTo(parent.shardId());
        assertThat(child.sequenceNumberRange().endingSequenceNumber()).isNull();
        var page = streams.describeStream(r -> r.streamArn(b).limit(1)).streamDescription();
        assertThat(page.shards()).containsExactly(parent);
        assertThat(page.lastEvaluatedShardId()).isEqualTo(parent.shardId());
        assertThat(streams.describeStream(r -> r.streamArn(b).exclusiveStartShardId(parent.shardId()))
                        .streamDescription()
                        .shards())
                .containsExactly(child);
        assertThat(readAll(b))
                .extracting(r -> r.dynamodb().keys().get("pk").s())
                .containsExactly("k0", "k1", "k2", "k3");
    }

    @Test
    void recordsHaveDynamoDbStreamsShape() {
        String arn = createTable("Tbl", StreamViewType.NEW_AND_OLD_IMAGES).latestStreamArn();
        put("Tbl", "a", "1");
        put("Tbl", "a", "2");
        ddb.deleteItem(b -> b.tableName("Tbl").key(Map.of("pk", AttributeValue.fromS("a"))));
        List<Record> records = readAll(arn);
        assertThat(records)
                .extracting(Record::eventName)
                .containsExactly(OperationType.INSERT, OperationType.MODIFY, OperationType.REMOVE);
        Record modify = records.get(1);
        assertThat(modify.eventID()).isNotBlank();
        assertThat(modify.eventVersion()).isEqualTo("1.1");
        assertThat(modify.eventSource()).isEqualTo("aws:dynamodb");
        assertThat(modify.awsRegion()).isEqualTo("ddblocal");
        assertThat(modify.userIdentity()).isNull();
        var m = modify.dynamodb();
        assertThat(m.keys()).isEqualTo(Map.of("pk", AttributeValue.fromS("a")));
        assertThat(m.oldImage()).containsEntry("v", AttributeValue.fromS("1"));
        assertThat(m.newImage()).containsEntry("v", AttributeValue.fromS("2"));
        assertThat(m.streamViewType()).isEqualTo(StreamViewType.NEW_AND_OLD_IMAGES);
        assertThat(m.sizeBytes()).isPositive();
        assertThat(m.approximateCreationDateTime()).isEqualTo(clock.instant());
        assertThat(records.get(0).dynamodb().oldImage()).isEmpty(); // the SDK's empty map: absent on the wire
        assertThat(records.get(2).dynamodb().newImage()).isEmpty();
        assertThat(new java.math.BigInteger(records.get(0).dynamodb().sequenceNumber()))
                .isLessThan(new java.math.BigInteger(records.get(1).dynamodb().sequenceNumber()));
    }

    @Test
    void iteratorTypesLimitAndNextShardIterator() {
        String arn = createTable("Tbl", StreamViewType.KEYS_ONLY).latestStreamArn();
        put("Tbl", "a", "1");
        put("Tbl", "b", "1");
        String shard = shards(arn).get(0).shardId();
        String latest = iterator(arn, shard, ShardIteratorType.LATEST, null);
        put("Tbl", "c", "1"); // the third record: the shard closes after it

        GetRecordsResponse one =
                streams.getRecords(b -> b.shardIterator(iterator(arn, shard, ShardIteratorType.TRIM_HORIZON, null))
                        .limit(1));
        assertThat(one.records()).hasSize(1);
        GetRecordsResponse rest = streams.getRecords(b -> b.shardIterator(one.nextShardIterator()));
        assertThat(rest.records())
                .extracting(r -> r.dynamodb().keys().get("pk").s())
                .containsExactly("b", "c");
        put("Tbl", "d", "1"); // the fourth record: the shard closes, a child takes it
        GetRecordsResponse end = streams.getRecords(b -> b.shardIterator(rest.nextShardIterator()));
        assertThat(end.records()).isEmpty();
        assertThat(end.nextShardIterator()).as("a closed shard read to its end").isNull();

        assertThat(streams.getRecords(b -> b.shardIterator(latest)).records())
                .extracting(r -> r.dynamodb().keys().get("pk").s())
                .containsExactly("c");

        String second = rest.records().get(0).dynamodb().sequenceNumber();
        assertThat(streams.getRecords(b ->
                                b.shardIterator(iterator(arn, shard, ShardIteratorType.AT_SEQUENCE_NUMBER, second)))
                        .records())
                .extracting(r -> r.dynamodb().keys().get("pk").s())
                .containsExactly("b", "c");
        assertThat(streams.getRecords(b ->
                                b.shardIterator(iterator(arn, shard, ShardIteratorType.AFTER_SEQUENCE_NUMBER, second)))
                        .records())
                .extracting(r -> r.dynamodb().keys().get("pk").s())
                .containsExactly("c");
    }

    @Test
    void iteratorsExpireAfterFifteenMinutesAndTrimmedRecordsAreGone() {
        String arn = createTable("Tbl", StreamViewType.KEYS_ONLY).latestStreamArn();
        put("Tbl", "a", "1");
        String shard = shards(arn).get(0).shardId();
        String it = iterator(arn, shard, ShardIteratorType.TRIM_HORIZON, null);
        String sequence = streams.getRecords(b -> b.shardIterator(it))
                .records()
                .get(0)
                .dynamodb()
                .sequenceNumber();
        clock.advance(Duration.ofMinutes(15).plusMillis(1));
        assertThatThrownBy(() -> streams.getRecords(b -> b.shardIterator(it)))
                .isInstanceOf(ExpiredIteratorException.class);

        clock.advance(Duration.ofHours(23).plusMinutes(40)); // the record is 23:55 old
        String fresh = iterator(arn, shard, ShardIteratorType.TRIM_HORIZON, null);
        clock.advance(Duration.ofMinutes(10)); // the iterator is 10 minutes old, the record older than 24 hours
        assertThatThrownBy(() -> streams.getRecords(b -> b.shardIterator(fresh)))
                .isInstanceOf(TrimmedDataAccessException.class);
        assertThatThrownBy(() -> iterator(arn, shard, ShardIteratorType.AT_SEQUENCE_NUMBER, sequence))
                .isInstanceOf(TrimmedDataAccessException.class);
    }

    @Test
    void timeToLiveDeletionsAreRemoveRecordsOfTheService() {
        String arn = createTable("Tbl", StreamViewType.OLD_IMAGE).latestStreamArn();
        ddb.updateTimeToLive(b -> b.tableName("Tbl")
                .timeToLiveSpecification(s -> s.attributeName("exp").enabled(true)));
        long past = clock.instant().getEpochSecond() - 60;
        ddb.putItem(b -> b.tableName("Tbl")
                .item(Map.of("pk", AttributeValue.fromS("old"), "exp", AttributeValue.fromN(Long.toString(past)))));
        assertThat(storage.expireItems()).isEqualTo(1);
        Record removal = readAll(arn).get(1);
        assertThat(removal.eventName()).isEqualTo(OperationType.REMOVE);
        assertThat(removal.userIdentity().type()).isEqualTo("Service");
        assertThat(removal.userIdentity().principalId()).isEqualTo("dynamodb.amazonaws.com");
        assertThat(removal.dynamodb().oldImage()).containsKey("exp");
    }

    @Test
    void errorsAreDynamoDbs() throws Exception {
        String arn = createTable("Tbl", StreamViewType.KEYS_ONLY).latestStreamArn();
        assertThatThrownBy(() -> streams.describeStream(b -> b.streamArn(arn + "x")))
                .isInstanceOf(ResourceNotFoundException.class);
        assertThatThrownBy(() -> streams.getRecords(b -> b.shardIterator("not-an-iterator")))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Invalid ShardIterator");
        String shard = shards(arn).get(0).shardId();
        assertThatThrownBy(() ->
                        streams.getRecords(b -> b.shardIterator(iterator(arn, shard, ShardIteratorType.LATEST, null))
                                .limit(0)))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Value '0' at 'limit' failed to satisfy constraint");
        assertThatThrownBy(() -> streams.getShardIterator(
                        b -> b.streamArn(arn).shardId(shard).shardIteratorType("SOMEWHERE")))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining(
                        "Value 'SOMEWHERE' at 'shardIteratorType' failed to satisfy constraint: Member must satisfy enum value set: [TRIM_HORIZON, LATEST, AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER]");

        // each API answers only its own operations, under its own target prefix
        for (String target : new String[] {
            "DynamoDBStreams_20120810.Frobnicate", "DynamoDBStreams_20120810.PutItem", "DynamoDB_20120810.GetRecords"
        }) {
            HttpResponse<String> r = Wire.post(server.endpoint(), target, "{}");
            assertThat(r.statusCode()).as(target).isEqualTo(400);
            assertThat(r.body()).isEqualTo("{\"__type\":\"com.amazon.coral.service#UnknownOperationException\"}");
        }
        HttpResponse<String> list = Wire.post(server.endpoint(), "DynamoDBStreams_20120810.ListStreams", "{}");
        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(list.body())
                .isEqualTo("{\"Streams\":[{\"StreamArn\":\"" + arn + "\",\"TableName\":\"Tbl\",\"StreamLabel\":\""
                        + arn.substring(arn.lastIndexOf('/') + 1) + "\"}]}");
    }
}
