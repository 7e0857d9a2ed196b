package io.partita.storage.engine;

import io.partita.storage.ConditionalCheckFailedException;
import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.ResourceInUseException;
import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.ValidationException;
import io.partita.storage.api.BatchGetItemRequest;
import io.partita.storage.api.BatchGetItemResponse;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.BatchWriteItemResponse;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.DeleteItemResponse;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.GetItemResponse;
import io.partita.storage.api.IndexDescription;
import io.partita.storage.api.ItemCollectionMetrics;
import io.partita.storage.api.KeysAndAttributes;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.PutItemResponse;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.ReturnValues;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.api.TableDescription;
import io.partita.storage.api.TableStatus;
import io.partita.storage.api.TransactGetItem;
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactGetItemsResponse;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.TransactWriteItemsResponse;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.UpdateItemResponse;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.TransactionCanceledException;
import io.partita.storage.TransactionCanceledException.CancellationReason;
import io.partita.storage.StorageException;
import io.partita.storage.expression.ConditionExpression;
import io.partita.storage.expression.ExpressionKind;
import io.partita.storage.expression.Expressions;
import io.partita.storage.expression.Placeholders;
import io.partita.storage.expression.ProjectionExpression;
import io.partita.storage.expression.UpdateExpression;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import io.partita.storage.value.Items;
import io.partita.storage.DurableOptions;
import io.partita.storage.DurableStorage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Lock;

/** The in-memory storage engine: DynamoDB's data model and index semantics on concurrent ordered maps. */
public final class Engine implements Storage {
    static final int MAX_ITEM_BYTES = 400 * 1024;
    private static final int MAX_BATCH_GET = 100;
    private static final int MAX_BATCH_WRITE = 25;
    private static final int MAX_TRANSACT_ITEMS = 100;

    private final StorageOptions options;
    private final ConcurrentHashMap<String, TableData> tables = new ConcurrentHashMap<>();
    private final AtomicLong tableIds = new AtomicLong();
    private final Reads reads;
    /** The provisioned-throughput model; null (the default) when it is off, so the hot path pays one null check. */
    private final Throughput throughput;
    private volatile boolean closed;
    /** The on-disk catalogue and store in durable mode; null in memory. */
    private final DiskCatalog disk;

    private Engine(StorageOptions options) {
        this(options, null);
    }

    private Engine(StorageOptions options, DiskCatalog disk) {
        this.options = options;
        this.disk = disk;
        this.reads = new Reads(this);
        this.throughput = options.throughputModel() == null ? null : new Throughput(options.throughputModel(), options.clock());
    }

    public static Storage create(StorageOptions options) {
        return new Engine(options);
    }

    /** A durable core in {@code directory} (created when missing): see {@link DiskStore} for the layout. */
    public static DurableStorage open(Path directory, DurableOptions durable) {
        Map<String, TableData> loaded = new TreeMap<>();
        DiskCatalog catalog = DiskCatalog.open(directory, durable, loaded);
        Engine e = new Engine(durable.storage(), catalog);
        e.tables.putAll(loaded);
        if (e.throughput != null) {
            loaded.values().forEach(e.throughput::register);
        }
        return new DurableCore(e, catalog.store, durable.durability());
    }

    StorageOptions options() {
        return options;
    }

    /** The throughput model, or null when it is off. */
    Throughput throughput() {
        return throughput;
    }

    // ==== tables ==============================================================================================

    @Override
    public TableDescription createTable(TableDefinition definition) {
        checkOpen();
        if (throughput != null) { // throughput hook
            Throughput.validate(definition);
        }
        TableData data;
        if (disk != null) { // durable hook: the catalogue record is written before the table is visible
            synchronized (disk) {
                data = disk.create(definition, tables);
                if (data == null || tables.putIfAbsent(definition.name(), data) != null) {
                    throw new ResourceInUseException("Table already exists: " + definition.name());
                }
            }
        } else {
            data = Schemas.build(tableIds.incrementAndGet(), definition);
            if (tables.putIfAbsent(definition.name(), data) != null) {
                throw new ResourceInUseException("Table already exists: " + definition.name());
            }
        }
        if (throughput != null) { // throughput hook: capacity accrues from creation
            throughput.register(data);
        }
        return describe(data);
    }

    @Override
    public TableDescription describeTable(String tableName) {
        return describe(table(tableName));
    }

    @Override
    public List<String> listTables() {
        return List.copyOf(new TreeMap<>(tables).keySet());
    }

    @Override
    public TableDescription deleteTable(String tableName) {
        TableData data = table(tableName);
        if (disk != null) { // durable hook: catalogue record and every key of the table go in one batch
            synchronized (disk) {
                if (tables.get(tableName) != data) {
                    throw notFound(tableName);
                }
                disk.drop(data);
                tables.remove(tableName, data);
            }
        } else if (!tables.remove(tableName, data)) {
            throw notFound(tableName);
        }
        if (throughput != null) { // throughput hook
            throughput.forget(data);
        }
        TableDescription d = describe(data);
        return new TableDescription(d.definition(), TableStatus.DELETING, d.itemCount(), d.sizeBytes(), d.indexes());
    }

    @Override
    public TableDescription createGlobalSecondaryIndex(String tableName, GlobalSecondaryIndex index) {
        TableData t = table(tableName);
        if (throughput != null && index != null) { // throughput hook
            Throughput.validate(index, tableName);
        }
        Lock lock = t.schemaLock.writeLock();
        lock.lock();
        try {
            drainAll(t);
            TableDefinition next = t.definition.toBuilder().globalSecondaryIndex(index).build();
            IndexData data = Schemas.buildGsi(t, next, index); // validates the whole new definition
            if (disk != null) { // durable hook: backfill in batches, recorded in the catalogue so a crash restarts it
                disk.addGsi(t, next, index);
            } else {
                for (Map.Entry<OrderKey, Stored> e : t.items.all()) {
                    Map<String, AttributeValue> item = e.getValue().item();
                    // DynamoDB's online index creation skips items whose key values do not fit the index
                    // (it reports them as violations); the core does the same so existing data never blocks it.
                    if (Schemas.fitsIndex(data.shape, item)) {
                        OrderKey k = data.shape.entryKey(item);
                        if (k != null) {
                            data.put(k, data.shape.project(e.getValue()));
                        }
                    }
                }
                IndexData[] gsis = java.util.Arrays.copyOf(t.gsis, t.gsis.length + 1);
                gsis[gsis.length - 1] = data;
                t.gsis = gsis;
                t.definition = next;
            }
        } finally {
            lock.unlock();
        }
        if (throughput != null) { // throughput hook: the new GSI's capacity accrues from creation
            throughput.register(t);
        }
        return describe(t);
    }

    @Override
    public TableDescription deleteGlobalSecondaryIndex(String tableName, String indexName) {
        TableData t = table(tableName);
        Lock lock = t.schemaLock.writeLock();
        lock.lock();
        try {
            drainAll(t);
            IndexData gone = t.gsi(indexName);
            if (gone == null) {
                throw new ResourceNotFoundException("Requested resource not found: Index: " + indexName + " of table " + tableName + " not found");
            }
            List<IndexData> rest = new ArrayList<>(List.of(t.gsis));
            rest.remove(gone);
            List<GlobalSecondaryIndex> defs = new ArrayList<>(t.definition.globalSecondaryIndexes());
            defs.removeIf(g -> g.name().equals(indexName));
            TableDefinition d = t.definition;
            TableDefinition next = new TableDefinition(d.name(), d.partitionKey(), d.sortKey(), defs, d.localSecondaryIndexes(),
                    d.provisionedThroughput());
            if (disk != null) { // durable hook: definition and entries in one batch
                disk.dropGsi(t, gone, rest.toArray(IndexData[]::new), next);
            }
            t.gsis = rest.toArray(IndexData[]::new);
            t.definition = next;
        } finally {
            lock.unlock();
        }
        return describe(t);
    }

    private TableDescription describe(TableData t) {
        List<IndexDescription> indexes = new ArrayList<>();
        for (IndexData i : t.allIndexes()) {
            indexes.add(new IndexDescription(i.shape.name, TableStatus.ACTIVE, i.count.sum(), i.bytes.sum()));
        }
        return new TableDescription(t.definition, TableStatus.ACTIVE, t.itemCount.sum(), t.itemBytes.sum(), List.copyOf(indexes));
    }

    TableData table(String name) {
        checkOpen();
        if (name == null) {
            throw new ValidationException("1 validation error detected: Value null at 'tableName' failed to satisfy constraint: Member must not be null");
        }
        TableData t = tables.get(name);
        if (t == null) {
            throw notFound(name);
        }
        return t;
    }

    private static ResourceNotFoundException notFound(String name) {
        return new ResourceNotFoundException("Requested resource not found: Table: " + name + " not found");
    }

    // ==== single-item writes ==================================================================================

    @Override
    public PutItemResponse putItem(PutItemRequest r) {
        TableData t = table(r.tableName());
        Stored item = freeze(r.item());
        OrderKey key = t.shape.itemKey(item.item());
        IndexData[] gsis = t.gsis;
        validateIndexKeys(t, item.item()); // before the condition: DynamoDB validates the item first
        checkReturnValues(r.returnValues(), "PutItem");
        Placeholders ph = new Placeholders(r.expressionAttributeNames(), r.expressionAttributeValues());
        ConditionExpression condition = condition(r.conditionExpression());
        ph.checkExpressions(condition);
        Meter meter = r.returnConsumedCapacity() == ReturnConsumedCapacity.NONE ? null : new Meter();
        Mutation m = writeOne(t, key, null, item, gsis, condition, ph, r.returnOldItemOnConditionFailure(), meter);
        return new PutItemResponse(
                r.returnValues() == ReturnValues.ALL_OLD && m.before != null ? m.before.item() : null,
                meter == null ? null : meter.report(t.shape.name, r.returnConsumedCapacity()),
                r.returnItemCollectionMetrics() ? collectionMetrics(m) : null);
    }

    @Override
    public DeleteItemResponse deleteItem(DeleteItemRequest r) {
        TableData t = table(r.tableName());
        OrderKey key = t.shape.requestKey(r.key());
        checkReturnValues(r.returnValues(), "DeleteItem");
        Placeholders ph = new Placeholders(r.expressionAttributeNames(), r.expressionAttributeValues());
        ConditionExpression condition = condition(r.conditionExpression());
        ph.checkExpressions(condition);
        Meter meter = r.returnConsumedCapacity() == ReturnConsumedCapacity.NONE ? null : new Meter();
        Mutation m = writeOne(t, key, null, null, null, condition, ph, r.returnOldItemOnConditionFailure(), meter);
        return new DeleteItemResponse(
                r.returnValues() == ReturnValues.ALL_OLD && m.before != null ? m.before.item() : null,
                meter == null ? null : meter.report(t.shape.name, r.returnConsumedCapacity()),
                r.returnItemCollectionMetrics() ? collectionMetrics(m) : null);
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest r) {
        TableData t = table(r.tableName());
        OrderKey key = t.shape.requestKey(r.key());
        Placeholders ph = new Placeholders(r.expressionAttributeNames(), r.expressionAttributeValues());
        UpdateExpression update = r.updateExpression() == null ? null : Expressions.parseUpdate(r.updateExpression());
        ConditionExpression condition = condition(r.conditionExpression());
        ph.checkExpressions(update, condition);
        Set<String> touched = update == null ? Set.of() : update.topLevelAttributes(ph);
        for (String a : touched) {
            if (t.shape.isKeyAttribute(a)) {
                throw new ValidationException("One or more parameter values were invalid: Cannot update attribute " + a
                        + ". This attribute is part of the key");
            }
        }
        Meter meter = r.returnConsumedCapacity() == ReturnConsumedCapacity.NONE ? null : new Meter();
        Mutation m = writeOne(t, key, new Updater(update, ph, t.shape.keyOf(r.key())), null, null, condition, ph,
                r.returnOldItemOnConditionFailure(), meter);
        return new UpdateItemResponse(returnedAttributes(r.returnValues(), m, touched),
                meter == null ? null : meter.report(t.shape.name, r.returnConsumedCapacity()),
                r.returnItemCollectionMetrics() ? collectionMetrics(m) : null);
    }

    /** Computes an UpdateItem's new item from the current one. */
    record Updater(UpdateExpression update, Placeholders placeholders, Map<String, AttributeValue> key) {
        Stored apply(Stored before) {
            Map<String, AttributeValue> base = before == null ? key : before.item();
            Map<String, AttributeValue> next = update == null ? base : update.apply(base, placeholders);
            return freeze(next);
        }
    }

    /**
     * The write path shared by Put, Update and Delete: lock the item, check the condition, compute the new
     * item, validate it against every index, plan, apply.
     */
    private Mutation writeOne(TableData t, OrderKey key, Updater updater, Stored newItem, IndexData[] validatedGsis,
                              ConditionExpression condition, Placeholders ph, boolean returnOldOnFailure, Meter meter) {
        Lock schema = t.schemaLock.readLock();
        schema.lock();
        Lock stripe = t.stripe(t.stripeOf(key));
        stripe.lock();
        Mutation m;
        try {
            Stored before = t.items.get(key);
            if (condition != null && !condition.test(before == null ? Map.of() : before.item(), ph)) {
                throw new ConditionalCheckFailedException("The conditional request failed",
                        returnOldOnFailure && before != null ? before.item() : null);
            }
            Stored after = updater != null ? updater.apply(before) : newItem;
            // A new item was validated by the caller; check again only if a GSI appeared since.
            if (after != null && (updater != null || t.gsis != validatedGsis)) {
                validateIndexKeys(t, after.item());
            }
            m = Mutation.plan(t, key, before, after, options);
            if (throughput != null) { // throughput hook: throttles (throws) before anything changes
                throughput.chargeWrite(m);
            }
            m.apply(options, options.clock().millis());
        } finally {
            stripe.unlock();
            schema.unlock();
        }
        if (meter != null) {
            m.meter(meter, 1);
        }
        return m;
    }

    private static Map<String, AttributeValue> returnedAttributes(ReturnValues rv, Mutation m, Set<String> touched) {
        switch (rv) {
            case NONE:
                return null;
            case ALL_OLD:
                return m.before == null ? null : m.before.item();
            case ALL_NEW:
                return m.after.item();
            case UPDATED_OLD:
                return m.before == null ? null : select(m.before.item(), touched);
            case UPDATED_NEW:
                return select(m.after.item(), touched);
            default:
                throw new IllegalStateException(rv.toString());
        }
    }

    private static Map<String, AttributeValue> select(Map<String, AttributeValue> item, Set<String> names) {
        Map<String, AttributeValue> out = new LinkedHashMap<>();
        for (String n : names) {
            AttributeValue v = item.get(n);
            if (v != null) {
                out.put(n, v);
            }
        }
        return out.isEmpty() ? null : Collections.unmodifiableMap(out);
    }

    private static void checkReturnValues(ReturnValues rv, String operation) {
        if (rv != ReturnValues.NONE && rv != ReturnValues.ALL_OLD) {
            throw new ValidationException("Return values set to invalid value: " + rv + " is not supported by " + operation
                    + " (only NONE and ALL_OLD)");
        }
    }

    private ItemCollectionMetrics collectionMetrics(Mutation m) {
        if (m.table.lsis.length == 0) {
            return null;
        }
        long bytes = m.collectionSizeAfter();
        double gb = bytes / (1024.0 * 1024 * 1024);
        return new ItemCollectionMetrics(Map.of(m.table.shape.partitionKey.name(), m.partitionValue),
                Math.floor(gb), Math.floor(gb) + 1, bytes);
    }

    /**
     * The part of index-key validation DynamoDB applies to a transaction's request before looking at any item:
     * empty and oversized key values. (A wrong type is a cancellation reason of the action instead.)
     */
    private static void checkIndexKeyValues(TableData t, Map<String, AttributeValue> item) {
        for (IndexData l : t.lsis) {
            l.shape.validateValues(item);
        }
        for (IndexData g : t.gsis) {
            g.shape.validateValues(item);
        }
    }

    static void validateIndexKeys(TableData t, Map<String, AttributeValue> item) {
        for (IndexData l : t.lsis) {
            l.shape.validate(item);
        }
        for (IndexData g : t.gsis) {
            g.shape.validate(item);
        }
    }

    /** Copies a caller's item into an immutable map, rejecting what DynamoDB rejects. */
    static Stored freeze(Map<String, AttributeValue> item) {
        if (item == null) {
            throw new ValidationException("1 validation error detected: Value null at 'item' failed to satisfy constraint: Member must not be null");
        }
        if (item instanceof ItemMap im) {
            // already immutable, with non-null names and values (its builder checks); names must still be non-empty
            int[] size = {0};
            im.forEachAttribute((name, value) -> {
                if (name.isEmpty()) {
                    throw new ValidationException("One or more parameter values were invalid: An attribute name may not be empty");
                }
                size[0] += Items.nameSize(name) + value.size();
            });
            return new Stored(im, checkedSize(size[0]));
        }
        ItemMap.Builder copy = ItemMap.builder(item.size());
        int size = 0;
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            String name = e.getKey();
            AttributeValue value = e.getValue();
            if (name == null || name.isEmpty()) {
                throw new ValidationException("One or more parameter values were invalid: An attribute name may not be empty");
            }
            if (value == null) {
                throw new ValidationException("One or more parameter values were invalid: the value of attribute " + name + " is null");
            }
            copy.add(name, value);
            size += Items.nameSize(name) + value.size();
        }
        return new Stored(copy.build(), checkedSize(size));
    }

    private static int checkedSize(int size) {
        if (size > MAX_ITEM_BYTES) {
            throw new ValidationException("Item size has exceeded the maximum allowed size: " + size + " bytes, limit "
                    + MAX_ITEM_BYTES + " bytes (attribute names and values count)");
        }
        return size;
    }

    static ConditionExpression condition(String text) {
        return text == null ? null : Expressions.parseCondition(text, ExpressionKind.CONDITION);
    }

    // ==== single-item reads ===================================================================================

    @Override
    public GetItemResponse getItem(GetItemRequest r) {
        TableData t = table(r.tableName());
        OrderKey key = t.shape.requestKey(r.key());
        Placeholders ph = new Placeholders(r.expressionAttributeNames(), Map.of());
        ProjectionExpression projection = r.projectionExpression() == null ? null : Expressions.parseProjection(r.projectionExpression());
        ph.checkExpressions(projection);
        Stored stored = t.items.get(key);
        if (throughput != null) { // throughput hook
            throughput.chargeRead(t, null, key, Meter.readUnits(stored == null ? 0 : stored.size()) * (r.consistentRead() ? 1.0 : 0.5), r.key());
        }
        ReturnConsumedCapacity rcc = r.returnConsumedCapacity();
        Meter meter = null;
        if (rcc != ReturnConsumedCapacity.NONE) {
            meter = new Meter();
            meter.tableRead(t.shape.name, Meter.readUnits(stored == null ? 0 : stored.size()) * (r.consistentRead() ? 1.0 : 0.5));
        }
        Map<String, AttributeValue> item = stored == null ? null
                : projection == null ? stored.item() : projection.apply(stored.item(), ph);
        return new GetItemResponse(item, meter == null ? null : meter.report(t.shape.name, rcc));
    }

    @Override
    public QueryResponse query(QueryRequest request) {
        return reads.query(request);
    }

    @Override
    public ScanResponse scan(ScanRequest request) {
        return reads.scan(request);
    }

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest r) {
        checkOpen();
        Map<String, KeysAndAttributes> requestItems = r.requestItems();
        if (requestItems == null || requestItems.isEmpty()) {
            throw new ValidationException("1 validation error detected: Value at 'requestItems' failed to satisfy constraint: Member must have length greater than or equal to 1");
        }
        int total = 0;
        for (KeysAndAttributes k : requestItems.values()) {
            total += k.keys().size();
        }
        if (total > MAX_BATCH_GET) {
            throw new ValidationException("Too many items requested for the BatchGetItem call: " + total + ", at most " + MAX_BATCH_GET);
        }
        // Validate everything before reading anything.
        Map<String, List<OrderKey>> keys = new LinkedHashMap<>();
        Map<String, ProjectionExpression> projections = new LinkedHashMap<>();
        for (Map.Entry<String, KeysAndAttributes> e : requestItems.entrySet()) {
            TableData t = table(e.getKey());
            KeysAndAttributes ka = e.getValue();
            if (ka.keys().isEmpty()) {
                throw new ValidationException("1 validation error detected: Value at 'requestItems." + e.getKey()
                        + ".member.keys' failed to satisfy constraint: Member must have length greater than or equal to 1");
            }
            List<OrderKey> ks = new ArrayList<>();
            Set<OrderKey> seen = new HashSet<>();
            for (Map<String, AttributeValue> k : ka.keys()) {
                OrderKey key = t.shape.requestKey(k);
                if (!seen.add(key)) {
                    throw new ValidationException("Provided list of item keys contains duplicates");
                }
                ks.add(key);
            }
            keys.put(e.getKey(), ks);
            ProjectionExpression p = ka.projectionExpression() == null ? null : Expressions.parseProjection(ka.projectionExpression());
            new Placeholders(ka.expressionAttributeNames(), Map.of()).checkExpressions(p);
            projections.put(e.getKey(), p);
        }
        Meter meter = new Meter();
        Map<String, List<Map<String, AttributeValue>>> responses = new LinkedHashMap<>();
        Map<String, KeysAndAttributes> unprocessed = null; // only the throughput model leaves keys unprocessed
        int throttled = 0;
        for (Map.Entry<String, List<OrderKey>> e : keys.entrySet()) {
            TableData t = table(e.getKey());
            KeysAndAttributes ka = requestItems.get(e.getKey());
            ProjectionExpression p = projections.get(e.getKey());
            Placeholders ph = new Placeholders(ka.expressionAttributeNames(), Map.of());
            List<Map<String, AttributeValue>> found = new ArrayList<>();
            List<OrderKey> tableKeys = e.getValue();
            for (int i = 0; i < tableKeys.size(); i++) {
                OrderKey key = tableKeys.get(i);
                Stored s = t.items.get(key);
                if (throughput != null && !throughput.tryChargeRead(t, null, key, // throughput hook: throttled keys come back unprocessed
                        Meter.readUnits(s == null ? 0 : s.size()) * (ka.consistentRead() ? 1.0 : 0.5), ka.keys().get(i))) {
                    throttled++;
                    if (unprocessed == null) {
                        unprocessed = new LinkedHashMap<>();
                    }
                    KeysAndAttributes u = unprocessed.get(e.getKey());
                    List<Map<String, AttributeValue>> uk = new ArrayList<>(u == null ? List.of() : u.keys());
                    uk.add(ka.keys().get(i));
                    unprocessed.put(e.getKey(), ka.toBuilder().keys(uk).build());
                    continue;
                }
                meter.tableRead(t.shape.name, Meter.readUnits(s == null ? 0 : s.size()) * (ka.consistentRead() ? 1.0 : 0.5));
                if (s != null) {
                    found.add(p == null ? s.item() : p.apply(s.item(), ph));
                }
            }
            responses.put(e.getKey(), found);
        }
        if (throttled > 0 && throttled == total) {
            throw new ProvisionedThroughputExceededException("None of the " + total + " keys of the BatchGetItem could be read: "
                    + "every table or partition they read lacks read capacity (retry with exponential backoff)");
        }
        return new BatchGetItemResponse(responses, unprocessed == null ? Map.of() : unprocessed, meter.reportAll(r.returnConsumedCapacity()));
    }

    @Override
    public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest r) {
        checkOpen();
        Map<String, List<WriteRequest>> requestItems = r.requestItems();
        if (requestItems == null || requestItems.isEmpty()) {
            throw new ValidationException("1 validation error detected: Value at 'requestItems' failed to satisfy constraint: Member must have length greater than or equal to 1");
        }
        int total = 0;
        for (List<WriteRequest> l : requestItems.values()) {
            total += l.size();
        }
        if (total > MAX_BATCH_WRITE) {
            throw new ValidationException("1 validation error detected: Value at 'requestItems' failed to satisfy constraint: "
                    + "Map value must satisfy constraint: [Member must have length less than or equal to 25] (got " + total + " writes)");
        }
        // DynamoDB validates the whole batch before writing any of it.
        record Planned(TableData table, OrderKey key, Stored item, IndexData[] validatedGsis, WriteRequest request) {}
        List<Planned> planned = new ArrayList<>(total);
        for (Map.Entry<String, List<WriteRequest>> e : requestItems.entrySet()) {
            TableData t = table(e.getKey());
            Set<OrderKey> seen = new HashSet<>();
            for (WriteRequest w : e.getValue()) {
                Planned p;
                if (w instanceof WriteRequest.Put put) {
                    Stored item = freeze(put.item());
                    OrderKey key = t.shape.itemKey(item.item());
                    IndexData[] gsis = t.gsis;
                    validateIndexKeys(t, item.item());
                    p = new Planned(t, key, item, gsis, w);
                } else {
                    p = new Planned(t, t.shape.requestKey(((WriteRequest.Delete) w).key()), null, null, w);
                }
                if (!seen.add(p.key)) {
                    throw new ValidationException("Provided list of item keys contains duplicates");
                }
                planned.add(p);
            }
        }
        Meter meter = new Meter();
        Map<String, List<ItemCollectionMetrics>> metrics = new LinkedHashMap<>();
        Map<String, List<WriteRequest>> unprocessed = null; // only the throughput model leaves writes unprocessed
        int throttled = 0;
        for (Planned p : planned) {
            Mutation m;
            try {
                m = writeOne(p.table, p.key, null, p.item, p.validatedGsis, null, Placeholders.NONE, false, meter);
            } catch (ProvisionedThroughputExceededException e) { // throughput hook: throttled writes come back unprocessed
                throttled++;
                if (unprocessed == null) {
                    unprocessed = new LinkedHashMap<>();
                }
                unprocessed.computeIfAbsent(p.table.shape.name, k -> new ArrayList<>()).add(p.request);
                continue;
            }
            if (r.returnItemCollectionMetrics() && p.table.lsis.length > 0) {
                metrics.computeIfAbsent(p.table.shape.name, k -> new ArrayList<>()).add(collectionMetrics(m));
            }
        }
        if (throttled > 0 && throttled == total) {
            throw new ProvisionedThroughputExceededException("None of the " + total + " writes of the BatchWriteItem could be processed: "
                    + "every table, index or partition they write lacks write capacity (retry with exponential backoff)");
        }
        return new BatchWriteItemResponse(unprocessed == null ? Map.of() : unprocessed, meter.reportAll(r.returnConsumedCapacity()), metrics);
    }

    // ==== transactions ========================================================================================

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest r) {
        checkOpen();
        List<TransactWriteItem> actions = r.transactItems();
        if (actions == null || actions.isEmpty() || actions.size() > MAX_TRANSACT_ITEMS) {
            throw new ValidationException("1 validation error detected: Value at 'transactItems' failed to satisfy constraint: "
                    + "Member must have length less than or equal to " + MAX_TRANSACT_ITEMS + " and greater than or equal to 1");
        }
        int n = actions.size();
        TableData[] tablesOf = new TableData[n];
        OrderKey[] keys = new OrderKey[n];
        Stored[] putItems = new Stored[n];
        ConditionExpression[] conditions = new ConditionExpression[n];
        UpdateExpression[] updates = new UpdateExpression[n];
        Placeholders[] placeholders = new Placeholders[n];
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < n; i++) {
            TransactWriteItem a = actions.get(i);
            TableData t = table(a.tableName());
            tablesOf[i] = t;
            placeholders[i] = new Placeholders(a.expressionAttributeNames(), a.expressionAttributeValues());
            conditions[i] = condition(a.conditionExpression());
            if (a instanceof TransactWriteItem.Put put) {
                putItems[i] = freeze(put.item());
                keys[i] = t.shape.itemKey(putItems[i].item());
                checkIndexKeyValues(t, putItems[i].item());
            } else if (a instanceof TransactWriteItem.Update u) {
                keys[i] = t.shape.requestKey(u.key());
                updates[i] = u.updateExpression() == null ? null : Expressions.parseUpdate(u.updateExpression());
                if (updates[i] != null) {
                    for (String attr : updates[i].topLevelAttributes(placeholders[i])) {
                        if (t.shape.isKeyAttribute(attr)) {
                            throw new ValidationException("One or more parameter values were invalid: Cannot update attribute "
                                    + attr + ". This attribute is part of the key");
                        }
                    }
                }
            } else if (a instanceof TransactWriteItem.Delete d) {
                keys[i] = t.shape.requestKey(d.key());
            } else {
                TransactWriteItem.ConditionCheck c = (TransactWriteItem.ConditionCheck) a;
                keys[i] = t.shape.requestKey(c.key());
                if (conditions[i] == null) {
                    throw new ValidationException("The ConditionExpression of a ConditionCheck action is required");
                }
            }
            placeholders[i].checkExpressions(conditions[i], updates[i]);
            if (!seen.add(t.id + "/" + keys[i])) {
                throw new ValidationException("Transaction request cannot include multiple operations on one item");
            }
        }
        List<Lock> locks = lockAll(tablesOf, keys);
        Mutation[] mutations = new Mutation[n];
        try {
            CancellationReason[] reasons = new CancellationReason[n];
            boolean cancelled = false;
            for (int i = 0; i < n; i++) {
                TransactWriteItem a = actions.get(i);
                TableData t = tablesOf[i];
                Stored before = t.items.get(keys[i]);
                try {
                    if (conditions[i] != null && !conditions[i].test(before == null ? Map.of() : before.item(), placeholders[i])) {
                        reasons[i] = new CancellationReason("ConditionalCheckFailed", "The conditional request failed",
                                a.returnOldItemOnConditionFailure() && before != null ? before.item() : null);
                        cancelled = true;
                        continue;
                    }
                    if (a instanceof TransactWriteItem.ConditionCheck) {
                        reasons[i] = CancellationReason.NONE;
                        continue;
                    }
                    Stored after;
                    if (a instanceof TransactWriteItem.Put) {
                        after = putItems[i];
                        validateIndexKeys(t, after.item());
                    } else if (a instanceof TransactWriteItem.Update u) {
                        after = new Updater(updates[i], placeholders[i], t.shape.keyOf(u.key())).apply(before);
                        validateIndexKeys(t, after.item());
                    } else {
                        after = null;
                    }
                    mutations[i] = Mutation.plan(t, keys[i], before, after, options);
                    reasons[i] = CancellationReason.NONE;
                } catch (ValidationException e) {
                    reasons[i] = new CancellationReason("ValidationError", e.getMessage(), null);
                    cancelled = true;
                } catch (StorageException e) {
                    reasons[i] = new CancellationReason(e.errorCode().replace("Exception", ""), e.getMessage(), null);
                    cancelled = true;
                }
            }
            if (!cancelled) {
                cancelled = checkCombinedCollections(mutations, reasons);
            }
            if (!cancelled && throughput != null) { // throughput hook: all of the transaction's capacity, or none of it
                cancelled = throughput.chargeTransaction(tablesOf, keys, mutations, reasons);
            }
            if (cancelled) {
                throw new TransactionCanceledException(List.of(reasons));
            }
            Mutation.applyAll(mutations, options, options.clock().millis()); // durable: one atomic batch
        } finally {
            for (int i = locks.size() - 1; i >= 0; i--) {
                locks.get(i).unlock();
            }
        }
        Meter meter = new Meter();
        for (int i = 0; i < n; i++) {
            if (mutations[i] != null) {
                mutations[i].meter(meter, 2);
            } else {
                Stored s = tablesOf[i].items.get(keys[i]);
                meter.tableRead(tablesOf[i].shape.name, 2.0 * Meter.readUnits(s == null ? 0 : s.size()));
            }
        }
        Map<String, List<ItemCollectionMetrics>> metrics = new LinkedHashMap<>();
        if (r.returnItemCollectionMetrics()) {
            for (Mutation m : mutations) {
                if (m != null && m.table.lsis.length > 0) {
                    metrics.computeIfAbsent(m.table.shape.name, k -> new ArrayList<>()).add(collectionMetrics(m));
                }
            }
        }
        return new TransactWriteItemsResponse(meter.reportAll(r.returnConsumedCapacity()), metrics);
    }

    @Override
    public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest r) {
        checkOpen();
        List<TransactGetItem> gets = r.transactItems();
        if (gets == null || gets.isEmpty() || gets.size() > MAX_TRANSACT_ITEMS) {
            throw new ValidationException("1 validation error detected: Value at 'transactItems' failed to satisfy constraint: "
                    + "Member must have length less than or equal to " + MAX_TRANSACT_ITEMS + " and greater than or equal to 1");
        }
        int n = gets.size();
        TableData[] tablesOf = new TableData[n];
        OrderKey[] keys = new OrderKey[n];
        ProjectionExpression[] projections = new ProjectionExpression[n];
        Set<String> distinct = new HashSet<>();
        for (int i = 0; i < n; i++) {
            TransactGetItem g = gets.get(i);
            tablesOf[i] = table(g.tableName());
            keys[i] = tablesOf[i].shape.requestKey(g.key());
            if (!distinct.add(tablesOf[i].id + "/" + keys[i])) {
                throw new ValidationException("Transaction request cannot include multiple operations on one item");
            }
            projections[i] = g.projectionExpression() == null ? null : Expressions.parseProjection(g.projectionExpression());
            new Placeholders(g.expressionAttributeNames(), Map.of()).checkExpressions(projections[i]);
        }
        List<Map<String, AttributeValue>> out = new ArrayList<>(n);
        Meter meter = new Meter();
        List<Lock> locks = lockAll(tablesOf, keys);
        try {
            if (throughput != null) { // throughput hook: all of the transaction's capacity, or none of it
                Stored[] read = new Stored[n];
                for (int i = 0; i < n; i++) {
                    read[i] = tablesOf[i].items.get(keys[i]);
                }
                CancellationReason[] reasons = new CancellationReason[n];
                if (throughput.chargeTransactGet(tablesOf, keys, read, reasons)) {
                    throw new TransactionCanceledException(List.of(reasons));
                }
            }
            for (int i = 0; i < n; i++) {
                Stored s = tablesOf[i].items.get(keys[i]);
                meter.tableRead(tablesOf[i].shape.name, 2.0 * Meter.readUnits(s == null ? 0 : s.size()));
                Placeholders ph = new Placeholders(gets.get(i).expressionAttributeNames(), Map.of());
                out.add(s == null ? null : projections[i] == null ? s.item() : projections[i].apply(s.item(), ph));
            }
        } finally {
            for (int i = locks.size() - 1; i >= 0; i--) {
                locks.get(i).unlock();
            }
        }
        return new TransactGetItemsResponse(Collections.unmodifiableList(out), meter.reportAll(r.returnConsumedCapacity()));
    }

    /**
     * Two actions never touch one item, but several may grow one item collection: the limit must hold for
     * their sum, not only for each alone. Marks the actions at fault and returns true when one is exceeded.
     */
    private boolean checkCombinedCollections(Mutation[] mutations, CancellationReason[] reasons) {
        Map<String, Long> growth = new java.util.HashMap<>();
        for (Mutation m : mutations) {
            if (m != null && m.table.lsis.length > 0) {
                growth.merge(m.table.id + "/" + m.partitionValue, m.collectionDelta(), Long::sum);
            }
        }
        boolean cancelled = false;
        for (int i = 0; i < mutations.length; i++) {
            Mutation m = mutations[i];
            if (m == null || m.table.lsis.length == 0 || m.collectionDelta() <= 0) {
                continue;
            }
            try {
                Mutation.checkCollectionLimit(m.table, m.partitionValue, growth.get(m.table.id + "/" + m.partitionValue), options);
            } catch (StorageException e) {
                reasons[i] = new CancellationReason("ItemCollectionSizeLimitExceeded", e.getMessage(), null);
                cancelled = true;
            }
        }
        return cancelled;
    }

    /** Takes the schema read locks and stripe locks of several items in one global order, so transactions cannot deadlock. */
    private static List<Lock> lockAll(TableData[] tablesOf, OrderKey[] keys) {
        TreeMap<Long, TableData> byId = new TreeMap<>();
        TreeMap<Long, Set<Integer>> stripes = new TreeMap<>();
        for (int i = 0; i < tablesOf.length; i++) {
            byId.put(tablesOf[i].id, tablesOf[i]);
            stripes.computeIfAbsent(tablesOf[i].id, k -> new java.util.TreeSet<>()).add(tablesOf[i].stripeOf(keys[i]));
        }
        List<Lock> locks = new ArrayList<>();
        try {
            for (TableData t : byId.values()) {
                Lock l = t.schemaLock.readLock();
                l.lock();
                locks.add(l);
            }
            for (Map.Entry<Long, Set<Integer>> e : stripes.entrySet()) {
                TableData t = byId.get(e.getKey());
                for (int s : e.getValue()) {
                    Lock l = t.stripe(s);
                    l.lock();
                    locks.add(l);
                }
            }
        } catch (RuntimeException | Error e) {
            for (int i = locks.size() - 1; i >= 0; i--) {
                locks.get(i).unlock();
            }
            throw e;
        }
        return locks;
    }

    // ==== GSI propagation and invariants ======================================================================

    /** Applies the ASYNC GSI writes that are due by the clock. Cheap when nothing is pending. */
    void drainDue(TableData t) {
        if (t.disk != null) { // durable hook
            t.disk.drain(false, options.clock().millis());
            return;
        }
        if (t.pendingGsiWrites.isEmpty()) {
            return;
        }
        long now = options.clock().millis();
        synchronized (t.pendingGsiWrites) {
            TableData.PendingGsiWrite p;
            while ((p = t.pendingGsiWrites.peek()) != null && p.dueMillis() <= now) {
                t.pendingGsiWrites.poll();
                Mutation.applyToIndex(p.gsi(), p.oldKey(), p.newKey(), p.newEntry());
            }
        }
    }

    private static void drainAll(TableData t) {
        if (t.disk != null) { // durable hook
            t.disk.drain(true, Long.MAX_VALUE);
            return;
        }
        synchronized (t.pendingGsiWrites) {
            TableData.PendingGsiWrite p;
            while ((p = t.pendingGsiWrites.poll()) != null) {
                Mutation.applyToIndex(p.gsi(), p.oldKey(), p.newKey(), p.newEntry());
            }
        }
    }

    @Override
    public void flushGsiPropagation() {
        for (TableData t : tables.values()) {
            drainAll(t);
        }
    }

    @Override
    public void checkInvariants() {
        for (TableData t : tables.values()) {
            Lock lock = t.schemaLock.writeLock();
            lock.lock();
            try {
                drainAll(t);
                Invariants.check(t);
            } finally {
                lock.unlock();
            }
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("This storage core is closed");
        }
    }

    @Override
    public void close() {
        closed = true;
        if (disk != null) { // durable hook
            disk.store.close();
        }
    }
}
