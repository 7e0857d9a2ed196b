package io.partita;

import java.util.concurrent.CompletableFuture;

/**
 * A running {@link ChangeFeed#subscribe subscription}: a reader thread polls the feed into a bounded queue of batches
 * (it waits while the queue is full, so a slow handler slows the reading, never the memory), and a handler thread
 * hands each batch to the {@link ChangeHandler}, saving the checkpoint after each handled batch when
 * {@link SubscribeOptions#checkpoints} names a store.
 *
 * <p>Error policy: a batch whose handling throws is handed over again, up to {@link SubscribeOptions#maxAttempts()}
 * attempts in all, with a doubling delay from {@link SubscribeOptions#retryDelay()}; when the last attempt throws,
 * the subscription stops: the feed is closed, the checkpoint stays before the failed batch (a subscription resumed
 * from it gets the batch again), and {@link #done()} completes exceptionally with an
 * {@link IllegalStateException} naming the table and the batch, caused by the handler's exception. A failure to
 * read the stream stops it the same way.
 */
public interface Subscription extends AutoCloseable {
    /**
     * Completes when the subscription has stopped: normally after {@link #close()}, exceptionally when the handler
     * failed (see the error policy above) or the stream could not be read.
     */
    CompletableFuture<Void> done();

    /** Whether the subscription is still delivering (not closed, not failed). */
    boolean isRunning();

    /**
     * Stops: no batch is started after this call; waits until the batch the handler is working on is finished
     * (batches still queued are dropped: they are after the checkpoint, so a resumed subscription reads them again),
     * then closes the feed. Idempotent; returns at once on the handler's own thread.
     */
    @Override
    void close();
}
