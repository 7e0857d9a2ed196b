package io.partita.server;

import io.partita.storage.Storage;
import java.io.IOException;
import java.nio.file.Path;

/** Routes {@code X-Amz-Target: DynamoDB_20120810.<Operation>} to the operation and answers with its JSON body. */
final class Dispatcher {
    static final String TARGET_PREFIX = "DynamoDB_20120810.";

    private final Operations ops;
    private final Tables tables;

    Dispatcher(Storage storage, Path tableState) {
        this.ops = new Operations(storage);
        this.tables = new Tables(storage, tableState);
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
        DescribeEndpoints
    }

    /** The operation named by an {@code X-Amz-Target} header value; {@code UnknownOperationException} otherwise. */
    Op handler(String target) {
        if (target != null && target.startsWith(TARGET_PREFIX)) {
            try {
                return Op.valueOf(target.substring(TARGET_PREFIX.length()));
            } catch (IllegalArgumentException unknown) {
                // below
            }
        }
        throw new ApiException(Errors.CORAL_NAMESPACE, "UnknownOperationException", 400, null);
    }

    private void handle(Op op, Req r, Operations.Out out) throws IOException {
        switch (op) {
            case PutItem -> ops.putItem(r, out);
            case GetItem -> ops.getItem(r, out);
            case DeleteItem -> ops.deleteItem(r, out);
            case UpdateItem -> ops.updateItem(r, out);
            case Query -> ops.query(r, out);
            case Scan -> ops.scan(r, out);
            case BatchGetItem -> ops.batchGetItem(r, out);
            case BatchWriteItem -> ops.batchWriteItem(r, out);
            case TransactWriteItems -> ops.transactWriteItems(r, out);
            case TransactGetItems -> ops.transactGetItems(r, out);
            case CreateTable -> tables.createTable(r, out);
            case DescribeTable -> tables.describeTable(r, out);
            case ListTables -> tables.listTables(r, out);
            case DeleteTable -> tables.deleteTable(r, out);
            case UpdateTable -> tables.updateTable(r, out);
            case DescribeLimits -> tables.describeLimits(r, out);
            case TagResource -> tables.tagResource(r, out);
            case UntagResource -> tables.untagResource(r, out);
            case ListTagsOfResource -> tables.listTagsOfResource(r, out);
            case DescribeTimeToLive -> tables.describeTimeToLive(r, out);
            case UpdateTimeToLive -> tables.updateTimeToLive(r, out);
            case DescribeEndpoints -> {
                out.g.writeStartObject();
                out.g.writeArrayFieldStart("Endpoints");
                out.g.writeStartObject();
                out.g.writeStringField("Address", "localhost");
                out.g.writeNumberField("CachePeriodInMinutes", 1440);
                out.g.writeEndObject();
                out.g.writeEndArray();
                out.g.writeEndObject();
            }
            default -> throw new IllegalStateException(op.name());
        }
    }

    /** Runs one request; the response body, or throws the error to answer. */
    byte[] execute(Op op, byte[] body, int offset, int length) {
        Req request = new Req(Json.parseObject(body, offset, length));
        try (Operations.Out out = new Operations.Out()) {
            handle(op, request, out);
            return out.finish();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
