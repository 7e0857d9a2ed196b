package io.partita.storage.conformance;

import static io.partita.storage.StreamReads.readAll;
import static io.partita.storage.StreamReads.shards;
import static io.partita.storage.conformance.Fx.put;
import static io.partita.storage.conformance.StreamsConformanceTest.T;
import static io.partita.storage.conformance.StreamsConformanceTest.order;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.ExpiredIteratorException;
import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.TestStorage;
import io.partita.storage.TrimmedDataAccessException;
import io.partita.storage.ValidationException;
import io.partita.storage.api.DescribeStreamRequest;
import io.partita.storage.api.GetRecordsRequest;
import io.partita.storage.api.GetRecordsResponse;
import io.partita.storage.api.GetShardIteratorRequest;
import io.partita.storage.api.ListStreamsRequest;
import io.partita.storage.api.Shard;
import io.partita.storage.api.ShardIteratorType;
import io.partita.storage.api.StreamDescription;
import io.partita.storage.api.StreamRecord;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.value.AttributeValue;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Reading a stream (Streams API reference: GetShardIterator, GetRecords, DescribeStream; developer guide "DynamoDB
 * Streams data retention"): iterator types, Limit and the 1 MB page, shards rolling over with parents, iterators
 * expiring after 15 minutes and records trimmed after 24 hours, on the core's clock. Runs on both cores.
 */
class StreamReadsConformanceTest {
    final Fx.MutableClock clock = new Fx.MutableClock();
    Storage db;
    String arn;

    void open(StorageOptions options) {
        db = TestStorage.create(options.withClock(clock).withTimeToLiveSweepInterval(Duration.ZERO));
        db.createTable(StreamsConformanceTest.orders(StreamViewType.NEW_IMAGE));
        arn = db.describeTable(T).latestStreamArn();
    }

    void open() {
        open(StorageOptions.defaults());
    }

    @AfterEach
    void close() {
        db.checkInvariants();
        db.close();
    }

    String iterator(Shard shard, ShardIteratorType type, String sequenceNumber) {
        return db.getShardIterator(new GetShardIteratorRequest(arn, shard.shardId(), type, sequenceNumber))
                .shardIterator();
    }

    Shard onlyShard() {
        List<Shard> all = shards(db, arn);
        assertThat(all).hasSize(1);
        return all.get(0);
    }

    static List<Long> ids(List<StreamRecord> records) {
        return records.stream()
                .map(r -> ((AttributeValue.N) r.keys().get("OrderId")).value().longValueExact())
                .toList();
    }

    @Test
    void iteratorTypesStartWhereTheySay() {
        open();
        Shard shard = onlyShard();
        String latestBefore = iterator(shard, ShardIteratorType.LATEST, null);
        for (int i = 1; i <= 3; i++) {
            put(db, T, order("alice", i));
        }
        String latestAfter = iterator(shard, ShardIteratorType.LATEST, null);
        List<StreamRecord> all = db.getRecords(
                        GetRecordsRequest.of(iterator(shard, ShardIteratorType.TRIM_HORIZON, null)))
                .records();
        assertThat(ids(all)).containsExactly(1L, 2L, 3L);
        assertThat(ids(db.getRecords(GetRecordsRequest.of(latestBefore)).records()))
                .containsExactly(1L, 2L, 3L);
        GetRecordsResponse none = db.getRecords(GetRecordsRequest.of(latestAfter));
        assertThat(none.records()).isEmpty();
        assertThat(none.nextShardIterator()).isNotNull(); // an open shard: keep reading
        String second = all.get(1).sequenceNumber();
        assertThat(ids(db.getRecords(
                                GetRecordsRequest.of(iterator(shard, ShardIteratorType.AT_SEQUENCE_NUMBER, second)))
                        .records()))
                .containsExactly(2L, 3L);
        assertThat(ids(db.getRecords(
                                GetRecordsRequest.of(iterator(shard, ShardIteratorType.AFTER_SEQUENCE_NUMBER, second)))
                        .records()))
                .containsExactly(3L);
        put(db, T, order("alice", 4));
        assertThat(ids(db.getRecords(GetRecordsRequest.of(none.nextShardIterator()))
                        .records()))
                .containsExactly(4L);
    }

    @Test
    void iteratorRequestsAreValidated() {
        open();
        put(db, T, order("alice", 1));
        Shard shard = onlyShard();
        assertThatThrownBy(() -> iterator(shard, ShardIteratorType.AT_SEQUENCE_NUMBER, null))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("AT_SEQUENCE_NUMBER");
        assertThatThrownBy(() -> iterator(shard, ShardIteratorType.LATEST, "1"))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("LATEST");
        assertThatThrownBy(() -> iterator(shard, ShardIteratorType.AFTER_SEQUENCE_NUMBER, "99999999"))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("99999999")
                .hasMessageContaining(shard.shardId());
        assertThatThrownBy(() -> iterator(shard, ShardIteratorType.AT_SEQUENCE_NUMBER, "abc"))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("abc");
        assertThatThrownBy(() -> db.getRecords(GetRecordsRequest.of("not an iterator")))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("not an iterator");
    }

    @Test
    void limitIsOneToAThousandAndPagesFollowNextShardIterator() {
        open();
        for (int i = 1; i <= 5; i++) {
            put(db, T, order("alice", i));
        }
        String it = iterator(onlyShard(), ShardIteratorType.TRIM_HORIZON, null);
        assertThatThrownBy(() -> db.getRecords(new GetRecordsRequest(it, 0)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: "
                        + "Member must have value greater than or equal to 1");
        assertThatThrownBy(() -> db.getRecords(new GetRecordsRequest(it, 1001)))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("less than or equal to 1000");
        GetRecordsResponse first = db.getRecords(new GetRecordsRequest(it, 2));
        GetRecordsResponse second = db.getRecords(new GetRecordsRequest(first.nextShardIterator(), 2));
        GetRecordsResponse third = db.getRecords(new GetRecordsRequest(second.nextShardIterator(), 2));
        assertThat(ids(first.records())).containsExactly(1L, 2L);
        assertThat(ids(second.records())).containsExactly(3L, 4L);
        assertThat(ids(third.records())).containsExactly(5L);
        assertThat(readAll(db, arn, 1)).hasSize(5);
    }

    @Test
    void aCallReturnsAtMostOneMegabyte() {
        open();
        String big = "x".repeat(300_000);
        for (int i = 1; i <= 5; i++) {
            put(db, T, order("alice", i, "Blob", s(big)));
        }
        GetRecordsResponse first =
                db.getRecords(GetRecordsRequest.of(iterator(onlyShard(), ShardIteratorType.TRIM_HORIZON, null)));
        assertThat(first.records()).hasSize(3);
        assertThat(first.records().stream().mapToLong(StreamRecord::sizeBytes).sum())
                .isLessThanOrEqualTo(1024 * 1024);
        assertThat(db.getRecords(GetRecordsRequest.of(first.nextShardIterator()))
                        .records())
                .hasSize(2);
    }

    @Test
    void shardsRollOverAfterTheirRecordLimitOrAgeNamingTheirParent() {
        open(StorageOptions.defaults().withStreamShardRollover(3, Duration.ofHours(1)));
        for (int i = 1; i <= 7; i++) {
            put(db, T, order("alice", i));
        }
        clock.advance(Duration.ofHours(1));
        put(db, T, order("alice", 8)); // the open shard (1 record) is an hour old: a new one takes this record
        List<Shard> shards = shards(db, arn);
        assertThat(shards).hasSize(4);
        assertThat(shards.get(0).parentShardId()).isNull();
        for (int i = 1; i < shards.size(); i++) {
            assertThat(shards.get(i).parentShardId())
                    .isEqualTo(shards.get(i - 1).shardId());
            assertThat(shards.get(i - 1).isClosed()).isTrue();
            assertThat(new java.math.BigInteger(shards.get(i - 1).endingSequenceNumber()))
                    .isLessThan(new java.math.BigInteger(shards.get(i).startingSequenceNumber()));
        }
        assertThat(shards.get(3).isClosed()).isFalse();
        assertThat(ids(readAll(db, arn))).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L);
        // a closed shard read to its end gives no next iterator
        GetRecordsResponse r =
                db.getRecords(GetRecordsRequest.of(iterator(shards.get(0), ShardIteratorType.TRIM_HORIZON, null)));
        assertThat(ids(r.records())).containsExactly(1L, 2L, 3L);
        assertThat(r.nextShardIterator()).isNull();
        assertThat(db.describeStream(new DescribeStreamRequest(arn, 2, null)).lastEvaluatedShardId())
                .isEqualTo(shards.get(1).shardId());
    }

    @Test
    void iteratorsExpireAfterFifteenMinutes() {
        open();
        String it = iterator(onlyShard(), ShardIteratorType.TRIM_HORIZON, null);
        clock.advance(Duration.ofMinutes(15));
        GetRecordsResponse r = db.getRecords(GetRecordsRequest.of(it)); // still valid at 15 minutes
        clock.advance(Duration.ofMinutes(15).plusMillis(1));
        assertThatThrownBy(() -> db.getRecords(GetRecordsRequest.of(it)))
                .isInstanceOf(ExpiredIteratorException.class)
                .hasMessageContaining("15 minutes");
        assertThatThrownBy(() -> db.getRecords(GetRecordsRequest.of(r.nextShardIterator())))
                .isInstanceOf(ExpiredIteratorException.class);
    }

    @Test
    void recordsAreTrimmedAfterTwentyFourHours() {
        open(StorageOptions.defaults().withStreamShardRollover(1000, Duration.ofDays(2))); // one shard throughout
        put(db, T, order("alice", 1));
        put(db, T, order("alice", 2));
        Shard shard = onlyShard();
        List<StreamRecord> old = readAll(db, arn);
        clock.advance(Duration.ofHours(12));
        put(db, T, order("alice", 3));
        clock.advance(Duration.ofHours(12).minusMinutes(10));
        String beforeTrim = iterator(shard, ShardIteratorType.TRIM_HORIZON, null);
        clock.advance(Duration.ofMinutes(10)); // records 1 and 2 are 24 hours old now
        assertThat(ids(readAll(db, arn))).containsExactly(3L);
        assertThatThrownBy(() -> db.getRecords(GetRecordsRequest.of(beforeTrim)))
                .isInstanceOf(TrimmedDataAccessException.class)
                .hasMessageContaining("trimmed");
        assertThatThrownBy(() -> iterator(
                        shard, ShardIteratorType.AT_SEQUENCE_NUMBER, old.get(1).sequenceNumber()))
                .isInstanceOf(TrimmedDataAccessException.class);
        assertThat(ids(db.getRecords(GetRecordsRequest.of(iterator(
                                shard,
                                ShardIteratorType.AFTER_SEQUENCE_NUMBER,
                                old.get(1).sequenceNumber())))
                        .records()))
                .containsExactly(3L);
    }

    @Test
    void aDisabledStreamAgesOutTwentyFourHoursAfterItWasDisabled() {
        open();
        put(db, T, order("alice", 1));
        db.updateStreamSpecification(T, io.partita.storage.schema.StreamSpecification.disabled());
        clock.advance(Duration.ofHours(23));
        assertThat(readAll(db, arn)).hasSize(1);
        clock.advance(Duration.ofHours(1));
        assertThat(db.listStreams(ListStreamsRequest.all()).streams()).isEmpty();
        assertThatThrownBy(() -> db.describeStream(DescribeStreamRequest.of(arn)))
                .isInstanceOf(ResourceNotFoundException.class);
        assertThat(db.describeTable(T).latestStreamArn()).isEqualTo(arn);
    }

    @Test
    void closedShardsWhoseRecordsAreAllTrimmedAreDropped() {
        open(StorageOptions.defaults().withStreamShardRollover(2, Duration.ofDays(1)));
        for (int i = 1; i <= 5; i++) {
            put(db, T, order("alice", i));
        }
        assertThat(shards(db, arn)).hasSize(3);
        clock.advance(Duration.ofHours(25));
        put(db, T, order("alice", 6));
        StreamDescription d = db.describeStream(DescribeStreamRequest.of(arn));
        assertThat(d.shards()).hasSize(1);
        assertThat(d.shards().get(0).parentShardId()).isNotNull(); // it still names its trimmed parent
        assertThat(ids(readAll(db, arn))).containsExactly(6L);
        assertThatThrownBy(() -> db.getShardIterator(GetShardIteratorRequest.of(
                        arn, d.shards().get(0).parentShardId(), ShardIteratorType.TRIM_HORIZON)))
                .isInstanceOf(TrimmedDataAccessException.class);
    }
}
