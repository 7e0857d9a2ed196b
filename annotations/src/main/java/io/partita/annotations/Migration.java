package io.partita.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a design change that strands or misreads stored data, and that a migration carries: with a design baseline
 * ({@code -Apartita.baseline}) the processor then accepts the change instead of failing, and records it in
 * {@code META-INF/partita/design.json} as a step of the table's migration plan (with the baseline's old value and the
 * new one). Put it on the {@code @Table} type (or, for a change of one entity of a shared table, on that
 * {@code @Entity}); remove it once the data is migrated and the baseline refreshed. A renamed stored attribute is
 * declared on its field instead: {@code @Attribute(value = "mail", formerly = "email")}.
 * <pre>{@code
 * @Entity(table = AppTable.class, type = "USER")
 * @Key(pk = "USER#{userId}", sk = "PROFILE")
 * @Migration(change = Migration.Change.KEY_TEMPLATE)                   // the @Key templates changed
 * @Migration(change = Migration.Change.SCATTER, target = "StatusIndex") // its shard count changed
 * record User(String userId, String status) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@Repeatable(Migration.List.class)
public @interface Migration {
    /** What changes. */
    Change change();

    /**
     * What the change applies to: the index name ({@code INDEX_KEY}, {@code SCATTER}, an index's {@code KEY_TEMPLATE}),
     * the attribute name ({@code ATTRIBUTE_TYPE}), the removed table, entity (qualified name) or index
     * ({@code REMOVAL}); empty for the table's own key ({@code TABLE_KEY}, the {@code @Key} templates) and the
     * discriminator.
     */
    String target() default "";

    /** The kinds of change a migration carries. */
    enum Change {
        /** The table's key schema: partition/sort key attribute names or types (the table is re-created). */
        TABLE_KEY,
        /** An index's key attributes or types, or a local secondary index added (re-created with the table). */
        INDEX_KEY,
        /** A key template: {@code @Key} ({@code target} empty) or an index's {@code @GsiKey}/{@code @LsiKey}. */
        KEY_TEMPLATE,
        /** The entity's {@code @Entity(type)} or the table's discriminator attribute. */
        DISCRIMINATOR,
        /** A {@code @Scatter}: shard count, shard source or layout ({@code target}: the index). */
        SCATTER,
        /** A stored attribute's type ({@code target}: the attribute name). */
        ATTRIBUTE_TYPE,
        /** A table, entity or index that is removed on purpose, its data deleted or kept deliberately. */
        REMOVAL
    }

    /** The container of repeated {@code @Migration}s. */
    @Documented
    @Retention(RetentionPolicy.CLASS)
    @Target(ElementType.TYPE)
    @interface List {
        Migration[] value();
    }
}
