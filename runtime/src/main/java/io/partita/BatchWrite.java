package io.partita;

import io.partita.internal.Futures;
import io.partita.internal.RuntimeMessage;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.BatchWriteItemResponse;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.WriteRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Unconditional puts and deletes across repositories, sent in BatchWriteItem requests of 25. Each write is
 * atomic on its own; the batch is not (use a {@link Transaction} for all-or-nothing). Conditions cannot be
 * batched, so entities with a {@code @Version} field are refused: put them one by one or in a transaction.
 *
 * <pre>{@code
 * db.batchWrite(batch -> batch.put(users, alice).put(users, bob).delete(orders.key("o-17")));
 * }</pre>
 *
 * Writes the backend returns as unprocessed (throttled) are sent again under the database's {@link RetryPolicy}.
 */
public final class BatchWrite {
    /** DynamoDB's limit on writes per BatchWriteItem request. */
    public static final int MAX_PER_REQUEST = 25;

    private final Partita db;
    private final List<Map.Entry<String, WriteRequest>> writes = new ArrayList<>();
    private ReturnConsumedCapacity returnConsumedCapacity = ReturnConsumedCapacity.NONE;
    private boolean returnItemCollectionMetrics;

    BatchWrite(Partita db) {
        this.db = db;
    }

    /** Puts {@code entity} (validated like {@code repository.put}); refused for {@code @Version} entities. */
    public <T> BatchWrite put(Repository<T> repository, T entity) {
        if (repository.isVersioned()) {
            throw new IllegalArgumentException(RuntimeMessage.VersionedBatchWrite.format(repository.tableName()));
        }
        TransactWriteItem.Put put = repository.preparePut(entity, null);
        writes.add(Map.entry(put.tableName(), WriteRequest.put(put.item())));
        return this;
    }

    /** Deletes the item under {@code key}. */
    public BatchWrite delete(Key<?> key) {
        writes.add(Map.entry(key.tableName(), WriteRequest.delete(key.attributes())));
        return this;
    }

    /** How many writes are queued. */
    public int size() {
        return writes.size();
    }

    /** Asks for the capacity the batch consumes, returned by {@link #execute()} (every request, resends included). */
    public BatchWrite returnConsumedCapacity(ReturnConsumedCapacity level) {
        this.returnConsumedCapacity = java.util.Objects.requireNonNull(level, "level");
        return this;
    }

    /** Asks for the item-collection metrics of the writes (tables with an LSI), returned by {@link #execute()}. */
    public BatchWrite returnItemCollectionMetrics() {
        this.returnItemCollectionMetrics = true;
        return this;
    }

    /**
     * Sends every queued write, 25 per request, and empties the batch.
     *
     * @return what the requests consumed ({@link Consumed#NONE} unless asked for)
     */
    public Consumed execute() {
        Sending sending = new Sending();
        for (BatchWriteItemRequest request; (request = sending.next()) != null; ) {
            int retry = sending.absorb(db.requests().batchWriteItem(request));
            if (retry >= 0) {
                sending.policy.pause(retry);
            }
        }
        return sending.result();
    }

    /**
     * {@link #execute()} without blocking: requests are sent one after the other, resends of unprocessed writes
     * wait on a delayed executor; cancelling the future stops after the request in flight.
     */
    public CompletableFuture<Consumed> executeAsync() {
        Sending sending = new Sending();
        return Futures.loop(
                () -> {
                    BatchWriteItemRequest request = sending.next();
                    return request == null ? null : db.asyncRequests().batchWriteItem(request);
                },
                response -> {
                    int retry = sending.absorb(response);
                    return retry < 0 ? null : sending.policy.delay(retry);
                },
                sending::result);
    }

    /**
     * The batch as a sequence of requests, shared by both paths: the queued writes are taken (the batch is
     * emptied) when sending starts; {@link #next()} is the request to send, {@link #absorb} takes its response.
     */
    private final class Sending {
        final List<Map.Entry<String, WriteRequest>> queued = new ArrayList<>(writes);
        final Consumed.Accumulator consumed = new Consumed.Accumulator();
        final RetryPolicy policy = db.retryPolicy();
        int from;
        Map<String, List<WriteRequest>> pending = Map.of();
        int attempt;

        Sending() {
            writes.clear();
        }

        BatchWriteItemRequest next() {
            if (pending.isEmpty()) {
                if (from >= queued.size()) {
                    return null;
                }
                Map<String, List<WriteRequest>> request = new LinkedHashMap<>();
                int to = Math.min(queued.size(), from + MAX_PER_REQUEST);
                for (Map.Entry<String, WriteRequest> w : queued.subList(from, to)) {
                    request.computeIfAbsent(w.getKey(), t -> new ArrayList<>()).add(w.getValue());
                }
                from = to;
                pending = request;
                attempt = 0;
            }
            attempt++;
            return BatchWriteItemRequest.builder()
                    .requestItems(pending)
                    .returnConsumedCapacity(returnConsumedCapacity)
                    .returnItemCollectionMetrics(returnItemCollectionMetrics)
                    .build();
        }

        /** Takes a response; the 0-based retry to back off for before resending unprocessed writes, or -1. */
        int absorb(BatchWriteItemResponse response) {
            consumed.add(
                    response.consumedCapacity(),
                    response.itemCollectionMetrics() == null
                            ? null
                            : response.itemCollectionMetrics().values().stream()
                                    .flatMap(List::stream)
                                    .toList());
            pending = response.unprocessedItems() == null ? Map.of() : response.unprocessedItems();
            if (pending.isEmpty()) {
                return -1;
            }
            if (attempt >= policy.maxAttempts()) {
                throw new IllegalStateException(RuntimeMessage.WritesStillUnprocessed.format(
                        pending.values().stream().mapToInt(List::size).sum(), attempt));
            }
            return attempt - 1;
        }

        Consumed result() {
            return returnConsumedCapacity == ReturnConsumedCapacity.NONE && !returnItemCollectionMetrics
                    ? Consumed.NONE
                    : consumed.result();
        }
    }
}
