package io.partita.server;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import io.partita.storage.Storage;
import io.partita.wire.ControlRequests;
import io.partita.wire.Wire;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Routes {@code X-Amz-Target: DynamoDB_20120810.<Operation>} and the DynamoDB Streams operations
 * ({@code DynamoDBStreams_20120810.<Operation>}, {@link StreamsPlane}) to the operation and answers with its JSON body.
 */
final class Dispatcher {
    static final String TARGET_PREFIX = "DynamoDB_20120810.";

    private final DataPlane data;
    private final ControlPlane control;
    private final PartiQlPlane partiQl;
    private final StreamsPlane streams;

    Dispatcher(Storage storage, Path tableState) {
        this.data = new DataPlane(storage);
        this.control = new ControlPlane(storage, tableState);
        this.partiQl = new PartiQlPlane(storage);
        this.streams = new StreamsPlane(storage);
    }

    /** The operations, by name: a switch rather than a map of method references, which would cost start-up time. */
    enum Op {
        PutItem,
        GetItem,
        DeleteItem,
        UpdateItem,
        Query,
        Scan,
        BatchGetItem,
        BatchWriteItem,
        TransactWriteItems,
        TransactGetItems,
        ExecuteStatement,
        BatchExecuteStatement,
        ExecuteTransaction,
        CreateTable,
        DescribeTable,
        ListTables,
        DeleteTable,
        UpdateTable,
        DescribeLimits,
        TagResource,
        UntagResource,
        ListTagsOfResource,
        DescribeTimeToLive,
        UpdateTimeToLive,
        DescribeEndpoints,
        // DynamoDB Streams: only under StreamsPlane.TARGET_PREFIX
        ListStreams,
        DescribeStream,
        GetShardIterator,
        GetRecords;

        /** Whether the operation is one of DynamoDB Streams' ({@link StreamsPlane#TARGET_PREFIX}). */
        boolean isStreams() {
            return this == ListStreams || this == DescribeStream || this == GetShardIterator || this == GetRecords;
        }
    }

    /**
     * The operation named by an {@code X-Amz-Target} header value, DynamoDB's or DynamoDB Streams' (each only under its
     * own prefix); {@code UnknownOperationException} otherwise.
     */
    Op handler(String target) {
        Op op = target == null ? null : TARGETS.get(target);
        if (op == null) {
            throw new ApiException(Errors.CORAL_NAMESPACE, "UnknownOperationException", 400, null);
        }
        return op;
    }

    /** Each operation by its whole {@code X-Amz-Target} value, under its own prefix: one lookup per request. */
    private static final Map<String, Op> TARGETS = targets();

    private static Map<String, Op> targets() {
        Map<String, Op> targets = new HashMap<>();
        for (Op op : Op.values()) {
            targets.put((op.isStreams() ? StreamsPlane.TARGET_PREFIX : TARGET_PREFIX) + op.name(), op);
        }
        return targets;
    }

    private void handle(Op op, byte[] b, int o, int l, JsonGenerator g) throws IOException {
        switch (op) {
            case PutItem -> data.putItem(b, o, l, g);
            case GetItem -> data.getItem(b, o, l, g);
            case DeleteItem -> data.deleteItem(b, o, l, g);
            case UpdateItem -> data.updateItem(b, o, l, g);
            case Query -> data.query(b, o, l, g);
            case Scan -> data.scan(b, o, l, g);
            case BatchGetItem -> data.batchGetItem(b, o, l, g);
            case BatchWriteItem -> data.batchWriteItem(b, o, l, g);
            case TransactWriteItems -> data.transactWriteItems(b, o, l, g);
            case TransactGetItems -> data.transactGetItems(b, o, l, g);
            case ExecuteStatement -> partiQl.executeStatement(b, o, l, g);
            case BatchExecuteStatement -> partiQl.batchExecuteStatement(b, o, l, g);
            case ExecuteTransaction -> partiQl.executeTransaction(b, o, l, g);
            case CreateTable -> control.createTable(b, o, l, g);
            case DescribeTable -> control.describeTable(b, o, l, g);
            case ListTables -> control.listTables(b, o, l, g);
            case DeleteTable -> control.deleteTable(b, o, l, g);
            case UpdateTable -> control.updateTable(b, o, l, g);
            case DescribeLimits -> control.describeLimits(b, o, l, g);
            case TagResource -> control.tagResource(b, o, l, g);
            case UntagResource -> control.untagResource(b, o, l, g);
            case ListTagsOfResource -> control.listTagsOfResource(b, o, l, g);
            case DescribeTimeToLive -> control.describeTimeToLive(b, o, l, g);
            case UpdateTimeToLive -> control.updateTimeToLive(b, o, l, g);
            case ListStreams -> streams.listStreams(b, o, l, g);
            case DescribeStream -> streams.describeStream(b, o, l, g);
            case GetShardIterator -> streams.getShardIterator(b, o, l, g);
            case GetRecords -> streams.getRecords(b, o, l, g);
            case DescribeEndpoints -> {
                ControlRequests.none(b, o, l);
                g.writeStartObject();
                g.writeArrayFieldStart("Endpoints");
                g.writeStartObject();
                g.writeStringField("Address", "localhost");
                g.writeNumberField("CachePeriodInMinutes", 1440);
                g.writeEndObject();
                g.writeEndArray();
                g.writeEndObject();
            }
            default -> throw new IllegalStateException(op.name());
        }
    }

    /**
     * Runs one request, writing its response body to {@code out} (left incomplete when it fails), or throws the
     * error to answer.
     */
    void execute(Op op, byte[] body, int offset, int length, OutputStream out) {
        try (JsonGenerator g = Wire.FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            handle(op, body, offset, length, g);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
