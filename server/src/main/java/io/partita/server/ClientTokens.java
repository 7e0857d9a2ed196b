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
 * succeeded are remembered, at most {@link #CAPACITY} tokens (the oldest are forgotten first).
 */
final class ClientTokens {
    static final long WINDOW_NANOS = TimeUnit.MINUTES.toNanos(10);
    static final int CAPACITY = 10_000;

    private record Used(List<TransactWriteItem> items, TransactWriteItemsResponse response, long completedAt) {}

    private final LinkedHashMap<String, Used> used = new LinkedHashMap<>();
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

    /** Remembers a request that succeeded, from now on. */
    void completed(TransactWriteItemsRequest r, TransactWriteItemsResponse response) {
        if (r.clientRequestToken() == null) {
            return;
        }
        long now = nanoTime.getAsLong();
        synchronized (used) {
            used.remove(r.clientRequestToken());
            used.put(r.clientRequestToken(), new Used(r.transactItems(), response, now));
            forgetExpired(now);
            Iterator<String> oldest = used.keySet().iterator();
            while (used.size() > CAPACITY) {
                oldest.next();
                oldest.remove();
            }
        }
    }

    private void forgetExpired(long now) {
        Iterator<Used> it = used.values().iterator();
        while (it.hasNext() && now - it.next().completedAt() > WINDOW_NANOS) {
            it.remove();
        }
    }
}
