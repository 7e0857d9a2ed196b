package io.partita.dynamodb;

import io.partita.storage.Backend;
import io.partita.storage.ResourceInUseException;
import io.partita.storage.ResourceNotFoundException;
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
import io.partita.storage.api.TimeToLiveStatus;
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactGetItemsResponse;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.TransactWriteItemsResponse;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.UpdateItemResponse;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.StreamSpecification;
import io.partita.storage.schema.TableDefinition;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The {@link Backend} over Amazon DynamoDB: each core request record becomes the SDK v2 request of the same
 * name ({@link SdkRequests}), each SDK response becomes the core's response record ({@link SdkResponses}), and
 * every SDK exception becomes the core exception DynamoDB's error code names (see {@link Errors}), so repositories
 * and user code behave the same on the embedded core and on DynamoDB.
 *
 * <p>Expressions, names and values pass through verbatim; DynamoDB itself validates them. Unprocessed batch
 * items are handed back to the caller (the runtime retries them with back-off). {@link #createTable} and
 * {@link #deleteTable} wait ({@link TableWaiter}) until the table is ACTIVE / gone, so a repository can write right
 * after creating its table, as on the core.
 *
 * <p>Streams (a table's {@code StreamSpecification}, ListStreams, DescribeStream, GetShardIterator, GetRecords) go
 * through a {@link DynamoDbStreamsClient}: the one given to the constructor, or else one built on first use from the
 * DynamoDB client's region, endpoint override and credentials provider (an asynchronous streams client beside an
 * asynchronous DynamoDB client). Streams errors become the core's {@code ExpiredIteratorException},
 * {@code TrimmedDataAccessException}, {@code ResourceNotFoundException} and, for the Streams API's
 * {@code LimitExceededException} (its throttling), {@code ProvisionedThroughputExceededException}.
 *
 * <p>Thread-safe (the SDK client is). {@link #close()} closes the client only when this backend owns it, and the
 * streams client when this backend built it.
 */
public final class DynamoDbBackend implements Backend {
    private static final Duration DEFAULT_WAIT_TIMEOUT = Duration.ofMinutes(10);

    private final SdkClient sdk;
    private final boolean ownsClient;
    private final TableWaiter waiter;
    private final SdkStreams streams;
    private final StreamOperations streamOperations;

    /** A backend over {@code client}; {@link #close()} leaves the client open (the caller owns it). */
    public DynamoDbBackend(DynamoDbClient client) {
        this(client, false, DEFAULT_WAIT_TIMEOUT);
    }

    /**
     * A backend over {@code client}.
     *
     * @param ownsClient whether {@link #close()} closes the client
     * @param waitTimeout how long table creation, deletion and index changes may take before giving up
     */
    public DynamoDbBackend(DynamoDbClient client, boolean ownsClient, Duration waitTimeout) {
        this(SdkClient.of(client), null, ownsClient, waitTimeout);
    }

    /**
     * A backend over {@code client} reading streams through {@code streamsClient} (for a client whose
     * configuration cannot be read, such as DynamoDB Local's in-process one, or to tune the streams client);
     * {@link #close()} leaves both clients open.
     */
    public DynamoDbBackend(DynamoDbClient client, DynamoDbStreamsClient streamsClient) {
        this(client, streamsClient, false, DEFAULT_WAIT_TIMEOUT);
    }

    /**
     * A backend over {@code client} reading streams through {@code streamsClient}.
     *
     * @param ownsClient whether {@link #close()} closes {@code client} (never {@code streamsClient}: its owner does)
     * @param waitTimeout how long table creation, deletion and index or stream changes may take before giving up
     */
    public DynamoDbBackend(
            DynamoDbClient client, DynamoDbStreamsClient streamsClient, boolean ownsClient, Duration waitTimeout) {
        this(SdkClient.of(client), Objects.requireNonNull(streamsClient, "streamsClient"), ownsClient, waitTimeout);
    }

    /**
     * A blocking backend over an asynchronous client, for an application that has only a
     * {@code DynamoDbAsyncClient}: each operation sends the same request through it and waits for the answer
     * (the calling thread blocks; the asynchronous API, {@link DynamoDbAsyncBackend}, does not). {@link #close()}
     * leaves the client open.
     */
    public DynamoDbBackend(DynamoDbAsyncClient asyncClient) {
        this(SdkClient.of(asyncClient), null, false, DEFAULT_WAIT_TIMEOUT);
    }

    private DynamoDbBackend(
            SdkClient sdk, DynamoDbStreamsClient streamsClient, boolean ownsClient, Duration waitTimeout) {
        this.sdk = sdk;
        this.ownsClient = ownsClient;
        this.waiter = new TableWaiter(sdk, Objects.requireNonNull(waitTimeout, "waitTimeout"));
        this.streams = SdkStreams.of(sdk, streamsClient);
        this.streamOperations = new StreamOperations(sdk, streams);
    }

    /** The blocking SDK client requests go to; null for a backend over an asynchronous client. */
    public DynamoDbClient client() {
        return sdk.blocking();
    }

    @Override
    public void close() {
        streams.close();
        if (ownsClient) {
            sdk.close();
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
        sdk.send(c -> c.createTable(request), c -> c.createTable(request));
        TableDescription active = waitUntilActive(definition.name());
        definition.timeToLive().ifPresent(attribute -> enableTimeToLive(definition.name(), attribute));
        return active;
    }

    /**
     * Creates each table that does not exist yet, then waits until every one (and its indexes) is ACTIVE; the
     * tables it created get time to live enabled when their definition has a TTL attribute.
     */
    public List<TableDescription> ensureTables(List<TableDefinition> definitions) {
        List<TableDefinition> created = new ArrayList<>();
        for (TableDefinition d : definitions) {
            try {
                sdk.describe(d.name());
            } catch (ResourceNotFoundException missing) {
                try {
                    CreateTableRequest request = createTableRequest(d);
                    sdk.send(c -> c.createTable(request), c -> c.createTable(request));
                    created.add(d);
                } catch (ResourceInUseException createdMeanwhile) {
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

    /**
     * The CreateTable request for a definition: key schema, one attribute definition per key attribute, GSIs
     * (a multi-attribute key lists several HASH / RANGE elements in key order, as DynamoDB's API takes them),
     * LSIs, projections, and {@code PAY_PER_REQUEST} unless the definition has provisioned throughput (then
     * every GSI without its own gets the table's).
     */
    public static CreateTableRequest createTableRequest(TableDefinition d) {
        return SdkTables.createTable(d);
    }

    /** Waits with the SDK waiter until the table is ACTIVE, then until each of its GSIs is ACTIVE too. */
    public TableDescription waitUntilActive(String tableName) {
        return waiter.untilActive(tableName);
    }

    @Override
    public TableDescription describeTable(String tableName) {
        return SdkTables.description(sdk.describe(tableName));
    }

    @Override
    public List<String> listTables() {
        List<String> names = new ArrayList<>();
        String start = null;
        do {
            String from = start;
            ListTablesResponse r = sdk.send(
                    c -> c.listTables(b -> b.exclusiveStartTableName(from)),
                    c -> c.listTables(b -> b.exclusiveStartTableName(from)));
            names.addAll(r.tableNames());
            start = r.lastEvaluatedTableName();
        } while (start != null);
        return names;
    }

    @Override
    public TableDescription deleteTable(String tableName) {
        TableDescription before = SdkTables.description(sdk.send(
                        c -> c.deleteTable(b -> b.tableName(tableName)),
                        c -> c.deleteTable(b -> b.tableName(tableName)))
                .tableDescription());
        waiter.untilExists(tableName, false);
        return before;
    }

    /** UpdateTable adding a GSI (DynamoDB backfills it); waits until the index is ACTIVE. */
    @Override
    public TableDescription createGlobalSecondaryIndex(String tableName, GlobalSecondaryIndex index) {
        UpdateTableRequest update = SdkTables.createGlobalSecondaryIndex(
                tableName, describeTable(tableName).definition(), index);
        sdk.send(c -> c.updateTable(update), c -> c.updateTable(update));
        return waitUntilActive(tableName);
    }

    /** UpdateTable deleting a GSI; waits until it is gone. */
    @Override
    public TableDescription deleteGlobalSecondaryIndex(String tableName, String indexName) {
        UpdateTableRequest update = SdkTables.deleteGlobalSecondaryIndex(tableName, indexName);
        sdk.send(c -> c.updateTable(update), c -> c.updateTable(update));
        return waiter.untilIndexDeleted(tableName, indexName);
    }

    /** UpdateTable with the stream specification; waits until the table is ACTIVE again. */
    @Override
    public TableDescription updateStreamSpecification(String tableName, StreamSpecification specification) {
        UpdateTableRequest update = SdkTables.updateStreamSpecification(tableName, specification);
        sdk.send(c -> c.updateTable(update), c -> c.updateTable(update));
        return waitUntilActive(tableName);
    }

    // ---- streams: the Streams API through the streams client (StreamOperations) ----------------------------------

    @Override
    public ListStreamsResponse listStreams(ListStreamsRequest request) {
        return streamOperations.listStreams(request);
    }

    @Override
    public StreamDescription describeStream(DescribeStreamRequest request) {
        return streamOperations.describeStream(request);
    }

    @Override
    public GetShardIteratorResponse getShardIterator(GetShardIteratorRequest request) {
        return streamOperations.getShardIterator(request);
    }

    @Override
    public GetRecordsResponse getRecords(GetRecordsRequest request) {
        return streamOperations.getRecords(request);
    }

    private void enableTimeToLive(String tableName, String attribute) {
        updateTimeToLive(tableName, TimeToLiveSpecification.enable(attribute));
    }

    @Override
    public TimeToLiveSpecification updateTimeToLive(String tableName, TimeToLiveSpecification specification) {
        UpdateTimeToLiveRequest request = UpdateTimeToLiveRequest.builder()
                .tableName(tableName)
                .timeToLiveSpecification(
                        s -> s.attributeName(specification.attributeName()).enabled(specification.enabled()))
                .build();
        var applied = sdk.send(c -> c.updateTimeToLive(request), c -> c.updateTimeToLive(request))
                .timeToLiveSpecification();
        return new TimeToLiveSpecification(applied.attributeName(), applied.enabled());
    }

    @Override
    public TimeToLiveDescription describeTimeToLive(String tableName) {
        var d = sdk.send(
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

    // ---- data plane: the request mapped, sent on whichever client this backend has, the response mapped -------

    @Override
    public PutItemResponse putItem(PutItemRequest r) {
        var q = SdkRequests.putItem(r);
        return SdkResponses.putItem(sdk.send(c -> c.putItem(q), c -> c.putItem(q)));
    }

    @Override
    public GetItemResponse getItem(GetItemRequest r) {
        var q = SdkRequests.getItem(r);
        return SdkResponses.getItem(sdk.send(c -> c.getItem(q), c -> c.getItem(q)));
    }

    @Override
    public DeleteItemResponse deleteItem(DeleteItemRequest r) {
        var q = SdkRequests.deleteItem(r);
        return SdkResponses.deleteItem(sdk.send(c -> c.deleteItem(q), c -> c.deleteItem(q)));
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest r) {
        var q = SdkRequests.updateItem(r);
        return SdkResponses.updateItem(sdk.send(c -> c.updateItem(q), c -> c.updateItem(q)));
    }

    @Override
    public QueryResponse query(QueryRequest r) {
        var q = SdkRequests.query(r);
        return SdkResponses.query(sdk.send(c -> c.query(q), c -> c.query(q)));
    }

    @Override
    public ScanResponse scan(ScanRequest r) {
        var q = SdkRequests.scan(r);
        return SdkResponses.scan(sdk.send(c -> c.scan(q), c -> c.scan(q)));
    }

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest r) {
        var q = SdkRequests.batchGetItem(r);
        return SdkResponses.batchGetItem(sdk.send(c -> c.batchGetItem(q), c -> c.batchGetItem(q)));
    }

    @Override
    public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest r) {
        var q = SdkRequests.batchWriteItem(r);
        return SdkResponses.batchWriteItem(sdk.send(c -> c.batchWriteItem(q), c -> c.batchWriteItem(q)));
    }

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest r) {
        var q = SdkRequests.transactWriteItems(r);
        return SdkResponses.transactWriteItems(sdk.send(c -> c.transactWriteItems(q), c -> c.transactWriteItems(q)));
    }

    @Override
    public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest r) {
        var q = SdkRequests.transactGetItems(r);
        return SdkResponses.transactGetItems(sdk.send(c -> c.transactGetItems(q), c -> c.transactGetItems(q)));
    }
}
