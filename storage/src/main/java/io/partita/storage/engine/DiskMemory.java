package io.partita.storage.engine;

import io.partita.storage.DurableOptions;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.InfoLogLevel;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
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
    final long decodedCacheBytes;
    final LRUCache cache;
    final Options options;
    private final WriteBufferManager writeBuffers;

    DiskMemory(DurableOptions durable) {
        this.decodedCacheBytes = durable.decodedCacheBytes();
        long engine = durable.engineBytes();
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

    @Override
    public void close() {
        options.close();
        writeBuffers.close();
        cache.close();
    }
}
