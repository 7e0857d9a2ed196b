package io.partita.spi;

import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
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
import java.util.Objects;

/**
 * The {@link Backend} over the bundled storage core: every call goes straight to {@link Storage}, no
 * translation, so the embedded path costs one virtual call.
 */
public final class EmbeddedBackend implements Backend {
    private final Storage storage;

    /** Wraps a core; {@link #close()} closes it. */
    public EmbeddedBackend(Storage storage) {
        this.storage = Objects.requireNonNull(storage, "storage");
    }

    /** A backend over a new in-memory core. */
    public static EmbeddedBackend inMemory(StorageOptions options) {
        return new EmbeddedBackend(Storage.inMemory(options));
    }

    /** The core itself, for the operations only it offers (GSI flush, invariant checks, GSI add/delete). */
    public Storage storage() {
        return storage;
    }

    @Override
    public TableDescription createTable(TableDefinition definition) {
        return storage.createTable(definition);
    }

    @Override
    public TableDescription describeTable(String tableName) {
        return storage.describeTable(tableName);
    }

    @Override
    public List<String> listTables() {
        return storage.listTables();
    }

    @Override
    public TableDescription deleteTable(String tableName) {
        return storage.deleteTable(tableName);
    }

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        return storage.putItem(request);
    }

    @Override
    public GetItemResponse getItem(GetItemRequest request) {
        return storage.getItem(request);
    }

    @Override
    public DeleteItemResponse deleteItem(DeleteItemRequest request) {
        return storage.deleteItem(request);
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest request) {
        return storage.updateItem(request);
    }

    @Override
    public QueryResponse query(QueryRequest request) {
        return storage.query(request);
    }

    @Override
    public ScanResponse scan(ScanRequest request) {
        return storage.scan(request);
    }

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest request) {
        return storage.batchGetItem(request);
    }

    @Override
    public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
        return storage.batchWriteItem(request);
    }

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
        return storage.transactWriteItems(request);
    }

    @Override
    public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest request) {
        return storage.transactGetItems(request);
    }

    @Override
    public void close() {
        storage.close();
    }
}
