package io.partita.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * When the item was created, written by the repository from the database's clock
 * ({@code Partita.builder(...).clock(clock)}): a put of an entity whose value is null (0 for a {@code long})
 * writes "now" and keeps any other value, so an entity read and put back keeps its creation time; a partial
 * update writes "now" only when the stored item has none ({@code SET a = if_not_exists(a, :now)}). The field is
 * an {@code Instant} (stored like any {@code Instant}: fixed-precision ISO-8601 text, which sorts by time) or a
 * {@code long}/{@code Long} of epoch milliseconds (a number). At most one per entity; not a base-table key, not
 * an index partition key, not in a key template.
 * <pre>{@code
 * @CreatedAt Instant createdAt;
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface CreatedAt {}
