package io.partita.storage.engine;

import io.partita.storage.DurableMemoryUsage;
import io.partita.storage.DurableOptions;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.InfoLogLevel;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.UInt64AddOperator;
import org.rocksdb.WALRecoveryMode;
import org.rocksdb.WriteBufferManager;

/**
 * The durable core's memory budget ({@link DurableOptions#memoryBytes()}) turned into RocksDB's settings: the
 * decoded-item cache takes {@link DurableOptions#decodedCacheBytes()} on the heap; RocksDB gets one block cache of
 * the rest, to which its memtables (at most half of it, two write buffers) and the files' index and filter blocks
 * are charged, so RocksDB's memory stays within its share however the data grows.
 */
final class DiskMemory implements AutoCloseable {
    private final long budgetBytes;
    private final long engineBytes;
    final long decodedCacheBytes;
    final LRUCache cache;
    final Options options;
    private final WriteBufferManager writeBuffers;

    DiskMemory(DurableOptions durable) {
        this.budgetBytes = durable.memoryBytes();
        this.decodedCacheBytes = durable.decodedCacheBytes();
        long engine = durable.engineBytes();
        this.engineBytes = engine;
        long memtables = durable.memtableBytes();
        this.cache = new LRUCache(engine);
        this.writeBuffers = new WriteBufferManager(memtables, cache);
        BlockBasedTableConfig table = new BlockBasedTableConfig()
                .setBlockCache(cache)
                .setFilterPolicy(new BloomFilter(10, false))
                .setBlockSize(16 * 1024)
                .setCacheIndexAndFilterBlocks(true)
                .setCacheIndexAndFilterBlocksWithHighPriority(true)
                .setPinL0FilterAndIndexBlocksInCache(true);
        this.options = new Options()
                .setCreateIfMissing(true)
                .setParanoidChecks(true)
                .setMergeOperator(new UInt64AddOperator())
                .setWalRecoveryMode(WALRecoveryMode.PointInTimeRecovery)
                .setTableFormatConfig(table)
                .setWriteBufferManager(writeBuffers)
                .setWriteBufferSize(memtables / 2)
                .setMaxWriteBufferNumber(2)
                .setMaxBackgroundJobs(2)
                .setInfoLogLevel(InfoLogLevel.WARN_LEVEL)
                .setKeepLogFileNum(2)
                .setMaxManifestFileSize(16L * 1024 * 1024);
    }

    /**
     * The budget against what the decoded cache charges ({@code decoded}: entries, bytes) and what RocksDB reports of
     * {@code db} (the block cache's own counters, the memtables, table readers and compactions).
     */
    DurableMemoryUsage usage(RocksDB db, long[] decoded) throws RocksDBException {
        return new DurableMemoryUsage(
                budgetBytes,
                engineBytes,
                decoded[1],
                decoded[0],
                cache.getUsage(),
                cache.getPinnedUsage(),
                db.getLongProperty("rocksdb.cur-size-all-mem-tables"),
                db.getLongProperty("rocksdb.estimate-table-readers-mem"),
                db.getLongProperty("rocksdb.estimate-pending-compaction-bytes"),
                db.getLongProperty("rocksdb.num-running-compactions"));
    }

    @Override
    public void close() {
        options.close();
        writeBuffers.close();
        cache.close();
    }
}
