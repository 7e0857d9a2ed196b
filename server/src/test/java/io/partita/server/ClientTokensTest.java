package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * {@code ClientRequestToken}'s 10-minute window on a clock the test moves: the same request within it is answered
 * again without running, another request with the token is {@code IdempotentParameterMismatchException}, and
 * after it the token is new again; while the first request runs, the same request again is
 * {@code TransactionInProgressException} and another one a mismatch. DynamoDB's API reference, TransactWriteItems
 * (https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html: "ClientRequestToken"
 * and "Errors": TransactionInProgressException, HTTP 400) and ExecuteTransaction (API_ExecuteTransaction.html, the
 * same errors).
 */
class ClientTokensTest {
    private final AtomicLong now = new AtomicLong(1_000);
    private final ClientTokens<String, String> tokens = new ClientTokens<>(now::get);
    private final AtomicInteger runs = new AtomicInteger();

    private String run(String token, String parameters) {
        return tokens.run(token, parameters, 100, () -> "answer " + parameters + " #" + runs.incrementAndGet());
    }

    private static void assertError(Runnable r, String type) {
        assertThatThrownBy(r::run).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.type).isEqualTo(type);
            assertThat(e.status).isEqualTo(400);
        });
    }

    @Test
    void theSameRequestWithinTheWindowIsAnsweredAgainAnotherOneIsAMismatch() {
        String first = run("tok", "a");
        now.addAndGet(TimeUnit.MINUTES.toNanos(9));
        assertThat(run("tok", "a")).isSameAs(first);
        assertThat(runs).hasValue(1);
        assertError(() -> run("tok", "b"), "IdempotentParameterMismatchException");
        assertThat(run("other", "b")).isEqualTo("answer b #2");
        assertThat(run(null, "a")).isEqualTo("answer a #3");
        assertThat(run(null, "a")).isEqualTo("answer a #4");
    }

    @Test
    void afterTenMinutesTheTokenIsNewAgain() {
        run("tok", "a");
        now.addAndGet(ClientTokens.WINDOW_NANOS + 1);
        assertThat(run("tok", "b")).isEqualTo("answer b #2");
    }

    @Test
    void aRequestThatFailedIsNotRememberedItsTokenIsFreeAgain() {
        assertThatThrownBy(() -> tokens.run("tok", "a", 100, () -> {
                    throw new IllegalStateException("cancelled");
                }))
                .hasMessage("cancelled");
        assertThat(tokens.inFlight()).isZero();
        assertThat(run("tok", "b")).isEqualTo("answer b #1");
    }

    /**
     * The first request is held inside its operation on a latch while others with its token arrive: the same one is
     * {@code TransactionInProgressException} (with DynamoDB's message), another one a mismatch; after the first
     * completes, the same one is answered again without running.
     */
    @Test
    void whileTheFirstRequestRunsTheSameOneIsInProgressAnotherOneAMismatch() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService first = Executors.newSingleThreadExecutor();
        try {
            CompletableFuture<String> held = CompletableFuture.supplyAsync(
                    () -> tokens.run("tok", "a", 100, () -> {
                        entered.countDown();
                        await(release);
                        return "first";
                    }),
                    first);
            assertThat(entered.await(30, TimeUnit.SECONDS)).isTrue();
            assertThat(tokens.inFlight()).isEqualTo(1);
            assertThatThrownBy(() -> run("tok", "a")).isInstanceOfSatisfying(ApiException.class, e -> {
                assertThat(e.type).isEqualTo("TransactionInProgressException");
                assertThat(e.status).isEqualTo(400);
                assertThat(e.getMessage())
                        .isEqualTo("The transaction with the given request token is already in progress.");
            });
            assertError(() -> run("tok", "b"), "IdempotentParameterMismatchException");
            assertThat(run("other", "a")).isEqualTo("answer a #1");
            release.countDown();
            assertThat(held.get(30, TimeUnit.SECONDS)).isEqualTo("first");
            assertThat(run("tok", "a")).isEqualTo("first");
            assertThat(tokens.inFlight()).isZero();
            assertThat(runs).hasValue(1);
        } finally {
            release.countDown();
            first.shutdownNow();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("not released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void rememberedRequestsAreBoundedByTheirBytesTheOldestForgottenFirst() {
        int quarter = (int) (ClientTokens.CAPACITY_BYTES / 4);
        for (int i = 0; i < 5; i++) {
            tokens.run("tok" + i, "a", quarter, () -> "ok");
        }
        assertThat(tokens.size()).isEqualTo(4);
        assertThat(tokens.run("tok0", "b", 1, () -> "new")).isEqualTo("new"); // forgotten: a new token again
        assertError(() -> tokens.run("tok2", "b", 1, () -> "new"), "IdempotentParameterMismatchException");
        tokens.run("huge", "a", (int) ClientTokens.CAPACITY_BYTES + 1, () -> "ok");
        assertThat(tokens.run("huge", "b", 1, () -> "run again")).isEqualTo("run again");
    }
}
