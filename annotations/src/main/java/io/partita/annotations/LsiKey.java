package io.partita.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The alternate sort key of a local secondary index.
 *
 * <p>An LSI keeps the table's partition key, so only the sort key is declared: on a field of a
 * single-entity table (exactly one scalar field, different from the table's sort key), or as a template
 * on an entity type of a shared table.
 * <pre>{@code
 * @LsiKey(index = "LastPostIndex") Instant lastPostDateTime;      // field form
 * @LsiKey(index = "LSI1", sk = "POSTED#{postedAt}")               // type form, shared tables
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.TYPE})
@Repeatable(LsiKey.List.class)
public @interface LsiKey {
    /** The index name, as in {@link Lsi#name()}. */
    String index() default "";

    /** On a type: the template rendered into the index's sort-key attribute. */
    String sk() default "";

    /** Container of repeated {@link LsiKey} annotations. */
    @Documented
    @Retention(RetentionPolicy.CLASS)
    @Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.TYPE})
    @interface List {
        /** The repeated annotations. */
        LsiKey[] value();
    }
}
