package io.partita.storage.api;

/** What a write returns of the item: nothing, the item before or after, or only the attributes it updated. */
public enum ReturnValues {
    NONE,
    ALL_OLD,
    UPDATED_OLD,
    ALL_NEW,
    UPDATED_NEW
}
