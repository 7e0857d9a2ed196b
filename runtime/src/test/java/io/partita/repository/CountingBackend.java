package io.partita.repository;

import io.partita.spi.Backend;
import io.partita.storage.api.*;
import io.partita.storage.schema.TableDefinition;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** A backend that counts queries and forwards everything (closing it does not close the delegate). */
class CountingBackend implements Backend {
    private final Backend delegate;
    private final AtomicInteger queries;

    CountingBackend(Backend delegate, AtomicInteger queries) {
        this.delegate = delegate;
        this.queries = queries;
    }

    @Override public TableDescription createTable(TableDefinition d) { return delegate.createTable(d); }
    @Override public TableDescription describeTable(String t) { return delegate.describeTable(t); }
    @Override public List<String> listTables() { return delegate.listTables(); }
    @Override public TableDescription deleteTable(String t) { return delegate.deleteTable(t); }
    @Override public PutItemResponse putItem(PutItemRequest r) { return delegate.putItem(r); }
    @Override public GetItemResponse getItem(GetItemRequest r) { return delegate.getItem(r); }
    @Override public DeleteItemResponse deleteItem(DeleteItemRequest r) { return delegate.deleteItem(r); }
    @Override public UpdateItemResponse updateItem(UpdateItemRequest r) { return delegate.updateItem(r); }
    @Override public QueryResponse query(QueryRequest r) { queries.incrementAndGet(); return delegate.query(r); }
    @Override public ScanResponse scan(ScanRequest r) { return delegate.scan(r); }
    @Override public BatchGetItemResponse batchGetItem(BatchGetItemRequest r) { return delegate.batchGetItem(r); }
    @Override public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest r) { return delegate.batchWriteItem(r); }
    @Override public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest r) { return delegate.transactWriteItems(r); }
    @Override public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest r) { return delegate.transactGetItems(r); }
    @Override public void close() {}
}
