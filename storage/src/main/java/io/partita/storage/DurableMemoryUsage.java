package io.partita.storage;

/**
 * What a durable store's memory holds now, against its one budget ({@link DurableOptions#memoryBytes()}), as the
 * decoded cache counts it and as RocksDB reports it ({@link DurableStorage#memoryUsage()}). Everything the budget
 * bounds is {@link #accountedBytes()}; the process's resident set is larger by the JVM (heap beyond the decoded cache,
 * code, threads) and by what the C allocator keeps of memory RocksDB freed.
 *
 * @param budgetBytes           {@link DurableOptions#memoryBytes()}
 * @param engineBudgetBytes     RocksDB's share of it ({@link DurableOptions#engineBytes()}): its block cache's capacity
 * @param decodedCacheBytes     the decoded cache's charged bytes (its per-entry estimate), at most its share
 * @param decodedCacheEntries   the entries the decoded cache holds
 * @param blockCacheBytes       {@code rocksdb.block-cache-usage}: data, index and filter blocks and the memtables'
 *                              reservations (the memtables are charged to the block cache)
 * @param pinnedBlockCacheBytes {@code rocksdb.block-cache-pinned-usage}: the part of it in use (open iterators and
 *                              reads, level-0 index and filter blocks, the memtables' reservations): not evictable
 * @param memtableBytes         {@code rocksdb.cur-size-all-mem-tables}: the write buffers (inside {@link #blockCacheBytes}
 *                              through their reservation)
 * @param tableReaderBytes      {@code rocksdb.estimate-table-readers-mem}: the open files' readers, outside the block
 *                              cache (their index and filter blocks are in it)
 * @param pendingCompactionBytes {@code rocksdb.estimate-pending-compaction-bytes}: compaction work not done yet
 * @param runningCompactions    {@code rocksdb.num-running-compactions}
 */
public record DurableMemoryUsage(
        long budgetBytes,
        long engineBudgetBytes,
        long decodedCacheBytes,
        long decodedCacheEntries,
        long blockCacheBytes,
        long pinnedBlockCacheBytes,
        long memtableBytes,
        long tableReaderBytes,
        long pendingCompactionBytes,
        long runningCompactions) {

    /** What the budget bounds: the decoded cache's charged bytes, the block cache and the table readers. */
    public long accountedBytes() {
        return decodedCacheBytes + blockCacheBytes + tableReaderBytes;
    }

    /** RocksDB's part of {@link #accountedBytes()}: the block cache (memtables included) and the table readers. */
    public long engineBytes() {
        return blockCacheBytes + tableReaderBytes;
    }
}
