package io.partita.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Optimistic locking: every put and update is conditional on the stored version being the one that was
 * read, and increments it. A concurrent writer's change is never silently overwritten; the losing write
 * fails with a conditional-check failure instead. The field must be {@code long} or {@code Long}; at
 * most one per entity.
 * <pre>{@code
 * @Version long version;
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Version {}
