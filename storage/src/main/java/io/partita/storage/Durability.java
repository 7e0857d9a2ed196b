package io.partita.storage;

/**
 * What an acknowledged write of a durable store survives. Either way a write is atomic (the item, its LSI
 * entries and its GSI entries or pending GSI work are one batch of the engine's write-ahead log): after any
 * crash every index agrees with its table and a transaction is applied whole or not at all.
 */
public enum Durability {
    /**
     * The default. Before a write returns, it is in the write-ahead log in the operating system's file cache
     * (a {@code write(2)} has returned, no {@code fsync}): it survives the crash or kill of the process
     * (SIGKILL included), not an operating-system crash or power loss, which may lose the last writes (the
     * store then recovers to a consistent earlier point: a prefix of the acknowledged writes).
     */
    PROCESS,
    /**
     * Before a write returns, the log is {@code fsync}ed: it survives an operating-system crash or power loss
     * too. Concurrent writers share syncs (group commit: one writer syncs the log for every write queued
     * behind it), so throughput grows with the number of writers.
     */
    SYNC
}
