package io.partita;

import io.partita.storage.value.AttributeValue;
import java.util.Map;
import java.util.Optional;

/**
 * The items a batch or transactional read found, looked up by the {@link Key}s that asked for them.
 * Items are decoded on lookup.
 */
public final class ItemsByKey {
    private final Map<Key<?>, Map<String, AttributeValue>> items;
    private final Consumed consumed;

    ItemsByKey(Map<Key<?>, Map<String, AttributeValue>> items, Consumed consumed) {
        this.items = items;
        this.consumed = consumed;
    }

    /**
     * What the read's requests consumed (every BatchGetItem request, resends included; the one
     * TransactGetItems); {@link Consumed#NONE} unless the read asked with a {@code ReturnConsumedCapacity}.
     */
    public Consumed consumed() {
        return consumed;
    }

    /** The entity stored under {@code key}; empty when there is none (or it is another entity type). */
    public <T> Optional<T> get(Key<T> key) {
        Map<String, AttributeValue> item = items.get(key);
        return item == null
                ? Optional.empty()
                : Optional.ofNullable(key.decoder().fromItem(item));
    }

    /** True when an item was found under {@code key}. */
    public boolean contains(Key<?> key) {
        return items.containsKey(key);
    }

    /** How many of the requested keys had an item. */
    public int size() {
        return items.size();
    }

    @Override
    public String toString() {
        return "ItemsByKey" + items.keySet();
    }
}
