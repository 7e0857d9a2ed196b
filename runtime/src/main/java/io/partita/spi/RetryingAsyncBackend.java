package io.partita.spi;

import io.partita.storage.AsyncBackend;
import io.partita.storage.ProvisionedThroughputExceededException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * {@link RetryingBackend} without blocking a thread: the same decision (a throttle is retried while attempts
 * remain under the current {@link Backoff}, read once per request), but the wait before a retry is a delayed
 * executor ({@link CompletableFuture#delayedExecutor}) instead of a sleep. Cancelling the returned future
 * cancels the attempt in flight and stops further attempts.
 */
public final class RetryingAsyncBackend extends ForwardingAsyncBackend {
    private final Supplier<? extends Backoff> backoff;
    private final RetryObserver observer;

    /** Tells {@code observer} about every retry ({@link RetryObserver#forRequest()} once per request). */
    public RetryingAsyncBackend(AsyncBackend delegate, Supplier<? extends Backoff> backoff, RetryObserver observer) {
        super(delegate);
        this.backoff = backoff;
        this.observer = observer;
    }

    @Override
    protected <R> CompletableFuture<R> dataPlane(Supplier<CompletableFuture<R>> call) {
        Backoff b = backoff.get();
        RetryObserver requestObserver = observer.forRequest();
        CompletableFuture<R> out = new CompletableFuture<>();
        attempt(call, b, requestObserver, 1, out);
        return out;
    }

    private static <R> void attempt(
            Supplier<CompletableFuture<R>> call,
            Backoff b,
            RetryObserver observer,
            int attempt,
            CompletableFuture<R> out) {
        if (out.isDone()) {
            return; // cancelled while waiting
        }
        CompletableFuture<R> sent;
        try {
            sent = call.get();
        } catch (RuntimeException e) {
            sent = CompletableFuture.failedFuture(e);
        }
        CompletableFuture<R> unused = AsyncBackend.cancelling(out, sent);
        CompletableFuture<R> unused2 = sent.whenComplete((r, e) -> {
            if (e == null) {
                out.complete(r);
                return;
            }
            Throwable cause = AsyncBackend.unwrap(e);
            if (RetryingBackend.retries(cause, attempt, b) && !out.isDone()) {
                observer.retrying(attempt, (ProvisionedThroughputExceededException) cause);
                Duration wait = b.delay(attempt - 1);
                Executor later = wait.isZero()
                        ? Runnable::run
                        : CompletableFuture.delayedExecutor(wait.toNanos(), TimeUnit.NANOSECONDS);
                later.execute(() -> attempt(call, b, observer, attempt + 1, out));
            } else {
                out.completeExceptionally(cause);
            }
        });
    }
}
