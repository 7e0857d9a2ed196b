package io.partita.mapping;

import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import java.util.Optional;

/** {@link Codecs#optional}: an {@code Optional<V>} in V's form; empty leaves the attribute out. */
final class OptionalCodec<V> implements AttributeCodec<Optional<V>> {
    private final AttributeCodec<V> element;

    OptionalCodec(AttributeCodec<V> element) {
        this.element = element;
    }

    @Override
    public AttributeValue encode(Optional<V> value) {
        return value.isPresent() ? element.encode(value.get()) : null;
    }

    @Override
    public Optional<V> decode(AttributeValue value) {
        return Optional.ofNullable(element.decode(value));
    }

    @Override
    public Optional<V> absent() {
        return Optional.empty();
    }

    @Override
    public AttributeType type() {
        return element.type();
    }
}
