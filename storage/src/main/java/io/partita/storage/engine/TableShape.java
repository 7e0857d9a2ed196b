package io.partita.storage.engine;

import io.partita.storage.Message;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The base table's key schema, compiled: key extraction, key validation and item keys. */
final class TableShape {
    final String name;
    final KeyAttribute partitionKey;
    final KeyAttribute sortKey;

    /** The key attributes' names, in schema order. */
    private final List<String> keyNames;

    TableShape(String name, KeyAttribute partitionKey, KeyAttribute sortKey) {
        this.name = name;
        this.partitionKey = partitionKey;
        this.sortKey = sortKey;
        this.keyNames = sortKey == null ? List.of(partitionKey.name()) : List.of(partitionKey.name(), sortKey.name());
    }

    /** The key attributes' names, in schema order. */
    List<String> keyNames() {
        return keyNames;
    }

    /** The storage key of a whole item, validating its key attributes. */
    OrderKey itemKey(Map<String, AttributeValue> item) {
        AttributeValue pk = KeyRules.checkTableKey(partitionKey, item.get(partitionKey.name()), true);
        AttributeValue sk = sortKey == null ? null : KeyRules.checkTableKey(sortKey, item.get(sortKey.name()), false);
        // sized exactly for the usual keys: the key keeps the builder's buffer (no scratch array, no copy)
        int length = KeyCodec.HASH_BYTES + KeyCodec.sizeOf(pk) + (sk == null ? 0 : KeyCodec.sizeOf(sk));
        int hash = OrderKey.partitionHash(pk);
        OrderKey exact = KeyCodec.exactKey(hash, length, pk, sk, null, null); // the usual key: no builder
        if (exact != null) {
            return exact;
        }
        KeyCodec.Builder key = KeyCodec.builder(hash, length).add(pk).endPartition();
        if (sk != null) {
            key.add(sk);
        }
        return key.build();
    }

    /**
     * The storage key named by a request's {@code Key} parameter, which must hold exactly the key attributes:
     * DynamoDB's "The provided key element does not match the schema" otherwise.
     */
    OrderKey requestKey(Map<String, AttributeValue> key) {
        if (key == null || key.isEmpty()) {
            throw Message.KeyParameterMissing.exception(keyDescription());
        }
        int expected = sortKey == null ? 1 : 2;
        AttributeValue pk = key.get(partitionKey.name());
        AttributeValue sk = sortKey == null ? null : key.get(sortKey.name());
        if (key.size() != expected || pk == null || (sortKey != null && sk == null)) {
            throw Message.KeySchemaMismatch.exception(name, keyDescription(), key.keySet());
        }
        if (pk.type() != partitionKey.type() || (sk != null && sk.type() != sortKey.type())) {
            throw Message.KeySchemaMismatch.exception(name, keyDescription(), key);
        }
        return itemKey(key);
    }

    /** The key attributes of an item, in schema order. */
    Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> key = new LinkedHashMap<>(4);
        key.put(partitionKey.name(), item.get(partitionKey.name()));
        if (sortKey != null) {
            key.put(sortKey.name(), item.get(sortKey.name()));
        }
        return key;
    }

    /**
     * An item's key as a page's LastEvaluatedKey: {@link #keyOf}'s attributes in its order, as an immutable
     * {@link ItemMap} (a stored item holds every key attribute).
     */
    Map<String, AttributeValue> lastEvaluatedKey(Map<String, AttributeValue> item) {
        ItemMap.Builder key = ItemMap.builder(sortKey == null ? 1 : 2);
        key.add(partitionKey.name(), item.get(partitionKey.name()));
        if (sortKey != null) {
            key.add(sortKey.name(), item.get(sortKey.name()));
        }
        return key.build();
    }

    boolean isKeyAttribute(String attribute) {
        return attribute.equals(partitionKey.name()) || (sortKey != null && attribute.equals(sortKey.name()));
    }

    String keyDescription() {
        return sortKey == null
                ? partitionKey.name() + " (" + partitionKey.type() + ")"
                : partitionKey.name() + " (" + partitionKey.type() + "), " + sortKey.name() + " (" + sortKey.type()
                        + ")";
    }
}
