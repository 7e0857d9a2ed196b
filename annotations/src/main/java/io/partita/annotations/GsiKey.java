package io.partita.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a field (part of) a global secondary index key, or, on an entity type of a shared table,
 * fills an overloaded index's key attributes from templates.
 *
 * <p><b>On a field</b>: the field is the index's partition key ({@link KeyRole#PARTITION}, the default)
 * or sort key ({@link KeyRole#SORT}). Several fields with the same role and {@link #order()} 0..3 form
 * a multi-attribute key (up to 4 partition and 4 sort attributes, stored as separate attributes); the
 * generated query narrows them step by step. One field may key several indexes.
 * <pre>{@code
 * @GsiKey(index = "ByLocation", role = KeyRole.SORT, order = 0) String country;
 * @GsiKey(index = "ByLocation", role = KeyRole.SORT, order = 1) String state;
 * @GsiKey(index = "ByLocation", role = KeyRole.SORT, order = 2) String city;
 * }</pre>
 *
 * <p><b>On an entity type</b> (shared tables): GSI overloading. One index declared with generic key
 * attributes ({@code GSI1PK}/{@code GSI1SK}) serves a different access pattern per entity type; each
 * entity renders the attributes from {@link #pk()}/{@link #sk()} templates and {@link #query()} names the
 * generated method.
 * <pre>{@code
 * @GsiKey(index = "GSI1", pk = "EMAIL#{email}", sk = "USER", query = "byEmail")
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.TYPE})
@Repeatable(GsiKey.List.class)
public @interface GsiKey {
    /** The index name, as in {@link Gsi#name()}. */
    String index() default "";

    /** On a field: which key of the index the field is part of. */
    KeyRole role() default KeyRole.PARTITION;

    /** On a field: the position of the field in a multi-attribute key, contiguous from 0, at most 3. */
    int order() default 0;

    /** On a type: the template rendered into the index's partition-key attribute. */
    String pk() default "";

    /** On a type: the template rendered into the index's sort-key attribute. */
    String sk() default "";

    /** The name of the generated query method; default: the index name in lowerCamelCase. */
    String query() default "";

    /** Container of repeated {@link GsiKey} annotations. */
    @Documented
    @Retention(RetentionPolicy.CLASS)
    @Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.TYPE})
    @interface List {
        /** The repeated annotations. */
        GsiKey[] value();
    }
}
