package io.partita.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a DynamoDB table.
 *
 * <p><b>Single-entity table</b> — on a record or class: the entity is the only kind of item in the
 * table, and the primary key comes from its {@link PartitionKey} and (optional) {@link SortKey} fields.
 * <pre>{@code
 * @Table(name = "GameScores")
 * public record GameScore(@PartitionKey String userId, @SortKey String gameTitle, int topScore) {}
 * }</pre>
 *
 * <p><b>Shared table</b> (single-table design) — on an interface: the table names its generic key
 * attributes and several entities join it with {@link Entity}, each rendering the keys from
 * {@link Key} templates. Each item also stores its entity type in the {@link #discriminator()} attribute.
 * <pre>{@code
 * @Table(name = "App", partitionKey = "PK", sortKey = "SK")
 * @Gsi(name = "GSI1", partitionKey = "GSI1PK", sortKey = "GSI1SK")
 * public interface AppTable {}
 * }</pre>
 *
 * <p>Table names are 3–255 characters of {@code [a-zA-Z0-9_.-]}.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Table {
    /** The table name: 3–255 characters of {@code [a-zA-Z0-9_.-]}. */
    String name() default "";

    /**
     * Shared tables only: the name of the partition key attribute (for example {@code "PK"}).
     * Entities fill it from {@link Key#pk()}. Leave empty on a single-entity table.
     */
    String partitionKey() default "";

    /**
     * Shared tables only: the name of the sort key attribute (for example {@code "SK"}), or empty
     * for a table without a sort key. Leave empty on a single-entity table.
     */
    String sortKey() default "";

    /**
     * Shared tables only: the attribute that stores each item's {@link Entity#type()}, so that a
     * query over an item collection can decode every item to its class.
     */
    String discriminator() default "_type";
}
