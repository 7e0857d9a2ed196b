package io.partita;

import io.partita.internal.Message;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
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
            throw new IllegalArgumentException(Message.ConcurrencyOutOfRange.format(concurrency));
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
     * backend, read their shards on the calling thread).
     */
    public static Executor sharedExecutor() {
        return Shared.INSTANCE;
    }

    /** Hands tasks to the pool, creating it with the first one ({@link Pool}: a class initialised on first use). */
    private static final class Shared implements Executor {
        static final Shared INSTANCE = new Shared();

        @Override
        public void execute(Runnable task) {
            Pool.POOL.execute(task);
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

    private static final class Pool {
        static final ThreadPoolExecutor POOL = pool();

        private static ThreadPoolExecutor pool() {
            int threads = Math.min(64, Math.max(8, 4 * Runtime.getRuntime().availableProcessors()));
            ThreadPoolExecutor pool = new ThreadPoolExecutor(
                    threads, threads, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), new Threads());
            pool.allowCoreThreadTimeOut(true);
            return pool;
        }
    }
}
