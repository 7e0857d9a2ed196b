package io.partita.spi;

import io.partita.storage.Backend;
import io.partita.storage.api.BatchGetItemRequest;
import io.partita.storage.api.BatchGetItemResponse;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.BatchWriteItemResponse;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.DeleteItemResponse;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.GetItemResponse;
import io.partita.storage.api.ListStreamsRequest;
import io.partita.storage.api.ListStreamsResponse;
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
import io.partita.storage.schema.StreamSpecification;
import io.partita.storage.schema.TableDefinition;
import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Sends every request to the table its logical name resolves to: callers (repositories, gathers, batches,
 * transactions, item-collection queries, table operations) name tables by their logical names, the delegate
 * sees the deployed names. Maps keyed by table in batch responses (items read, unprocessed keys and items) come
 * back keyed by the logical names the caller used, so its bookkeeping and retries work unchanged; table
 * descriptions, consumed capacity and streams (ARNs, ListStreams' table names) keep the deployed names (they describe
 * what is deployed); a stream's other calls name it by its ARN and go through unchanged.
 */
public final class TableNamingBackend extends ForwardingBackend {
    private final TableNames names;

    public TableNamingBackend(Backend delegate, UnaryOperator<String> resolve) {
        super(delegate);
        this.names = new TableNames(resolve);
    }

    private String name(String logical) {
        return names.name(logical);
    }

    @Override
    public TableDescription createTable(TableDefinition d) {
        return delegate().createTable(d.withName(name(d.name())));
    }

    @Override
    public TimeToLiveSpecification updateTimeToLive(String tableName, TimeToLiveSpecification specification) {
        return delegate().updateTimeToLive(name(tableName), specification);
    }

    @Override
    public TimeToLiveDescription describeTimeToLive(String tableName) {
        return delegate().describeTimeToLive(name(tableName));
    }

    @Override
    public TableDescription describeTable(String tableName) {
        return delegate().describeTable(name(tableName));
    }

    @Override
    public TableDescription updateStreamSpecification(String tableName, StreamSpecification specification) {
        return delegate().updateStreamSpecification(name(tableName), specification);
    }

    @Override
    public ListStreamsResponse listStreams(ListStreamsRequest r) {
        return delegate()
                .listStreams(
                        r.tableName() == null
                                ? r
                                : new ListStreamsRequest(name(r.tableName()), r.limit(), r.exclusiveStartStreamArn()));
    }

    @Override
    public TableDescription deleteTable(String tableName) {
        return delegate().deleteTable(name(tableName));
    }

    @Override
    public TableDescription createGlobalSecondaryIndex(String tableName, GlobalSecondaryIndex index) {
        return delegate().createGlobalSecondaryIndex(name(tableName), index);
    }

    @Override
    public TableDescription deleteGlobalSecondaryIndex(String tableName, String indexName) {
        return delegate().deleteGlobalSecondaryIndex(name(tableName), indexName);
    }

    @Override
    public PutItemResponse putItem(PutItemRequest r) {
        return delegate().putItem(names.put(r));
    }

    @Override
    public GetItemResponse getItem(GetItemRequest r) {
        return delegate().getItem(names.get(r));
    }

    @Override
    public DeleteItemResponse deleteItem(DeleteItemRequest r) {
        return delegate().deleteItem(names.delete(r));
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest r) {
        return delegate().updateItem(names.update(r));
    }

    @Override
    public QueryResponse query(QueryRequest r) {
        return delegate().query(names.query(r));
    }

    @Override
    public ScanResponse scan(ScanRequest r) {
        return delegate().scan(names.scan(r));
    }

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest r) {
        Map<String, String> logicalOf = new HashMap<>();
        return names.batchGet(delegate().batchGetItem(names.batchGet(r, logicalOf)), logicalOf);
    }

    @Override
    public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest r) {
        Map<String, String> logicalOf = new HashMap<>();
        return names.batchWrite(delegate().batchWriteItem(names.batchWrite(r, logicalOf)), logicalOf);
    }

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest r) {
        return delegate().transactWriteItems(names.transactWrite(r));
    }

    @Override
    public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest r) {
        return delegate().transactGetItems(names.transactGet(r));
    }

    @Override
    public void close() {
        // the database closes the real backend
    }
}
