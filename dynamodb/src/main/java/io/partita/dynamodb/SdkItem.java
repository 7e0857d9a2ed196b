package io.partita.dynamodb;

import io.partita.storage.value.AttributeValue;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * An item DynamoDB returned, read in the core's values without converting it up front: {@link #get},
 * {@link #containsKey}, {@link #size} and {@link #isEmpty} read the SDK's (unmodifiable) item and convert only
 * the value asked for, which is all a schema decoding an entity does (one {@code get} per mapped attribute), so
 * each read attribute is converted once, attributes nobody reads are never converted, and no second map is
 * built. Any other use (iteration, {@code equals}, {@code toString}, a change) first converts the whole item
 * into a {@link LinkedHashMap} in the SDK's order, exactly what {@link SdkValues#fromSdk(Map)} returns, and
 * works on that from then on; so the map behaves like the eagerly converted one, changes included.
 *
 * <p>A value the core rejects (a number out of DynamoDB's range, which DynamoDB never returns) throws when it is
 * read rather than when the response arrives.
 */
final class SdkItem implements Map<String, AttributeValue> {
    private final Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> sdk;
    private volatile Map<String, AttributeValue> converted;

    SdkItem(Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> sdk) {
        this.sdk = sdk;
    }

    /** The whole item in core values, converted on first need. */
    private Map<String, AttributeValue> full() {
        Map<String, AttributeValue> m = converted;
        if (m == null) {
            synchronized (this) {
                m = converted;
                if (m == null) {
                    m = SdkValues.fromSdk(sdk);
                    converted = m;
                }
            }
        }
        return m;
    }

    @Override
    public AttributeValue get(Object key) {
        Map<String, AttributeValue> m = converted;
        if (m != null) {
            return m.get(key);
        }
        software.amazon.awssdk.services.dynamodb.model.AttributeValue v = sdk.get(key);
        return v == null ? null : SdkValues.fromSdk(v);
    }

    @Override
    public boolean containsKey(Object key) {
        Map<String, AttributeValue> m = converted;
        return m != null ? m.containsKey(key) : sdk.containsKey(key);
    }

    @Override
    public int size() {
        Map<String, AttributeValue> m = converted;
        return m != null ? m.size() : sdk.size();
    }

    @Override
    public boolean isEmpty() {
        return size() == 0;
    }

    @Override
    public boolean containsValue(Object value) {
        return full().containsValue(value);
    }

    @Override
    public AttributeValue put(String key, AttributeValue value) {
        return full().put(key, value);
    }

    @Override
    public AttributeValue remove(Object key) {
        return full().remove(key);
    }

    @Override
    public void putAll(Map<? extends String, ? extends AttributeValue> m) {
        full().putAll(m);
    }

    @Override
    public void clear() {
        full().clear();
    }

    @Override
    public Set<String> keySet() {
        return full().keySet();
    }

    @Override
    public Collection<AttributeValue> values() {
        return full().values();
    }

    @Override
    public Set<Entry<String, AttributeValue>> entrySet() {
        return full().entrySet();
    }

    @Override
    public void forEach(BiConsumer<? super String, ? super AttributeValue> action) {
        full().forEach(action);
    }

    @Override
    public boolean equals(Object o) {
        return o == this || full().equals(o);
    }

    @Override
    public int hashCode() {
        return full().hashCode();
    }

    @Override
    public String toString() {
        return full().toString();
    }
}
