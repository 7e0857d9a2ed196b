package io.partita.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the field that is the sort (range) key of a single-entity {@link Table}.
 *
 * <p>Items with the same partition key form an item collection ordered by the sort key; a query
 * names the partition key and may take a condition on the sort key ({@code eq}, {@code lt},
 * {@code between}, {@code beginsWith}, ...). At most one field per table, never the partition key field.
 * <pre>{@code
 * @Table(name = "Thread")
 * public record Thread(@PartitionKey String forumName, @SortKey String subject, Instant lastPostDateTime) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface SortKey {}
