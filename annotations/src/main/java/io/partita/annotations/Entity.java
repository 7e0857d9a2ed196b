package io.partita.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Puts an entity into a shared table (single-table design).
 *
 * <p>Several entity types live side by side in one table; related items share a partition key so that
 * one query returns an "item collection" (for example a user and their orders). Each item stores
 * {@link #type()} in the table's discriminator attribute, and each entity renders its primary key
 * from a {@link Key} template.
 * <pre>{@code
 * @Entity(table = AppTable.class, type = "Order")
 * @Key(pk = "USER#{userId}", sk = "ORDER#{orderId}")
 * public record Order(String userId, String orderId, Instant placedAt) {}
 * }</pre>
 *
 * <p>Types must be distinct within a table, and the key templates of two entities must not be able to
 * render the same primary key.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Entity {
    /** The interface annotated with {@link Table} that declares the shared table. */
    Class<?> table() default void.class;

    /** The value written to the table's discriminator attribute; unique within the table. */
    String type() default "";
}
