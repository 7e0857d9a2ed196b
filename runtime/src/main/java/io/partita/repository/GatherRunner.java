package io.partita.repository;

import io.partita.GatherOptions;
import io.partita.internal.RuntimeMessage;
import io.partita.storage.Backend;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Runs fetches on an executor, at most {@code concurrency} tasks at a time; the caller may run them too.
 * <b>Direct</b> (the default executor, and a backend whose {@link Pace} is fast): nothing goes to the executor;
 * each task runs on the caller when it needs the result.
 */
final class GatherRunner {
    private final Executor executor;
    private final int concurrency;
    /** The backend's pace, recorded by every task; null: an executor the caller chose, always used. */
    final Pace pace;

    private final boolean direct;
    private final ConcurrentLinkedQueue<Task<?>> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger workers = new AtomicInteger();
    final AtomicBoolean cancelled = new AtomicBoolean();
    private volatile Task<?> failed;

    GatherRunner(Executor executor, int concurrency) {
        this(executor, concurrency, null);
    }

    private GatherRunner(Executor executor, int concurrency, Pace pace) {
        this.executor = executor;
        this.concurrency = concurrency;
        this.pace = pace;
        this.direct = pace != null && pace.direct();
    }

    /** The runner of a gather's shard requests: direct when the default pool would only add hand-offs. */
    static GatherRunner of(QueryBuilder<?, ?> q) {
        Executor executor = q.effectiveExecutor();
        boolean shared = executor == GatherOptions.sharedExecutor();
        return new GatherRunner(executor, q.effectiveConcurrency(), shared ? Pace.of(q.spec.backend()) : null);
    }

    <V> Task<V> submit(int shard, Supplier<V> work) {
        Task<V> task = new Task<>(this, shard, work);
        if (cancelled.get()) {
            task.cancel();
            return task;
        }
        if (direct) {
            return task; // run by the caller's await (a cancelled runner cancels it there)
        }
        queue.add(task);
        spawn();
        return task;
    }

    private void spawn() {
        while (true) {
            int w = workers.get();
            if (w >= concurrency || queue.isEmpty()) {
                return;
            }
            if (workers.compareAndSet(w, w + 1)) {
                try {
                    executor.execute(this::drain);
                } catch (RejectedExecutionException e) {
                    workers.decrementAndGet();
                    return; // the caller runs what it needs itself
                }
            }
        }
    }

    private void drain() {
        try {
            Task<?> t;
            while ((t = queue.poll()) != null) {
                t.run();
            }
        } finally {
            workers.decrementAndGet();
        }
        if (!queue.isEmpty()) {
            spawn(); // a task queued between our last poll and the decrement
        }
    }

    void cancel() {
        if (cancelled.compareAndSet(false, true)) {
            Task<?> t;
            while ((t = queue.poll()) != null) {
                t.cancel();
            }
        }
    }

    void failed(Task<?> task) {
        if (failed == null) {
            failed = task;
        }
        cancel();
    }

    /** The first failed task, if any. */
    Task<?> failure() {
        return failed;
    }

    /**
     * How fast a backend answers shard requests, learned from the requests themselves: a score that each answer
     * within {@link #DIRECT_NANOS} raises by one (up to {@link #CAP}) and each slower answer lowers by
     * {@link #SLOW_PENALTY}. From {@link #LEARN} on (32 fast answers in a row from a fresh start; the embedded core
     * answers a 10-entry page in a few microseconds), handing a request to another thread costs more than the
     * request, so gathers on the default executor run their requests on the calling thread; a few slower answers
     * (a network round trip, large pages) send the next gathers back to the executor, while one stray slow answer
     * (a pause, a descheduled thread) does not. Only which thread runs a request depends on it, never what a
     * gather reads or returns.
     */
    static final class Pace {
        static final long DIRECT_NANOS = 100_000;
        static final int LEARN = 32;
        static final int CAP = 64;
        static final int SLOW_PENALTY = 16;
        private static final Map<Backend, Pace> PACES = Collections.synchronizedMap(new WeakHashMap<>());

        /** The score (racing updates may lose one; it is a heuristic, and only ever decides the thread). */
        private final AtomicInteger score = new AtomicInteger();

        static Pace of(Backend backend) {
            return PACES.computeIfAbsent(backend, b -> new Pace());
        }

        boolean direct() {
            return score.get() >= LEARN;
        }

        void record(long nanos) {
            int n = score.get();
            if (nanos > DIRECT_NANOS) {
                if (n != 0) {
                    score.set(Math.max(0, n - SLOW_PENALTY));
                }
            } else if (n < CAP) {
                score.set(n + 1);
            }
        }
    }

    /**
     * One unit of shard work (a page, or a shard's count); runs once, on a worker or on the caller. A direct
     * runner's task runs on the caller only, which alone reads it: it holds its outcome in plain fields, with no
     * future and no atomic claim.
     */
    static final class Task<V> {
        private final GatherRunner runner;
        final int shard;
        private final Supplier<V> work;
        /** Null for a direct runner's task. */
        private final AtomicBoolean claimed;
        /** The outcome; null for a direct runner's task. */
        final CompletableFuture<V> result;

        /** A direct runner's task: whether it ran, and its outcome. */
        private boolean ran;

        private V value;
        private Throwable error;

        Task(GatherRunner runner, int shard, Supplier<V> work) {
            this.runner = runner;
            this.shard = shard;
            this.work = work;
            this.claimed = runner.direct ? null : new AtomicBoolean();
            this.result = runner.direct ? null : new CompletableFuture<>();
        }

        /** Cancels the task before it runs. */
        void cancel() {
            if (result == null) {
                ran = true;
                error = new CancellationException();
            } else {
                result.cancel(false);
            }
        }

        void run() {
            if (!claimed.compareAndSet(false, true)) {
                return;
            }
            if (runner.cancelled.get()) {
                result.cancel(false);
                return;
            }
            try {
                Pace pace = runner.pace;
                if (pace == null) {
                    result.complete(work.get());
                } else {
                    long start = System.nanoTime();
                    V value = work.get();
                    pace.record(System.nanoTime() - start);
                    result.complete(value);
                }
            } catch (Throwable e) {
                result.completeExceptionally(e);
                runner.failed(this);
            }
        }

        /** The result, running the work here if no worker has claimed it; a failure surfaces as its cause. */
        V await() throws Throwable {
            if (result == null) {
                return runHere();
            }
            run();
            try {
                return result.get();
            } catch (ExecutionException e) {
                throw e.getCause();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                runner.cancel();
                throw new CancellationException(RuntimeMessage.InterruptedGathering.format());
            }
        }

        /** A direct runner's task: runs on the caller (once; a cancelled runner cancels it, as a worker would). */
        private V runHere() throws Throwable {
            if (!ran) {
                ran = true;
                if (runner.cancelled.get()) {
                    error = new CancellationException();
                } else {
                    try {
                        long start = System.nanoTime();
                        value = work.get();
                        runner.pace.record(System.nanoTime() - start);
                    } catch (Throwable e) {
                        error = e;
                        runner.failed(this);
                    }
                }
            }
            if (error != null) {
                throw error;
            }
            return value;
        }

        /** Why the task failed (it did: {@link Runner#failure}). */
        Throwable cause() {
            if (result == null) {
                return error;
            }
            Throwable cause = result.handle((v, e) -> e).join();
            return cause instanceof java.util.concurrent.CompletionException ? cause.getCause() : cause;
        }
    }
}
