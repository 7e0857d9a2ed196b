package io.partita;

import io.partita.internal.Futures;
import io.partita.internal.RuntimeMessage;
import io.partita.storage.Backend;
import io.partita.storage.api.BatchGetItemRequest;
import io.partita.storage.api.BatchGetItemResponse;
import io.partita.storage.api.KeysAndAttributes;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * A batch read as a sequence of requests (100 keys each, unprocessed keys resent under the retry policy),
 * shared by the blocking and the asynchronous path: {@link #next()} the request to send, {@link #absorb} its
 * response.
 */
final class BatchRead {
    final RetryPolicy policy;
    final ReturnConsumedCapacity capacity;
    final List<Key<?>> distinct;
    final Map<Key<?>, Map<String, AttributeValue>> found = new HashMap<>();
    final Consumed.Accumulator consumed = new Consumed.Accumulator();
    int from;
    Map<String, List<Key<?>>> byTable;
    Map<String, KeysAndAttributes> pending = Map.of();
    int attempt;

    BatchRead(Collection<? extends Key<?>> keys, ReturnConsumedCapacity capacity, RetryPolicy policy) {
        this.distinct = new ArrayList<>(new LinkedHashSet<>(keys));
        this.capacity = Objects.requireNonNull(capacity, "capacity");
        this.policy = policy;
    }

    /** The next request: the unprocessed keys of the last one, else the next chunk; null when done. */
    BatchGetItemRequest next() {
        if (pending.isEmpty()) {
            if (from >= distinct.size()) {
                return null;
            }
            List<Key<?>> chunk =
                    distinct.subList(from, Math.min(distinct.size(), from + Partita.MAX_KEYS_PER_BATCH_GET));
            from += chunk.size();
            byTable = new LinkedHashMap<>();
            for (Key<?> key : chunk) {
                byTable.computeIfAbsent(key.tableName(), t -> new ArrayList<>()).add(key);
            }
            Map<String, KeysAndAttributes> request = new LinkedHashMap<>();
            byTable.forEach((table, tableKeys) -> request.put(
                    table,
                    KeysAndAttributes.builder()
                            .keys(tableKeys.stream().map(Key::attributes).toList())
                            .build()));
            pending = request;
            attempt = 0;
        }
        attempt++;
        return BatchGetItemRequest.builder()
                .requestItems(pending)
                .returnConsumedCapacity(capacity)
                .build();
    }

    /** Takes a response; the 0-based retry to back off for before resending unprocessed keys, or -1. */
    int absorb(BatchGetItemResponse response) {
        consumed.add(response.consumedCapacity(), null);
        response.responses().forEach((table, items) -> {
            List<Key<?>> tableKeys = byTable.get(table);
            Set<String> keyNames = tableKeys.get(0).attributes().keySet();
            Map<Map<String, AttributeValue>, Key<?>> keyByAttributes = new HashMap<>();
            for (Key<?> k : tableKeys) {
                keyByAttributes.put(k.attributes(), k);
            }
            for (Map<String, AttributeValue> item : items) {
                Map<String, AttributeValue> keyOfItem = new HashMap<>();
                for (String n : keyNames) {
                    keyOfItem.put(n, item.get(n));
                }
                Key<?> key = keyByAttributes.get(keyOfItem);
                if (key != null) {
                    found.put(key, item);
                }
            }
        });
        pending = response.unprocessedKeys() == null ? Map.of() : response.unprocessedKeys();
        if (pending.isEmpty()) {
            return -1;
        }
        if (attempt >= policy.maxAttempts()) {
            throw new IllegalStateException(RuntimeMessage.KeysStillUnprocessed.format(
                    pending.values().stream().mapToInt(k -> k.keys().size()).sum(), attempt));
        }
        return attempt - 1;
    }

    ItemsByKey result() {
        return new ItemsByKey(found, capacity == ReturnConsumedCapacity.NONE ? Consumed.NONE : consumed.result());
    }

    /** {@link Partita#batchGet(Collection, ReturnConsumedCapacity)}: sends and resends on {@code backend}. */
    static ItemsByKey send(
            Backend backend, Collection<? extends Key<?>> keys, ReturnConsumedCapacity capacity, RetryPolicy policy) {
        BatchRead read = new BatchRead(keys, capacity, policy);
        for (BatchGetItemRequest request; (request = read.next()) != null; ) {
            int retry = read.absorb(backend.batchGetItem(request));
            if (retry >= 0) {
                read.policy.pause(retry);
            }
        }
        return read.result();
    }

    /** {@link Partita#batchGetAsync(Collection, ReturnConsumedCapacity)}: resends wait on a delayed executor. */
    static CompletableFuture<ItemsByKey> sendAsync(
            Partita db, Collection<? extends Key<?>> keys, ReturnConsumedCapacity capacity, RetryPolicy policy) {
        BatchRead read = new BatchRead(keys, capacity, policy);
        return Futures.loop(
                () -> {
                    BatchGetItemRequest request = read.next();
                    return request == null ? null : db.asyncRequests().batchGetItem(request);
                },
                response -> {
                    int retry = read.absorb(response);
                    return retry < 0 ? null : read.policy.delay(retry);
                },
                read::result);
    }
}
