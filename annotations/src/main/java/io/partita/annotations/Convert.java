package io.partita.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Stores a field of a type Partita does not map itself through a user converter: a class implementing
 * {@code io.partita.mapping.AttributeConverter<T>}, where {@code T} is the field's type (primitives use
 * their box).
 *
 * <p>The converter must be a non-abstract class with an accessible no-argument constructor (public, or
 * package-private in the entity's package; a nested converter must be static); the generated repository
 * creates one instance with {@code new} and stores the field with {@code Codecs.converted(converter)}, so
 * it must be stateless or thread-safe. A converted field cannot be a key attribute ({@code @PartitionKey},
 * {@code @SortKey}, {@code @GsiKey}, {@code @LsiKey}): key attributes need a type the processor can check
 * at compile time. The processor reports {@code [InvalidConverter]} and {@code [ConvertedKeyField]}.
 * <pre>{@code
 * public record Money(BigDecimal amount, String currency) {}
 *
 * public final class MoneyConverter implements AttributeConverter<Money> {
 *   public AttributeValue toAttributeValue(Money m) { return AttributeValue.s(m.amount() + " " + m.currency()); }
 *   public Money fromAttributeValue(AttributeValue v) {
 *     String[] p = v.asS().split(" ");
 *     return new Money(new BigDecimal(p[0]), p[1]);
 *   }
 *   public AttributeType attributeType() { return AttributeType.S; }
 * }
 *
 * @Table(name = "Invoices")
 * public record Invoice(@PartitionKey String invoiceId, @Convert(MoneyConverter.class) Money total) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Convert {
    /** The converter class: implements {@code AttributeConverter<T>} for the field's type {@code T}. */
    Class<?> value() default void.class;
}
