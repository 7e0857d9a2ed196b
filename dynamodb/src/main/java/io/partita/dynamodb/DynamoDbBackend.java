package io.partita.dynamodb;

import static io.partita.dynamodb.SdkValues.fromSdk;
import static io.partita.dynamodb.SdkValues.toSdk;

import io.partita.storage.Backend;
import io.partita.storage.api.BatchGetItemRequest;
import io.partita.storage.api.BatchGetItemResponse;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.BatchWriteItemResponse;
import io.partita.storage.api.Capacity;
import io.partita.storage.api.ConsumedCapacity;
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
import io.partita.storage.api.Select;
import io.partita.storage.api.TableDescription;
import io.partita.storage.api.TableStatus;
import io.partita.storage.api.TimeToLiveDescription;
import io.partita.storage.api.TimeToLiveSpecification;
import io.partita.storage.api.TimeToLiveStatus;
import io.partita.storage.api.TransactGetItem;
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactGetItemsResponse;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.TransactWriteItemsResponse;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.UpdateItemResponse;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.LocalSecondaryIndex;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProjectionType;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.waiters.WaiterOverrideConfiguration;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.waiters.DynamoDbAsyncWaiter;
import software.amazon.awssdk.services.dynamodb.waiters.DynamoDbWaiter;

/**
 * The {@link Backend} over Amazon DynamoDB: each core request record becomes the SDK v2 request of the same
 * name, each SDK response becomes the core's response record, and every SDK exception becomes the core
 * exception DynamoDB's error code names (see {@link Errors}), so repositories and user code behave the same on
 * the embedded core and on DynamoDB.
 *
 * <p>Expressions, names and values pass through verbatim; DynamoDB itself validates them. Unprocessed batch
 * items are handed back to the caller (the runtime retries them with back-off). {@link #createTable} and
 * {@link #deleteTable} wait until the table is ACTIVE / gone, so a repository can write right after creating its
 * table, as on the core.
 *
 * <p>Thread-safe (the SDK client is). {@link #close()} closes the client only when this backend owns it.
 */
public final class DynamoDbBackend implements Backend {
    private final DynamoDbClient client; // null when only an asynchronous client is given
    private final DynamoDbAsyncClient asyncClient;
    private final boolean ownsClient;
    private final Duration waitTimeout;

    /** A backend over {@code client}; {@link #close()} leaves the client open (the caller owns it). */
    public DynamoDbBackend(DynamoDbClient client) {
        this(client, false, Duration.ofMinutes(10));
    }

    /**
     * A backend over {@code client}.
     *
     * @param ownsClient whether {@link #close()} closes the client
     * @param waitTimeout how long table creation, deletion and index changes may take before giving up
     */
    public DynamoDbBackend(DynamoDbClient client, boolean ownsClient, Duration waitTimeout) {
        this.client = Objects.requireNonNull(client, "client");
        this.asyncClient = null;
        this.ownsClient = ownsClient;
        this.waitTimeout = Objects.requireNonNull(waitTimeout, "waitTimeout");
    }

    /**
     * A blocking backend over an asynchronous client, for an application that has only a
     * {@code DynamoDbAsyncClient}: each operation sends the same request through it and waits for the answer
     * (the calling thread blocks; the asynchronous API, {@link DynamoDbAsyncBackend}, does not). {@link #close()}
     * leaves the client open.
     */
    public DynamoDbBackend(DynamoDbAsyncClient asyncClient) {
        this.client = null;
        this.asyncClient = Objects.requireNonNull(asyncClient, "asyncClient");
        this.ownsClient = false;
        this.waitTimeout = Duration.ofMinutes(10);
    }

    /** The blocking SDK client requests go to; null for a backend over an asynchronous client. */
    public DynamoDbClient client() {
        return client;
    }

    private static <T> T call(Supplier<T> request) {
        try {
            return request.get();
        } catch (SdkException e) {
            throw Errors.map(e);
        }
    }

    /** Waits for an asynchronous SDK call; its failure is thrown as the core exception it maps to. */
    static <T> T join(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            throw Errors.map(e.getCause() == null ? e : e.getCause());
        }
    }

    /** A table operation on whichever client this backend has. */
    private <T> T sdk(
            java.util.function.Function<DynamoDbClient, T> blocking,
            java.util.function.Function<DynamoDbAsyncClient, CompletableFuture<T>> async) {
        return client != null ? call(() -> blocking.apply(client)) : join(async.apply(asyncClient));
    }

    /** Waits with the SDK waiter until the table exists ({@code exists}) or is gone. */
    private void waitForTable(String tableName, boolean exists) {
        WaiterOverrideConfiguration config =
                WaiterOverrideConfiguration.builder().waitTimeout(waitTimeout).build();
        if (client != null) {
            try (DynamoDbWaiter waiter = DynamoDbWaiter.builder()
                    .client(client)
                    .overrideConfiguration(config)
                    .build()) {
                call(() -> exists
                        ? waiter.waitUntilTableExists(b -> b.tableName(tableName))
                        : waiter.waitUntilTableNotExists(b -> b.tableName(tableName)));
            }
            return;
        }
        try (DynamoDbAsyncWaiter waiter = DynamoDbAsyncWaiter.builder()
                .client(asyncClient)
                .overrideConfiguration(config)
                .build()) {
            if (exists) {
                join(waiter.waitUntilTableExists(b -> b.tableName(tableName)));
            } else {
                join(waiter.waitUntilTableNotExists(b -> b.tableName(tableName)));
            }
        }
    }

    // ---- tables -----------------------------------------------------------------------------------------------

    /**
     * CreateTable, then waits until the table is ACTIVE; a definition with a time-to-live attribute then gets
     * UpdateTimeToLive (CreateTable does not take it).
     */
    @Override
    public TableDescription createTable(TableDefinition definition) {
        CreateTableRequest request = createTableRequest(definition);
        sdk(c -> c.createTable(request), c -> c.createTable(request));
        TableDescription active = waitUntilActive(definition.name());
        definition.timeToLive().ifPresent(attribute -> enableTimeToLive(definition.name(), attribute));
        return active;
    }

    private void enableTimeToLive(String tableName, String attribute) {
        updateTimeToLive(tableName, TimeToLiveSpecification.enable(attribute));
    }

    @Override
    public TimeToLiveSpecification updateTimeToLive(String tableName, TimeToLiveSpecification specification) {
        software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest request =
                software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest.builder()
                        .tableName(tableName)
                        .timeToLiveSpecification(s ->
                                s.attributeName(specification.attributeName()).enabled(specification.enabled()))
                        .build();
        var applied = sdk(c -> c.updateTimeToLive(request), c -> c.updateTimeToLive(request))
                .timeToLiveSpecification();
        return new TimeToLiveSpecification(applied.attributeName(), applied.enabled());
    }

    @Override
    public TimeToLiveDescription describeTimeToLive(String tableName) {
        var d = sdk(
                        c -> c.describeTimeToLive(b -> b.tableName(tableName)),
                        c -> c.describeTimeToLive(b -> b.tableName(tableName)))
                .timeToLiveDescription();
        TimeToLiveStatus status = switch (d.timeToLiveStatus() == null
                ? "DISABLED"
                : d.timeToLiveStatus().toString()) {
            case "ENABLING" -> TimeToLiveStatus.ENABLING;
            case "ENABLED" -> TimeToLiveStatus.ENABLED;
            case "DISABLING" -> TimeToLiveStatus.DISABLING;
            default -> TimeToLiveStatus.DISABLED;
        };
        return new TimeToLiveDescription(status, d.attributeName());
    }

    /**
     * Creates each table that does not exist yet, then waits until every one (and its indexes) is ACTIVE; the
     * tables it created get time to live enabled when their definition has a TTL attribute.
     */
    public List<TableDescription> ensureTables(List<TableDefinition> definitions) {
        List<TableDefinition> created = new ArrayList<>();
        for (TableDefinition d : definitions) {
            try {
                sdk(c -> c.describeTable(b -> b.tableName(d.name())), c -> c.describeTable(b -> b.tableName(d.name())));
            } catch (io.partita.storage.ResourceNotFoundException missing) {
                try {
                    CreateTableRequest request = createTableRequest(d);
                    sdk(c -> c.createTable(request), c -> c.createTable(request));
                    created.add(d);
                } catch (io.partita.storage.ResourceInUseException createdMeanwhile) {
                    // someone else is creating it: wait below
                }
            }
        }
        List<TableDescription> out = new ArrayList<>();
        for (TableDefinition d : definitions) {
            out.add(waitUntilActive(d.name()));
        }
        for (TableDefinition d : created) {
            d.timeToLive().ifPresent(attribute -> enableTimeToLive(d.name(), attribute));
        }
        return out;
    }

    /** Waits with the SDK waiter until the table is ACTIVE, then until each of its GSIs is ACTIVE too. */
    public TableDescription waitUntilActive(String tableName) {
        long deadline = System.nanoTime() + waitTimeout.toNanos();
        waitForTable(tableName, true);
        for (long pause = 50; ; pause = Math.min(pause * 2, 5000)) {
            software.amazon.awssdk.services.dynamodb.model.TableDescription t = sdk(
                            c -> c.describeTable(b -> b.tableName(tableName)),
                            c -> c.describeTable(b -> b.tableName(tableName)))
                    .table();
            boolean allActive = t.tableStatus() == software.amazon.awssdk.services.dynamodb.model.TableStatus.ACTIVE
                    && (!t.hasGlobalSecondaryIndexes()
                            || t.globalSecondaryIndexes().stream()
                                    .allMatch(g -> g.indexStatus()
                                            == software.amazon.awssdk.services.dynamodb.model.IndexStatus.ACTIVE));
            if (allActive) {
                return description(t);
            }
            if (System.nanoTime() > deadline) {
                throw new DynamoDbBackendException(
                        "Timeout", 0, "table " + tableName + " did not become ACTIVE within " + waitTimeout, null);
            }
            sleep(pause);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DynamoDbBackendException("Interrupted", 0, "interrupted while waiting for a table", e);
        }
    }

    @Override
    public TableDescription describeTable(String tableName) {
        return description(sdk(
                        c -> c.describeTable(b -> b.tableName(tableName)),
                        c -> c.describeTable(b -> b.tableName(tableName)))
                .table());
    }

    @Override
    public List<String> listTables() {
        List<String> names = new ArrayList<>();
        String start = null;
        do {
            String from = start;
            ListTablesResponse r = sdk(
                    c -> c.listTables(b -> b.exclusiveStartTableName(from)),
                    c -> c.listTables(b -> b.exclusiveStartTableName(from)));
            names.addAll(r.tableNames());
            start = r.lastEvaluatedTableName();
        } while (start != null);
        return names;
    }

    @Override
    public TableDescription deleteTable(String tableName) {
        TableDescription before = description(
                sdk(c -> c.deleteTable(b -> b.tableName(tableName)), c -> c.deleteTable(b -> b.tableName(tableName)))
                        .tableDescription());
        waitForTable(tableName, false);
        return before;
    }

    /** UpdateTable adding a GSI (DynamoDB backfills it); waits until the index is ACTIVE. */
    @Override
    public TableDescription createGlobalSecondaryIndex(String tableName, GlobalSecondaryIndex index) {
        TableDescription current = describeTable(tableName);
        List<AttributeDefinition> definitions = new ArrayList<>();
        Map<String, AttributeType> types = new LinkedHashMap<>();
        index.partitionKey().forEach(k -> types.put(k.name(), k.type()));
        index.sortKey().forEach(k -> types.put(k.name(), k.type()));
        types.forEach((n, t) -> definitions.add(AttributeDefinition.builder()
                .attributeName(n)
                .attributeType(scalar(t))
                .build()));
        ProvisionedThroughput throughput = index.provisionedThroughput() != null
                ? index.provisionedThroughput()
                : current.definition().provisionedThroughput();
        var gsi = CreateGlobalSecondaryIndexAction.builder()
                .indexName(index.name())
                .keySchema(keySchema(index))
                .projection(projection(index.projection()));
        if (throughput != null) {
            gsi.provisionedThroughput(throughput(throughput));
        }
        UpdateTableRequest update = UpdateTableRequest.builder()
                .tableName(tableName)
                .attributeDefinitions(definitions)
                .globalSecondaryIndexUpdates(
                        GlobalSecondaryIndexUpdate.builder().create(gsi.build()).build())
                .build();
        sdk(c -> c.updateTable(update), c -> c.updateTable(update));
        return waitUntilActive(tableName);
    }

    /** UpdateTable deleting a GSI; waits until it is gone. */
    @Override
    public TableDescription deleteGlobalSecondaryIndex(String tableName, String indexName) {
        UpdateTableRequest update = UpdateTableRequest.builder()
                .tableName(tableName)
                .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder()
                        .delete(DeleteGlobalSecondaryIndexAction.builder()
                                .indexName(indexName)
                                .build())
                        .build())
                .build();
        sdk(c -> c.updateTable(update), c -> c.updateTable(update));
        long deadline = System.nanoTime() + waitTimeout.toNanos();
        for (long pause = 50; ; pause = Math.min(pause * 2, 5000)) {
            var t = sdk(
                            c -> c.describeTable(b -> b.tableName(tableName)),
                            c -> c.describeTable(b -> b.tableName(tableName)))
                    .table();
            boolean gone = !t.hasGlobalSecondaryIndexes()
                    || t.globalSecondaryIndexes().stream()
                            .noneMatch(g -> g.indexName().equals(indexName));
            if (gone && t.tableStatus() == software.amazon.awssdk.services.dynamodb.model.TableStatus.ACTIVE) {
                return description(t);
            }
            if (System.nanoTime() > deadline) {
                throw new DynamoDbBackendException(
                        "Timeout", 0, "index " + indexName + " was not deleted within " + waitTimeout, null);
            }
            sleep(pause);
        }
    }

    /**
     * The CreateTable request for a definition: key schema, one attribute definition per key attribute, GSIs
     * (a multi-attribute key lists several HASH / RANGE elements in key order, as DynamoDB's API takes them),
     * LSIs, projections, and {@code PAY_PER_REQUEST} unless the definition has provisioned throughput (then
     * every GSI without its own gets the table's).
     */
    public static CreateTableRequest createTableRequest(TableDefinition d) {
        Map<String, AttributeType> types = new LinkedHashMap<>();
        List<KeySchemaElement> keySchema = new ArrayList<>();
        keySchema.add(element(d.partitionKey().name(), KeyType.HASH));
        types.put(d.partitionKey().name(), d.partitionKey().type());
        if (d.sortKey() != null) {
            keySchema.add(element(d.sortKey().name(), KeyType.RANGE));
            types.put(d.sortKey().name(), d.sortKey().type());
        }
        List<software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex> gsis = new ArrayList<>();
        for (GlobalSecondaryIndex g : d.globalSecondaryIndexes()) {
            g.partitionKey().forEach(k -> types.putIfAbsent(k.name(), k.type()));
            g.sortKey().forEach(k -> types.putIfAbsent(k.name(), k.type()));
            var gb = software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex.builder()
                    .indexName(g.name())
                    .keySchema(keySchema(g))
                    .projection(projection(g.projection()));
            if (d.provisionedThroughput() != null) {
                gb.provisionedThroughput(throughput(
                        g.provisionedThroughput() != null ? g.provisionedThroughput() : d.provisionedThroughput()));
            }
            gsis.add(gb.build());
        }
        List<software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex> lsis = new ArrayList<>();
        for (LocalSecondaryIndex l : d.localSecondaryIndexes()) {
            types.putIfAbsent(l.sortKey().name(), l.sortKey().type());
            lsis.add(software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex.builder()
                    .indexName(l.name())
                    .keySchema(
                            element(d.partitionKey().name(), KeyType.HASH),
                            element(l.sortKey().name(), KeyType.RANGE))
                    .projection(projection(l.projection()))
                    .build());
        }
        List<AttributeDefinition> definitions = new ArrayList<>();
        types.forEach((n, t) -> definitions.add(AttributeDefinition.builder()
                .attributeName(n)
                .attributeType(scalar(t))
                .build()));
        CreateTableRequest.Builder b = CreateTableRequest.builder()
                .tableName(d.name())
                .keySchema(keySchema)
                .attributeDefinitions(definitions);
        if (!gsis.isEmpty()) {
            b.globalSecondaryIndexes(gsis);
        }
        if (!lsis.isEmpty()) {
            b.localSecondaryIndexes(lsis);
        }
        if (d.provisionedThroughput() != null) {
            b.billingMode(BillingMode.PROVISIONED).provisionedThroughput(throughput(d.provisionedThroughput()));
        } else {
            b.billingMode(BillingMode.PAY_PER_REQUEST);
        }
        return b.build();
    }

    private static List<KeySchemaElement> keySchema(GlobalSecondaryIndex g) {
        List<KeySchemaElement> out = new ArrayList<>();
        g.partitionKey().forEach(k -> out.add(element(k.name(), KeyType.HASH)));
        g.sortKey().forEach(k -> out.add(element(k.name(), KeyType.RANGE)));
        return out;
    }

    private static KeySchemaElement element(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    private static ScalarAttributeType scalar(AttributeType t) {
        return ScalarAttributeType.fromValue(t.name());
    }

    private static software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput throughput(
            ProvisionedThroughput t) {
        return software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput.builder()
                .readCapacityUnits(t.readCapacityUnits())
                .writeCapacityUnits(t.writeCapacityUnits())
                .build();
    }

    private static software.amazon.awssdk.services.dynamodb.model.Projection projection(Projection p) {
        var b = software.amazon.awssdk.services.dynamodb.model.Projection.builder()
                .projectionType(software.amazon.awssdk.services.dynamodb.model.ProjectionType.fromValue(
                        p.type().name()));
        if (p.type() == ProjectionType.INCLUDE) {
            b.nonKeyAttributes(p.nonKeyAttributes());
        }
        return b.build();
    }

    /** The core's description of an SDK table description, its definition rebuilt from key schemas and attribute definitions. */
    static TableDescription description(software.amazon.awssdk.services.dynamodb.model.TableDescription t) {
        Map<String, AttributeType> types = new LinkedHashMap<>();
        if (t.hasAttributeDefinitions()) {
            t.attributeDefinitions()
                    .forEach(a -> types.put(a.attributeName(), AttributeType.valueOf(a.attributeTypeAsString())));
        }
        TableDefinition.Builder d = TableDefinition.builder(t.tableName());
        for (KeySchemaElement e : t.keySchema()) {
            KeyAttribute k = new KeyAttribute(e.attributeName(), types.get(e.attributeName()));
            if (e.keyType() == KeyType.HASH) {
                d.partitionKey(k);
            } else {
                d.sortKey(k);
            }
        }
        boolean onDemand =
                t.billingModeSummary() != null && t.billingModeSummary().billingMode() == BillingMode.PAY_PER_REQUEST;
        var pt = t.provisionedThroughput();
        if (!onDemand && pt != null && pt.readCapacityUnits() != null && pt.readCapacityUnits() > 0) {
            d.provisionedThroughput(new ProvisionedThroughput(pt.readCapacityUnits(), pt.writeCapacityUnits()));
        }
        List<IndexDescription> indexes = new ArrayList<>();
        if (t.hasGlobalSecondaryIndexes()) {
            for (GlobalSecondaryIndexDescription g : t.globalSecondaryIndexes()) {
                List<KeyAttribute> hash = new ArrayList<>();
                List<KeyAttribute> range = new ArrayList<>();
                for (KeySchemaElement e : g.keySchema()) {
                    (e.keyType() == KeyType.HASH ? hash : range)
                            .add(new KeyAttribute(e.attributeName(), types.get(e.attributeName())));
                }
                var gpt = g.provisionedThroughput();
                ProvisionedThroughput gThroughput =
                        !onDemand && gpt != null && gpt.readCapacityUnits() != null && gpt.readCapacityUnits() > 0
                                ? new ProvisionedThroughput(gpt.readCapacityUnits(), gpt.writeCapacityUnits())
                                : null;
                d.globalSecondaryIndex(
                        new GlobalSecondaryIndex(g.indexName(), hash, range, projection(g.projection()), gThroughput));
                indexes.add(new IndexDescription(
                        g.indexName(),
                        indexStatus(g.indexStatusAsString()),
                        orZero(g.itemCount()),
                        orZero(g.indexSizeBytes())));
            }
        }
        if (t.hasLocalSecondaryIndexes()) {
            for (LocalSecondaryIndexDescription l : t.localSecondaryIndexes()) {
                KeySchemaElement range = l.keySchema().stream()
                        .filter(e -> e.keyType() == KeyType.RANGE)
                        .findFirst()
                        .orElseThrow();
                d.localSecondaryIndex(
                        l.indexName(),
                        new KeyAttribute(range.attributeName(), types.get(range.attributeName())),
                        projection(l.projection()));
                indexes.add(new IndexDescription(
                        l.indexName(), TableStatus.ACTIVE, orZero(l.itemCount()), orZero(l.indexSizeBytes())));
            }
        }
        return new TableDescription(
                d.build(),
                indexStatus(t.tableStatusAsString()),
                orZero(t.itemCount()),
                orZero(t.tableSizeBytes()),
                indexes);
    }

    private static long orZero(Long v) {
        return v == null ? 0 : v;
    }

    private static TableStatus indexStatus(String status) {
        if (status == null) {
            return TableStatus.ACTIVE;
        }
        switch (status) {
            case "CREATING":
                return TableStatus.CREATING;
            case "DELETING":
                return TableStatus.DELETING;
            case "ACTIVE":
                return TableStatus.ACTIVE;
            default:
                return TableStatus
                        .UPDATING; // UPDATING, and ARCHIVING / INACCESSIBLE_ENCRYPTION_CREDENTIALS: not usable now
        }
    }

    private static Projection projection(software.amazon.awssdk.services.dynamodb.model.Projection p) {
        if (p == null || p.projectionType() == null) {
            return Projection.all();
        }
        switch (p.projectionTypeAsString()) {
            case "KEYS_ONLY":
                return Projection.keysOnly();
            case "INCLUDE":
                return Projection.include(p.hasNonKeyAttributes() ? p.nonKeyAttributes() : List.of());
            default:
                return Projection.all();
        }
    }

    // ---- single-item operations -------------------------------------------------------------------------------
    //
    // Each operation is two static steps, shared with DynamoDbAsyncBackend: the SDK request of a core request,
    // and the core response of an SDK response. Only the client call between them differs.

    /** Sends a data-plane request: the blocking client, else the asynchronous client, waited for. */
    private <Q, S> S send(
            Q request,
            java.util.function.Function<Q, S> blocking,
            java.util.function.Function<Q, CompletableFuture<S>> async) {
        return client != null ? call(() -> blocking.apply(request)) : join(async.apply(request));
    }

    @Override
    public PutItemResponse putItem(PutItemRequest r) {
        return putItemResponse(send(putItemRequest(r), q -> client.putItem(q), q -> asyncClient.putItem(q)));
    }

    static software.amazon.awssdk.services.dynamodb.model.PutItemRequest putItemRequest(PutItemRequest r) {
        var b = software.amazon.awssdk.services.dynamodb.model.PutItemRequest.builder()
                .tableName(r.tableName())
                .item(SdkValues.toSdkForRequest(r.item()))
                .conditionExpression(r.conditionExpression())
                .returnValues(returnValues(r.returnValues()))
                .returnConsumedCapacity(rcc(r.returnConsumedCapacity()))
                .returnItemCollectionMetrics(icm(r.returnItemCollectionMetrics()))
                .returnValuesOnConditionCheckFailure(onFailure(r.returnOldItemOnConditionFailure()));
        b.expressionAttributeNames(names(r.expressionAttributeNames()));
        b.expressionAttributeValues(values(r.expressionAttributeValues()));
        return b.build();
    }

    static PutItemResponse putItemResponse(software.amazon.awssdk.services.dynamodb.model.PutItemResponse out) {
        return new PutItemResponse(
                out.hasAttributes() ? fromSdk(out.attributes()) : null,
                capacity(out.consumedCapacity(), true),
                metrics(out.itemCollectionMetrics()));
    }

    @Override
    public GetItemResponse getItem(GetItemRequest r) {
        return getItemResponse(send(getItemRequest(r), q -> client.getItem(q), q -> asyncClient.getItem(q)));
    }

    static software.amazon.awssdk.services.dynamodb.model.GetItemRequest getItemRequest(GetItemRequest r) {
        var b = software.amazon.awssdk.services.dynamodb.model.GetItemRequest.builder()
                .tableName(r.tableName())
                .key(SdkValues.toSdkForRequest(r.key()))
                .consistentRead(r.consistentRead())
                .projectionExpression(r.projectionExpression())
                .returnConsumedCapacity(rcc(r.returnConsumedCapacity()));
        b.expressionAttributeNames(names(r.expressionAttributeNames()));
        return b.build();
    }

    static GetItemResponse getItemResponse(software.amazon.awssdk.services.dynamodb.model.GetItemResponse out) {
        return new GetItemResponse(
                out.hasItem() ? SdkValues.fromSdkLazily(out.item()) : null, capacity(out.consumedCapacity(), false));
    }

    @Override
    public DeleteItemResponse deleteItem(DeleteItemRequest r) {
        return deleteItemResponse(
                send(deleteItemRequest(r), q -> client.deleteItem(q), q -> asyncClient.deleteItem(q)));
    }

    static software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest deleteItemRequest(DeleteItemRequest r) {
        var b = software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest.builder()
                .tableName(r.tableName())
                .key(SdkValues.toSdkForRequest(r.key()))
                .conditionExpression(r.conditionExpression())
                .returnValues(returnValues(r.returnValues()))
                .returnConsumedCapacity(rcc(r.returnConsumedCapacity()))
                .returnItemCollectionMetrics(icm(r.returnItemCollectionMetrics()))
                .returnValuesOnConditionCheckFailure(onFailure(r.returnOldItemOnConditionFailure()));
        b.expressionAttributeNames(names(r.expressionAttributeNames()));
        b.expressionAttributeValues(values(r.expressionAttributeValues()));
        return b.build();
    }

    static DeleteItemResponse deleteItemResponse(
            software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse out) {
        return new DeleteItemResponse(
                out.hasAttributes() ? fromSdk(out.attributes()) : null,
                capacity(out.consumedCapacity(), true),
                metrics(out.itemCollectionMetrics()));
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest r) {
        return updateItemResponse(
                send(updateItemRequest(r), q -> client.updateItem(q), q -> asyncClient.updateItem(q)));
    }

    static software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest updateItemRequest(UpdateItemRequest r) {
        var b = software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest.builder()
                .tableName(r.tableName())
                .key(SdkValues.toSdkForRequest(r.key()))
                .updateExpression(r.updateExpression())
                .conditionExpression(r.conditionExpression())
                .returnValues(returnValues(r.returnValues()))
                .returnConsumedCapacity(rcc(r.returnConsumedCapacity()))
                .returnItemCollectionMetrics(icm(r.returnItemCollectionMetrics()))
                .returnValuesOnConditionCheckFailure(onFailure(r.returnOldItemOnConditionFailure()));
        b.expressionAttributeNames(names(r.expressionAttributeNames()));
        b.expressionAttributeValues(values(r.expressionAttributeValues()));
        return b.build();
    }

    static UpdateItemResponse updateItemResponse(
            software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse out) {
        return new UpdateItemResponse(
                out.hasAttributes() ? fromSdk(out.attributes()) : null,
                capacity(out.consumedCapacity(), true),
                metrics(out.itemCollectionMetrics()));
    }

    // ---- query and scan ---------------------------------------------------------------------------------------

    @Override
    public QueryResponse query(QueryRequest r) {
        return queryResponse(send(queryRequest(r), q -> client.query(q), q -> asyncClient.query(q)));
    }

    static software.amazon.awssdk.services.dynamodb.model.QueryRequest queryRequest(QueryRequest r) {
        var b = software.amazon.awssdk.services.dynamodb.model.QueryRequest.builder()
                .tableName(r.tableName())
                .indexName(r.indexName())
                .keyConditionExpression(r.keyConditionExpression())
                .filterExpression(r.filterExpression())
                .projectionExpression(r.projectionExpression())
                .select(select(r.select()))
                .limit(r.limit())
                .scanIndexForward(r.scanIndexForward())
                .returnConsumedCapacity(rcc(r.returnConsumedCapacity()));
        if (r.consistentRead()) {
            b.consistentRead(true);
        }
        b.expressionAttributeNames(names(r.expressionAttributeNames()));
        b.expressionAttributeValues(values(r.expressionAttributeValues()));
        if (r.exclusiveStartKey() != null && !r.exclusiveStartKey().isEmpty()) {
            b.exclusiveStartKey(toSdk(r.exclusiveStartKey()));
        }
        return b.build();
    }

    static QueryResponse queryResponse(software.amazon.awssdk.services.dynamodb.model.QueryResponse out) {
        return new QueryResponse(
                items(out.hasItems() ? out.items() : List.of()),
                nz(out.count()),
                nz(out.scannedCount()),
                out.hasLastEvaluatedKey() ? fromSdk(out.lastEvaluatedKey()) : null,
                capacity(out.consumedCapacity(), false));
    }

    @Override
    public ScanResponse scan(ScanRequest r) {
        return scanResponse(send(scanRequest(r), q -> client.scan(q), q -> asyncClient.scan(q)));
    }

    static software.amazon.awssdk.services.dynamodb.model.ScanRequest scanRequest(ScanRequest r) {
        var b = software.amazon.awssdk.services.dynamodb.model.ScanRequest.builder()
                .tableName(r.tableName())
                .indexName(r.indexName())
                .filterExpression(r.filterExpression())
                .projectionExpression(r.projectionExpression())
                .select(select(r.select()))
                .limit(r.limit())
                .segment(r.segment())
                .totalSegments(r.totalSegments())
                .returnConsumedCapacity(rcc(r.returnConsumedCapacity()));
        if (r.consistentRead()) {
            b.consistentRead(true);
        }
        b.expressionAttributeNames(names(r.expressionAttributeNames()));
        b.expressionAttributeValues(values(r.expressionAttributeValues()));
        if (r.exclusiveStartKey() != null && !r.exclusiveStartKey().isEmpty()) {
            b.exclusiveStartKey(toSdk(r.exclusiveStartKey()));
        }
        return b.build();
    }

    static ScanResponse scanResponse(software.amazon.awssdk.services.dynamodb.model.ScanResponse out) {
        return new ScanResponse(
                items(out.hasItems() ? out.items() : List.of()),
                nz(out.count()),
                nz(out.scannedCount()),
                out.hasLastEvaluatedKey() ? fromSdk(out.lastEvaluatedKey()) : null,
                capacity(out.consumedCapacity(), false));
    }

    private static int nz(Integer i) {
        return i == null ? 0 : i;
    }

    private static List<Map<String, AttributeValue>> items(
            List<Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>> items) {
        List<Map<String, AttributeValue>> out = new ArrayList<>(items.size());
        for (var item : items) {
            out.add(SdkValues.fromSdkLazily(item));
        }
        return out;
    }

    // ---- batches ----------------------------------------------------------------------------------------------

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest r) {
        return batchGetItemResponse(
                send(batchGetItemRequest(r), q -> client.batchGetItem(q), q -> asyncClient.batchGetItem(q)));
    }

    static software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest batchGetItemRequest(
            BatchGetItemRequest r) {
        Map<String, software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes> request = new LinkedHashMap<>();
        r.requestItems().forEach((table, ka) -> request.put(table, keysAndAttributes(ka)));
        return software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest.builder()
                .requestItems(request)
                .returnConsumedCapacity(rcc(r.returnConsumedCapacity()))
                .build();
    }

    static BatchGetItemResponse batchGetItemResponse(
            software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse out) {
        Map<String, List<Map<String, AttributeValue>>> responses = new LinkedHashMap<>();
        if (out.hasResponses()) {
            out.responses().forEach((table, items) -> responses.put(table, items(items)));
        }
        Map<String, KeysAndAttributes> unprocessed = new LinkedHashMap<>();
        if (out.hasUnprocessedKeys()) {
            out.unprocessedKeys()
                    .forEach((table, ka) -> unprocessed.put(
                            table,
                            new KeysAndAttributes(
                                    items(ka.keys()),
                                    ka.projectionExpression(),
                                    ka.hasExpressionAttributeNames() ? ka.expressionAttributeNames() : null,
                                    Boolean.TRUE.equals(ka.consistentRead()))));
        }
        return new BatchGetItemResponse(
                responses, unprocessed, capacities(out.hasConsumedCapacity() ? out.consumedCapacity() : null, false));
    }

    private static software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes keysAndAttributes(
            KeysAndAttributes ka) {
        List<Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>> keys =
                new ArrayList<>(ka.keys().size());
        ka.keys().forEach(k -> keys.add(toSdk(k)));
        var b = software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes.builder()
                .keys(keys)
                .projectionExpression(ka.projectionExpression());
        if (ka.consistentRead()) {
            b.consistentRead(true);
        }
        b.expressionAttributeNames(names(ka.expressionAttributeNames()));
        return b.build();
    }

    @Override
    public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest r) {
        return batchWriteItemResponse(
                send(batchWriteItemRequest(r), q -> client.batchWriteItem(q), q -> asyncClient.batchWriteItem(q)));
    }

    static software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest batchWriteItemRequest(
            BatchWriteItemRequest r) {
        Map<String, List<software.amazon.awssdk.services.dynamodb.model.WriteRequest>> request = new LinkedHashMap<>();
        r.requestItems().forEach((table, writes) -> {
            List<software.amazon.awssdk.services.dynamodb.model.WriteRequest> sdk = new ArrayList<>(writes.size());
            for (WriteRequest w : writes) {
                if (w instanceof WriteRequest.Put p) {
                    sdk.add(software.amazon.awssdk.services.dynamodb.model.WriteRequest.builder()
                            .putRequest(
                                    PutRequest.builder().item(toSdk(p.item())).build())
                            .build());
                } else {
                    sdk.add(software.amazon.awssdk.services.dynamodb.model.WriteRequest.builder()
                            .deleteRequest(DeleteRequest.builder()
                                    .key(toSdk(((WriteRequest.Delete) w).key()))
                                    .build())
                            .build());
                }
            }
            request.put(table, sdk);
        });
        return software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest.builder()
                .requestItems(request)
                .returnConsumedCapacity(rcc(r.returnConsumedCapacity()))
                .returnItemCollectionMetrics(icm(r.returnItemCollectionMetrics()))
                .build();
    }

    static BatchWriteItemResponse batchWriteItemResponse(
            software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse out) {
        Map<String, List<WriteRequest>> unprocessed = new LinkedHashMap<>();
        if (out.hasUnprocessedItems()) {
            out.unprocessedItems().forEach((table, writes) -> {
                List<WriteRequest> core = new ArrayList<>(writes.size());
                for (var w : writes) {
                    core.add(
                            w.putRequest() != null
                                    ? WriteRequest.put(fromSdk(w.putRequest().item()))
                                    : WriteRequest.delete(
                                            fromSdk(w.deleteRequest().key())));
                }
                unprocessed.put(table, core);
            });
        }
        return new BatchWriteItemResponse(
                unprocessed,
                capacities(out.hasConsumedCapacity() ? out.consumedCapacity() : null, true),
                metricsByTable(out.hasItemCollectionMetrics() ? out.itemCollectionMetrics() : null));
    }

    // ---- transactions -----------------------------------------------------------------------------------------

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest r) {
        return transactWriteItemsResponse(send(
                transactWriteItemsRequest(r),
                q -> client.transactWriteItems(q),
                q -> asyncClient.transactWriteItems(q)));
    }

    static software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest transactWriteItemsRequest(
            TransactWriteItemsRequest r) {
        List<software.amazon.awssdk.services.dynamodb.model.TransactWriteItem> items =
                new ArrayList<>(r.transactItems().size());
        for (TransactWriteItem item : r.transactItems()) {
            items.add(transactWriteItem(item));
        }
        return software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest.builder()
                .transactItems(items)
                .clientRequestToken(r.clientRequestToken())
                .returnConsumedCapacity(rcc(r.returnConsumedCapacity()))
                .returnItemCollectionMetrics(icm(r.returnItemCollectionMetrics()))
                .build();
    }

    static TransactWriteItemsResponse transactWriteItemsResponse(
            software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse out) {
        return new TransactWriteItemsResponse(
                capacities(out.hasConsumedCapacity() ? out.consumedCapacity() : null, true),
                metricsByTable(out.hasItemCollectionMetrics() ? out.itemCollectionMetrics() : null));
    }

    private static software.amazon.awssdk.services.dynamodb.model.TransactWriteItem transactWriteItem(
            TransactWriteItem item) {
        Map<String, String> names = names(item.expressionAttributeNames());
        var values = values(item.expressionAttributeValues());
        ReturnValuesOnConditionCheckFailure onFailure = onFailure(item.returnOldItemOnConditionFailure());
        software.amazon.awssdk.services.dynamodb.model.TransactWriteItem.Builder b =
                software.amazon.awssdk.services.dynamodb.model.TransactWriteItem.builder();
        if (item instanceof TransactWriteItem.Put p) {
            b.put(Put.builder()
                    .tableName(p.tableName())
                    .item(toSdk(p.item()))
                    .conditionExpression(p.conditionExpression())
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(values)
                    .returnValuesOnConditionCheckFailure(onFailure)
                    .build());
        } else if (item instanceof TransactWriteItem.Update u) {
            b.update(Update.builder()
                    .tableName(u.tableName())
                    .key(toSdk(u.key()))
                    .updateExpression(u.updateExpression())
                    .conditionExpression(u.conditionExpression())
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(values)
                    .returnValuesOnConditionCheckFailure(onFailure)
                    .build());
        } else if (item instanceof TransactWriteItem.Delete d) {
            b.delete(Delete.builder()
                    .tableName(d.tableName())
                    .key(toSdk(d.key()))
                    .conditionExpression(d.conditionExpression())
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(values)
                    .returnValuesOnConditionCheckFailure(onFailure)
                    .build());
        } else {
            TransactWriteItem.ConditionCheck c = (TransactWriteItem.ConditionCheck) item;
            b.conditionCheck(ConditionCheck.builder()
                    .tableName(c.tableName())
                    .key(toSdk(c.key()))
                    .conditionExpression(c.conditionExpression())
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(values)
                    .returnValuesOnConditionCheckFailure(onFailure)
                    .build());
        }
        return b.build();
    }

    @Override
    public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest r) {
        return transactGetItemsResponse(send(
                transactGetItemsRequest(r), q -> client.transactGetItems(q), q -> asyncClient.transactGetItems(q)));
    }

    static software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest transactGetItemsRequest(
            TransactGetItemsRequest r) {
        List<software.amazon.awssdk.services.dynamodb.model.TransactGetItem> items =
                new ArrayList<>(r.transactItems().size());
        for (TransactGetItem g : r.transactItems()) {
            items.add(software.amazon.awssdk.services.dynamodb.model.TransactGetItem.builder()
                    .get(Get.builder()
                            .tableName(g.tableName())
                            .key(toSdk(g.key()))
                            .projectionExpression(g.projectionExpression())
                            .expressionAttributeNames(
                                    g.expressionAttributeNames().isEmpty() ? null : g.expressionAttributeNames())
                            .build())
                    .build());
        }
        return software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest.builder()
                .transactItems(items)
                .returnConsumedCapacity(rcc(r.returnConsumedCapacity()))
                .build();
    }

    static TransactGetItemsResponse transactGetItemsResponse(
            software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse out) {
        List<Map<String, AttributeValue>> responses = new ArrayList<>();
        if (out.hasResponses()) {
            for (ItemResponse ir : out.responses()) {
                responses.add(ir.hasItem() ? SdkValues.fromSdkLazily(ir.item()) : null);
            }
        }
        return new TransactGetItemsResponse(
                responses, capacities(out.hasConsumedCapacity() ? out.consumedCapacity() : null, false));
    }

    @Override
    public void close() {
        if (ownsClient) {
            if (client != null) {
                client.close();
            } else {
                asyncClient.close();
            }
        }
    }

    // ---- small mappings ---------------------------------------------------------------------------------------

    private static software.amazon.awssdk.services.dynamodb.model.ReturnValue returnValues(ReturnValues v) {
        return v == null || v == ReturnValues.NONE
                ? null
                : software.amazon.awssdk.services.dynamodb.model.ReturnValue.fromValue(v.name());
    }

    private static software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity rcc(ReturnConsumedCapacity v) {
        return v == null || v == ReturnConsumedCapacity.NONE
                ? null
                : software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity.fromValue(v.name());
    }

    private static software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics icm(boolean size) {
        return size ? software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics.SIZE : null;
    }

    private static ReturnValuesOnConditionCheckFailure onFailure(boolean allOld) {
        return allOld ? ReturnValuesOnConditionCheckFailure.ALL_OLD : null;
    }

    private static software.amazon.awssdk.services.dynamodb.model.Select select(Select s) {
        return s == null ? null : software.amazon.awssdk.services.dynamodb.model.Select.fromValue(s.name());
    }

    private static List<ConsumedCapacity> capacities(
            List<software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity> cs, boolean write) {
        if (cs == null) {
            return List.of();
        }
        List<ConsumedCapacity> out = new ArrayList<>(cs.size());
        cs.forEach(c -> out.add(capacity(c, write)));
        return out;
    }

    /**
     * DynamoDB reports {@code CapacityUnits} and, where it splits them, read and write units; DynamoDB Local
     * reports only {@code CapacityUnits}. Without a split the units count as reads or writes by operation.
     */
    static ConsumedCapacity capacity(software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity c, boolean write) {
        if (c == null) {
            return null;
        }
        Capacity total = capacity(c.capacityUnits(), c.readCapacityUnits(), c.writeCapacityUnits(), write);
        Capacity table = c.table() == null
                ? null
                : capacity(
                        c.table().capacityUnits(),
                        c.table().readCapacityUnits(),
                        c.table().writeCapacityUnits(),
                        write);
        Map<String, Capacity> gsis = new LinkedHashMap<>();
        if (c.hasGlobalSecondaryIndexes()) {
            c.globalSecondaryIndexes()
                    .forEach((n, x) -> gsis.put(
                            n, capacity(x.capacityUnits(), x.readCapacityUnits(), x.writeCapacityUnits(), write)));
        }
        Map<String, Capacity> lsis = new LinkedHashMap<>();
        if (c.hasLocalSecondaryIndexes()) {
            c.localSecondaryIndexes()
                    .forEach((n, x) -> lsis.put(
                            n, capacity(x.capacityUnits(), x.readCapacityUnits(), x.writeCapacityUnits(), write)));
        }
        return new ConsumedCapacity(c.tableName(), total, table, gsis, lsis);
    }

    private static Capacity capacity(Double units, Double read, Double write, boolean isWrite) {
        if (read != null || write != null) {
            return new Capacity(read == null ? 0 : read, write == null ? 0 : write);
        }
        double u = units == null ? 0 : units;
        return isWrite ? new Capacity(0, u) : new Capacity(u, 0);
    }

    /** DynamoDB gives only the estimate range; {@code sizeBytes} is then the upper bound in bytes. */
    private static ItemCollectionMetrics metrics(
            software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics m) {
        if (m == null || !m.hasItemCollectionKey()) {
            return null;
        }
        double lower = 0;
        double upper = 0;
        if (m.hasSizeEstimateRangeGB() && m.sizeEstimateRangeGB().size() == 2) {
            lower = m.sizeEstimateRangeGB().get(0);
            upper = m.sizeEstimateRangeGB().get(1);
        }
        return new ItemCollectionMetrics(fromSdk(m.itemCollectionKey()), lower, upper, (long) (upper * (1L << 30)));
    }

    private static Map<String, List<ItemCollectionMetrics>> metricsByTable(
            Map<String, List<software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics>> byTable) {
        if (byTable == null) {
            return Map.of();
        }
        Map<String, List<ItemCollectionMetrics>> out = new LinkedHashMap<>();
        byTable.forEach((table, ms) -> {
            List<ItemCollectionMetrics> list = new ArrayList<>();
            for (var m : ms) {
                ItemCollectionMetrics x = metrics(m);
                if (x != null) {
                    list.add(x);
                }
            }
            out.put(table, list);
        });
        return out;
    }

    /**
     * DynamoDB rejects empty ExpressionAttributeNames/Values maps; the SDK leaves a null collection unset,
     * so an empty one becomes null.
     */
    private static Map<String, String> names(Map<String, String> names) {
        return names.isEmpty() ? null : names;
    }

    private static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> values(
            Map<String, io.partita.storage.value.AttributeValue> values) {
        return values.isEmpty() ? null : SdkValues.toSdkForRequest(values);
    }
}
