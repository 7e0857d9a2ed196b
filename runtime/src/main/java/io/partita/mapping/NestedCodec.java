package io.partita.mapping;

import io.partita.internal.RuntimeMessage;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;

/**
 * {@link Codecs#nested}: a nested record or class as an M through its own {@link ItemSchema}. A class, not lambdas,
 * for the same cold-start reason as {@link EnumCodec}.
 */
final class NestedCodec<T> implements AttributeCodec<T> {
    private final ItemSchema<T> schema;

    NestedCodec(ItemSchema<T> schema) {
        this.schema = schema;
    }

    @Override
    public AttributeValue encode(T value) {
        return AttributeValue.m(schema.toItem(value));
    }

    @Override
    public T decode(AttributeValue value) {
        if (value.type() != AttributeType.M) {
            throw MappingException.of(RuntimeMessage.WrongAttributeType.format(AttributeType.M, value.type()));
        }
        if (!(value instanceof AttributeValue.M m)) {
            throw MappingException.of(RuntimeMessage.NestedNotAMap.format(schema.typeName(), value.type()));
        }
        return schema.fromItem(m.values());
    }

    @Override
    public AttributeType type() {
        return AttributeType.M;
    }
}
