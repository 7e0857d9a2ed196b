package io.partita.storage.engine;

import io.partita.storage.ExpiredIteratorException;
import io.partita.storage.Message;
import io.partita.storage.StorageOptions;
import io.partita.storage.TrimmedDataAccessException;
import io.partita.storage.api.DescribeStreamRequest;
import io.partita.storage.api.GetRecordsRequest;
import io.partita.storage.api.GetRecordsResponse;
import io.partita.storage.api.GetShardIteratorRequest;
import io.partita.storage.api.GetShardIteratorResponse;
import io.partita.storage.api.ListStreamsRequest;
import io.partita.storage.api.ListStreamsResponse;
import io.partita.storage.api.Shard;
import io.partita.storage.api.ShardIteratorType;
import io.partita.storage.api.StreamDescription;
import io.partita.storage.api.StreamRecord;
import io.partita.storage.api.StreamStatus;
import io.partita.storage.api.StreamSummary;
import io.partita.storage.api.TableDescription;
import io.partita.storage.schema.StreamViewType;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The core's streams (DynamoDB Streams): every stream not yet aged out, enabled or disabled, by id (ids grow, so
 * this is creation order), and the four read operations on them. Retention is applied when a stream is read or
 * listed ({@link StreamData#maintain}), on the core's clock; a disabled stream is forgotten 24 hours after it was
 * disabled, when its last records have aged out.
 *
 * <p>A shard iterator is {@code streamArn|shardId|position|issuedMillis}: the sequence number after which it reads
 * and when it was returned (it expires 15 minutes later).
 */
final class Streams {
    static final long ITERATOR_MILLIS = 15L * 60 * 1000;
    static final int MAX_RECORDS = 1000;
    static final long MAX_BYTES = 1024L * 1024;
    static final int MAX_PAGE = 100;
    private static final DateTimeFormatter LABEL =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private final StorageOptions options;
    private final ConcurrentSkipListMap<Long, StreamData> byId = new ConcurrentSkipListMap<>();
    /** Stream ids of the in-memory core (the durable one allocates them from its store's ids). */
    private final AtomicLong ids = new AtomicLong();

    Streams(StorageOptions options) {
        this.options = options;
    }

    long now() {
        return options.clock().millis();
    }

    // ---- the table side (Catalog, under the table's write locks) -----------------------------------------

    /**
     * A new enabled stream of {@code t} (not yet registered): its label is the time now, later than the table's
     * previous stream's, so each stream of a table has its own label and ARN.
     */
    StreamData create(TableData t, StreamViewType viewType, long id, DiskStore store) {
        long created = now();
        for (StreamData other :
                byId.values()) { // a table's streams (or an earlier table's of its name) differ in label
            if (other.tableName.equals(t.shape.name) && created <= other.createdMillis) {
                created = other.createdMillis + 1;
            }
        }
        String label = LABEL.format(Instant.ofEpochMilli(created));
        StreamData s = new StreamData(
                id,
                t.id,
                t.shape.name,
                TableDescription.TABLE_ARN_PREFIX + t.shape.name + "/stream/" + label,
                label,
                viewType,
                t.shape.partitionKey,
                t.shape.sortKey,
                created,
                store,
                options.streamShardMaxRecords(),
                options.streamShardMaxAge().toMillis());
        s.openFirstShard();
        return s;
    }

    long nextId() {
        return ids.incrementAndGet();
    }

    void register(StreamData s) {
        byId.put(s.id, s);
    }

    // ---- ListStreams, DescribeStream -----------------------------------------------------------------------

    ListStreamsResponse listStreams(ListStreamsRequest r) {
        int limit = limit(r.limit(), MAX_PAGE);
        boolean started = r.exclusiveStartStreamArn() == null;
        if (!started) {
            find(r.exclusiveStartStreamArn()); // not found: ResourceNotFoundException
        }
        List<StreamSummary> page = new ArrayList<>();
        String last = null;
        for (StreamData s : byId.values()) {
            if (!started) {
                started = s.arn.equals(r.exclusiveStartStreamArn());
                continue;
            }
            if (!live(s) || (r.tableName() != null && !r.tableName().equals(s.tableName))) {
                continue;
            }
            if (page.size() == limit) {
                return new ListStreamsResponse(page, last);
            }
            page.add(new StreamSummary(s.arn, s.tableName, s.label));
            last = s.arn;
        }
        return new ListStreamsResponse(page, null);
    }

    StreamDescription describeStream(DescribeStreamRequest r) {
        int limit = limit(r.limit(), MAX_PAGE);
        StreamData s = find(r.streamArn());
        s.lock();
        try {
            List<StreamData.ShardState> shards = s.shards();
            int from = 0;
            if (r.exclusiveStartShardId() != null) {
                for (int i = 0; i < shards.size(); i++) {
                    if (shards.get(i).id().equals(r.exclusiveStartShardId())) {
                        from = i + 1;
                    }
                }
            }
            List<Shard> page = new ArrayList<>();
            for (int i = from; i < shards.size() && page.size() < limit; i++) {
                StreamData.ShardState sh = shards.get(i);
                page.add(new Shard(
                        sh.id(),
                        sh.parentId(),
                        StreamData.sequenceText(sh.start()),
                        sh.isOpen() ? null : StreamData.sequenceText(sh.end())));
            }
            String lastEvaluated = from + page.size() < shards.size()
                    ? page.get(page.size() - 1).shardId()
                    : null;
            return new StreamDescription(
                    s.arn,
                    s.label,
                    s.isEnabled() ? StreamStatus.ENABLED : StreamStatus.DISABLED,
                    s.viewType,
                    Instant.ofEpochMilli(s.createdMillis),
                    s.tableName,
                    s.partitionKey,
                    s.sortKey,
                    page,
                    lastEvaluated);
        } finally {
            s.unlock();
        }
    }

    // ---- GetShardIterator, GetRecords ------------------------------------------------------------------------

    GetShardIteratorResponse getShardIterator(GetShardIteratorRequest r) {
        if (r.shardId() == null) {
            throw Message.StreamParameterNull.exception("shardId");
        }
        if (r.shardIteratorType() == null) {
            throw Message.StreamParameterNull.exception("shardIteratorType");
        }
        boolean bySequence = r.shardIteratorType() == ShardIteratorType.AT_SEQUENCE_NUMBER
                || r.shardIteratorType() == ShardIteratorType.AFTER_SEQUENCE_NUMBER;
        if (bySequence && r.sequenceNumber() == null) {
            throw Message.SequenceNumberRequired.exception(r.shardIteratorType());
        }
        if (!bySequence && r.sequenceNumber() != null) {
            throw Message.SequenceNumberNotAllowed.exception(r.shardIteratorType(), r.sequenceNumber());
        }
        StreamData s = find(r.streamArn());
        s.lock();
        try {
            StreamData.ShardState shard = s.shard(r.shardId());
            if (shard == null) {
                if (s.wasTrimmed(r.shardId())) {
                    throw new TrimmedDataAccessException(
                            Message.StreamDataTrimmed.format(r.shardId(), StreamData.sequenceText(s.trimmedThrough())));
                }
                throw Failures.resourceNotFound(Message.ShardNotFound.format(r.shardId(), s.arn));
            }
            long after = switch (r.shardIteratorType()) {
                case TRIM_HORIZON -> Math.max(shard.start(), s.trimmedThrough());
                case LATEST -> shard.last(s.lastSequence());
                case AT_SEQUENCE_NUMBER -> sequence(s, shard, r.sequenceNumber()) - 1;
                case AFTER_SEQUENCE_NUMBER -> sequence(s, shard, r.sequenceNumber());
            };
            checkNotTrimmed(s, shard, after);
            return new GetShardIteratorResponse(iterator(s, shard, after, now()));
        } finally {
            s.unlock();
        }
    }

    GetRecordsResponse getRecords(GetRecordsRequest r) {
        int limit = limit(r.limit(), MAX_RECORDS);
        if (r.shardIterator() == null) {
            throw Message.StreamParameterNull.exception("shardIterator");
        }
        String[] parts = r.shardIterator().split("\\|", -1);
        long after;
        long issued;
        try {
            if (parts.length != 4) {
                throw new NumberFormatException();
            }
            after = Long.parseLong(parts[2]);
            issued = Long.parseLong(parts[3]);
        } catch (NumberFormatException e) {
            throw Message.ShardIteratorInvalid.exception(r.shardIterator());
        }
        long now = now();
        if (now - issued > ITERATOR_MILLIS) {
            throw new ExpiredIteratorException(
                    Message.ShardIteratorExpired.format(Instant.ofEpochMilli(issued), Instant.ofEpochMilli(now)));
        }
        StreamData s = find(parts[0]);
        s.lock();
        try {
            StreamData.ShardState shard = s.shard(parts[1]);
            if (shard == null) { // retention dropped the shard, records and all, since the iterator was returned
                throw new TrimmedDataAccessException(
                        Message.StreamDataTrimmed.format(parts[1], StreamData.sequenceText(s.trimmedThrough())));
            }
            checkNotTrimmed(s, shard, after);
            List<StreamData.Change> changes = s.read(shard, after, limit, MAX_BYTES);
            long position =
                    changes.isEmpty() ? after : changes.get(changes.size() - 1).seq();
            List<StreamRecord> records = new ArrayList<>(changes.size());
            for (StreamData.Change c : changes) {
                records.add(record(s, c));
            }
            boolean done =
                    !shard.isOpen() && s.read(shard, position, 1, MAX_BYTES).isEmpty();
            return new GetRecordsResponse(records, done ? null : iterator(s, shard, position, now));
        } finally {
            s.unlock();
        }
    }

    // ---- helpers --------------------------------------------------------------------------------------------

    /** The live stream of that ARN, retention applied; {@link io.partita.storage.ResourceNotFoundException} if none. */
    private StreamData find(String arn) {
        if (arn == null) {
            throw Message.StreamParameterNull.exception("streamArn");
        }
        for (StreamData s : byId.values()) {
            if (s.arn.equals(arn) && live(s)) {
                return s;
            }
        }
        throw Failures.resourceNotFound(Message.StreamNotFound.format(arn));
    }

    /** Applies retention to {@code s}; false (and {@code s} forgotten) once it has aged out. */
    private boolean live(StreamData s) {
        s.lock();
        try {
            if (s.maintain(now())) {
                return true;
            }
            if (s.store != null) {
                DiskWrite w = new DiskWrite(s.store);
                w.delete(DiskStore.streamKey(s.id));
                w.deleteRange(DiskStore.streamRecordKey(s.id, 0), DiskStore.streamRecordKey(s.id, Long.MAX_VALUE));
                w.commit();
            }
            byId.remove(s.id, s);
            return false;
        } finally {
            s.unlock();
        }
    }

    /** An iterator at {@code after} that lost records to retention is refused. */
    private static void checkNotTrimmed(StreamData s, StreamData.ShardState shard, long after) {
        long end = shard.isOpen() ? Long.MAX_VALUE : shard.end();
        if (Math.max(after, shard.start()) < Math.min(end, s.trimmedThrough())) {
            throw new TrimmedDataAccessException(
                    Message.StreamDataTrimmed.format(shard.id(), StreamData.sequenceText(s.trimmedThrough())));
        }
    }

    /** A sequence number given to GetShardIterator: digits, within the shard's range. */
    private static long sequence(StreamData s, StreamData.ShardState shard, String text) {
        long last = shard.last(s.lastSequence());
        long seq;
        try {
            seq = Long.parseLong(text);
        } catch (NumberFormatException e) {
            seq = -1;
        }
        if (seq < shard.start() || seq > last || text.isEmpty() || text.charAt(0) == '+') {
            throw Message.SequenceNumberInvalid.exception(
                    text, shard.id(), StreamData.sequenceText(shard.start()), StreamData.sequenceText(last));
        }
        return seq;
    }

    private static String iterator(StreamData s, StreamData.ShardState shard, long after, long now) {
        return s.arn + "|" + shard.id() + "|" + after + "|" + now;
    }

    private static StreamRecord record(StreamData s, StreamData.Change c) {
        return new StreamRecord(
                hex16(s.id * 31 + s.createdMillis) + hex16(c.seq()),
                c.event(),
                Instant.ofEpochSecond(c.millis() / 1000),
                c.keys(),
                c.newImage(),
                c.oldImage(),
                StreamData.sequenceText(c.seq()),
                c.size(),
                s.viewType,
                c.timeToLive() ? StreamRecord.Identity.TIME_TO_LIVE : null);
    }

    private static String hex16(long v) {
        String h = Long.toHexString(v);
        return "0".repeat(16 - h.length()) + h;
    }

    private static int limit(Integer limit, int max) {
        if (limit == null) {
            return max;
        }
        if (limit < 1) {
            throw Message.StreamLimitTooSmall.exception(limit);
        }
        if (limit > max) {
            throw Message.StreamLimitTooLarge.exception(limit, max);
        }
        return limit;
    }
}
