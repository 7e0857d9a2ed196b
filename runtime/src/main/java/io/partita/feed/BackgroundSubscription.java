package io.partita.feed;

import io.partita.Change;
import io.partita.ChangeHandler;
import io.partita.Checkpoint;
import io.partita.SubscribeOptions;
import io.partita.Subscription;
import io.partita.internal.RuntimeMessage;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A {@link Subscription}: a reader thread polls the feed into a bounded queue of batches (each with the checkpoint
 * after it), a handler thread hands them to the handler with the error policy {@link Subscription} documents and
 * saves the checkpoint after each handled batch.
 */
final class BackgroundSubscription<T> implements Subscription {
    /** A batch of changes and the feed's position after it; {@code changes} null tells the handler thread to stop. */
    private record Batch<T>(List<Change<T>> changes, Checkpoint checkpoint) {}

    private final StreamChangeFeed<T> feed;
    private final ChangeHandler<T> handler;
    private final SubscribeOptions options;
    private final BlockingQueue<Batch<T>> queue;
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    /** Closed when the subscription stops; the handler's retry waits pause on it. */
    private final FeedSignal stopping = new FeedSignal();

    private final Thread reader;
    private final Thread worker;

    private BackgroundSubscription(StreamChangeFeed<T> feed, ChangeHandler<T> handler, SubscribeOptions options) {
        this.feed = feed;
        this.handler = handler;
        this.options = options;
        this.queue = new ArrayBlockingQueue<>(options.queueCapacity() + 1); // + 1: room for the stop batch
        String name = "partita-changes-" + feed.tableName();
        this.reader = new Thread(this::readLoop, name + "-reader");
        this.worker = new Thread(this::handleLoop, name + "-handler");
        reader.setDaemon(true);
        worker.setDaemon(true);
    }

    static <T> BackgroundSubscription<T> start(
            StreamChangeFeed<T> feed, ChangeHandler<T> handler, SubscribeOptions options) {
        BackgroundSubscription<T> s = new BackgroundSubscription<>(feed, handler, options);
        s.worker.start();
        s.reader.start();
        return s;
    }

    @Override
    public CompletableFuture<Void> done() {
        return done;
    }

    @Override
    public boolean isRunning() {
        return !stopping.isClosed();
    }

    @Override
    public void close() {
        stopping.close();
        feed.close();
        if (Thread.currentThread() == worker || Thread.currentThread() == reader) {
            return; // the loops end on their own once this batch is done
        }
        try {
            reader.join();
            stopWorker();
            worker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void readLoop() {
        try {
            while (!stopping.isClosed()) {
                List<Change<T>> changes = feed.read(options.pollTimeout());
                if (changes.isEmpty()) {
                    continue;
                }
                Batch<T> batch = new Batch<>(changes, feed.checkpoint());
                while (!stopping.isClosed()
                        && !queue.offer(batch, options.pollTimeout().toNanos(), TimeUnit.NANOSECONDS)) {
                    // the queue is full: the handler is behind; wait for room (or the stop)
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            if (!stopping.isClosed()) {
                fail(e);
                stopWorker();
            }
        }
    }

    private void handleLoop() {
        try {
            while (!stopping.isClosed()) {
                Batch<T> batch = queue.take();
                if (batch.changes() == null || stopping.isClosed() || !handle(batch)) {
                    break;
                }
                if (options.checkpointStore() != null) {
                    options.checkpointStore().save(options.consumer(), batch.checkpoint());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            fail(e);
        } finally {
            done.complete(null); // no effect after fail()
        }
    }

    /** Hands {@code batch} over until it is handled, the attempts run out (the subscription fails) or it stops. */
    private boolean handle(Batch<T> batch) {
        Duration delay = options.retryDelay();
        for (int attempt = 1; ; attempt++) {
            try {
                handler.handleBatch(batch.changes());
                return true;
            } catch (Exception e) {
                if (attempt >= options.maxAttempts()) {
                    fail(new IllegalStateException(
                            RuntimeMessage.HandlerFailed.format(
                                    feed.tableName(),
                                    attempt,
                                    batch.changes().get(0).sequenceNumber(),
                                    e),
                            e));
                    return false;
                }
                if (!stopping.pause(delay)) {
                    return false;
                }
                delay = delay.multipliedBy(2);
            }
        }
    }

    /** Stops, then fails {@link #done()}: whoever the failure wakes already sees the subscription stopped. */
    private void fail(Throwable cause) {
        stopping.close();
        feed.close();
        done.completeExceptionally(cause);
    }

    /** Ends the handler thread's wait for a batch: queued batches are dropped (they are after the checkpoint). */
    private void stopWorker() {
        queue.clear();
        queue.offer(new Batch<>(null, null));
    }
}
