package io.partita.spi;

import io.partita.storage.AsyncBackend;
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
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactGetItemsResponse;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.TransactWriteItemsResponse;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.UpdateItemResponse;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;

/** {@link TableNamingBackend} for the asynchronous surface: the same renaming, applied around futures. */
public final class TableNamingAsyncBackend extends ForwardingAsyncBackend {
    private final TableNames names;

    public TableNamingAsyncBackend(AsyncBackend delegate, UnaryOperator<String> resolve) {
        super(delegate);
        this.names = new TableNames(resolve);
    }

    @Override
    public CompletableFuture<PutItemResponse> putItem(PutItemRequest r) {
        return delegate().putItem(names.put(r));
    }

    @Override
    public CompletableFuture<GetItemResponse> getItem(GetItemRequest r) {
        return delegate().getItem(names.get(r));
    }

    @Override
    public CompletableFuture<DeleteItemResponse> deleteItem(DeleteItemRequest r) {
        return delegate().deleteItem(names.delete(r));
    }

    @Override
    public CompletableFuture<UpdateItemResponse> updateItem(UpdateItemRequest r) {
        return delegate().updateItem(names.update(r));
    }

    @Override
    public CompletableFuture<QueryResponse> query(QueryRequest r) {
        return delegate().query(names.query(r));
    }

    @Override
    public CompletableFuture<ScanResponse> scan(ScanRequest r) {
        return delegate().scan(names.scan(r));
    }

    @Override
    public CompletableFuture<BatchGetItemResponse> batchGetItem(BatchGetItemRequest r) {
        Map<String, String> logicalOf = new HashMap<>();
        CompletableFuture<BatchGetItemResponse> sent = delegate().batchGetItem(names.batchGet(r, logicalOf));
        return AsyncBackend.cancelling(sent.thenApply(response -> names.batchGet(response, logicalOf)), sent);
    }

    @Override
    public CompletableFuture<BatchWriteItemResponse> batchWriteItem(BatchWriteItemRequest r) {
        Map<String, String> logicalOf = new HashMap<>();
        CompletableFuture<BatchWriteItemResponse> sent = delegate().batchWriteItem(names.batchWrite(r, logicalOf));
        return AsyncBackend.cancelling(sent.thenApply(response -> names.batchWrite(response, logicalOf)), sent);
    }

    @Override
    public CompletableFuture<TransactWriteItemsResponse> transactWriteItems(TransactWriteItemsRequest r) {
        return delegate().transactWriteItems(names.transactWrite(r));
    }

    @Override
    public CompletableFuture<TransactGetItemsResponse> transactGetItems(TransactGetItemsRequest r) {
        return delegate().transactGetItems(names.transactGet(r));
    }
}
