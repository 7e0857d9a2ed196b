package io.partita.storage.api;

/** A stream's status (DynamoDB Streams' StreamStatus); the core's changes take effect at once, so only the two ends show. */
public enum StreamStatus {
    ENABLING,
    ENABLED,
    DISABLING,
    DISABLED
}
