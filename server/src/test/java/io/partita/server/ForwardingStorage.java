package io.partita.server;

import io.partita.storage.Storage;
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

/** A core that hands every call to another; tests extend it to change one operation (a slow put, a slow fsync). */
abstract class ForwardingStorage implements Storage {
    final Storage delegate;

    ForwardingStorage(Storage delegate) {
        this.delegate = delegate;
    }

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        return delegate.putItem(request);
    }

    @Override
    public void close() {
        delegate.close();
    }

    @Override
    public boolean mayThrottle() {
        return delegate.mayThrottle();
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
    public TimeToLiveSpecification updateTimeToLive(String tableName, TimeToLiveSpecification specification) {
        return delegate.updateTimeToLive(tableName, specification);
    }

    @Override
    public TimeToLiveDescription describeTimeToLive(String tableName) {
        return delegate.describeTimeToLive(tableName);
    }

    @Override
    public long expireItems() {
        return delegate.expireItems();
    }

    @Override
    public long timeToLiveDeletedItemCount(String tableName) {
        return delegate.timeToLiveDeletedItemCount(tableName);
    }

    @Override
    public TableDescription createGlobalSecondaryIndex(String tableName, GlobalSecondaryIndex index) {
        return delegate.createGlobalSecondaryIndex(tableName, index);
    }

    @Override
    public TableDescription startGlobalSecondaryIndex(
            String tableName, GlobalSecondaryIndex index, java.util.concurrent.Executor backfill) {
        return delegate.startGlobalSecondaryIndex(tableName, index, backfill);
    }

    @Override
    public TableDescription deleteGlobalSecondaryIndex(String tableName, String indexName) {
        return delegate.deleteGlobalSecondaryIndex(tableName, indexName);
    }

    @Override
    public GetItemResponse getItem(GetItemRequest request) {
        return delegate.getItem(request);
    }

    @Override
    public DeleteItemResponse deleteItem(DeleteItemRequest request) {
        return delegate.deleteItem(request);
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest request) {
        return delegate.updateItem(request);
    }

    @Override
    public QueryResponse query(QueryRequest request) {
        return delegate.query(request);
    }

    @Override
    public ScanResponse scan(ScanRequest request) {
        return delegate.scan(request);
    }

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest request) {
        return delegate.batchGetItem(request);
    }

    @Override
    public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
        return delegate.batchWriteItem(request);
    }

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
        return delegate.transactWriteItems(request);
    }

    @Override
    public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest request) {
        return delegate.transactGetItems(request);
    }

    @Override
    public void flushGsiPropagation() {
        delegate.flushGsiPropagation();
    }

    @Override
    public void checkInvariants() {
        delegate.checkInvariants();
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
}
