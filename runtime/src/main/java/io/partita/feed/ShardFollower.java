package io.partita.feed;

import io.partita.Checkpoint;
import io.partita.StartingPosition;
import io.partita.internal.RuntimeMessage;
import io.partita.storage.Backend;
import io.partita.storage.ExpiredIteratorException;
import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.StorageException;
import io.partita.storage.TrimmedDataAccessException;
import io.partita.storage.api.DescribeStreamRequest;
import io.partita.storage.api.GetRecordsRequest;
import io.partita.storage.api.GetRecordsResponse;
import io.partita.storage.api.GetShardIteratorRequest;
import io.partita.storage.api.Shard;
import io.partita.storage.api.ShardIteratorType;
import io.partita.storage.api.StreamDescription;
import io.partita.storage.api.StreamRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Follows the shards of one stream through the {@link Backend}'s stream methods: discovers shards
 * (DescribeStream, paged), reads a shard only once its parent is read to its end, moves on to a closed shard's
 * children, renews an expired iterator after the last record read, restarts a trimmed position at the oldest
 * record, and retries throttled requests. Keeps each shard's position for {@link #checkpoint()}.
 *
 * <p>Not thread-safe: its feed serializes the calls.
 */
final class ShardFollower {
    /** Error codes of throttling, the core's and DynamoDB Streams' (which throttles with LimitExceededException). */
    private static final Set<String> THROTTLED = Set.of(
            "ProvisionedThroughputExceededException",
            "LimitExceededException",
            "ThrottlingException",
            "RequestLimitExceeded");
    /** Reading rounds per read: a closed shard read to its end starts another round for its children. */
    private static final int MAX_ROUNDS = 16;

    private final Backend backend;
    private final String streamArn;
    private final FeedTuning tuning;
    private final FeedSignal signal;
    private final Map<String, ShardState> shards = new LinkedHashMap<>();

    /** One shard: where reading goes on ({@code iterator}, else after {@code last}, else at {@code restart}). */
    private static final class ShardState {
        final Shard shard;
        String iterator;
        String last;
        ShardIteratorType restart = ShardIteratorType.TRIM_HORIZON;
        boolean finished;

        ShardState(Shard shard) {
            this.shard = shard;
        }
    }

    private ShardFollower(Backend backend, String streamArn, FeedTuning tuning, FeedSignal signal) {
        this.backend = backend;
        this.streamArn = streamArn;
        this.tuning = tuning;
        this.signal = signal;
    }

    /**
     * Opens the latest stream of {@code tableName} at {@code start}, or at {@code from} when not null (which must be
     * in that stream). LATEST positions are taken now, so changes made after this call are read.
     */
    static ShardFollower open(
            Backend backend,
            String tableName,
            StartingPosition start,
            Checkpoint from,
            FeedTuning tuning,
            FeedSignal signal) {
        String arn = backend.describeTable(tableName).latestStreamArn();
        if (arn == null) {
            throw new IllegalStateException(RuntimeMessage.NoChangeStream.format(tableName));
        }
        if (from != null && !from.streamArn().equals(arn)) {
            throw new IllegalArgumentException(
                    RuntimeMessage.CheckpointOfOtherStream.format(from.streamArn(), tableName, arn));
        }
        ShardFollower follower = new ShardFollower(backend, arn, tuning, signal);
        follower.discover(start, from);
        return follower;
    }

    /** The records available now, parents' before children's, each shard's in sequence-number order. */
    List<StreamRecord> read() {
        List<StreamRecord> out = new ArrayList<>();
        for (int round = 0; round < MAX_ROUNDS; round++) {
            boolean finishedOne = false;
            boolean readOne = false;
            for (ShardState s : List.copyOf(shards.values())) {
                if (readable(s)) {
                    readOne = true;
                    readShard(s, out);
                    finishedOne |= s.finished;
                }
            }
            if (!finishedOne && readOne) {
                break;
            }
            int known = shards.size();
            discover(StartingPosition.TRIM_HORIZON, null);
            if (shards.size() == known && !finishedOne) {
                break;
            }
        }
        return out;
    }

    /** The position after every record {@link #read()} returned. */
    Checkpoint checkpoint() {
        Map<String, String> positions = new LinkedHashMap<>();
        shards.forEach(
                (id, s) -> positions.put(id, s.finished ? Checkpoint.END : s.last == null ? Checkpoint.START : s.last));
        return Checkpoint.of(streamArn, positions);
    }

    String streamArn() {
        return streamArn;
    }

    /** Adds the shards not known yet; on the first call they start at {@code start} or {@code from}. */
    private void discover(StartingPosition start, Checkpoint from) {
        boolean first = shards.isEmpty();
        String after = null;
        do {
            String page = after;
            StreamDescription d = call(() -> backend.describeStream(new DescribeStreamRequest(streamArn, null, page)));
            for (Shard shard : d.shards()) {
                if (!shards.containsKey(shard.shardId())) {
                    ShardState s = new ShardState(shard);
                    shards.put(shard.shardId(), s);
                    position(s, first, start, from);
                }
            }
            after = d.lastEvaluatedShardId();
        } while (after != null);
    }

    private void position(ShardState s, boolean first, StartingPosition start, Checkpoint from) {
        if (from != null) {
            String at = from.positions().get(s.shard.shardId());
            if (Checkpoint.END.equals(at)) {
                s.finished = true;
            } else if (at != null && !Checkpoint.START.equals(at)) {
                s.last = at;
            }
        } else if (first && start == StartingPosition.LATEST) {
            if (s.shard.isClosed()) {
                s.finished = true;
            } else {
                s.restart = ShardIteratorType.LATEST;
                s.iterator = iterator(s); // now: changes made after the feed opened are read
                s.finished = s.iterator == null;
            }
        }
    }

    /** Unfinished, with its parent (if still known) read to its end. */
    private boolean readable(ShardState s) {
        if (s.finished) {
            return false;
        }
        ShardState parent = s.shard.parentShardId() == null ? null : shards.get(s.shard.parentShardId());
        return parent == null || parent.finished;
    }

    private void readShard(ShardState s, List<StreamRecord> out) {
        if (s.iterator == null) {
            s.iterator = iterator(s);
            if (s.iterator == null) {
                s.finished = true;
                return;
            }
        }
        GetRecordsResponse response;
        try {
            response = records(s.iterator);
        } catch (ExpiredIteratorException e) {
            s.iterator = iterator(s);
            if (s.iterator == null) {
                s.finished = true;
                return;
            }
            response = records(s.iterator);
        } catch (TrimmedDataAccessException e) {
            // the records after this position aged out before they were read: go on at the oldest one left
            s.last = null;
            s.restart = ShardIteratorType.TRIM_HORIZON;
            s.iterator = null;
            return;
        }
        for (StreamRecord r : response.records()) {
            out.add(r);
            s.last = r.sequenceNumber();
        }
        s.iterator = response.nextShardIterator();
        s.finished = s.iterator == null;
    }

    private GetRecordsResponse records(String iterator) {
        return call(() -> backend.getRecords(GetRecordsRequest.of(iterator)));
    }

    /** A new iterator after the last record read (or at the shard's restart position); null when nothing is left. */
    private String iterator(ShardState s) {
        String shardId = s.shard.shardId();
        try {
            GetShardIteratorRequest request = s.last != null
                    ? new GetShardIteratorRequest(streamArn, shardId, ShardIteratorType.AFTER_SEQUENCE_NUMBER, s.last)
                    : GetShardIteratorRequest.of(streamArn, shardId, s.restart);
            return call(() -> backend.getShardIterator(request)).shardIterator();
        } catch (TrimmedDataAccessException e) {
            s.last = null;
            s.restart = ShardIteratorType.TRIM_HORIZON;
            return call(() -> backend.getShardIterator(
                            GetShardIteratorRequest.of(streamArn, shardId, ShardIteratorType.TRIM_HORIZON)))
                    .shardIterator();
        } catch (ResourceNotFoundException e) {
            return null; // the whole shard aged out
        }
    }

    /** Runs {@code request}, retrying throttling with a doubling wait (cut short when the feed closes). */
    private <R> R call(Supplier<R> request) {
        for (int retry = 0; ; retry++) {
            try {
                return request.get();
            } catch (StorageException e) {
                if (!THROTTLED.contains(e.errorCode())
                        || retry + 1 >= tuning.throttleAttempts()
                        || !signal.pause(tuning.throttleWait(retry))) {
                    throw e;
                }
            }
        }
    }
}
