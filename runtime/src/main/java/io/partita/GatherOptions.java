package io.partita;

import io.partita.internal.RuntimeMessage;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How a gather query (an index query on a {@code @Scatter} index) reads its shards: on which {@link Executor} and
 * with at most how many shard requests in flight at once. The calling thread also runs shard requests while it
 * waits, so a gather never deadlocks on a saturated executor and {@code Runnable::run} gives sequential reads.
 *
 * <p>With the {@linkplain #sharedExecutor() shared executor} (the default), a gather on a backend that has been
 * answering shard requests faster than a hand-off to another thread costs (32 answers within 100 µs, as the
 * embedded core does) reads its shards on the calling thread instead; a few slower answers send the next gathers
 * back to the executor. An executor set here or per query is always used.
 *
 * <p>Set per database ({@link Partita#gatherOptions(GatherOptions)}) or per query
 * ({@code .executor(...)}, {@code .concurrency(n)} on the query builder).
 *
 * @param executor    runs shard requests (one page each); should be bounded, since each task may block on I/O
 * @param concurrency at most this many executor tasks per query (the caller thread comes on top), 1 to 1000
 */
public record GatherOptions(Executor executor, int concurrency) {
    /** Shard requests in flight per query by default: enough to hide DynamoDB latency, few enough to be polite. */
    public static final int DEFAULT_CONCURRENCY = 16;

    public GatherOptions {
        Objects.requireNonNull(executor, "executor");
        if (concurrency < 1 || concurrency > 1000) {
            throw new IllegalArgumentException(RuntimeMessage.ConcurrencyOutOfRange.format(concurrency));
        }
    }

    /**
     * The shared default: {@link #sharedExecutor()} and {@value #DEFAULT_CONCURRENCY} requests in flight per query.
     */
    public static GatherOptions defaults() {
        return Holder.DEFAULTS;
    }

    /** These options with another executor. */
    public GatherOptions withExecutor(Executor executor) {
        return new GatherOptions(executor, concurrency);
    }

    /** These options with another concurrency. */
    public GatherOptions withConcurrency(int concurrency) {
        return new GatherOptions(executor, concurrency);
    }

    /**
     * The process-wide gather pool: {@code max(8, 4 × cores)} (at most 64) daemon threads named
     * {@code partita-gather-<n>}, which end after 30 s idle, with an unbounded queue (the per-query concurrency is
     * the bound that matters). The pool is created when the first task reaches it, not when the default options
     * are first asked for: every repository query asks for them, and most never gather (or, on a fast in-process
     * backend, read their shards on the calling thread). It is shut down when the last open database that uses it
     * closes (its idle threads end at once, so a program's last {@code close()} leaves no gather thread behind),
     * and created again by the next task that reaches it.
     */
    public static Executor sharedExecutor() {
        return Shared.INSTANCE;
    }

    /** Counts one more open database using the shared pool, until its {@link #leaveSharedPool()}. */
    static void joinSharedPool() {
        Shared.INSTANCE.join();
    }

    /** The end of a {@link #joinSharedPool()}: the last one shuts the pool down (idle threads end at once). */
    static void leaveSharedPool() {
        Shared.INSTANCE.leave();
    }

    /**
     * Hands tasks to the pool, creating it with the first one ({@link Pool}: a class initialised on first use), and
     * shuts it down when the last database that joined it leaves.
     */
    private static final class Shared implements Executor {
        static final Shared INSTANCE = new Shared();

        /** Open databases using the pool. */
        private int users;
        /** null until a task arrives, and again once the last user has left. */
        private volatile ThreadPoolExecutor pool;

        @Override
        public void execute(Runnable task) {
            ThreadPoolExecutor current = pool;
            if (current == null || current.isShutdown()) {
                current = start();
            }
            try {
                current.execute(task);
            } catch (RejectedExecutionException e) {
                start().execute(task); // the last user left between the read and the hand-off
            }
        }

        private synchronized ThreadPoolExecutor start() {
            ThreadPoolExecutor current = pool;
            if (current == null || current.isShutdown()) {
                current = Pool.create();
                pool = current;
            }
            return current;
        }

        synchronized void join() {
            users++;
        }

        synchronized void leave() {
            if (users > 0 && --users == 0 && pool != null) {
                pool.shutdown(); // queued tasks still run; idle threads are interrupted and end now
                pool = null;
            }
        }

        @Override
        public String toString() {
            return "GatherOptions.sharedExecutor()";
        }
    }

    /**
     * Names the pool's daemon threads {@code partita-gather-<n>}. A class, not a lambda: the pool is created on a
     * repository's first query, where a lambda's bootstrap would load the JDK's lambda machinery (≈ 40 classes).
     */
    private static final class Threads implements ThreadFactory {
        private final AtomicInteger n = new AtomicInteger();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "partita-gather-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        }
    }

    private static final class Holder {
        static final GatherOptions DEFAULTS = new GatherOptions(Shared.INSTANCE, DEFAULT_CONCURRENCY);
    }

    /** Builds the pool (a class of its own: its constants and thread factory load with the first task). */
    private static final class Pool {
        static ThreadPoolExecutor create() {
            int threads = Math.min(64, Math.max(8, 4 * Runtime.getRuntime().availableProcessors()));
            ThreadPoolExecutor pool = new ThreadPoolExecutor(
                    threads, threads, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), new Threads());
            pool.allowCoreThreadTimeOut(true);
            return pool;
        }
    }
}
