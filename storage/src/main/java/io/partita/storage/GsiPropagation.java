package io.partita.storage;

/**
 * How writes reach global secondary indexes. DynamoDB propagates them asynchronously; the core does it
 * before the write returns by default, and can delay it to let an application be tested against stale
 * GSI reads.
 */
public enum GsiPropagation {
    /** The GSI is updated before the write returns. */
    SYNC,
    /** The GSI is updated {@link StorageOptions#gsiPropagationDelay()} after the write, by the core's clock. */
    ASYNC
}
