package io.partita;

import io.partita.mapping.ItemDecoder;
import io.partita.storage.value.AttributeValue;
import java.util.Map;
import java.util.Objects;

/**
 * The full primary key of one item of entity {@code T} in one table, with the decoder that reads that item:
 * what transactions, batch reads and key-based deletes take. Generated repositories make them
 * ({@code scores.key("u1", "Meteor Blasters")}); two keys are equal when table and key attributes are.
 *
 * @param <T> the entity stored under this key
 */
public final class Key<T> {
    private final String tableName;
    private final Map<String, AttributeValue> attributes;
    private final ItemDecoder<T> decoder;

    private Key(String tableName, Map<String, AttributeValue> attributes, ItemDecoder<T> decoder) {
        this.tableName = Objects.requireNonNull(tableName, "tableName");
        this.attributes = Map.copyOf(attributes);
        this.decoder = Objects.requireNonNull(decoder, "decoder");
    }

    /** A key of table {@code tableName} whose item {@code decoder} reads. */
    public static <T> Key<T> of(String tableName, Map<String, AttributeValue> attributes, ItemDecoder<T> decoder) {
        return new Key<>(tableName, attributes, decoder);
    }

    public String tableName() {
        return tableName;
    }

    /** The key attributes (partition key and, when the table has one, sort key); unmodifiable. */
    public Map<String, AttributeValue> attributes() {
        return attributes;
    }

    /** Reads the item stored under this key; returns null for an item of another entity type. */
    public ItemDecoder<T> decoder() {
        return decoder;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Key<?> other && tableName.equals(other.tableName) && attributes.equals(other.attributes);
    }

    @Override
    public int hashCode() {
        return tableName.hashCode() * 31 + attributes.hashCode();
    }

    @Override
    public String toString() {
        return tableName + attributes;
    }
}
