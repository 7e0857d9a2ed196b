package io.partita;

import io.partita.internal.Futures;
import io.partita.internal.RuntimeMessage;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.TransactGetItem;
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactGetItemsResponse;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/** A transactional read prepared (keys checked, request built) and completed from its response. */
final class TransactRead {
    final List<Key<?>> distinct;
    final ReturnConsumedCapacity capacity;
    final TransactGetItemsRequest request;

    TransactRead(Collection<? extends Key<?>> keys, ReturnConsumedCapacity capacity) {
        this.capacity = Objects.requireNonNull(capacity, "capacity");
        this.distinct = new ArrayList<>(new LinkedHashSet<>(keys));
        if (distinct.size() > Transaction.MAX_ACTIONS) {
            throw new IllegalArgumentException(
                    RuntimeMessage.TransactGetTooManyKeys.format(Transaction.MAX_ACTIONS, distinct.size()));
        }
        if (distinct.isEmpty()) {
            this.request = null;
            return;
        }
        List<TransactGetItem> gets = new ArrayList<>(distinct.size());
        for (Key<?> key : distinct) {
            gets.add(TransactGetItem.of(key.tableName(), key.attributes()));
        }
        this.request = TransactGetItemsRequest.builder()
                .transactItems(gets)
                .returnConsumedCapacity(capacity)
                .build();
    }

    ItemsByKey result(TransactGetItemsResponse response) {
        Map<Key<?>, Map<String, AttributeValue>> found = new LinkedHashMap<>();
        if (response == null) {
            return new ItemsByKey(found, Consumed.NONE);
        }
        for (int i = 0; i < distinct.size(); i++) {
            Map<String, AttributeValue> item = response.responses().get(i);
            if (item != null) {
                found.put(distinct.get(i), item);
            }
        }
        Consumed consumed = capacity == ReturnConsumedCapacity.NONE
                ? Consumed.NONE
                : new Consumed.Accumulator()
                        .add(response.consumedCapacity(), null)
                        .result();
        return new ItemsByKey(found, consumed);
    }

    /** {@link Partita#transactGetAsync(Collection, ReturnConsumedCapacity)}: bad keys fail the future, not the call. */
    static CompletableFuture<ItemsByKey> sendAsync(
            Partita db, Collection<? extends Key<?>> keys, ReturnConsumedCapacity capacity) {
        TransactRead read;
        try {
            read = new TransactRead(keys, capacity);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        if (read.request == null) {
            return CompletableFuture.completedFuture(read.result(null));
        }
        CompletableFuture<TransactGetItemsResponse> sent = db.asyncRequests().transactGetItems(read.request);
        CompletableFuture<ItemsByKey> out = sent.thenApply(read::result);
        Futures.cancelWith(out, sent);
        return out;
    }
}
