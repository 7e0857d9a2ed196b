package io.partita.storage;

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

/**
 * The operation surface, declared once: DynamoDB's table and data-plane operations in the core's own request
 * and response records ({@code io.partita.storage.api}). Everything that serves them implements this interface:
 * the core itself ({@link Storage}), the DynamoDB adapter (module {@code dynamodb}) and decorators (the
 * runtime's retrying backend, any metrics or listener wrapper). The Partita runtime takes a {@code Backend}, so
 * the embedded core is handed to it directly, with nothing in between.
 *
 * <p>Every operation either succeeds completely or throws a {@link StorageException} subtype and changes
 * nothing; adapters to other stores translate their errors into these types, so callers catch the same
 * exceptions everywhere. Implementations are thread-safe.
 */
public interface Backend extends AutoCloseable {

    // ---- tables ------------------------------------------------------------------------------------------

    /**
     * Creates a table; throws {@link ResourceInUseException} when it already exists. When the definition names a
     * {@linkplain TableDefinition#timeToLive() time-to-live attribute}, time to live is enabled on it too (the
     * core records it with the table; on DynamoDB an UpdateTimeToLive follows once the table is ACTIVE).
     */
    TableDescription createTable(TableDefinition definition);

    /** Describes a table; throws {@link ResourceNotFoundException} when it does not exist. */
    TableDescription describeTable(String tableName);

    /** The names of every table, in no particular order. */
    List<String> listTables();

    /** Deletes a table and its indexes; throws {@link ResourceNotFoundException} when absent. */
    TableDescription deleteTable(String tableName);

    /** Adds a GSI to a live table and backfills it from the existing items before returning. */
    TableDescription createGlobalSecondaryIndex(String tableName, GlobalSecondaryIndex index);

    /**
     * Deletes a GSI (answered DELETING, gone at once); one still being created ({@code Storage}'s
     * {@code startGlobalSecondaryIndex}) is cancelled before its backfill builds it.
     */
    TableDescription deleteGlobalSecondaryIndex(String tableName, String indexName);

    /**
     * UpdateTimeToLive: enables time to live on an attribute (items whose value of it, a Number of epoch seconds,
     * is in the past are deleted in the background) or disables it. As DynamoDB, enabling it when enabled or
     * disabling it when disabled is a {@link ValidationException}, and so is enabling it on another attribute
     * while it is enabled. Returns the specification applied.
     */
    TimeToLiveSpecification updateTimeToLive(String tableName, TimeToLiveSpecification specification);

    /** DescribeTimeToLive: whether time to live is enabled, and on which attribute. */
    TimeToLiveDescription describeTimeToLive(String tableName);

    // ---- items -------------------------------------------------------------------------------------------

    PutItemResponse putItem(PutItemRequest request);

    GetItemResponse getItem(GetItemRequest request);

    DeleteItemResponse deleteItem(DeleteItemRequest request);

    UpdateItemResponse updateItem(UpdateItemRequest request);

    QueryResponse query(QueryRequest request);

    ScanResponse scan(ScanRequest request);

    BatchGetItemResponse batchGetItem(BatchGetItemRequest request);

    BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request);

    TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request);

    TransactGetItemsResponse transactGetItems(TransactGetItemsRequest request);

    // ---- streams (DynamoDB Streams) ---------------------------------------------------------------------------
    // Default methods, so that backends written before streams keep compiling: each throws
    // UnsupportedOperationException until the backend serves streams (the core does). The throw is in
    // StreamsUnserved, not here: a throw site in this interface would make the JVM load the exception class when it
    // verifies the interface, on every database's first use.

    /**
     * UpdateTable's StreamSpecification: enables the table's stream (a new stream, with a new label and ARN) or
     * disables it (the stream is closed and stays readable until its records are 24 hours old). As DynamoDB,
     * enabling a stream while one is enabled (whatever the view type) and disabling when none is enabled are
     * {@link ValidationException}s. Returns the table as it is now, with its latest stream.
     */
    default TableDescription updateStreamSpecification(String tableName, StreamSpecification specification) {
        throw StreamsUnserved.refusal(this);
    }

    /** ListStreams: the streams of every table (or of one), enabled or disabled but not yet aged out. */
    default ListStreamsResponse listStreams(ListStreamsRequest request) {
        throw StreamsUnserved.refusal(this);
    }

    /** DescribeStream: a stream's status, view type, key schema and shards; {@link ResourceNotFoundException} when unknown. */
    default StreamDescription describeStream(DescribeStreamRequest request) {
        throw StreamsUnserved.refusal(this);
    }

    /**
     * GetShardIterator: a position in a shard, valid for 15 minutes; {@link TrimmedDataAccessException} for a sequence
     * number whose record is already trimmed.
     */
    default GetShardIteratorResponse getShardIterator(GetShardIteratorRequest request) {
        throw StreamsUnserved.refusal(this);
    }

    /**
     * GetRecords: the records after an iterator's position, in sequence number order, with the iterator to continue
     * from; {@link ExpiredIteratorException} for an iterator older than 15 minutes, {@link TrimmedDataAccessException}
     * when records it points at were trimmed.
     */
    default GetRecordsResponse getRecords(GetRecordsRequest request) {
        throw StreamsUnserved.refusal(this);
    }

    /** Releases the backend's resources (the core frees its memory; a client adapter closes what it owns). */
    @Override
    void close();
}
