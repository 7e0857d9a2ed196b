package io.partita.server;

import io.partita.storage.Storage;
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
import io.partita.storage.api.TimeToLiveDescription;
import io.partita.storage.api.TimeToLiveSpecification;
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactGetItemsResponse;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.TransactWriteItemsResponse;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.UpdateItemResponse;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.TableDefinition;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/** A core whose PutItem waits for a latch, so a test can hold a request in flight; records when it was closed. */
final class DelayingStorage implements Storage {
    final Storage delegate = Storage.inMemory();
    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    volatile long closedAtNanos;
    volatile long putFinishedAtNanos;

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        entered.countDown();
        try {
            release.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        PutItemResponse r = delegate.putItem(request);
        putFinishedAtNanos = System.nanoTime();
        return r;
    }

    @Override
    public void close() {
        closedAtNanos = System.nanoTime();
        delegate.close();
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
}
