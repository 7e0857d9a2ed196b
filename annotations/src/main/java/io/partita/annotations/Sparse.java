package io.partita.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Allows an index-key field to be null; while it is null the item is absent from every index whose key
 * uses it (a sparse index).
 *
 * <p>DynamoDB writes an index entry only when the item has all of the index's key attributes, so an
 * index over an attribute that only some items carry holds just those items: "pending orders", "top
 * scorers", "flagged posts" become cheap queries over a small index. Without {@code @Sparse}, a null
 * index-key field is a write-time error. Not allowed on primitives (never null) or base-table key fields
 * (always required).
 * <pre>{@code
 * @Sparse @GsiKey(index = "PendingIndex") Instant pendingSince;   // set while pending, null afterwards
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Sparse {}
