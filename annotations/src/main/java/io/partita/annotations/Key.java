package io.partita.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The primary-key templates of an {@link Entity} in a shared table.
 *
 * <p>A template is literal text with {@code {field}} placeholders; the rendered strings are stored in
 * the table's {@link Table#partitionKey()} and {@link Table#sortKey()} attributes. Literal prefixes
 * keep entity types apart ({@code USER#...} vs {@code PRODUCT#...}) and let related items share a
 * partition key, so one query returns the whole item collection.
 * <pre>{@code
 * @Entity(table = AppTable.class, type = "Order")
 * @Key(pk = "USER#{userId}", sk = "ORDER#{orderDate}#{orderId}")
 * public record Order(String userId, LocalDate orderDate, String orderId) {}
 * }</pre>
 *
 * <p>Rendering: strings, enums (by name), UUIDs and booleans as text; {@code java.time} values as
 * fixed-precision ISO-8601 (instants and zoned values in UTC), so they sort like their values; binary
 * values as lowercase hex. Numbers render as plain decimal text, which does <em>not</em> sort like the
 * number ({@code "10" < "9"}); a number in a sort-key template, where range conditions are generated,
 * must be written {@code {field:sortable}}, a fixed-width, sign-aware encoding that sorts like the
 * value (integral types and {@code float}/{@code double}).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Key {
    /** The partition-key template, for example {@code "USER#{userId}"}. */
    String pk() default "";

    /** The sort-key template, for example {@code "ORDER#{orderId}"}; empty when the table has no sort key. */
    String sk() default "";
}
