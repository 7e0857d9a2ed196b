package io.partita.storage;

import java.util.Objects;

/**
 * Settings of a durable store ({@link Storage#open(java.nio.file.Path, DurableOptions)}).
 *
 * @param storage    the core's own settings (GSI propagation, limits, throughput model), as in memory
 * @param durability what an acknowledged write survives; default {@link Durability#PROCESS}
 * @param cacheBytes the off-heap block cache of the on-disk engine (default 64 MB): the disk is the store,
 *                   this cache (and the OS page cache) hold the hot part; the Java heap holds no table data
 */
public record DurableOptions(StorageOptions storage, Durability durability, long cacheBytes) {
    public static final long DEFAULT_CACHE_BYTES = 64L * 1024 * 1024;

    public DurableOptions {
        Objects.requireNonNull(storage, "storage");
        Objects.requireNonNull(durability, "durability");
        if (cacheBytes < 0) {
            throw new IllegalArgumentException("cacheBytes must not be negative, got " + cacheBytes);
        }
    }

    public static DurableOptions defaults() {
        return new DurableOptions(StorageOptions.defaults(), Durability.PROCESS, DEFAULT_CACHE_BYTES);
    }

    public DurableOptions withStorageOptions(StorageOptions options) {
        return new DurableOptions(options, durability, cacheBytes);
    }

    public DurableOptions withDurability(Durability level) {
        return new DurableOptions(storage, level, cacheBytes);
    }

    public DurableOptions withCacheBytes(long bytes) {
        return new DurableOptions(storage, durability, bytes);
    }
}
