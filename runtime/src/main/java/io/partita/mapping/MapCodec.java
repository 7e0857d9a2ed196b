package io.partita.mapping;

import io.partita.internal.RuntimeMessage;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/** {@link Codecs#map}: a {@code Map<K, V>} as an M, keys rendered as strings, null values as NULL. */
final class MapCodec<K, V> implements AttributeCodec<Map<K, V>> {
    private final Function<? super K, String> keyToString;
    private final Function<String, ? extends K> keyFromString;
    private final AttributeCodec<V> value;

    MapCodec(
            Function<? super K, String> keyToString,
            Function<String, ? extends K> keyFromString,
            AttributeCodec<V> value) {
        this.keyToString = keyToString;
        this.keyFromString = keyFromString;
        this.value = value;
    }

    @Override
    public AttributeValue encode(Map<K, V> map) {
        Map<String, AttributeValue> out = new LinkedHashMap<>(Math.max(16, map.size() * 2));
        for (Map.Entry<K, V> e : map.entrySet()) {
            if (e.getKey() == null) {
                throw MappingException.of(RuntimeMessage.NullMapKey.format());
            }
            out.put(keyToString.apply(e.getKey()), Codecs.encodeElement(value, e.getValue()));
        }
        return AttributeValue.m(out);
    }

    @Override
    public Map<K, V> decode(AttributeValue stored) {
        if (!(stored instanceof AttributeValue.M m)) {
            throw MappingException.of(RuntimeMessage.NotAMap.format(stored.type()));
        }
        Map<K, V> out = new LinkedHashMap<>(Math.max(16, m.values().size() * 2));
        for (Map.Entry<String, AttributeValue> e : m.values().entrySet()) {
            out.put(keyFromString.apply(e.getKey()), Codecs.decodeElement(value, e.getValue()));
        }
        return out;
    }

    @Override
    public AttributeType type() {
        return AttributeType.M;
    }
}
