package io.partita.spi;

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
import io.partita.storage.schema.TableDefinition;
import java.util.List;

/**
 * Where a {@link io.partita.Partita} sends its requests: DynamoDB's data-plane and table operations, in the
 * storage core's own request and response types ({@code io.partita.storage.api}).
 *
 * <p>The embedded backend ({@link EmbeddedBackend}) hands them to the bundled core unchanged; a DynamoDB
 * backend maps the same records to AWS SDK v2 calls and translates AWS errors into the core's
 * {@code io.partita.storage.*Exception} types, so callers catch the same exceptions on every backend.
 *
 * <p>Implementations are thread-safe. Every operation either succeeds or throws a
 * {@link io.partita.storage.StorageException} subtype.
 */
public interface Backend extends AutoCloseable {

    /** Creates a table; throws {@link io.partita.storage.ResourceInUseException} when it already exists. */
    TableDescription createTable(TableDefinition definition);

    /** Describes a table; throws {@link io.partita.storage.ResourceNotFoundException} when it does not exist. */
    TableDescription describeTable(String tableName);

    /** The names of every table, in no particular order. */
    List<String> listTables();

    /** Deletes a table and its indexes; throws {@link io.partita.storage.ResourceNotFoundException} when absent. */
    TableDescription deleteTable(String tableName);

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

    /** Releases the backend's resources; the embedded backend closes its core. */
    @Override
    void close();
}
