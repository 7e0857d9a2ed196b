package io.partita.server;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import io.partita.storage.Storage;
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
import io.partita.storage.api.TransactGetItem;
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactGetItemsResponse;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.TransactWriteItemsResponse;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.UpdateItemResponse;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.value.AttributeValue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The data-plane operations: each reads its JSON request into the core's request record (translating legacy
 * parameters), calls the core, and writes DynamoDB's JSON response.
 */
final class Operations {
    private static final String[] QUERY_LEGACY = {
        "AttributesToGet", "KeyConditions", "QueryFilter", "ConditionalOperator"
    };
    private static final String[] QUERY_EXPR = {
        "ProjectionExpression",
        "KeyConditionExpression",
        "FilterExpression",
        "ExpressionAttributeNames",
        "ExpressionAttributeValues"
    };
    private static final String[] SCAN_LEGACY = {"AttributesToGet", "ScanFilter", "ConditionalOperator"};
    private static final String[] SCAN_EXPR = {
        "ProjectionExpression", "FilterExpression", "ExpressionAttributeNames", "ExpressionAttributeValues"
    };
    private static final String[] GET_LEGACY = {"AttributesToGet"};
    private static final String[] GET_EXPR = {"ProjectionExpression", "ExpressionAttributeNames"};
    private static final String[] WRITE_LEGACY = {"Expected", "ConditionalOperator"};
    private static final String[] WRITE_EXPR = {
        "ConditionExpression", "ExpressionAttributeNames", "ExpressionAttributeValues"
    };
    private static final String[] UPDATE_LEGACY = {"AttributeUpdates", "Expected", "ConditionalOperator"};
    private static final String[] UPDATE_EXPR = {
        "UpdateExpression", "ConditionExpression", "ExpressionAttributeNames", "ExpressionAttributeValues"
    };

    private final Storage storage;

    Operations(Storage storage) {
        this.storage = storage;
    }

    // ---- output -----------------------------------------------------------------------------------------

    /** A response body under construction. */
    static final class Out implements AutoCloseable {
        final ByteArrayBuilder bytes = new ByteArrayBuilder(256);
        final JsonGenerator g;

        Out() {
            try {
                g = Json.FACTORY.createGenerator(bytes, JsonEncoding.UTF8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        byte[] finish() {
            try {
                g.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return bytes.toByteArray();
        }

        @Override
        public void close() {
            finish();
        }
    }

    // ---- common pieces ----------------------------------------------------------------------------------

    private static ReturnConsumedCapacity rcc(Req r) {
        return r.enumValue("ReturnConsumedCapacity", ReturnConsumedCapacity.class, "returnConsumedCapacity");
    }

    private static boolean ricm(Req r) {
        String v = r.string("ReturnItemCollectionMetrics");
        if (v == null || v.equals("NONE")) {
            return false;
        }
        if (v.equals("SIZE")) {
            return true;
        }
        throw ApiException.validation(
                "1 validation error detected: Value '" + v
                        + "' at 'returnItemCollectionMetrics' failed to satisfy constraint: Member must satisfy enum value set: [SIZE, NONE]");
    }

    private static boolean oldOnFailure(Req r) {
        String v = r.string("ReturnValuesOnConditionCheckFailure");
        if (v == null || v.equals("NONE")) {
            return false;
        }
        if (v.equals("ALL_OLD")) {
            return true;
        }
        throw ApiException.validation(
                "1 validation error detected: Value '" + v
                        + "' at 'returnValuesOnConditionCheckFailure' failed to satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]");
    }

    static void writeCapacity(JsonGenerator g, ConsumedCapacity c) throws IOException {
        g.writeStartObject();
        g.writeStringField("TableName", c.tableName());
        writeUnits(g, c.total());
        if (c.table() != null) {
            g.writeFieldName("Table");
            g.writeStartObject();
            writeUnits(g, c.table());
            g.writeEndObject();
        }
        writeIndexCapacities(g, "GlobalSecondaryIndexes", c.globalSecondaryIndexes());
        writeIndexCapacities(g, "LocalSecondaryIndexes", c.localSecondaryIndexes());
        g.writeEndObject();
    }

    private static void writeUnits(JsonGenerator g, Capacity c) throws IOException {
        if (c == null) {
            return;
        }
        g.writeNumberField("CapacityUnits", c.capacityUnits());
        g.writeNumberField("ReadCapacityUnits", c.readCapacityUnits());
        g.writeNumberField("WriteCapacityUnits", c.writeCapacityUnits());
    }

    private static void writeIndexCapacities(JsonGenerator g, String field, Map<String, Capacity> m)
            throws IOException {
        if (m.isEmpty()) {
            return;
        }
        g.writeObjectFieldStart(field);
        for (Map.Entry<String, Capacity> e : m.entrySet()) {
            g.writeObjectFieldStart(e.getKey());
            writeUnits(g, e.getValue());
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    private static void writeCapacityField(JsonGenerator g, ConsumedCapacity c) throws IOException {
        if (c != null) {
            g.writeFieldName("ConsumedCapacity");
            writeCapacity(g, c);
        }
    }

    private static void writeCapacityList(JsonGenerator g, List<ConsumedCapacity> list) throws IOException {
        if (list != null && !list.isEmpty()) {
            g.writeArrayFieldStart("ConsumedCapacity");
            for (ConsumedCapacity c : list) {
                writeCapacity(g, c);
            }
            g.writeEndArray();
        }
    }

    private static void writeMetrics(JsonGenerator g, ItemCollectionMetrics m) throws IOException {
        g.writeStartObject();
        Values.writeMapField(g, "ItemCollectionKey", m.itemCollectionKey());
        g.writeArrayFieldStart("SizeEstimateRangeGB");
        g.writeNumber(m.sizeEstimateLowerGb());
        g.writeNumber(m.sizeEstimateUpperGb());
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void writeMetricsMap(JsonGenerator g, Map<String, List<ItemCollectionMetrics>> m)
            throws IOException {
        if (m == null || m.isEmpty()) {
            return;
        }
        g.writeObjectFieldStart("ItemCollectionMetrics");
        for (Map.Entry<String, List<ItemCollectionMetrics>> e : m.entrySet()) {
            g.writeArrayFieldStart(e.getKey());
            for (ItemCollectionMetrics x : e.getValue()) {
                writeMetrics(g, x);
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    private static void writeWriteResult(
            Out out, Map<String, AttributeValue> attributes, ConsumedCapacity c, ItemCollectionMetrics m)
            throws IOException {
        JsonGenerator g = out.g;
        g.writeStartObject();
        if (attributes != null && !attributes.isEmpty()) {
            Values.writeMapField(g, "Attributes", attributes);
        }
        writeCapacityField(g, c);
        if (m != null) {
            g.writeFieldName("ItemCollectionMetrics");
            writeMetrics(g, m);
        }
        g.writeEndObject();
    }

    // ---- single-item operations -------------------------------------------------------------------------

    void putItem(Req r, Out out) throws IOException {
        Legacy legacy = Legacy.of(r, WRITE_LEGACY, WRITE_EXPR);
        String condition = legacy.condition(r);
        PutItemRequest request = new PutItemRequest(
                r.required("TableName", "tableName"),
                requiredItem(r, "Item", "item"),
                condition,
                legacy.names(r),
                legacy.values(r),
                r.enumValue("ReturnValues", ReturnValues.class, "returnValues"),
                rcc(r),
                ricm(r),
                oldOnFailure(r));
        PutItemResponse response = storage.putItem(request);
        writeWriteResult(out, response.attributes(), response.consumedCapacity(), response.itemCollectionMetrics());
    }

    private static Map<String, AttributeValue> requiredItem(Req r, String name, String constraint) {
        Map<String, AttributeValue> item = r.item(name);
        if (item == null) {
            throw ApiException.validation("1 validation error detected: Value null at '" + constraint
                    + "' failed to satisfy constraint: Member must not be null");
        }
        return item;
    }

    void getItem(Req r, Out out) throws IOException {
        Legacy legacy = Legacy.of(r, GET_LEGACY, GET_EXPR);
        String projection = r.has("AttributesToGet")
                ? legacy.projection(r.list("AttributesToGet"))
                : r.string("ProjectionExpression");
        GetItemRequest request = new GetItemRequest(
                r.required("TableName", "tableName"),
                requiredItem(r, "Key", "key"),
                r.bool("ConsistentRead"),
                projection,
                legacy.names(r),
                rcc(r));
        GetItemResponse response = storage.getItem(request);
        JsonGenerator g = out.g;
        g.writeStartObject();
        Values.writeMapField(g, "Item", response.item());
        writeCapacityField(g, response.consumedCapacity());
        g.writeEndObject();
    }

    void deleteItem(Req r, Out out) throws IOException {
        Legacy legacy = Legacy.of(r, WRITE_LEGACY, WRITE_EXPR);
        String condition = legacy.condition(r);
        DeleteItemRequest request = new DeleteItemRequest(
                r.required("TableName", "tableName"),
                requiredItem(r, "Key", "key"),
                condition,
                legacy.names(r),
                legacy.values(r),
                r.enumValue("ReturnValues", ReturnValues.class, "returnValues"),
                rcc(r),
                ricm(r),
                oldOnFailure(r));
        DeleteItemResponse response = storage.deleteItem(request);
        writeWriteResult(out, response.attributes(), response.consumedCapacity(), response.itemCollectionMetrics());
    }

    void updateItem(Req r, Out out) throws IOException {
        Legacy legacy = Legacy.of(r, UPDATE_LEGACY, UPDATE_EXPR);
        String update = r.has("AttributeUpdates")
                ? legacy.attributeUpdates(r.object("AttributeUpdates"))
                : r.string("UpdateExpression");
        String condition = legacy.condition(r);
        UpdateItemRequest request = new UpdateItemRequest(
                r.required("TableName", "tableName"),
                requiredItem(r, "Key", "key"),
                update,
                condition,
                legacy.names(r),
                legacy.values(r),
                r.enumValue("ReturnValues", ReturnValues.class, "returnValues"),
                rcc(r),
                ricm(r),
                oldOnFailure(r));
        UpdateItemResponse response = storage.updateItem(request);
        writeWriteResult(out, response.attributes(), response.consumedCapacity(), response.itemCollectionMetrics());
    }

    // ---- query and scan ---------------------------------------------------------------------------------

    void query(Req r, Out out) throws IOException {
        Legacy legacy = Legacy.of(r, QUERY_LEGACY, QUERY_EXPR);
        String projection = r.has("AttributesToGet")
                ? legacy.projection(r.list("AttributesToGet"))
                : r.string("ProjectionExpression");
        String keyCondition = r.has("KeyConditions")
                ? legacy.conditions(r.object("KeyConditions"), null, true)
                : r.string("KeyConditionExpression");
        String filter = r.has("QueryFilter")
                ? legacy.conditions(r.object("QueryFilter"), r.string("ConditionalOperator"), false)
                : r.string("FilterExpression");
        Select select = r.enumValue("Select", Select.class, "select");
        QueryRequest request = new QueryRequest(
                r.required("TableName", "tableName"),
                r.string("IndexName"),
                keyCondition,
                filter,
                projection,
                legacy.names(r),
                legacy.values(r),
                select,
                r.integer("Limit"),
                r.boolOrNull("ScanIndexForward") == null || r.bool("ScanIndexForward"),
                r.item("ExclusiveStartKey"),
                r.bool("ConsistentRead"),
                rcc(r));
        QueryResponse response = storage.query(request);
        writePage(
                out.g,
                select,
                response.items(),
                response.count(),
                response.scannedCount(),
                response.lastEvaluatedKey(),
                response.consumedCapacity());
    }

    void scan(Req r, Out out) throws IOException {
        Legacy legacy = Legacy.of(r, SCAN_LEGACY, SCAN_EXPR);
        String projection = r.has("AttributesToGet")
                ? legacy.projection(r.list("AttributesToGet"))
                : r.string("ProjectionExpression");
        String filter = r.has("ScanFilter")
                ? legacy.conditions(r.object("ScanFilter"), r.string("ConditionalOperator"), false)
                : r.string("FilterExpression");
        Select select = r.enumValue("Select", Select.class, "select");
        ScanRequest request = new ScanRequest(
                r.required("TableName", "tableName"),
                r.string("IndexName"),
                filter,
                projection,
                legacy.names(r),
                legacy.values(r),
                select,
                r.integer("Limit"),
                r.item("ExclusiveStartKey"),
                r.bool("ConsistentRead"),
                r.integer("Segment"),
                r.integer("TotalSegments"),
                rcc(r));
        ScanResponse response = storage.scan(request);
        writePage(
                out.g,
                select,
                response.items(),
                response.count(),
                response.scannedCount(),
                response.lastEvaluatedKey(),
                response.consumedCapacity());
    }

    private static void writePage(
            JsonGenerator g,
            Select select,
            List<Map<String, AttributeValue>> items,
            int count,
            int scanned,
            Map<String, AttributeValue> lastKey,
            ConsumedCapacity c)
            throws IOException {
        g.writeStartObject();
        g.writeNumberField("Count", count);
        if (select != Select.COUNT) {
            g.writeArrayFieldStart("Items");
            for (Map<String, AttributeValue> item : items) {
                Values.writeMap(g, item);
            }
            g.writeEndArray();
        }
        if (lastKey != null) {
            Values.writeMapField(g, "LastEvaluatedKey", lastKey);
        }
        g.writeNumberField("ScannedCount", scanned);
        writeCapacityField(g, c);
        g.writeEndObject();
    }

    // ---- batches ----------------------------------------------------------------------------------------

    void batchGetItem(Req r, Out out) throws IOException {
        Req items = r.object("RequestItems");
        if (items == null) {
            throw ApiException.validation(
                    "1 validation error detected: Value null at 'requestItems' failed to satisfy constraint: Member must not be null");
        }
        Map<String, KeysAndAttributes> request = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : items.json.entrySet()) {
            Req ka = Req.of(e.getValue(), "KeysAndAttributes");
            Legacy legacy = Legacy.of(ka, GET_LEGACY, GET_EXPR);
            String projection = ka.has("AttributesToGet")
                    ? legacy.projection(ka.list("AttributesToGet"))
                    : ka.string("ProjectionExpression");
            List<Object> keys = ka.list("Keys");
            List<Map<String, AttributeValue>> parsed = new ArrayList<>();
            if (keys != null) {
                for (Object k : keys) {
                    parsed.add(Values.readMap(k));
                }
            }
            request.put(
                    e.getKey(), new KeysAndAttributes(parsed, projection, legacy.names(ka), ka.bool("ConsistentRead")));
        }
        BatchGetItemResponse response = storage.batchGetItem(new BatchGetItemRequest(request, rcc(r)));
        JsonGenerator g = out.g;
        g.writeStartObject();
        g.writeObjectFieldStart("Responses");
        for (Map.Entry<String, List<Map<String, AttributeValue>>> e :
                response.responses().entrySet()) {
            g.writeArrayFieldStart(e.getKey());
            for (Map<String, AttributeValue> item : e.getValue()) {
                Values.writeMap(g, item);
            }
            g.writeEndArray();
        }
        g.writeEndObject();
        g.writeObjectFieldStart("UnprocessedKeys");
        if (response.unprocessedKeys() != null) {
            for (Map.Entry<String, KeysAndAttributes> e :
                    response.unprocessedKeys().entrySet()) {
                KeysAndAttributes ka = e.getValue();
                g.writeObjectFieldStart(e.getKey());
                g.writeArrayFieldStart("Keys");
                for (Map<String, AttributeValue> k : ka.keys()) {
                    Values.writeMap(g, k);
                }
                g.writeEndArray();
                if (ka.projectionExpression() != null) {
                    g.writeStringField("ProjectionExpression", ka.projectionExpression());
                }
                if (!ka.expressionAttributeNames().isEmpty()) {
                    g.writeObjectFieldStart("ExpressionAttributeNames");
                    for (Map.Entry<String, String> n :
                            ka.expressionAttributeNames().entrySet()) {
                        g.writeStringField(n.getKey(), n.getValue());
                    }
                    g.writeEndObject();
                }
                if (ka.consistentRead()) {
                    g.writeBooleanField("ConsistentRead", true);
                }
                g.writeEndObject();
            }
        }
        g.writeEndObject();
        writeCapacityList(g, response.consumedCapacity());
        g.writeEndObject();
    }

    void batchWriteItem(Req r, Out out) throws IOException {
        Req items = r.object("RequestItems");
        if (items == null) {
            throw ApiException.validation(
                    "1 validation error detected: Value null at 'requestItems' failed to satisfy constraint: Member must not be null");
        }
        Map<String, List<WriteRequest>> request = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : items.json.entrySet()) {
            List<Object> writes = e.getValue() instanceof List<?> l ? new ArrayList<>(l) : null;
            if (writes == null) {
                throw ApiException.serialization(
                        "Unexpected value type for RequestItems: expected a list of write requests");
            }
            List<WriteRequest> parsed = new ArrayList<>(writes.size());
            for (Object w : writes) {
                Req wr = Req.of(w, "WriteRequest");
                Req put = wr.object("PutRequest");
                Req delete = wr.object("DeleteRequest");
                if ((put == null) == (delete == null)) {
                    throw ApiException.validation(
                            "Supplied WriteRequest must contain exactly one of PutRequest or DeleteRequest");
                }
                parsed.add(
                        put != null
                                ? WriteRequest.put(requiredItem(put, "Item", "item"))
                                : WriteRequest.delete(requiredItem(delete, "Key", "key")));
            }
            request.put(e.getKey(), parsed);
        }
        BatchWriteItemResponse response = storage.batchWriteItem(new BatchWriteItemRequest(request, rcc(r), ricm(r)));
        JsonGenerator g = out.g;
        g.writeStartObject();
        g.writeObjectFieldStart("UnprocessedItems");
        if (response.unprocessedItems() != null) {
            for (Map.Entry<String, List<WriteRequest>> e :
                    response.unprocessedItems().entrySet()) {
                g.writeArrayFieldStart(e.getKey());
                for (WriteRequest w : e.getValue()) {
                    g.writeStartObject();
                    if (w instanceof WriteRequest.Put p) {
                        g.writeObjectFieldStart("PutRequest");
                        Values.writeMapField(g, "Item", p.item());
                    } else {
                        g.writeObjectFieldStart("DeleteRequest");
                        Values.writeMapField(g, "Key", ((WriteRequest.Delete) w).key());
                    }
                    g.writeEndObject();
                    g.writeEndObject();
                }
                g.writeEndArray();
            }
        }
        g.writeEndObject();
        writeCapacityList(g, response.consumedCapacity());
        writeMetricsMap(g, response.itemCollectionMetrics());
        g.writeEndObject();
    }

    // ---- transactions -----------------------------------------------------------------------------------

    void transactWriteItems(Req r, Out out) throws IOException {
        List<Req> items = r.objects("TransactItems");
        if (items == null) {
            throw ApiException.validation(
                    "1 validation error detected: Value null at 'transactItems' failed to satisfy constraint: Member must not be null");
        }
        List<TransactWriteItem> actions = new ArrayList<>(items.size());
        for (Req item : items) {
            int kinds = (item.has("Put") ? 1 : 0)
                    + (item.has("Update") ? 1 : 0)
                    + (item.has("Delete") ? 1 : 0)
                    + (item.has("ConditionCheck") ? 1 : 0);
            if (kinds != 1) {
                throw ApiException.validation("TransactItems can only contain one of Check, Put, Update or Delete");
            }
            if (item.has("Put")) {
                Req a = item.object("Put");
                actions.add(new TransactWriteItem.Put(
                        a.required("TableName", "transactItems.member.put.tableName"),
                        requiredItem(a, "Item", "item"),
                        a.string("ConditionExpression"),
                        a.stringMap("ExpressionAttributeNames"),
                        a.item("ExpressionAttributeValues"),
                        oldOnFailure(a)));
            } else if (item.has("Update")) {
                Req a = item.object("Update");
                actions.add(new TransactWriteItem.Update(
                        a.required("TableName", "transactItems.member.update.tableName"),
                        requiredItem(a, "Key", "key"),
                        a.string("UpdateExpression"),
                        a.string("ConditionExpression"),
                        a.stringMap("ExpressionAttributeNames"),
                        a.item("ExpressionAttributeValues"),
                        oldOnFailure(a)));
            } else if (item.has("Delete")) {
                Req a = item.object("Delete");
                actions.add(new TransactWriteItem.Delete(
                        a.required("TableName", "transactItems.member.delete.tableName"),
                        requiredItem(a, "Key", "key"),
                        a.string("ConditionExpression"),
                        a.stringMap("ExpressionAttributeNames"),
                        a.item("ExpressionAttributeValues"),
                        oldOnFailure(a)));
            } else {
                Req a = item.object("ConditionCheck");
                actions.add(new TransactWriteItem.ConditionCheck(
                        a.required("TableName", "transactItems.member.conditionCheck.tableName"),
                        requiredItem(a, "Key", "key"),
                        a.string("ConditionExpression"),
                        a.stringMap("ExpressionAttributeNames"),
                        a.item("ExpressionAttributeValues"),
                        oldOnFailure(a)));
            }
        }
        TransactWriteItemsResponse response = storage.transactWriteItems(
                new TransactWriteItemsRequest(actions, r.string("ClientRequestToken"), rcc(r), ricm(r)));
        JsonGenerator g = out.g;
        g.writeStartObject();
        writeCapacityList(g, response.consumedCapacity());
        writeMetricsMap(g, response.itemCollectionMetrics());
        g.writeEndObject();
    }

    void transactGetItems(Req r, Out out) throws IOException {
        List<Req> items = r.objects("TransactItems");
        if (items == null) {
            throw ApiException.validation(
                    "1 validation error detected: Value null at 'transactItems' failed to satisfy constraint: Member must not be null");
        }
        List<TransactGetItem> gets = new ArrayList<>(items.size());
        for (Req item : items) {
            Req a = item.object("Get");
            if (a == null) {
                throw ApiException.validation(
                        "1 validation error detected: Value null at 'transactItems.member.get' failed to satisfy constraint: Member must not be null");
            }
            gets.add(new TransactGetItem(
                    a.required("TableName", "transactItems.member.get.tableName"),
                    requiredItem(a, "Key", "key"),
                    a.string("ProjectionExpression"),
                    a.stringMap("ExpressionAttributeNames")));
        }
        TransactGetItemsResponse response = storage.transactGetItems(new TransactGetItemsRequest(gets, rcc(r)));
        JsonGenerator g = out.g;
        g.writeStartObject();
        g.writeArrayFieldStart("Responses");
        for (Map<String, AttributeValue> item : response.responses()) {
            g.writeStartObject();
            if (item != null) {
                Values.writeMapField(g, "Item", item);
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        writeCapacityList(g, response.consumedCapacity());
        g.writeEndObject();
    }
}
