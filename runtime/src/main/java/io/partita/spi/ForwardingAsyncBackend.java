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
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The base of every asynchronous decorator, as {@link ForwardingBackend} is of the blocking ones: each operation
 * goes to the delegate through {@link #dataPlane(Supplier)}, so a decorator overrides one method or the
 * operations it cares about. A decorator that maps a future returns it through
 * {@link AsyncBackend#cancelling}, so cancelling the caller's future still cancels the request.
 */
public abstract class ForwardingAsyncBackend implements AsyncBackend {
    private final AsyncBackend delegate;

    protected ForwardingAsyncBackend(AsyncBackend delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /** The backend calls are forwarded to. */
    protected final AsyncBackend delegate() {
        return delegate;
    }

    /** Runs one call against the delegate; the default just runs it. */
    protected <R> CompletableFuture<R> dataPlane(Supplier<CompletableFuture<R>> call) {
        return call.get();
    }

    @Override
    public CompletableFuture<PutItemResponse> putItem(PutItemRequest request) {
        return dataPlane(() -> delegate.putItem(request));
    }

    @Override
    public CompletableFuture<GetItemResponse> getItem(GetItemRequest request) {
        return dataPlane(() -> delegate.getItem(request));
    }

    @Override
    public CompletableFuture<DeleteItemResponse> deleteItem(DeleteItemRequest request) {
        return dataPlane(() -> delegate.deleteItem(request));
    }

    @Override
    public CompletableFuture<UpdateItemResponse> updateItem(UpdateItemRequest request) {
        return dataPlane(() -> delegate.updateItem(request));
    }

    @Override
    public CompletableFuture<QueryResponse> query(QueryRequest request) {
        return dataPlane(() -> delegate.query(request));
    }

    @Override
    public CompletableFuture<ScanResponse> scan(ScanRequest request) {
        return dataPlane(() -> delegate.scan(request));
    }

    @Override
    public CompletableFuture<BatchGetItemResponse> batchGetItem(BatchGetItemRequest request) {
        return dataPlane(() -> delegate.batchGetItem(request));
    }

    @Override
    public CompletableFuture<BatchWriteItemResponse> batchWriteItem(BatchWriteItemRequest request) {
        return dataPlane(() -> delegate.batchWriteItem(request));
    }

    @Override
    public CompletableFuture<TransactWriteItemsResponse> transactWriteItems(TransactWriteItemsRequest request) {
        return dataPlane(() -> delegate.transactWriteItems(request));
    }

    @Override
    public CompletableFuture<TransactGetItemsResponse> transactGetItems(TransactGetItemsRequest request) {
        return dataPlane(() -> delegate.transactGetItems(request));
    }
}
