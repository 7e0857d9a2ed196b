package io.partita.storage;

import io.partita.storage.api.BatchGetItemRequest;
import io.partita.storage.api.BatchGetItemResponse;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.BatchWriteItemResponse;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.DeleteItemResponse;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.GetItemResponse;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.PutItemResponse;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.api.TableDescription;
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactGetItemsResponse;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.TransactWriteItemsResponse;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.UpdateItemResponse;
import io.partita.storage.engine.Engine;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.TableDefinition;
import java.nio.file.Path;
import java.util.List;

/**
 * The storage core's operations: DynamoDB's data-plane and table operations on the core's own value
 * types. Every operation either succeeds completely or throws a {@link StorageException} and changes
 * nothing. Implementations are thread-safe.
 */
public interface Storage extends AutoCloseable {

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

    // ---- tables ------------------------------------------------------------------------------------------

    TableDescription createTable(TableDefinition definition);

    TableDescription describeTable(String tableName);

    List<String> listTables();

    TableDescription deleteTable(String tableName);

    /** Adds a GSI to a live table and backfills it from the existing items before returning. */
    TableDescription createGlobalSecondaryIndex(String tableName, GlobalSecondaryIndex index);

    TableDescription deleteGlobalSecondaryIndex(String tableName, String indexName);

    // ---- items -------------------------------------------------------------------------------------------

    PutItemResponse putItem(PutItemRequest request);

    GetItemResponse getItem(GetItemRequest request);

    DeleteItemResponse deleteItem(DeleteItemRequest request);

    UpdateItemResponse updateItem(UpdateItemRequest request);

    QueryResponse query(QueryRequest request);

    ScanResponse scan(ScanRequest request);

    BatchGetItemResponse batchGetItem(BatchGetItemRequest request);

    BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request);

    TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request);

    TransactGetItemsResponse transactGetItems(TransactGetItemsRequest request);

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
