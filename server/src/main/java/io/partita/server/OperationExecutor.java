package io.partita.server;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The bounded pool that runs operations off the event loops ({@link Execution}): a fixed number of daemon threads
 * (started on demand, stopped after a minute idle) and a bounded queue; {@link #trySubmit} refuses instead of
 * queueing beyond it, so the caller can answer with a throttling error.
 */
final class OperationExecutor {
    private final ThreadPoolExecutor pool;

    OperationExecutor(Execution execution) {
        BlockingQueue<Runnable> queue =
                execution.queue() == 0 ? new SynchronousQueue<>() : new ArrayBlockingQueue<>(execution.queue());
        this.pool = new ThreadPoolExecutor(
                execution.threads(),
                execution.threads(),
                60,
                TimeUnit.SECONDS,
                queue,
                new Threads(),
                new ThreadPoolExecutor.AbortPolicy());
        pool.allowCoreThreadTimeOut(true);
    }

    /** Runs {@code task} on the pool; false (and nothing runs) when every thread is busy and the queue is full. */
    boolean trySubmit(Runnable task) {
        try {
            pool.execute(task);
            return true;
        } catch (RejectedExecutionException full) {
            return false;
        }
    }

    /** Takes no more tasks; waits up to {@code millis} for running and queued ones, then interrupts what is left. */
    void shutdown(long millis) {
        pool.shutdown();
        try {
            if (!pool.awaitTermination(millis, TimeUnit.MILLISECONDS)) {
                pool.shutdownNow();
            }
        } catch (InterruptedException e) {
            pool.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    /** Daemon threads named {@code partita-server-op-N}: a server left open does not keep the JVM alive. */
    private static final class Threads implements ThreadFactory {
        private final AtomicInteger next = new AtomicInteger();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "partita-server-op-" + next.incrementAndGet());
            t.setDaemon(true);
            return t;
        }
    }
}
