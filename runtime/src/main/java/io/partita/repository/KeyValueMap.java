package io.partita.repository;

import io.partita.storage.value.AttributeValue;
import java.util.AbstractMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The {@code ExpressionAttributeValues} of the common query, one partition value under {@code :p0}: an immutable map
 * equal to {@code Map.of(":p0", value)} (same entries, {@code equals}, {@code hashCode}, {@code toString}, and the same
 * exceptions for null arguments and changes) whose {@link #keySet()} is one shared set. The core checks every request's
 * value placeholders by iterating the values map's keys; a fresh {@code Map.of} builds its key-set view, an entry set
 * and an entry for that on every request, this map none of them.
 */
final class KeyValueMap extends AbstractMap<String, AttributeValue> {
    static final String KEY = ":p0";
    private static final Set<String> KEYS = Set.of(KEY);

    private final AttributeValue value;

    KeyValueMap(AttributeValue value) {
        this.value = Objects.requireNonNull(value, "value");
    }

    @Override
    public int size() {
        return 1;
    }

    @Override
    public boolean isEmpty() {
        return false;
    }

    @Override
    public AttributeValue get(Object key) {
        return KEY.equals(Objects.requireNonNull(key)) ? value : null;
    }

    @Override
    public boolean containsKey(Object key) {
        return KEY.equals(Objects.requireNonNull(key));
    }

    @Override
    public boolean containsValue(Object v) {
        return value.equals(Objects.requireNonNull(v));
    }

    @Override
    public AttributeValue getOrDefault(Object key, AttributeValue defaultValue) {
        AttributeValue v = get(key);
        return v != null ? v : defaultValue;
    }

    @Override
    public Set<String> keySet() {
        return KEYS;
    }

    @Override
    public Set<Map.Entry<String, AttributeValue>> entrySet() {
        return Set.of(Map.entry(KEY, value));
    }

    @Override
    public AttributeValue put(String key, AttributeValue v) {
        throw new UnsupportedOperationException();
    }

    @Override
    public AttributeValue remove(Object key) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void putAll(Map<? extends String, ? extends AttributeValue> m) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void clear() {
        throw new UnsupportedOperationException();
    }

    @Override
    public AttributeValue putIfAbsent(String key, AttributeValue v) {
        throw new UnsupportedOperationException();
    }

    @Override
    public boolean remove(Object key, Object v) {
        throw new UnsupportedOperationException();
    }

    @Override
    public boolean replace(String key, AttributeValue oldValue, AttributeValue newValue) {
        throw new UnsupportedOperationException();
    }

    @Override
    public AttributeValue replace(String key, AttributeValue v) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void replaceAll(BiFunction<? super String, ? super AttributeValue, ? extends AttributeValue> function) {
        throw new UnsupportedOperationException();
    }

    @Override
    public AttributeValue computeIfAbsent(
            String key, Function<? super String, ? extends AttributeValue> mappingFunction) {
        throw new UnsupportedOperationException();
    }

    @Override
    public AttributeValue computeIfPresent(
            String key, BiFunction<? super String, ? super AttributeValue, ? extends AttributeValue> remapping) {
        throw new UnsupportedOperationException();
    }

    @Override
    public AttributeValue compute(
            String key, BiFunction<? super String, ? super AttributeValue, ? extends AttributeValue> remapping) {
        throw new UnsupportedOperationException();
    }

    @Override
    public AttributeValue merge(
            String key,
            AttributeValue v,
            BiFunction<? super AttributeValue, ? super AttributeValue, ? extends AttributeValue> remapping) {
        throw new UnsupportedOperationException();
    }

    @Override
    public int hashCode() {
        return KEY.hashCode() ^ value.hashCode();
    }
}
