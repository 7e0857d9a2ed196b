package io.partita.storage;

import io.partita.storage.api.TableDescription;
import io.partita.storage.engine.Engine;
import io.partita.storage.schema.GlobalSecondaryIndex;
import java.nio.file.Path;
import java.util.concurrent.Executor;

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

    /**
     * A durable core kept in {@code directory} (created when missing; an existing store is opened and
     * recovered), with default options: {@link Durability#PROCESS}, 64 MB block cache. Everything the
     * in-memory core does works the same on it. Fails with a {@link DurableStorageException} (locked by another
     * process, another format version, a corrupt or missing file) and then changes nothing.
     */
    static DurableStorage open(Path directory) {
        return Engine.open(directory, DurableOptions.defaults());
    }

    /** A durable core kept in {@code directory}, with the given options (durability level, cache, core options). */
    static DurableStorage open(Path directory, DurableOptions options) {
        return Engine.open(directory, options);
    }

    // ---- operations the core adds ------------------------------------------------------------------------

    /**
     * Whether a request to this core can fail with {@link ProvisionedThroughputExceededException}: only a core with
     * a throughput model ({@link StorageOptions#throughputModel()}) throttles. A layer that retries throttled
     * requests has nothing to do over a core that answers false.
     */
    default boolean mayThrottle() {
        return true;
    }

    /**
     * A GSI added as DynamoDB's UpdateTable adds one: the answer reports the index {@code CREATING} (the table
     * {@code UPDATING}) at once, while {@code backfill} runs the backfill; reads of the index are refused
     * ("Cannot read from backfilling global secondary index") until it is done and the index is {@code ACTIVE}.
     * {@link #createGlobalSecondaryIndex} is the synchronous form, for embedded callers that need the index at
     * once. The default (a core that has no background form) creates it synchronously.
     */
    default TableDescription startGlobalSecondaryIndex(
            String tableName, GlobalSecondaryIndex index, Executor backfill) {
        return createGlobalSecondaryIndex(tableName, index);
    }

    /** Applies every pending ASYNC GSI update now, whatever its due time. A no-op in SYNC mode. */
    void flushGsiPropagation();

    /**
     * Verifies that every index holds exactly the entries its table implies (after flushing pending GSI
     * work) and that item-collection sizes add up; throws {@link IllegalStateException} naming the first
     * disagreement. Tests call it after randomized workloads.
     */
    void checkInvariants();

    /**
     * Runs one time-to-live sweep now, whatever the {@linkplain StorageOptions#timeToLiveSweepInterval()
     * background schedule}: every item of a table with time to live enabled whose attribute is a Number of epoch
     * seconds earlier than the {@linkplain StorageOptions#clock() clock}'s now is deleted (with its index entries,
     * through the normal delete path, as a system delete: no capacity consumed, no throttling). An item written
     * again meanwhile is deleted only if it is still expired. Returns the number of items deleted.
     */
    long expireItems();

    /**
     * The number of items time to live has deleted from {@code tableName} since this core was opened (DynamoDB's
     * {@code TimeToLiveDeletedItemCount} metric); throws {@link ResourceNotFoundException} for a missing table.
     */
    long timeToLiveDeletedItemCount(String tableName);

    @Override
    void close();
}
