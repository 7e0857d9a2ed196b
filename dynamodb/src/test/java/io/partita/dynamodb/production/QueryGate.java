package io.partita.dynamodb.production;

import io.partita.spi.ForwardingAsyncBackend;
import io.partita.storage.AsyncBackend;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The bottom of a test database's asynchronous request path: counts the Query requests sent and, once
 * {@link #hold()} is called, holds each Query's answer until the test releases it on its own thread. Whatever the
 * runtime does with an answer (deliver a page, send the next request, cancel the rest) has then happened when
 * {@link #releaseNext()} returns, so a test can assert what was <em>not</em> sent without waiting for time to pass.
 * The other operations pass through.
 */
final class QueryGate {
    private static final long ANSWER_TIMEOUT_SECONDS = 20;

    private final AtomicInteger sent = new AtomicInteger();
    private final AtomicInteger heldSent = new AtomicInteger();
    private final AtomicInteger released = new AtomicInteger();
    private final BlockingQueue<Runnable> answers = new LinkedBlockingQueue<>();
    private volatile boolean holding;

    /** {@code backend} behind this gate; for {@code AsyncBackends.builder(gate::wrap)}. */
    AsyncBackend wrap(AsyncBackend backend) {
        return new ForwardingAsyncBackend(backend) {
            @Override
            public CompletableFuture<QueryResponse> query(QueryRequest request) {
                sent.incrementAndGet();
                return holding ? held(delegate().query(request)) : delegate().query(request);
            }
        };
    }

    /** From now on each Query's answer waits for {@link #releaseNext()}. */
    void hold() {
        holding = true;
    }

    /** Query requests sent so far. */
    int sent() {
        return sent.get();
    }

    /** Waits for the next answer held back (up to 20 s) and completes its request's future on this thread. */
    void releaseNext() throws InterruptedException {
        Runnable answer = answers.poll(ANSWER_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (answer == null) {
            throw new AssertionError("no Query answer arrived within " + ANSWER_TIMEOUT_SECONDS + " s");
        }
        released.incrementAndGet();
        answer.run();
    }

    /**
     * Releases the answer of every Query sent while holding, including those sent while releasing, waiting for
     * each one to arrive (a cancelled request's answer is its cancellation, at once).
     */
    void releaseAll() throws InterruptedException {
        while (released.get() < heldSent.get()) {
            releaseNext();
        }
    }

    /** A future completed with {@code answer}'s outcome when the test releases it; cancelling it cancels the request. */
    private CompletableFuture<QueryResponse> held(CompletableFuture<QueryResponse> answer) {
        heldSent.incrementAndGet();
        CompletableFuture<QueryResponse> held = new CompletableFuture<>();
        CompletableFuture<QueryResponse> unused = answer.whenComplete((response, failure) -> answers.add(() -> {
            if (failure != null) {
                held.completeExceptionally(failure);
            } else {
                held.complete(response);
            }
        }));
        return AsyncBackend.cancelling(held, answer);
    }
}
