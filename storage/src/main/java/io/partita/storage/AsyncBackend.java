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
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactGetItemsResponse;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.TransactWriteItemsResponse;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.UpdateItemResponse;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * The data-plane half of {@link Backend} without blocking a thread: the same ten item, query, scan, batch and
 * transaction operations in the same request and response records, each answered by a {@link CompletableFuture}
 * that completes with the response or exceptionally with the {@link StorageException} the blocking operation
 * would throw. Table operations stay on {@link Backend} (they are explicit, rare, and wait for tables anyway).
 *
 * <p>Cancelling a returned future cancels the request where the implementation can (an SDK request in flight,
 * a request still queued on an executor); a request that has already reached the store may still take effect.
 *
 * <p>{@link #of(Backend)} and {@link #of(Backend, Executor)} adapt any blocking backend (the embedded core
 * completes its operations directly); the DynamoDB module implements it over {@code DynamoDbAsyncClient}.
 */
public interface AsyncBackend {

    CompletableFuture<PutItemResponse> putItem(PutItemRequest request);

    CompletableFuture<GetItemResponse> getItem(GetItemRequest request);

    CompletableFuture<DeleteItemResponse> deleteItem(DeleteItemRequest request);

    CompletableFuture<UpdateItemResponse> updateItem(UpdateItemRequest request);

    CompletableFuture<QueryResponse> query(QueryRequest request);

    CompletableFuture<ScanResponse> scan(ScanRequest request);

    CompletableFuture<BatchGetItemResponse> batchGetItem(BatchGetItemRequest request);

    CompletableFuture<BatchWriteItemResponse> batchWriteItem(BatchWriteItemRequest request);

    CompletableFuture<TransactWriteItemsResponse> transactWriteItems(TransactWriteItemsRequest request);

    CompletableFuture<TransactGetItemsResponse> transactGetItems(TransactGetItemsRequest request);

    /**
     * {@code backend}'s operations run on the calling thread and returned as completed futures: right for the
     * embedded core, whose operations do not wait on I/O.
     */
    static AsyncBackend of(Backend backend) {
        return new Adapter(backend, null);
    }

    /**
     * {@code backend}'s operations run on {@code executor}; the future completes on the executor's thread. A
     * request cancelled before it starts is never run.
     */
    static AsyncBackend of(Backend backend, Executor executor) {
        return new Adapter(backend, Objects.requireNonNull(executor, "executor"));
    }

    /**
     * Returns {@code dependent}, arranged so that cancelling it cancels {@code source} too: what every layer
     * that maps a future (decorators, adapters) uses so cancellation reaches the request in flight.
     */
    static <T> CompletableFuture<T> cancelling(CompletableFuture<T> dependent, Future<?> source) {
        if (dependent != source) {
            // the dependent stage only cancels: nothing to observe on it
            CompletableFuture<T> ignored = dependent.whenComplete((r, e) -> {
                if (dependent.isCancelled()) {
                    source.cancel(true);
                }
            });
        }
        return dependent;
    }

    /** The cause of a failed future's exception: {@code e} without {@link java.util.concurrent.CompletionException} wrappers. */
    static Throwable unwrap(Throwable e) {
        Throwable t = e;
        while ((t instanceof java.util.concurrent.CompletionException
                        || t instanceof java.util.concurrent.ExecutionException)
                && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /** The adapter of a blocking backend: direct completion, or on an executor. */
    final class Adapter implements AsyncBackend {
        private final Backend backend;
        private final Executor executor;

        Adapter(Backend backend, Executor executor) {
            this.backend = Objects.requireNonNull(backend, "backend");
            this.executor = executor;
        }

        private <R> CompletableFuture<R> run(Supplier<R> call) {
            if (executor == null) {
                try {
                    return CompletableFuture.completedFuture(call.get());
                } catch (RuntimeException e) {
                    return CompletableFuture.failedFuture(e);
                }
            }
            CompletableFuture<R> out = new CompletableFuture<>();
            executor.execute(() -> {
                if (out.isDone()) {
                    return; // cancelled before it started
                }
                try {
                    out.complete(call.get());
                } catch (RuntimeException e) {
                    out.completeExceptionally(e);
                }
            });
            return out;
        }

        @Override
        public CompletableFuture<PutItemResponse> putItem(PutItemRequest request) {
            return run(() -> backend.putItem(request));
        }

        @Override
        public CompletableFuture<GetItemResponse> getItem(GetItemRequest request) {
            return run(() -> backend.getItem(request));
        }

        @Override
        public CompletableFuture<DeleteItemResponse> deleteItem(DeleteItemRequest request) {
            return run(() -> backend.deleteItem(request));
        }

        @Override
        public CompletableFuture<UpdateItemResponse> updateItem(UpdateItemRequest request) {
            return run(() -> backend.updateItem(request));
        }

        @Override
        public CompletableFuture<QueryResponse> query(QueryRequest request) {
            return run(() -> backend.query(request));
        }

        @Override
        public CompletableFuture<ScanResponse> scan(ScanRequest request) {
            return run(() -> backend.scan(request));
        }

        @Override
        public CompletableFuture<BatchGetItemResponse> batchGetItem(BatchGetItemRequest request) {
            return run(() -> backend.batchGetItem(request));
        }

        @Override
        public CompletableFuture<BatchWriteItemResponse> batchWriteItem(BatchWriteItemRequest request) {
            return run(() -> backend.batchWriteItem(request));
        }

        @Override
        public CompletableFuture<TransactWriteItemsResponse> transactWriteItems(TransactWriteItemsRequest request) {
            return run(() -> backend.transactWriteItems(request));
        }

        @Override
        public CompletableFuture<TransactGetItemsResponse> transactGetItems(TransactGetItemsRequest request) {
            return run(() -> backend.transactGetItems(request));
        }
    }
}
