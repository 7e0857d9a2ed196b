package io.partita.storage;

import io.partita.storage.engine.Engine;

/**
 * The storage core: the {@link Backend} operations (DynamoDB's data-plane and table operations on the core's
 * own value types) plus what only an engine can offer (GSI flushing, invariant checks). Every operation
 * either succeeds completely or throws a {@link StorageException} and changes nothing. Implementations are
 * thread-safe. The factories below are the ways to get one.
 */
public interface Storage extends Backend {

    /** A new in-memory core with default options. */
    static Storage inMemory() {
        return Engine.create(StorageOptions.defaults());
    }

    static Storage inMemory(StorageOptions options) {
        return Engine.create(options);
    }

    // ---- operations the core adds ------------------------------------------------------------------------

    /** Applies every pending ASYNC GSI update now, whatever its due time. A no-op in SYNC mode. */
    void flushGsiPropagation();

    /**
     * Verifies that every index holds exactly the entries its table implies (after flushing pending GSI
     * work) and that item-collection sizes add up; throws {@link IllegalStateException} naming the first
     * disagreement. Tests call it after randomized workloads.
     */
    void checkInvariants();

    @Override
    void close();
}
