package io.partita.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An atomic counter: every partial update adds {@link #delta()} on the server, without reading the item
 * ({@code SET c = if_not_exists(c, :start) + :delta}, so an item without the attribute counts from
 * {@link #start()}). A put writes the entity's value, or {@link #start()} when the (boxed) value is null. An
 * explicit amount replaces the delta for one update: {@code update(key).add(VIEWS, 10L)}. The field is an
 * {@code int}, {@code long}, {@code Integer} or {@code Long}; a {@code start} other than 0 needs a boxed type
 * (a primitive cannot say "not set").
 * <pre>{@code
 * @Counter long views;                    // 1, 2, 3, ... one per update
 * @Counter(start = 100) Integer credits;  // 100 when first written
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Counter {
    /** What every update adds (may be negative). */
    long delta() default 1;

    /** The value of a counter that was never written. */
    long start() default 0;
}
