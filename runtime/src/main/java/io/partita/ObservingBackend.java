package io.partita;

import io.partita.spi.ForwardingAsyncBackend;
import io.partita.spi.ForwardingBackend;
import io.partita.spi.RetryObserver;
import io.partita.storage.AsyncBackend;
import io.partita.storage.Backend;
import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.api.BatchGetItemRequest;
import io.partita.storage.api.BatchGetItemResponse;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.BatchWriteItemResponse;
import io.partita.storage.api.ConsumedCapacity;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.DeleteItemResponse;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.GetItemResponse;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.PutItemResponse;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactGetItemsResponse;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.TransactWriteItemsResponse;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.UpdateItemResponse;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.ToIntBiFunction;
import java.util.stream.Collectors;

/**
 * The request path's observer (above the retrying layer, below table naming, so it sees deployed names and one
 * event per request, retries included): asks for consumed capacity when the database is configured to, times
 * every data-plane request, counts Partita's retries and throttles, tells the {@link RequestListener}, and logs
 * retries, throttles and slow requests through {@link System.Logger} {@code io.partita.requests}.
 */
final class ObservingBackend extends ForwardingBackend {
    /** The logger, looked up on first use (a retry, a throttle, a slow request): nothing on the cold-start path. */
    static final class Log {
        static final System.Logger LOG = System.getLogger("io.partita.requests");

        private Log() {}
    }

    private final Observer observer;

    /**
     * Counts the retrying layer's retries per thread (a blocking request and its retries run on one thread) for
     * the observing layer, and logs each retry at DEBUG. An asynchronous request gets its own counter: the
     * observing layer installs it while the request is sent, and {@link #forRequest()} (asked by the asynchronous
     * retrying layer on that thread) binds the request's later retries to it.
     */
    static final class Retries implements RetryObserver {
        // one counter per database (and so per instance) by design, as with the ThreadLocal.withInitial it replaces
        @SuppressWarnings("ThreadLocalUsage")
        private final ThreadLocal<int[]> count = new Frames();

        @Override
        public void retrying(int attempt, RuntimeException cause) {
            count(count.get(), attempt, cause);
        }

        @Override
        public RetryObserver forRequest() {
            int[] frame = count.get();
            return (attempt, cause) -> count(frame, attempt, cause);
        }

        /**
         * A counter per thread; a subclass rather than {@code withInitial(lambda)}: every database creates one. Not
         * private, so that creating one needs no nest-mate access check (which would load ObservingBackend).
         */
        static final class Frames extends ThreadLocal<int[]> {
            @Override
            protected int[] initialValue() {
                return new int[1];
            }
        }

        private static void count(int[] frame, int attempt, RuntimeException cause) {
            synchronized (frame) {
                frame[0]++;
            }
            Log.LOG.log(
                    Level.DEBUG,
                    () -> "retrying a throttled request (attempt " + attempt + " failed): " + cause.getMessage());
        }
    }

    ObservingBackend(Backend delegate, Observer observer) {
        super(delegate);
        this.observer = observer;
    }

    /**
     * What both observing layers share: the database's listener, capacity level, slow-request threshold and
     * retry counter, and the bookkeeping of one request (asking for capacity, timing, logging, the event).
     */
    static final class Observer {
        private final RequestListener listener;
        private final ReturnConsumedCapacity capacity;
        private final Duration slowRequest;
        private final Retries retries;

        Observer(Retries retries, RequestListener listener, ReturnConsumedCapacity capacity, Duration slowRequest) {
            this.retries = retries;
            this.listener = listener;
            this.capacity = Objects.requireNonNull(capacity, "capacity");
            this.slowRequest = slowRequest;
        }

        private <Q> Q sent(Kind<Q, ?> kind, Q request) {
            return capacity != ReturnConsumedCapacity.NONE && kind.asked.apply(request) == ReturnConsumedCapacity.NONE
                    ? kind.withCapacity.apply(request, capacity)
                    : request;
        }

        /** Sends a blocking request and reports it (retries counted on this thread). */
        <Q, R> R sync(Kind<Q, R> kind, Q request, Function<Q, R> send) {
            Q sent = sent(kind, request);
            int[] frame = retries.count.get();
            int retriesBefore = frame[0];
            long start = System.nanoTime();
            R response = null;
            RuntimeException failure = null;
            try {
                response = send.apply(sent);
                return response;
            } catch (RuntimeException e) {
                failure = e;
                throw e;
            } finally {
                int retried = frame[0] - retriesBefore;
                frame[0] = retriesBefore;
                report(kind, request, start, retried, response, failure);
            }
        }

        /** Sends an asynchronous request with its own retry counter and reports it when it completes. */
        <Q, R> CompletableFuture<R> async(Kind<Q, R> kind, Q request, Function<Q, CompletableFuture<R>> send) {
            Q sent = sent(kind, request);
            int[] frame = new int[1];
            int[] saved = retries.count.get();
            retries.count.set(frame);
            long start = System.nanoTime();
            CompletableFuture<R> future;
            try {
                future = send.apply(sent);
            } catch (RuntimeException e) {
                future = CompletableFuture.failedFuture(e);
            } finally {
                retries.count.set(saved);
            }
            CompletableFuture<R> reported = future.whenComplete((r, e) -> {
                int retried;
                synchronized (frame) {
                    retried = frame[0];
                }
                Throwable cause = e == null ? null : AsyncBackend.unwrap(e);
                report(
                        kind,
                        request,
                        start,
                        retried,
                        r,
                        cause instanceof RuntimeException re
                                ? re
                                : cause == null ? null : new CompletionException(cause));
            });
            return AsyncBackend.cancelling(reported, future);
        }

        private <Q, R> void report(
                Kind<Q, R> kind, Q request, long start, int retried, R response, RuntimeException failure) {
            Duration latency = Duration.ofNanos(System.nanoTime() - start);
            String table = kind.table.apply(request);
            String index = kind.index.apply(request);
            int throttles = retried + (failure instanceof ProvisionedThroughputExceededException ? 1 : 0);
            if (failure instanceof ProvisionedThroughputExceededException) {
                Log.LOG.log(
                        Level.DEBUG,
                        "{0} on {1} throttled after {2} attempt(s): {3}",
                        kind.operation,
                        table,
                        retried + 1,
                        failure.getMessage());
            }
            if (slowRequest != null && latency.compareTo(slowRequest) > 0) {
                Log.LOG.log(
                        Level.WARNING,
                        "slow request: {0} on {1}{2} took {3} ms ({4} attempt(s))",
                        kind.operation,
                        table,
                        index == null ? "" : " index " + index,
                        latency.toMillis(),
                        retried + 1);
            }
            if (listener != null) {
                List<ConsumedCapacity> c = response == null ? List.of() : kind.consumed.apply(response);
                int n = response == null ? 0 : kind.items.applyAsInt(request, response);
                listener.onRequest(
                        new RequestEvent(kind.operation, table, index, c, latency, retried + 1, throttles, n, failure));
            }
        }
    }

    /** One operation as the observer sees it: its name, table, index, capacity field, consumption and item count. */
    record Kind<Q, R>(
            String operation,
            Function<Q, String> table,
            Function<Q, String> index,
            Function<Q, ReturnConsumedCapacity> asked,
            BiFunction<Q, ReturnConsumedCapacity, Q> withCapacity,
            Function<R, List<ConsumedCapacity>> consumed,
            ToIntBiFunction<Q, R> items) {}

    private static List<ConsumedCapacity> one(ConsumedCapacity c) {
        return c == null ? List.of() : List.of(c);
    }

    private static String tables(java.util.Collection<String> names) {
        return names.stream().distinct().collect(Collectors.joining(","));
    }

    private static int unprocessed(Map<String, ? extends List<?>> items) {
        return items == null ? 0 : items.values().stream().mapToInt(List::size).sum();
    }

    static final Kind<PutItemRequest, PutItemResponse> PUT = new Kind<>(
            "PutItem",
            PutItemRequest::tableName,
            r -> null,
            PutItemRequest::returnConsumedCapacity,
            (r, c) -> r.toBuilder().returnConsumedCapacity(c).build(),
            x -> one(x.consumedCapacity()),
            (r, x) -> 1);
    static final Kind<GetItemRequest, GetItemResponse> GET = new Kind<>(
            "GetItem",
            GetItemRequest::tableName,
            r -> null,
            GetItemRequest::returnConsumedCapacity,
            (r, c) -> r.toBuilder().returnConsumedCapacity(c).build(),
            x -> one(x.consumedCapacity()),
            (r, x) -> x.item() == null || x.item().isEmpty() ? 0 : 1);
    static final Kind<DeleteItemRequest, DeleteItemResponse> DELETE = new Kind<>(
            "DeleteItem",
            DeleteItemRequest::tableName,
            r -> null,
            DeleteItemRequest::returnConsumedCapacity,
            (r, c) -> r.toBuilder().returnConsumedCapacity(c).build(),
            x -> one(x.consumedCapacity()),
            (r, x) -> 1);
    static final Kind<UpdateItemRequest, UpdateItemResponse> UPDATE = new Kind<>(
            "UpdateItem",
            UpdateItemRequest::tableName,
            r -> null,
            UpdateItemRequest::returnConsumedCapacity,
            (r, c) -> r.toBuilder().returnConsumedCapacity(c).build(),
            x -> one(x.consumedCapacity()),
            (r, x) -> 1);
    static final Kind<QueryRequest, QueryResponse> QUERY = new Kind<>(
            "Query",
            QueryRequest::tableName,
            QueryRequest::indexName,
            QueryRequest::returnConsumedCapacity,
            (r, c) -> r.toBuilder().returnConsumedCapacity(c).build(),
            x -> one(x.consumedCapacity()),
            (r, x) -> x.count());
    static final Kind<ScanRequest, ScanResponse> SCAN = new Kind<>(
            "Scan",
            ScanRequest::tableName,
            ScanRequest::indexName,
            ScanRequest::returnConsumedCapacity,
            (r, c) -> r.toBuilder().returnConsumedCapacity(c).build(),
            x -> one(x.consumedCapacity()),
            (r, x) -> x.count());
    static final Kind<BatchGetItemRequest, BatchGetItemResponse> BATCH_GET = new Kind<>(
            "BatchGetItem",
            r -> tables(r.requestItems().keySet()),
            r -> null,
            BatchGetItemRequest::returnConsumedCapacity,
            (r, c) -> r.toBuilder().returnConsumedCapacity(c).build(),
            BatchGetItemResponse::consumedCapacity,
            (r, x) -> x.responses().values().stream().mapToInt(List::size).sum());
    static final Kind<BatchWriteItemRequest, BatchWriteItemResponse> BATCH_WRITE = new Kind<>(
            "BatchWriteItem",
            r -> tables(r.requestItems().keySet()),
            r -> null,
            BatchWriteItemRequest::returnConsumedCapacity,
            (r, c) -> r.toBuilder().returnConsumedCapacity(c).build(),
            BatchWriteItemResponse::consumedCapacity,
            (r, x) ->
                    r.requestItems().values().stream().mapToInt(List::size).sum() - unprocessed(x.unprocessedItems()));
    static final Kind<TransactWriteItemsRequest, TransactWriteItemsResponse> TRANSACT_WRITE = new Kind<>(
            "TransactWriteItems",
            r -> tables(r.transactItems().stream().map(t -> t.tableName()).toList()),
            r -> null,
            TransactWriteItemsRequest::returnConsumedCapacity,
            (r, c) -> r.toBuilder().returnConsumedCapacity(c).build(),
            TransactWriteItemsResponse::consumedCapacity,
            (r, x) -> r.transactItems().size());
    static final Kind<TransactGetItemsRequest, TransactGetItemsResponse> TRANSACT_GET = new Kind<>(
            "TransactGetItems",
            r -> tables(r.transactItems().stream().map(t -> t.tableName()).toList()),
            r -> null,
            TransactGetItemsRequest::returnConsumedCapacity,
            (r, c) -> r.toBuilder().returnConsumedCapacity(c).build(),
            TransactGetItemsResponse::consumedCapacity,
            (r, x) -> (int) x.responses().stream().filter(Objects::nonNull).count());

    @Override
    public PutItemResponse putItem(PutItemRequest r) {
        return observer.sync(PUT, r, delegate()::putItem);
    }

    @Override
    public GetItemResponse getItem(GetItemRequest r) {
        return observer.sync(GET, r, delegate()::getItem);
    }

    @Override
    public DeleteItemResponse deleteItem(DeleteItemRequest r) {
        return observer.sync(DELETE, r, delegate()::deleteItem);
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest r) {
        return observer.sync(UPDATE, r, delegate()::updateItem);
    }

    @Override
    public QueryResponse query(QueryRequest r) {
        return observer.sync(QUERY, r, delegate()::query);
    }

    @Override
    public ScanResponse scan(ScanRequest r) {
        return observer.sync(SCAN, r, delegate()::scan);
    }

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest r) {
        return observer.sync(BATCH_GET, r, delegate()::batchGetItem);
    }

    @Override
    public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest r) {
        return observer.sync(BATCH_WRITE, r, delegate()::batchWriteItem);
    }

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest r) {
        return observer.sync(TRANSACT_WRITE, r, delegate()::transactWriteItems);
    }

    @Override
    public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest r) {
        return observer.sync(TRANSACT_GET, r, delegate()::transactGetItems);
    }

    @Override
    public void close() {
        // the database closes the real backend
    }

    /** The observing layer of the asynchronous surface: the same {@link Observer}, around futures. */
    static final class Async extends ForwardingAsyncBackend {
        private final Observer observer;

        Async(AsyncBackend delegate, Observer observer) {
            super(delegate);
            this.observer = observer;
        }

        @Override
        public CompletableFuture<PutItemResponse> putItem(PutItemRequest r) {
            return observer.async(PUT, r, delegate()::putItem);
        }

        @Override
        public CompletableFuture<GetItemResponse> getItem(GetItemRequest r) {
            return observer.async(GET, r, delegate()::getItem);
        }

        @Override
        public CompletableFuture<DeleteItemResponse> deleteItem(DeleteItemRequest r) {
            return observer.async(DELETE, r, delegate()::deleteItem);
        }

        @Override
        public CompletableFuture<UpdateItemResponse> updateItem(UpdateItemRequest r) {
            return observer.async(UPDATE, r, delegate()::updateItem);
        }

        @Override
        public CompletableFuture<QueryResponse> query(QueryRequest r) {
            return observer.async(QUERY, r, delegate()::query);
        }

        @Override
        public CompletableFuture<ScanResponse> scan(ScanRequest r) {
            return observer.async(SCAN, r, delegate()::scan);
        }

        @Override
        public CompletableFuture<BatchGetItemResponse> batchGetItem(BatchGetItemRequest r) {
            return observer.async(BATCH_GET, r, delegate()::batchGetItem);
        }

        @Override
        public CompletableFuture<BatchWriteItemResponse> batchWriteItem(BatchWriteItemRequest r) {
            return observer.async(BATCH_WRITE, r, delegate()::batchWriteItem);
        }

        @Override
        public CompletableFuture<TransactWriteItemsResponse> transactWriteItems(TransactWriteItemsRequest r) {
            return observer.async(TRANSACT_WRITE, r, delegate()::transactWriteItems);
        }

        @Override
        public CompletableFuture<TransactGetItemsResponse> transactGetItems(TransactGetItemsRequest r) {
            return observer.async(TRANSACT_GET, r, delegate()::transactGetItems);
        }
    }
}
