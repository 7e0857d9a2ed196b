package io.partita;

import io.partita.spi.ForwardingBackend;
import io.partita.spi.RetryObserver;
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
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
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

    private final RequestListener listener;
    private final ReturnConsumedCapacity capacity;
    private final Duration slowRequest;
    private final Retries retries;

    /**
     * Counts the retrying layer's retries per thread (a request and its retries run on one thread) for the
     * observing layer, and logs each retry at DEBUG.
     */
    static final class Retries implements RetryObserver {
        private final ThreadLocal<int[]> count = ThreadLocal.withInitial(() -> new int[1]);

        @Override
        public void retrying(int attempt, RuntimeException cause) {
            count.get()[0]++;
            Log.LOG.log(
                    Level.DEBUG,
                    () -> "retrying a throttled request (attempt " + attempt + " failed): " + cause.getMessage());
        }
    }

    ObservingBackend(
            Backend delegate,
            Retries retries,
            RequestListener listener,
            ReturnConsumedCapacity capacity,
            Duration slowRequest) {
        super(delegate);
        this.retries = retries;
        this.listener = listener;
        this.capacity = Objects.requireNonNull(capacity, "capacity");
        this.slowRequest = slowRequest;
    }

    private boolean asksCapacity(ReturnConsumedCapacity requested) {
        return capacity != ReturnConsumedCapacity.NONE && requested == ReturnConsumedCapacity.NONE;
    }

    private <R> R observe(
            String operation,
            String table,
            String index,
            Supplier<R> call,
            Function<R, List<ConsumedCapacity>> consumed,
            ToIntFunction<R> items) {
        int[] frame = retries.count.get();
        int retriesBefore = frame[0];
        long start = System.nanoTime();
        R response = null;
        RuntimeException failure = null;
        try {
            response = call.get();
            return response;
        } catch (RuntimeException e) {
            failure = e;
            throw e;
        } finally {
            Duration latency = Duration.ofNanos(System.nanoTime() - start);
            int retried = frame[0] - retriesBefore;
            frame[0] = retriesBefore;
            int throttles = retried + (failure instanceof ProvisionedThroughputExceededException ? 1 : 0);
            if (failure instanceof ProvisionedThroughputExceededException) {
                Log.LOG.log(
                        Level.DEBUG,
                        "{0} on {1} throttled after {2} attempt(s): {3}",
                        operation,
                        table,
                        retried + 1,
                        failure.getMessage());
            }
            if (slowRequest != null && latency.compareTo(slowRequest) > 0) {
                Log.LOG.log(
                        Level.WARNING,
                        "slow request: {0} on {1}{2} took {3} ms ({4} attempt(s))",
                        operation,
                        table,
                        index == null ? "" : " index " + index,
                        latency.toMillis(),
                        retried + 1);
            }
            if (listener != null) {
                List<ConsumedCapacity> c = response == null ? List.of() : consumed.apply(response);
                int n = response == null ? 0 : items.applyAsInt(response);
                listener.onRequest(
                        new RequestEvent(operation, table, index, c, latency, retried + 1, throttles, n, failure));
            }
        }
    }

    private static List<ConsumedCapacity> one(ConsumedCapacity c) {
        return c == null ? List.of() : List.of(c);
    }

    private static String tables(java.util.Collection<String> names) {
        return names.stream().distinct().collect(Collectors.joining(","));
    }

    @Override
    public PutItemResponse putItem(PutItemRequest r) {
        PutItemRequest sent = asksCapacity(r.returnConsumedCapacity())
                ? r.toBuilder().returnConsumedCapacity(capacity).build()
                : r;
        return observe(
                "PutItem", r.tableName(), null, () -> delegate().putItem(sent), x -> one(x.consumedCapacity()), x -> 1);
    }

    @Override
    public GetItemResponse getItem(GetItemRequest r) {
        GetItemRequest sent = asksCapacity(r.returnConsumedCapacity())
                ? r.toBuilder().returnConsumedCapacity(capacity).build()
                : r;
        return observe(
                "GetItem",
                r.tableName(),
                null,
                () -> delegate().getItem(sent),
                x -> one(x.consumedCapacity()),
                x -> x.item() == null || x.item().isEmpty() ? 0 : 1);
    }

    @Override
    public DeleteItemResponse deleteItem(DeleteItemRequest r) {
        DeleteItemRequest sent = asksCapacity(r.returnConsumedCapacity())
                ? r.toBuilder().returnConsumedCapacity(capacity).build()
                : r;
        return observe(
                "DeleteItem",
                r.tableName(),
                null,
                () -> delegate().deleteItem(sent),
                x -> one(x.consumedCapacity()),
                x -> 1);
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest r) {
        UpdateItemRequest sent = asksCapacity(r.returnConsumedCapacity())
                ? r.toBuilder().returnConsumedCapacity(capacity).build()
                : r;
        return observe(
                "UpdateItem",
                r.tableName(),
                null,
                () -> delegate().updateItem(sent),
                x -> one(x.consumedCapacity()),
                x -> 1);
    }

    @Override
    public QueryResponse query(QueryRequest r) {
        QueryRequest sent = asksCapacity(r.returnConsumedCapacity())
                ? r.toBuilder().returnConsumedCapacity(capacity).build()
                : r;
        return observe(
                "Query",
                r.tableName(),
                r.indexName(),
                () -> delegate().query(sent),
                x -> one(x.consumedCapacity()),
                QueryResponse::count);
    }

    @Override
    public ScanResponse scan(ScanRequest r) {
        ScanRequest sent = asksCapacity(r.returnConsumedCapacity())
                ? r.toBuilder().returnConsumedCapacity(capacity).build()
                : r;
        return observe(
                "Scan",
                r.tableName(),
                r.indexName(),
                () -> delegate().scan(sent),
                x -> one(x.consumedCapacity()),
                ScanResponse::count);
    }

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest r) {
        BatchGetItemRequest sent = asksCapacity(r.returnConsumedCapacity())
                ? r.toBuilder().returnConsumedCapacity(capacity).build()
                : r;
        return observe(
                "BatchGetItem",
                tables(r.requestItems().keySet()),
                null,
                () -> delegate().batchGetItem(sent),
                BatchGetItemResponse::consumedCapacity,
                x -> x.responses().values().stream().mapToInt(List::size).sum());
    }

    @Override
    public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest r) {
        BatchWriteItemRequest sent = asksCapacity(r.returnConsumedCapacity())
                ? r.toBuilder().returnConsumedCapacity(capacity).build()
                : r;
        int requested = r.requestItems().values().stream().mapToInt(List::size).sum();
        return observe(
                "BatchWriteItem",
                tables(r.requestItems().keySet()),
                null,
                () -> delegate().batchWriteItem(sent),
                BatchWriteItemResponse::consumedCapacity,
                x -> requested - unprocessed(x.unprocessedItems()));
    }

    private static int unprocessed(Map<String, ? extends List<?>> items) {
        return items == null ? 0 : items.values().stream().mapToInt(List::size).sum();
    }

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest r) {
        TransactWriteItemsRequest sent = asksCapacity(r.returnConsumedCapacity())
                ? r.toBuilder().returnConsumedCapacity(capacity).build()
                : r;
        return observe(
                "TransactWriteItems",
                tables(r.transactItems().stream().map(t -> t.tableName()).toList()),
                null,
                () -> delegate().transactWriteItems(sent),
                TransactWriteItemsResponse::consumedCapacity,
                x -> r.transactItems().size());
    }

    @Override
    public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest r) {
        TransactGetItemsRequest sent = asksCapacity(r.returnConsumedCapacity())
                ? r.toBuilder().returnConsumedCapacity(capacity).build()
                : r;
        return observe(
                "TransactGetItems",
                tables(r.transactItems().stream().map(t -> t.tableName()).toList()),
                null,
                () -> delegate().transactGetItems(sent),
                TransactGetItemsResponse::consumedCapacity,
                x -> (int) x.responses().stream().filter(Objects::nonNull).count());
    }

    @Override
    public void close() {
        // the database closes the real backend
    }
}
