package io.partita;

import io.partita.spi.Backend;
import io.partita.storage.ProvisionedThroughputExceededException;
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
import java.util.function.Supplier;

/**
 * The backend as repositories see it: every data-plane call retried on
 * {@link ProvisionedThroughputExceededException} under the database's current {@link RetryPolicy}. Table
 * operations pass straight through. Closing it does nothing (the database closes the real backend).
 */
final class RetryingBackend implements Backend {
    private final Backend delegate;
    private final Supplier<RetryPolicy> policy;

    RetryingBackend(Backend delegate, Supplier<RetryPolicy> policy) {
        this.delegate = delegate;
        this.policy = policy;
    }

    private <R> R retry(Supplier<R> call) {
        RetryPolicy p = policy.get();
        for (int attempt = 1; ; attempt++) {
            try {
                return call.get();
            } catch (ProvisionedThroughputExceededException e) {
                if (attempt >= p.maxAttempts()) {
                    throw e;
                }
                p.pause(attempt - 1);
            }
        }
    }

    @Override
    public TableDescription createTable(TableDefinition definition) {
        return delegate.createTable(definition);
    }

    @Override
    public TableDescription describeTable(String tableName) {
        return delegate.describeTable(tableName);
    }

    @Override
    public List<String> listTables() {
        return delegate.listTables();
    }

    @Override
    public TableDescription deleteTable(String tableName) {
        return delegate.deleteTable(tableName);
    }

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        return retry(() -> delegate.putItem(request));
    }

    @Override
    public GetItemResponse getItem(GetItemRequest request) {
        return retry(() -> delegate.getItem(request));
    }

    @Override
    public DeleteItemResponse deleteItem(DeleteItemRequest request) {
        return retry(() -> delegate.deleteItem(request));
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest request) {
        return retry(() -> delegate.updateItem(request));
    }

    @Override
    public QueryResponse query(QueryRequest request) {
        return retry(() -> delegate.query(request));
    }

    @Override
    public ScanResponse scan(ScanRequest request) {
        return retry(() -> delegate.scan(request));
    }

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest request) {
        return retry(() -> delegate.batchGetItem(request));
    }

    @Override
    public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
        return retry(() -> delegate.batchWriteItem(request));
    }

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
        return retry(() -> delegate.transactWriteItems(request));
    }

    @Override
    public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest request) {
        return retry(() -> delegate.transactGetItems(request));
    }

    @Override
    public void close() {
        // the database closes the real backend
    }
}
