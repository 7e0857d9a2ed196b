package io.partita.mapping;

import io.partita.internal.RuntimeMessage;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import java.util.Map;

/**
 * {@link Codecs#enumeration}: an enum stored as S, its constant's name. A class, not lambdas: generated schemas
 * create it when a repository class initializes, where each lambda would cost a bootstrap on a cold JVM.
 */
final class EnumCodec<E extends Enum<E>> implements AttributeCodec<E> {
    private final Map<String, E> byName;

    // one immutable S per constant, written by every item instead of a new S (and its size scan) each time
    private final AttributeValue.S[] byOrdinal;

    @SuppressWarnings("EnumOrdinal") // see encode
    EnumCodec(E[] constants) {
        byName = new java.util.HashMap<>(Math.max(16, constants.length * 2));
        byOrdinal = new AttributeValue.S[constants.length];
        for (E e : constants) {
            byName.put(e.name(), e);
            byOrdinal[e.ordinal()] = AttributeValue.s(e.name());
        }
    }

    // ordinal() only indexes byOrdinal, filled from the same constants in this JVM, and the name check guards it:
    // nothing ordinal-based is stored
    @Override
    @SuppressWarnings("EnumOrdinal")
    public AttributeValue encode(E value) {
        int i = value.ordinal();
        AttributeValue.S cached = i < byOrdinal.length ? byOrdinal[i] : null;
        // the same constant's name is the same String: anything else (another enum type) is written as before
        return cached != null && cached.value() == value.name() ? cached : AttributeValue.s(value.name());
    }

    @Override
    public E decode(AttributeValue value) {
        if (value.type() != AttributeType.S) {
            throw MappingException.of(RuntimeMessage.WrongAttributeType.format(AttributeType.S, value.type()));
        }
        E e = byName.get(value.asS());
        if (e == null) {
            // built only on failure: enum codecs are created at class initialization, on the cold-start path
            throw MappingException.of(
                    RuntimeMessage.UnknownEnumConstant.format(value.asS(), new java.util.TreeSet<>(byName.keySet())));
        }
        return e;
    }

    @Override
    public AttributeType type() {
        return AttributeType.S;
    }
}
