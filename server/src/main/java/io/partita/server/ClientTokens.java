package io.partita.server;

import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.TransactWriteItemsResponse;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * TransactWriteItems' {@code ClientRequestToken}, as DynamoDB's API reference describes it: a token is valid for 10
 * minutes after the first request that used it completed; within them the same request again succeeds without
 * writing anything (the first answer is given again), and another request with the token is
 * {@code IdempotentParameterMismatchException}. "The same request" is the same actions, whatever the order of
 * their JSON members (DynamoDB ignores it); {@code ReturnConsumedCapacity} may differ. Only requests that
 * succeeded are remembered, at most {@link #CAPACITY} tokens and {@link #CAPACITY_BYTES} of their request bodies (the
 * oldest are forgotten first): the SDKs put a token on every TransactWriteItems, and a transaction may be 4 MB, so a
 * bound by count alone could hold gigabytes.
 */
final class ClientTokens {
    static final long WINDOW_NANOS = TimeUnit.MINUTES.toNanos(10);
    static final int CAPACITY = 10_000;
    /** The request bodies' bytes remembered at most; a request larger than this is run but not remembered. */
    static final long CAPACITY_BYTES = 64L * 1024 * 1024;

    private record Used(
            List<TransactWriteItem> items, TransactWriteItemsResponse response, long completedAt, int bytes) {}

    private final LinkedHashMap<String, Used> used = new LinkedHashMap<>();
    /** The sum of the remembered requests' body lengths (guarded by {@code used}). */
    private long bytes;

    private final LongSupplier nanoTime;

    ClientTokens(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    /**
     * The answer to give again when {@code r}'s token was used by the same request within the window; {@code null}
     * when the request is to run (no token, a new one, or one whose window has passed).
     */
    TransactWriteItemsResponse replay(TransactWriteItemsRequest r) {
        String token = r.clientRequestToken();
        if (token == null) {
            return null;
        }
        Used u;
        synchronized (used) {
            forgetExpired(nanoTime.getAsLong());
            u = used.get(token);
        }
        if (u == null) {
            return null;
        }
        if (!u.items().equals(r.transactItems())) {
            throw new ApiException(
                    Errors.DYNAMODB_NAMESPACE,
                    "IdempotentParameterMismatchException",
                    400,
                    "Request parameters do not match the previous request with client token " + token
                            + ": a token identifies one request for 10 minutes after it completed");
        }
        return u.response();
    }

    /** Remembers a request that succeeded, from now on; {@code bodyBytes} is its body's length. */
    void completed(TransactWriteItemsRequest r, TransactWriteItemsResponse response, int bodyBytes) {
        if (r.clientRequestToken() == null || bodyBytes > CAPACITY_BYTES) {
            return;
        }
        long now = nanoTime.getAsLong();
        synchronized (used) {
            Used previous = used.remove(r.clientRequestToken());
            if (previous != null) {
                bytes -= previous.bytes();
            }
            used.put(r.clientRequestToken(), new Used(r.transactItems(), response, now, bodyBytes));
            bytes += bodyBytes;
            forgetExpired(now);
            Iterator<Used> oldest = used.values().iterator();
            while (used.size() > CAPACITY || bytes > CAPACITY_BYTES) {
                bytes -= oldest.next().bytes();
                oldest.remove();
            }
        }
    }

    private void forgetExpired(long now) {
        Iterator<Used> it = used.values().iterator();
        while (it.hasNext()) {
            Used u = it.next();
            if (now - u.completedAt() <= WINDOW_NANOS) {
                return;
            }
            bytes -= u.bytes();
            it.remove();
        }
    }

    /** How many tokens are remembered (tests). */
    int size() {
        synchronized (used) {
            return used.size();
        }
    }
}
