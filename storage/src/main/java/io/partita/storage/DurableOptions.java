package io.partita.storage;

import java.util.Objects;

/**
 * Settings of a durable store ({@link Storage#open(java.nio.file.Path, DurableOptions)}).
 *
 * <p>Memory is one budget, {@code memoryBytes} (default 256 MB), split three ways:
 *
 * <ul>
 *   <li>{@code decodedCacheBytes} (default half the budget, at most a quarter of the JVM's maximum heap) on the
 *       Java heap: items and index entries already
 *       decoded from the disk's bytes, so a read of a cached entry costs what the in-memory core's read costs. Its
 *       size is an estimate per entry: 160 + 2 × key length + 3 × encoded length bytes;</li>
 *   <li>the rest off the heap, in RocksDB: one block cache of that size, of which the memtables (the write
 *       buffers, {@link #memtableBytes()}) take up to half and are charged to the cache as they fill, and the
 *       index and filter blocks of the files are held in the cache too. So RocksDB's own memory stays within
 *       {@code memoryBytes - decodedCacheBytes} (beyond it only its table readers, reported, and small fixed
 *       structures).</li>
 * </ul>
 *
 * <p>{@link DurableStorage#memoryUsage()} reports each part against its share. The process's resident set is
 * larger than {@code memoryBytes} by the JVM itself (its heap beyond the decoded cache, class metadata, code, thread
 * stacks) and by what the C allocator keeps of the blocks RocksDB freed: with glibc, start the JVM with {@code
 * MALLOC_ARENA_MAX=2} in its environment so RocksDB's threads share two malloc arenas
 * instead of up to eight per core.
 *
 * @param storage           the core's own settings (GSI propagation, limits, throughput model), as in memory
 * @param durability        what an acknowledged write survives; default {@link Durability#PROCESS}
 * @param memoryBytes       the whole budget, at least {@link #MIN_MEMORY_BYTES}; the disk is the store, this memory
 *                          (and the OS page cache) holds the hot part
 * @param decodedCacheBytes the decoded-item cache's share of the budget, from 0 (no cache: every read decodes) to
 *                          {@code memoryBytes - MIN_ENGINE_BYTES}
 */
public record DurableOptions(StorageOptions storage, Durability durability, long memoryBytes, long decodedCacheBytes) {
    public static final long DEFAULT_MEMORY_BYTES = 256L * 1024 * 1024;
    /** The smallest budget: RocksDB's share must hold at least {@link #MIN_ENGINE_BYTES}. */
    public static final long MIN_MEMORY_BYTES = 8L * 1024 * 1024;
    /** The smallest share RocksDB works with (two 1 MB write buffers and 2 MB of blocks). */
    public static final long MIN_ENGINE_BYTES = 4L * 1024 * 1024;

    public DurableOptions {
        Objects.requireNonNull(storage, "storage");
        Objects.requireNonNull(durability, "durability");
        if (memoryBytes < MIN_MEMORY_BYTES) {
            throw new IllegalArgumentException(
                    "memoryBytes must be at least " + MIN_MEMORY_BYTES + " (8 MB), got " + memoryBytes);
        }
        if (decodedCacheBytes < 0 || decodedCacheBytes > memoryBytes - MIN_ENGINE_BYTES) {
            throw new IllegalArgumentException("decodedCacheBytes must be between 0 and memoryBytes - "
                    + MIN_ENGINE_BYTES + " (" + (memoryBytes - MIN_ENGINE_BYTES) + "), got " + decodedCacheBytes);
        }
    }

    public static DurableOptions defaults() {
        return new DurableOptions(
                StorageOptions.defaults(),
                Durability.PROCESS,
                DEFAULT_MEMORY_BYTES,
                defaultDecodedCacheBytes(DEFAULT_MEMORY_BYTES));
    }

    /** Half the budget, but no more than a quarter of the heap: a small heap is not filled by the cache. */
    private static long defaultDecodedCacheBytes(long memoryBytes) {
        return Math.min(memoryBytes / 2, Runtime.getRuntime().maxMemory() / 4);
    }

    public DurableOptions withStorageOptions(StorageOptions options) {
        return new DurableOptions(options, durability, memoryBytes, decodedCacheBytes);
    }

    public DurableOptions withDurability(Durability level) {
        return new DurableOptions(storage, level, memoryBytes, decodedCacheBytes);
    }

    /**
     * The whole budget, with the decoded cache at half of it but no more than a quarter of the JVM's maximum heap
     * (call {@link #withDecodedCacheBytes} after to change that).
     */
    public DurableOptions withMemoryBytes(long bytes) {
        return new DurableOptions(storage, durability, bytes, bytes < 0 ? 0 : defaultDecodedCacheBytes(bytes));
    }

    /** The same as {@link #withMemoryBytes}: the one memory budget of the durable core. */
    public DurableOptions withCacheBytes(long bytes) {
        return withMemoryBytes(bytes);
    }

    /** The decoded-item cache's share of the budget; 0 turns the cache off. */
    public DurableOptions withDecodedCacheBytes(long bytes) {
        return new DurableOptions(storage, durability, memoryBytes, bytes);
    }

    /** RocksDB's share: its block cache, which the memtables and the index and filter blocks are charged to. */
    public long engineBytes() {
        return memoryBytes - decodedCacheBytes;
    }

    /** The memtables' part of {@link #engineBytes()}: half of it, in two write buffers. */
    public long memtableBytes() {
        return engineBytes() / 2;
    }
}
