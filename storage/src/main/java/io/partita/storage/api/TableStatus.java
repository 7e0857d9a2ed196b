package io.partita.storage.api;

/** Table and index status. The embedded core creates synchronously, so it reports ACTIVE at once. */
public enum TableStatus {
    CREATING,
    ACTIVE,
    DELETING,
    UPDATING
}
