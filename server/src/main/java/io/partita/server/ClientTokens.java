package io.partita.server;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The {@code ClientRequestToken} of one kind of request ({@code TransactWriteItems}, {@code ExecuteTransaction}), as
 * DynamoDB's API reference describes it for both: a token is valid for 10 minutes after the first request that used
 * it completed; within them the same request again succeeds without running (the first answer is given again), and
 * another request with the token is {@code IdempotentParameterMismatchException}. While the first request still
 * runs, the same request again is {@code TransactionInProgressException} ("The transaction with the given request
 * token is already in progress."), and another request with the token is {@code IdempotentParameterMismatchException}
 * (the error DynamoDB documents for a token used with a different payload).
 *
 * <p>{@code P} is what makes two requests "the same": their parameters as parsed (so the order of JSON members, which
 * DynamoDB ignores, does not count), without {@code ReturnConsumedCapacity}, which may differ. Only requests that
 * succeeded are remembered, at most {@link #CAPACITY} tokens and {@link #CAPACITY_BYTES} of their request bodies (the
 * oldest are forgotten first): the SDKs put a token on every TransactWriteItems, and a transaction may be 4 MB, so a
 * bound by count alone could hold gigabytes. The requests in flight are bounded by the server's concurrency.
 *
 * @param <P> the parameters that must match
 * @param <R> the answer given again
 */
final class ClientTokens<P, R> {
    static final long WINDOW_NANOS = TimeUnit.MINUTES.toNanos(10);

    /**
     * The server's clock of the window, {@code System.nanoTime()}: a class of its own rather than a method reference,
     * since the planes are built before the first request and a method reference there has the JDK generate its
     * class (and a method handle form) at run time, a cost of every start without a class-data archive.
     */
    static final LongSupplier SYSTEM_NANO_TIME = new SystemNanoTime();

    private static final class SystemNanoTime implements LongSupplier {
        @Override
        public long getAsLong() {
            return System.nanoTime();
        }
    }

    static final int CAPACITY = 10_000;
    /** The request bodies' bytes remembered at most; a request larger than this is run but not remembered. */
    static final long CAPACITY_BYTES = 64L * 1024 * 1024;

    private record Used<P, R>(P parameters, R response, long completedAt, int bytes) {}

    /** Guards every field below. */
    private final Object lock = new Object();

    private final LinkedHashMap<String, Used<P, R>> used = new LinkedHashMap<>();
    /** The parameters of the requests running now, by token. */
    private final Map<String, P> inFlight = new HashMap<>();
    /** The sum of the remembered requests' body lengths. */
    private long bytes;

    private final LongSupplier nanoTime;

    ClientTokens(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    /**
     * Runs {@code operation} for a request with {@code token} ({@code null}: none) and {@code parameters}, or gives
     * the answer of the same request again; {@code bodyBytes} is its body's length. Throws
     * {@code TransactionInProgressException} or {@code IdempotentParameterMismatchException} as described above.
     */
    R run(String token, P parameters, int bodyBytes, Supplier<R> operation) {
        if (token == null) {
            return operation.get();
        }
        synchronized (lock) {
            forgetExpired(nanoTime.getAsLong());
            P running = inFlight.get(token);
            if (running != null) {
                throw running.equals(parameters) ? inProgress() : mismatch(token);
            }
            Used<P, R> u = used.get(token);
            if (u != null) {
                if (!u.parameters().equals(parameters)) {
                    throw mismatch(token);
                }
                return u.response();
            }
            inFlight.put(token, parameters);
        }
        R response;
        try {
            response = operation.get();
        } catch (RuntimeException | Error e) {
            synchronized (lock) {
                inFlight.remove(token);
            }
            throw e;
        }
        completed(token, parameters, response, bodyBytes);
        return response;
    }

    /** Remembers a request that succeeded, from now on. */
    private void completed(String token, P parameters, R response, int bodyBytes) {
        long now = nanoTime.getAsLong();
        synchronized (lock) {
            inFlight.remove(token);
            if (bodyBytes > CAPACITY_BYTES) {
                return;
            }
            Used<P, R> previous = used.remove(token);
            if (previous != null) {
                bytes -= previous.bytes();
            }
            used.put(token, new Used<>(parameters, response, now, bodyBytes));
            bytes += bodyBytes;
            forgetExpired(now);
            Iterator<Used<P, R>> oldest = used.values().iterator();
            while (used.size() > CAPACITY || bytes > CAPACITY_BYTES) {
                bytes -= oldest.next().bytes();
                oldest.remove();
            }
        }
    }

    private void forgetExpired(long now) {
        Iterator<Used<P, R>> it = used.values().iterator();
        while (it.hasNext()) {
            Used<P, R> u = it.next();
            if (now - u.completedAt() <= WINDOW_NANOS) {
                return;
            }
            bytes -= u.bytes();
            it.remove();
        }
    }

    private static ApiException inProgress() {
        return new ApiException(
                Errors.DYNAMODB_NAMESPACE,
                "TransactionInProgressException",
                400,
                "The transaction with the given request token is already in progress.");
    }

    private static ApiException mismatch(String token) {
        return new ApiException(
                Errors.DYNAMODB_NAMESPACE,
                "IdempotentParameterMismatchException",
                400,
                "Request parameters do not match the previous request with client token " + token
                        + ": a token identifies one request, while it runs and for 10 minutes after it completed");
    }

    /** How many tokens are remembered (tests). */
    int size() {
        synchronized (lock) {
            return used.size();
        }
    }

    /** How many requests with a token are running (tests). */
    int inFlight() {
        synchronized (lock) {
            return inFlight.size();
        }
    }
}
