package io.partita.storage.engine;

import io.partita.storage.DurableOptions;
import io.partita.storage.DurableStorage;
import io.partita.storage.DurableStorageException;
import io.partita.storage.Message;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
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
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.Executor;

/**
 * The in-memory storage engine: DynamoDB's data model and index semantics on concurrent ordered maps. This
 * class only wires the parts together and hands each operation of {@link Storage} to the one that owns it
 * (see the package documentation for the layout).
 */
public final class Engine implements Storage {
    private final Catalog catalog;
    private final ItemWrites writes;
    private final Reads reads;
    // Time to live is created when first needed (a table with TTL, a sweep, durable tables loaded at open): an
    // in-memory core without TTL never loads it. Guarded by ttlLock, since it owns the sweeper thread.
    private final Object ttlLock = new Object();
    private TimeToLive timeToLive;
    private boolean ttlClosed;
    private final StorageOptions options;
    private final ThroughputPolicy throughput;
    private final IndexPropagation propagation;
    // Batches and transactions are created on first use: a program that never sends one does not load them (nor
    // their exception types) when it starts. Both are stateless, so a racing second creation is harmless.
    private volatile Batches batches;
    private volatile Transactions transactions;

    private Engine(StorageOptions options) {
        this(options, null, Map.of());
    }

    private Engine(StorageOptions options, DiskCatalog disk, Map<String, TableData> loaded) {
        ThroughputPolicy throughput = ThroughputPolicy.of(options);
        IndexPropagation propagation = new IndexPropagation(options);
        this.catalog = disk == null ? new Catalog(throughput, options) : new Catalog(throughput, options, disk, loaded);
        this.writes = new ItemWrites(catalog, options, throughput, propagation);
        this.reads = new Reads(catalog, throughput, propagation);
        this.options = options;
        this.throughput = throughput;
        this.propagation = propagation;
        if (disk != null) {
            timeToLive(); // starts the sweeper when a loaded table has time to live enabled
        }
    }

    private TimeToLive timeToLive() {
        synchronized (ttlLock) {
            TimeToLive t = timeToLive;
            if (t == null) {
                t = new TimeToLive(catalog, options, propagation);
                if (ttlClosed) {
                    t.close();
                }
                timeToLive = t;
            }
            return t;
        }
    }

    private Batches batches() {
        Batches b = batches;
        if (b == null) {
            b = new Batches(catalog, writes, throughput);
            batches = b;
        }
        return b;
    }

    private Transactions transactions() {
        Transactions t = transactions;
        if (t == null) {
            t = new Transactions(catalog, options, throughput, propagation);
            transactions = t;
        }
        return t;
    }

    public static Storage create(StorageOptions options) {
        return new Engine(options);
    }

    /**
     * A durable core in {@code directory} (created when missing): the same parts on tables whose items and
     * index entries live in the on-disk store (see {@link DiskStore} for the layout and {@link DiskCatalog}
     * for recovery).
     */
    public static DurableStorage open(Path directory, DurableOptions durable) {
        return Durable.open(directory, durable);
    }

    /**
     * Opening a durable core, in its own class: its exception handling and types are loaded (and verified) only
     * by programs that open one, not with every in-memory core in a fresh JVM.
     */
    private static final class Durable {
        private Durable() {}

        static DurableStorage open(Path directory, DurableOptions durable) {
            Map<String, TableData> loaded = new TreeMap<>();
            DiskCatalog disk;
            try {
                disk = DiskCatalog.open(directory, durable, loaded);
            } catch (NoClassDefFoundError e) {
                if (e.getMessage() == null || !e.getMessage().startsWith("org/rocksdb/")) {
                    throw e;
                }
                throw new DurableStorageException.EngineMissing(
                        Message.StoreEngineMissing.format(
                                directory, rocksDbVersion(), e.getMessage().replace('/', '.')),
                        directory,
                        e);
            }
            return new DurableCore(new Engine(durable.storage(), disk, loaded), disk.store, durable.durability());
        }

        /** The RocksDB version the build wrote into {@code durable-engine.properties} (for the missing-engine error). */
        private static String rocksDbVersion() {
            Properties p = new Properties();
            try (InputStream in = Engine.class.getResourceAsStream("durable-engine.properties")) {
                if (in != null) {
                    p.load(in);
                }
            } catch (IOException e) {
                // the error being reported matters more; name no version
            }
            return p.getProperty("rocksdb.version", "(the version partita-storage's POM names)");
        }
    }

    // ==== tables ==============================================================================================

    @Override
    public TableDescription createTable(TableDefinition definition) {
        TableDescription created = catalog.createTable(definition);
        if (definition.timeToLiveAttribute() != null) {
            timeToLive().started();
        }
        return created;
    }

    @Override
    public TableDescription describeTable(String tableName) {
        return catalog.describeTable(tableName);
    }

    @Override
    public List<String> listTables() {
        return catalog.listTables();
    }

    @Override
    public TableDescription deleteTable(String tableName) {
        return catalog.deleteTable(tableName);
    }

    @Override
    public TableDescription createGlobalSecondaryIndex(String tableName, GlobalSecondaryIndex index) {
        return catalog.createGlobalSecondaryIndex(tableName, index);
    }

    @Override
    public TableDescription deleteGlobalSecondaryIndex(String tableName, String indexName) {
        return catalog.deleteGlobalSecondaryIndex(tableName, indexName);
    }

    @Override
    public TableDescription startGlobalSecondaryIndex(String tableName, GlobalSecondaryIndex index, Executor backfill) {
        return catalog.startGlobalSecondaryIndex(tableName, index, backfill);
    }

    @Override
    public TimeToLiveSpecification updateTimeToLive(String tableName, TimeToLiveSpecification specification) {
        TimeToLiveSpecification applied = catalog.updateTimeToLive(tableName, specification);
        if (applied.enabled()) {
            timeToLive().started();
        }
        return applied;
    }

    @Override
    public TimeToLiveDescription describeTimeToLive(String tableName) {
        return catalog.describeTimeToLive(tableName);
    }

    // ==== streams =============================================================================================

    @Override
    public TableDescription updateStreamSpecification(String tableName, StreamSpecification specification) {
        return catalog.updateStreamSpecification(tableName, specification);
    }

    @Override
    public ListStreamsResponse listStreams(ListStreamsRequest request) {
        catalog.checkOpen();
        return catalog.streams().listStreams(request);
    }

    @Override
    public StreamDescription describeStream(DescribeStreamRequest request) {
        catalog.checkOpen();
        return catalog.streams().describeStream(request);
    }

    @Override
    public GetShardIteratorResponse getShardIterator(GetShardIteratorRequest request) {
        catalog.checkOpen();
        return catalog.streams().getShardIterator(request);
    }

    @Override
    public GetRecordsResponse getRecords(GetRecordsRequest request) {
        catalog.checkOpen();
        return catalog.streams().getRecords(request);
    }

    // ==== items ===============================================================================================

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        return writes.putItem(request);
    }

    @Override
    public DeleteItemResponse deleteItem(DeleteItemRequest request) {
        return writes.deleteItem(request);
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest request) {
        return writes.updateItem(request);
    }

    @Override
    public boolean mayThrottle() {
        return options.throughputModel() != null;
    }

    @Override
    public GetItemResponse getItem(GetItemRequest request) {
        return reads.getItem(request);
    }

    @Override
    public QueryResponse query(QueryRequest request) {
        return reads.query(request);
    }

    @Override
    public ScanResponse scan(ScanRequest request) {
        return reads.scan(request);
    }

    // ==== batches and transactions ============================================================================

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest request) {
        return batches().batchGetItem(request);
    }

    @Override
    public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
        return batches().batchWriteItem(request);
    }

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
        return transactions().transactWriteItems(request);
    }

    @Override
    public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest request) {
        return transactions().transactGetItems(request);
    }

    // ==== GSI propagation, invariants, lifecycle ==============================================================

    @Override
    public void flushGsiPropagation() {
        IndexPropagation.drainAll(catalog.tables());
    }

    @Override
    public void checkInvariants() {
        Invariants.checkAll(catalog.tables());
    }

    @Override
    public long expireItems() {
        catalog.checkOpen();
        return timeToLive().sweep();
    }

    @Override
    public long timeToLiveDeletedItemCount(String tableName) {
        return catalog.table(tableName).timeToLiveDeleted.sum();
    }

    @Override
    public void close() {
        TimeToLive t;
        synchronized (ttlLock) {
            ttlClosed = true;
            t = timeToLive;
        }
        if (t != null) {
            t.close(); // before the store closes: no sweep may touch it afterwards
        }
        catalog.close();
    }
}
