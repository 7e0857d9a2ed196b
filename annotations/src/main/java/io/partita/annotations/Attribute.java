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
}
