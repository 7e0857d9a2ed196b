package io.partita.mapping;

import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;

/**
 * The hook for user types Partita does not map itself: convert {@code T} to and from an attribute value.
 * Register one with {@link Codecs#converted(AttributeConverter)}; implementations must be stateless or
 * thread-safe. Most converters delegate to a built-in codec:
 *
 * <pre>{@code
 * final class MoneyConverter implements AttributeConverter<Money> {
 *     public AttributeValue toAttributeValue(Money m) { return AttributeValue.s(m.currency() + " " + m.amount()); }
 *     public Money fromAttributeValue(AttributeValue v) { return Money.parse(v.asS()); }
 *     public AttributeType attributeType() { return AttributeType.S; }
 * }
 * }</pre>
 *
 * @param <T> the user type
 */
public interface AttributeConverter<T> {

    /** The stored form of a non-null value; {@code null} leaves the attribute out. */
    AttributeValue toAttributeValue(T value);

    /** The value of a present, non-{@code NULL} attribute. */
    T fromAttributeValue(AttributeValue value);

    /** The type {@link #toAttributeValue} produces (decides key attribute types and set encodings). */
    AttributeType attributeType();
}
