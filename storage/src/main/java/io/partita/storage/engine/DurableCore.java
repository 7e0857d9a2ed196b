package io.partita.storage.engine;

import io.partita.storage.Durability;
import io.partita.storage.DurableMemoryUsage;
import io.partita.storage.DurableStorage;
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
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;

/** The durable core's public face: the engine's operations, plus the directory's own (backup). */
final class DurableCore implements DurableStorage {
    private final Engine engine;
    private final DiskStore store;
    private final Durability durability;

    DurableCore(Engine engine, DiskStore store, Durability durability) {
        this.engine = engine;
        this.store = store;
        this.durability = durability;
    }

    @Override
    public Path directory() {
        return store.directory;
    }

    @Override
    public Durability durability() {
        return durability;
    }

    @Override
    public void backup(Path target) {
        store.backup(target);
    }

    @Override
    public DurableMemoryUsage memoryUsage() {
        return store.memoryUsage();
    }

    /** Flushes the in-memory write buffers to files (tests and measurements; never needed for durability). */
    void flush() {
        store.flush();
    }

    @Override
    public TableDescription createTable(TableDefinition definition) {
        return engine.createTable(definition);
    }

    @Override
    public TableDescription describeTable(String tableName) {
        return engine.describeTable(tableName);
    }

    @Override
    public List<String> listTables() {
        return engine.listTables();
    }

    @Override
    public TableDescription deleteTable(String tableName) {
        return engine.deleteTable(tableName);
    }

    @Override
    public TableDescription createGlobalSecondaryIndex(String tableName, GlobalSecondaryIndex index) {
        return engine.createGlobalSecondaryIndex(tableName, index);
    }

    @Override
    public TableDescription startGlobalSecondaryIndex(String tableName, GlobalSecondaryIndex index, Executor backfill) {
        return engine.startGlobalSecondaryIndex(tableName, index, backfill);
    }

    @Override
    public TableDescription deleteGlobalSecondaryIndex(String tableName, String indexName) {
        return engine.deleteGlobalSecondaryIndex(tableName, indexName);
    }

    @Override
    public TimeToLiveSpecification updateTimeToLive(String tableName, TimeToLiveSpecification specification) {
        return engine.updateTimeToLive(tableName, specification);
    }

    @Override
    public TimeToLiveDescription describeTimeToLive(String tableName) {
        return engine.describeTimeToLive(tableName);
    }

    @Override
    public TableDescription updateStreamSpecification(String tableName, StreamSpecification specification) {
        return engine.updateStreamSpecification(tableName, specification);
    }

    @Override
    public ListStreamsResponse listStreams(ListStreamsRequest request) {
        return engine.listStreams(request);
    }

    @Override
    public StreamDescription describeStream(DescribeStreamRequest request) {
        return engine.describeStream(request);
    }

    @Override
    public GetShardIteratorResponse getShardIterator(GetShardIteratorRequest request) {
        return engine.getShardIterator(request);
    }

    @Override
    public GetRecordsResponse getRecords(GetRecordsRequest request) {
        return engine.getRecords(request);
    }

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        return engine.putItem(request);
    }

    @Override
    public GetItemResponse getItem(GetItemRequest request) {
        return engine.getItem(request);
    }

    @Override
    public DeleteItemResponse deleteItem(DeleteItemRequest request) {
        return engine.deleteItem(request);
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest request) {
        return engine.updateItem(request);
    }

    @Override
    public QueryResponse query(QueryRequest request) {
        return engine.query(request);
    }

    @Override
    public ScanResponse scan(ScanRequest request) {
        return engine.scan(request);
    }

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest request) {
        return engine.batchGetItem(request);
    }

    @Override
    public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
        return engine.batchWriteItem(request);
    }

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
        return engine.transactWriteItems(request);
    }

    @Override
    public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest request) {
        return engine.transactGetItems(request);
    }

    @Override
    public void flushGsiPropagation() {
        engine.flushGsiPropagation();
    }

    @Override
    public void checkInvariants() {
        engine.checkInvariants();
    }

    @Override
    public long expireItems() {
        return engine.expireItems();
    }

    @Override
    public long timeToLiveDeletedItemCount(String tableName) {
        return engine.timeToLiveDeletedItemCount(tableName);
    }

    @Override
    public void close() {
        engine.close();
    }

    @Override
    public String toString() {
        return "DurableStorage[" + store.directory + ", " + durability + "]";
    }
}
