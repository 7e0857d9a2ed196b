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
import io.partita.storage.api.TimeToLiveDescription;
import io.partita.storage.api.TimeToLiveSpecification;
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactGetItemsResponse;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.TransactWriteItemsResponse;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.UpdateItemResponse;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.TableDefinition;
import java.util.List;

/**
 * The operation surface, declared once: DynamoDB's table and data-plane operations in the core's own request
 * and response records ({@code io.partita.storage.api}). Everything that serves them implements this interface:
 * the core itself ({@link Storage}), the DynamoDB adapter (module {@code dynamodb}) and decorators (the
 * runtime's retrying backend, any metrics or listener wrapper). The Partita runtime takes a {@code Backend}, so
 * the embedded core is handed to it directly, with nothing in between.
 *
 * <p>Every operation either succeeds completely or throws a {@link StorageException} subtype and changes
 * nothing; adapters to other stores translate their errors into these types, so callers catch the same
 * exceptions everywhere. Implementations are thread-safe.
 */
public interface Backend extends AutoCloseable {

    // ---- tables ------------------------------------------------------------------------------------------

    /**
     * Creates a table; throws {@link ResourceInUseException} when it already exists. When the definition names a
     * {@linkplain TableDefinition#timeToLive() time-to-live attribute}, time to live is enabled on it too (the
     * core records it with the table; on DynamoDB an UpdateTimeToLive follows once the table is ACTIVE).
     */
    TableDescription createTable(TableDefinition definition);

    /** Describes a table; throws {@link ResourceNotFoundException} when it does not exist. */
    TableDescription describeTable(String tableName);

    /** The names of every table, in no particular order. */
    List<String> listTables();

    /** Deletes a table and its indexes; throws {@link ResourceNotFoundException} when absent. */
    TableDescription deleteTable(String tableName);

    /** Adds a GSI to a live table and backfills it from the existing items before returning. */
    TableDescription createGlobalSecondaryIndex(String tableName, GlobalSecondaryIndex index);

    TableDescription deleteGlobalSecondaryIndex(String tableName, String indexName);

    /**
     * UpdateTimeToLive: enables time to live on an attribute (items whose value of it, a Number of epoch seconds,
     * is in the past are deleted in the background) or disables it. As DynamoDB, enabling it when enabled or
     * disabling it when disabled is a {@link ValidationException}, and so is enabling it on another attribute
     * while it is enabled. Returns the specification applied.
     */
    TimeToLiveSpecification updateTimeToLive(String tableName, TimeToLiveSpecification specification);

    /** DescribeTimeToLive: whether time to live is enabled, and on which attribute. */
    TimeToLiveDescription describeTimeToLive(String tableName);

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

    /** Releases the backend's resources (the core frees its memory; a client adapter closes what it owns). */
    @Override
    void close();
}
