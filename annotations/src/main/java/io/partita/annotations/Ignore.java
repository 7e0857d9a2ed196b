package io.partita.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Excludes a field from the stored item (derived or transient state). An ignored field cannot be a key.
 * <pre>{@code
 * @Ignore transient String cachedDisplayName;
 * }</pre>
 * On a record an ignored component is passed its default value ({@code null}, {@code 0}, {@code false})
 * when the record is read back.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Ignore {}
