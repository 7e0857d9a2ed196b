package io.partita.mapping;

import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;

/**
 * Converts one Java type to and from a DynamoDB attribute value, without reflection. The built-in codecs are
 * in {@link Codecs}; user types plug in through {@link AttributeConverter} and {@link Codecs#converted}.
 *
 * <p>Null handling is the schema's job, not the codec's: {@link #encode} is only called with non-null
 * values, {@link #decode} only with present, non-{@code NULL} attributes, and a missing (or {@code NULL})
 * attribute decodes to {@link #absent()} — {@code null} for reference types, the default for primitives,
 * {@code Optional.empty()} for optionals.
 *
 * @param <V> the Java type
 */
public interface AttributeCodec<V> {

    /**
     * The attribute value for {@code value} (never null), or {@code null} to leave the attribute out of the
     * item — how empty sets (which DynamoDB forbids) and empty optionals are stored.
     *
     * @throws MappingException when the value has no DynamoDB representation (a NaN double, say)
     */
    AttributeValue encode(V value);

    /**
     * The Java value of a present, non-{@code NULL} attribute.
     *
     * @throws MappingException when the attribute has the wrong type or an unreadable value
     */
    V decode(AttributeValue value);

    /** The value of a missing attribute: {@code null} unless the codec says otherwise (primitives, Optional). */
    default V absent() {
        return null;
    }

    /**
     * The attribute type this codec writes ({@code S}, {@code N}, {@code B}, {@code M}, ...): decides
     * whether a {@code Set} of these values is stored as SS, NS, BS or L, and the key attribute type when
     * the value is a key.
     */
    AttributeType type();
}
