package io.partita.repository;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The asynchronous gather's bound on parallelism: at most {@code concurrency} requests in flight, the rest
 * queued in order; {@link #cancel()} drops the queue and cancels the requests in flight.
 */
final class AsyncGatherRunner {
    private final int concurrency;
    private final ArrayDeque<Runnable> queue = new ArrayDeque<>();
    private final List<CompletableFuture<?>> queued = new ArrayList<>();
    private final List<CompletableFuture<?>> inFlight = new ArrayList<>();
    private int running;
    private boolean cancelled;

    AsyncGatherRunner(int concurrency) {
        this.concurrency = concurrency;
    }

    <V> CompletableFuture<V> submit(Supplier<CompletableFuture<V>> call) {
        CompletableFuture<V> out = new CompletableFuture<>();
        Runnable start = () -> {
            CompletableFuture<V> sent = send(call);
            boolean cancelNow;
            synchronized (this) {
                inFlight.add(sent);
                cancelNow = cancelled;
            }
            if (cancelNow) {
                sent.cancel(true);
            }
            CompletableFuture<V> unused = sent.whenComplete((r, e) -> {
                synchronized (this) {
                    inFlight.removeIf(f -> f == sent);
                }
                if (e == null) {
                    out.complete(r);
                } else {
                    out.completeExceptionally(io.partita.internal.Futures.unwrap(e));
                }
                release();
            });
        };
        boolean now;
        synchronized (this) {
            if (cancelled) {
                out.cancel(false);
                return out;
            }
            now = running < concurrency;
            if (now) {
                running++;
            } else {
                queue.add(start);
                queued.add(out);
            }
        }
        if (now) {
            start.run();
        }
        return out;
    }

    private static <V> CompletableFuture<V> send(Supplier<CompletableFuture<V>> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private void release() {
        Runnable next;
        synchronized (this) {
            next = cancelled ? null : queue.poll();
            if (next == null) {
                running--;
            } else {
                queued.remove(0);
            }
        }
        if (next != null) {
            next.run();
        }
    }

    /** Drops the queue and cancels the requests in flight. */
    void cancel() {
        cancel(true);
    }

    /** Drops the queue; cancels the requests in flight too when {@code inFlight}. */
    void cancel(boolean inFlight) {
        List<CompletableFuture<?>> dropped;
        List<CompletableFuture<?>> running;
        synchronized (this) {
            if (cancelled) {
                return;
            }
            cancelled = true;
            queue.clear();
            dropped = new ArrayList<>(queued);
            queued.clear();
            running = inFlight ? new ArrayList<>(this.inFlight) : List.of();
        }
        for (CompletableFuture<?> f : dropped) {
            f.cancel(false);
        }
        for (CompletableFuture<?> f : running) {
            f.cancel(true);
        }
    }
}
