package io.partita.spi;

import io.partita.storage.Backend;
import io.partita.storage.api.BatchGetItemRequest;
import io.partita.storage.api.BatchGetItemResponse;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.BatchWriteItemResponse;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.DeleteItemResponse;
import io.partita.storage.api.DescribeStreamRequest;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.GetItemResponse;
import io.partita.storage.api.GetRecordsRequest;
import io.partita.storage.api.GetRecordsResponse;
import io.partita.storage.api.GetShardIteratorRequest;
import io.partita.storage.api.GetShardIteratorResponse;
import io.partita.storage.api.ListStreamsRequest;
import io.partita.storage.api.ListStreamsResponse;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.PutItemResponse;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.api.StreamDescription;
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
import io.partita.storage.schema.StreamSpecification;
import io.partita.storage.schema.TableDefinition;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The base of every backend decorator (retries, metrics, listeners, test doubles that count calls): each
 * operation goes to the delegate, and every data-plane call (items, queries, scans, batches, transactions)
 * passes through {@link #dataPlane(Supplier)} on its way, so a decorator overrides one method, or the single
 * operations it cares about. Table operations, the DynamoDB Streams operations and {@link #close()} go straight to
 * the delegate.
 */
public abstract class ForwardingBackend implements Backend {
    private final Backend delegate;

    protected ForwardingBackend(Backend delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /** The backend calls are forwarded to. */
    protected final Backend delegate() {
        return delegate;
    }

    /** Runs one data-plane call against the delegate; the default just runs it. */
    protected <R> R dataPlane(Supplier<R> call) {
        return call.get();
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
    public TableDescription updateStreamSpecification(String tableName, StreamSpecification specification) {
        return delegate.updateStreamSpecification(tableName, specification);
    }

    @Override
    public ListStreamsResponse listStreams(ListStreamsRequest request) {
        return delegate.listStreams(request);
    }

    @Override
    public StreamDescription describeStream(DescribeStreamRequest request) {
        return delegate.describeStream(request);
    }

    @Override
    public GetShardIteratorResponse getShardIterator(GetShardIteratorRequest request) {
        return delegate.getShardIterator(request);
    }

    @Override
    public GetRecordsResponse getRecords(GetRecordsRequest request) {
        return delegate.getRecords(request);
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
    public TableDescription createGlobalSecondaryIndex(String tableName, GlobalSecondaryIndex index) {
        return delegate.createGlobalSecondaryIndex(tableName, index);
    }

    @Override
    public TableDescription deleteGlobalSecondaryIndex(String tableName, String indexName) {
        return delegate.deleteGlobalSecondaryIndex(tableName, indexName);
    }

    @Override
    public TimeToLiveSpecification updateTimeToLive(String tableName, TimeToLiveSpecification specification) {
        return delegate.updateTimeToLive(tableName, specification);
    }

    @Override
    public TimeToLiveDescription describeTimeToLive(String tableName) {
        return delegate.describeTimeToLive(tableName);
    }

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        return dataPlane(new PutItemCall(delegate, request));
    }

    @Override
    public GetItemResponse getItem(GetItemRequest request) {
        return dataPlane(new GetItemCall(delegate, request));
    }

    @Override
    public DeleteItemResponse deleteItem(DeleteItemRequest request) {
        return dataPlane(new DeleteItemCall(delegate, request));
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest request) {
        return dataPlane(new UpdateItemCall(delegate, request));
    }

    @Override
    public QueryResponse query(QueryRequest request) {
        return dataPlane(new QueryCall(delegate, request));
    }

    @Override
    public ScanResponse scan(ScanRequest request) {
        return dataPlane(new ScanCall(delegate, request));
    }

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest request) {
        return dataPlane(new BatchGetItemCall(delegate, request));
    }

    @Override
    public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
        return dataPlane(new BatchWriteItemCall(delegate, request));
    }

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
        return dataPlane(new TransactWriteItemsCall(delegate, request));
    }

    @Override
    public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest request) {
        return dataPlane(new TransactGetItemsCall(delegate, request));
    }

    @Override
    public void close() {
        delegate.close();
    }

    // Each data-plane call is a small named class, not a lambda: a lambda is bootstrapped (LambdaMetafactory, a
    // class spun at run time) on its first call, which is on the first request of every fresh JVM. Only the
    // classes of the operations a program uses are loaded.

    private record PutItemCall(Backend backend, PutItemRequest request) implements Supplier<PutItemResponse> {
        @Override
        public PutItemResponse get() {
            return backend.putItem(request);
        }
    }

    private record GetItemCall(Backend backend, GetItemRequest request) implements Supplier<GetItemResponse> {
        @Override
        public GetItemResponse get() {
            return backend.getItem(request);
        }
    }

    private record DeleteItemCall(Backend backend, DeleteItemRequest request) implements Supplier<DeleteItemResponse> {
        @Override
        public DeleteItemResponse get() {
            return backend.deleteItem(request);
        }
    }

    private record UpdateItemCall(Backend backend, UpdateItemRequest request) implements Supplier<UpdateItemResponse> {
        @Override
        public UpdateItemResponse get() {
            return backend.updateItem(request);
        }
    }

    private record QueryCall(Backend backend, QueryRequest request) implements Supplier<QueryResponse> {
        @Override
        public QueryResponse get() {
            return backend.query(request);
        }
    }

    private record ScanCall(Backend backend, ScanRequest request) implements Supplier<ScanResponse> {
        @Override
        public ScanResponse get() {
            return backend.scan(request);
        }
    }

    private record BatchGetItemCall(Backend backend, BatchGetItemRequest request)
            implements Supplier<BatchGetItemResponse> {
        @Override
        public BatchGetItemResponse get() {
            return backend.batchGetItem(request);
        }
    }

    private record BatchWriteItemCall(Backend backend, BatchWriteItemRequest request)
            implements Supplier<BatchWriteItemResponse> {
        @Override
        public BatchWriteItemResponse get() {
            return backend.batchWriteItem(request);
        }
    }

    private record TransactWriteItemsCall(Backend backend, TransactWriteItemsRequest request)
            implements Supplier<TransactWriteItemsResponse> {
        @Override
        public TransactWriteItemsResponse get() {
            return backend.transactWriteItems(request);
        }
    }

    private record TransactGetItemsCall(Backend backend, TransactGetItemsRequest request)
            implements Supplier<TransactGetItemsResponse> {
        @Override
        public TransactGetItemsResponse get() {
            return backend.transactGetItems(request);
        }
    }
}
