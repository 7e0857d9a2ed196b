package io.partita.storage;

import java.nio.file.Path;

/**
 * A storage core kept in a directory ({@link Storage#open(Path)}): everything the in-memory core does, on
 * disk, with the promises of its {@link Durability}. One process at a time opens a directory.
 */
public interface DurableStorage extends Storage {
    /** The directory the store lives in. */
    Path directory();

    Durability durability();

    /**
     * Writes a consistent copy of the whole store (a point in time: every write acknowledged before the call
     * is in it, none is half in it) to {@code target}, which must not exist yet, while writes continue.
     * Opening the copy with {@link Storage#open(Path)} is the restore.
     */
    void backup(Path target);

    /**
     * The store's memory now against its budget: the decoded cache's charged bytes and RocksDB's own figures (block
     * cache, memtables, table readers). For measurements and monitoring; a store that does not keep its own memory
     * (a wrapper) throws {@link UnsupportedOperationException}.
     */
    default DurableMemoryUsage memoryUsage() {
        throw new UnsupportedOperationException(getClass().getName() + " does not report its memory");
    }
}
