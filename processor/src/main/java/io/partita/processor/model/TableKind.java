package io.partita.processor.model;

/** How a table is declared. */
public enum TableKind {
    /** {@code @Table} on a record or class: one entity, keys from field annotations. */
    SINGLE_ENTITY,
    /** {@code @Table} on an interface: several {@code @Entity} types, keys from templates. */
    SHARED
}
