package io.partita.feed;

import io.partita.Change;
import io.partita.ChangeFeed;
import io.partita.ChangeHandler;
import io.partita.Checkpoint;
import io.partita.SubscribeOptions;
import io.partita.Subscription;
import io.partita.internal.RuntimeMessage;
import io.partita.storage.api.StreamRecord;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The {@link ChangeFeed} of one table: reads through its {@link ShardFollower}, decodes with its
 * {@link ChangeDecoder}, and waits between empty reads on its {@link FeedSignal} (a timed wait, doubling while the
 * stream is idle, cut short by {@link #close()}).
 */
final class StreamChangeFeed<T> implements ChangeFeed<T> {
    private final String tableName;
    private final ShardFollower follower;
    private final ChangeDecoder<T> decoder;
    private final FeedTuning tuning;
    private final FeedSignal signal;
    private volatile boolean subscribed;

    StreamChangeFeed(
            String tableName, ShardFollower follower, ChangeDecoder<T> decoder, FeedTuning tuning, FeedSignal signal) {
        this.tableName = tableName;
        this.follower = follower;
        this.decoder = decoder;
        this.tuning = tuning;
        this.signal = signal;
    }

    @Override
    public List<Change<T>> poll(Duration timeout) {
        if (subscribed) {
            throw new IllegalStateException(RuntimeMessage.FeedSubscribed.format(tableName));
        }
        return read(timeout);
    }

    /** {@link #poll}, for the subscription that owns the feed. */
    List<Change<T>> read(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Duration idle = tuning.idleMin();
        while (true) {
            if (signal.isClosed()) {
                throw new IllegalStateException(RuntimeMessage.FeedClosed.format(tableName));
            }
            List<Change<T>> changes = readOnce();
            if (!changes.isEmpty()) {
                return changes;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return List.of();
            }
            if (!signal.pause(Duration.ofNanos(Math.min(left, idle.toNanos())))) {
                return List.of(); // closed or interrupted meanwhile
            }
            idle = idle.multipliedBy(2).compareTo(tuning.idleMax()) > 0 ? tuning.idleMax() : idle.multipliedBy(2);
        }
    }

    private List<Change<T>> readOnce() {
        List<StreamRecord> records;
        synchronized (follower) {
            records = follower.read();
        }
        List<Change<T>> changes = new ArrayList<>(records.size());
        for (StreamRecord r : records) {
            Change<T> c = decoder.decode(r);
            if (c != null) {
                changes.add(c);
            }
        }
        return changes;
    }

    @Override
    public Checkpoint checkpoint() {
        synchronized (follower) {
            return follower.checkpoint();
        }
    }

    @Override
    public String tableName() {
        return tableName;
    }

    @Override
    public Subscription subscribe(ChangeHandler<T> handler, SubscribeOptions options) {
        Objects.requireNonNull(handler, "handler");
        Objects.requireNonNull(options, "options");
        if (signal.isClosed()) {
            throw new IllegalStateException(RuntimeMessage.FeedClosed.format(tableName));
        }
        if (subscribed) {
            throw new IllegalStateException(RuntimeMessage.FeedSubscribed.format(tableName));
        }
        subscribed = true;
        return BackgroundSubscription.start(this, handler, options);
    }

    boolean isClosed() {
        return signal.isClosed();
    }

    /** Waits {@code wait} unless the feed closes first; whether it is still open. */
    boolean pause(Duration wait) {
        return signal.pause(wait);
    }

    @Override
    public void close() {
        signal.close();
    }
}
