package io.partita.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * When the item was last written, set by the repository to "now" (the database's clock) on every put and every
 * partial update, in transactions and batches too. The field is an {@code Instant} (fixed-precision ISO-8601
 * text, which sorts by time) or a {@code long}/{@code Long} of epoch milliseconds (a number). At most one per
 * entity; it may be an index sort key ("recently changed first"), not a base-table key, an index partition key
 * or part of a key template.
 * <pre>{@code
 * @GsiKey(index = "ByAuthor", role = KeyRole.SORT) @UpdatedAt Instant updatedAt;
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface UpdatedAt {}
