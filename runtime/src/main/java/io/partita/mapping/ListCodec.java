package io.partita.mapping;

import io.partita.internal.RuntimeMessage;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.List;

/** {@link Codecs#list}: a {@code List<V>} as an L, null elements as NULL. */
final class ListCodec<V> implements AttributeCodec<List<V>> {
    private final AttributeCodec<V> element;

    ListCodec(AttributeCodec<V> element) {
        this.element = element;
    }

    @Override
    public AttributeValue encode(List<V> value) {
        List<AttributeValue> out = new ArrayList<>(value.size());
        for (V v : value) {
            out.add(Codecs.encodeElement(element, v));
        }
        return AttributeValue.l(out);
    }

    @Override
    public List<V> decode(AttributeValue value) {
        if (!(value instanceof AttributeValue.L l)) {
            throw MappingException.of(RuntimeMessage.NotAList.format(value.type()));
        }
        List<V> out = new ArrayList<>(l.values().size());
        for (AttributeValue v : l.values()) {
            out.add(Codecs.decodeElement(element, v));
        }
        return out;
    }

    @Override
    public AttributeType type() {
        return AttributeType.L;
    }
}
