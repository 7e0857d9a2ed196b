package io.partita.storage.schema;

/** Which attributes an index copies from the table: keys only, keys plus a list, or everything. */
public enum ProjectionType {
    KEYS_ONLY,
    INCLUDE,
    ALL
}
