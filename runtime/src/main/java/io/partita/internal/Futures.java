package io.partita.internal;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The few future combinators the asynchronous surface shares: a request loop (pages, batch resends) that sends
 * one request at a time, waits without blocking a thread, and stops when its future is cancelled.
 */
public final class Futures {
    private Futures() {}

    /** {@code e} without {@link CompletionException} / {@link ExecutionException} wrappers. */
    public static Throwable unwrap(Throwable e) {
        Throwable t = e;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /** Runs a task after {@code delay} without holding a thread meanwhile; at once, on this thread, for zero. */
    public static Executor after(Duration delay) {
        return delay == null || delay.isZero()
                ? Runnable::run
                : CompletableFuture.delayedExecutor(delay.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Completes {@code target} like {@code source} (the cause unwrapped); cancelling {@code target} cancels {@code source}. */
    public static <T> void relay(CompletableFuture<T> source, CompletableFuture<T> target) {
        cancelWith(target, source);
        CompletableFuture<T> unused = source.whenComplete((r, e) -> {
            if (e == null) {
                target.complete(r);
            } else {
                target.completeExceptionally(unwrap(e));
            }
        });
    }

    /** Arranges that cancelling {@code dependent} cancels {@code source}. */
    public static void cancelWith(CompletableFuture<?> dependent, CompletableFuture<?> source) {
        if (dependent != source) {
            CompletableFuture<?> unused = dependent.whenComplete((r, e) -> {
                if (dependent.isCancelled()) {
                    source.cancel(true);
                }
            });
        }
    }

    /**
     * A loop of requests, one in flight at a time: {@code send} returns the next request's future, or null when
     * there is nothing more to send; {@code absorb} takes each response and returns how long to wait before the
     * next request (null: none); {@code result} is the loop's value once {@code send} returns null. A failure of
     * any step fails the loop; cancelling the returned future cancels the request in flight and sends no more.
     */
    public static <R, T> CompletableFuture<T> loop(
            Supplier<CompletableFuture<R>> send, Function<R, Duration> absorb, Supplier<T> result) {
        CompletableFuture<T> out = new CompletableFuture<>();
        step(send, absorb, result, out);
        return out;
    }

    private static <R, T> void step(
            Supplier<CompletableFuture<R>> send,
            Function<R, Duration> absorb,
            Supplier<T> result,
            CompletableFuture<T> out) {
        while (!out.isDone()) { // iterates while responses are already there (the embedded core): no deep stacks
            CompletableFuture<R> sent;
            try {
                sent = send.get();
                if (sent == null) {
                    out.complete(result.get());
                    return;
                }
            } catch (RuntimeException e) {
                out.completeExceptionally(e);
                return;
            }
            if (!sent.isDone()) {
                cancelWith(out, sent);
                CompletableFuture<R> unused = sent.whenComplete((r, e) -> {
                    Duration wait = absorbed(r, e, absorb, out);
                    if (wait != null) {
                        after(wait).execute(() -> step(send, absorb, result, out));
                    }
                });
                return;
            }
            R r = null;
            Throwable failure = null;
            try {
                r = sent.join();
            } catch (RuntimeException e) {
                failure = e;
            }
            Duration wait = absorbed(r, failure, absorb, out);
            if (wait == null) {
                return;
            }
            if (!wait.isZero()) {
                after(wait).execute(() -> step(send, absorb, result, out));
                return;
            }
        }
    }

    /** Absorbs one response; the wait before the next request, or null when the loop failed. */
    private static <R, T> Duration absorbed(
            R response, Throwable failure, Function<R, Duration> absorb, CompletableFuture<T> out) {
        if (failure != null) {
            out.completeExceptionally(unwrap(failure));
            return null;
        }
        try {
            Duration wait = absorb.apply(response);
            return wait == null ? Duration.ZERO : wait;
        } catch (RuntimeException x) {
            out.completeExceptionally(x);
            return null;
        }
    }
}
