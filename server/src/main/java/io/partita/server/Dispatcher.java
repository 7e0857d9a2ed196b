package io.partita.server;

import io.partita.storage.Storage;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/** Routes {@code X-Amz-Target: DynamoDB_20120810.<Operation>} to the operation and answers with its JSON body. */
final class Dispatcher {
    static final String TARGET_PREFIX = "DynamoDB_20120810.";

    @FunctionalInterface
    interface Handler {
        void handle(Req request, Operations.Out out) throws IOException;
    }

    private final Map<String, Handler> handlers = new HashMap<>();

    Dispatcher(Storage storage) {
        Operations ops = new Operations(storage);
        Tables tables = new Tables(storage);
        handlers.put("PutItem", ops::putItem);
        handlers.put("GetItem", ops::getItem);
        handlers.put("DeleteItem", ops::deleteItem);
        handlers.put("UpdateItem", ops::updateItem);
        handlers.put("Query", ops::query);
        handlers.put("Scan", ops::scan);
        handlers.put("BatchGetItem", ops::batchGetItem);
        handlers.put("BatchWriteItem", ops::batchWriteItem);
        handlers.put("TransactWriteItems", ops::transactWriteItems);
        handlers.put("TransactGetItems", ops::transactGetItems);
        handlers.put("CreateTable", tables::createTable);
        handlers.put("DescribeTable", tables::describeTable);
        handlers.put("ListTables", tables::listTables);
        handlers.put("DeleteTable", tables::deleteTable);
        handlers.put("UpdateTable", tables::updateTable);
        handlers.put("DescribeLimits", tables::describeLimits);
        handlers.put("TagResource", tables::tagResource);
        handlers.put("UntagResource", tables::untagResource);
        handlers.put("ListTagsOfResource", tables::listTagsOfResource);
        handlers.put("DescribeTimeToLive", tables::describeTimeToLive);
        handlers.put("UpdateTimeToLive", tables::updateTimeToLive);
        handlers.put("DescribeEndpoints", (r, out) -> {
            out.g.writeStartObject();
            out.g.writeArrayFieldStart("Endpoints");
            out.g.writeStartObject();
            out.g.writeStringField("Address", "localhost");
            out.g.writeNumberField("CachePeriodInMinutes", 1440);
            out.g.writeEndObject();
            out.g.writeEndArray();
            out.g.writeEndObject();
        });
    }

    /** The handler for an {@code X-Amz-Target} header value; {@code UnknownOperationException} otherwise. */
    Handler handler(String target) {
        Handler h = target != null && target.startsWith(TARGET_PREFIX) ? handlers.get(target.substring(TARGET_PREFIX.length())) : null;
        if (h == null) {
            throw new ApiException(Errors.CORAL_NAMESPACE, "UnknownOperationException", 400, null);
        }
        return h;
    }

    /** Runs one request; the response body, or throws the error to answer. */
    byte[] execute(Handler handler, byte[] body, int offset, int length) {
        Req request = new Req(Json.parseObject(body, offset, length));
        try (Operations.Out out = new Operations.Out()) {
            handler.handle(request, out);
            return out.finish();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
