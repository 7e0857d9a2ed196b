package io.partita.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The stored attribute name of a field; default: the field name.
 *
 * <p>Useful to keep Java names idiomatic while the table uses another convention, or to keep
 * frequently stored names short (attribute names count towards the 400 KB item size). Two fields of an
 * entity cannot map to the same name; key attribute names are 1–255 characters.
 * <pre>{@code
 * @Attribute("GameTitle") @GsiKey(index = "GameTitleIndex") String gameTitle;
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Attribute {
    /** The attribute name. */
    String value() default "";

    /**
     * The attribute name this field was stored under before a rename, declaring the migration that carries the data:
     * {@code @Attribute(value = "mail", formerly = "email")}. With a design baseline ({@code -Apartita.baseline}) a
     * renamed attribute without it is a compile error (items stored before would read as null); with it, the rename is
     * recorded in {@code META-INF/partita/design.json} as a migration step. Remove it once the data is migrated and the
     * baseline refreshed.
     */
    String formerly() default "";
}
