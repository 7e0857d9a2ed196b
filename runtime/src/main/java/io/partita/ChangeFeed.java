package io.partita;

import java.time.Duration;
import java.util.List;

/**
 * The changes of one table, read from its change stream ({@code @ChangeStream}) and decoded into entities: a
 * generated repository's {@code changes()} opens one. It follows the stream's shards (parents before children, new
 * shards as the stream rolls over), renews expired iterators and retries throttled reads with a backoff, through the
 * database's {@link io.partita.storage.Backend} alone, so the same feed reads the embedded core, the server and
 * Amazon DynamoDB.
 *
 * <p>Pull form: {@link #poll(Duration)}, from one thread at a time. Push form: {@link #subscribe(ChangeHandler)}, a
 * background thread that hands each batch to a handler. Either way {@link #checkpoint()} is the position after the
 * changes delivered so far, to resume from later (at least once) with the repository's {@code changes(Checkpoint)}.
 *
 * @param <T> the entity type (for a shared table, the table's interface or {@code Object})
 */
public interface ChangeFeed<T> extends AutoCloseable {
    /**
     * Waits up to {@code timeout} for changes and returns those available, in stream order (each item's changes in
     * the order they were made); an empty list when none came in time, or when the feed was closed meanwhile.
     * Waiting is a timed wait on the feed (woken by {@link #close()}), between reads whose interval grows while the
     * stream is idle.
     *
     * @throws IllegalStateException when the feed is closed, or a subscription owns it
     */
    List<Change<T>> poll(Duration timeout);

    /** The position after every change returned so far: pass it to the repository's {@code changes(Checkpoint)}. */
    Checkpoint checkpoint();

    /** The table whose stream this feed reads. */
    String tableName();

    /**
     * Hands the changes to {@code handler} on a background thread, with the default {@link SubscribeOptions}; the
     * subscription owns this feed from now on and closes it when it stops.
     */
    default Subscription subscribe(ChangeHandler<T> handler) {
        return subscribe(handler, SubscribeOptions.defaults());
    }

    /** Hands the changes to {@code handler} on a background thread, as {@code options} say. */
    Subscription subscribe(ChangeHandler<T> handler, SubscribeOptions options);

    /** Stops reading: a {@link #poll} waiting in another thread returns at once. Idempotent. */
    @Override
    void close();
}
