package io.partita.wire;

import com.fasterxml.jackson.core.JsonGenerator;
import io.partita.storage.api.BatchGetItemResponse;
import io.partita.storage.api.BatchWriteItemResponse;
import io.partita.storage.api.ConsumedCapacity;
import io.partita.storage.api.DeleteItemResponse;
import io.partita.storage.api.GetItemResponse;
import io.partita.storage.api.ItemCollectionMetrics;
import io.partita.storage.api.KeysAndAttributes;
import io.partita.storage.api.PutItemResponse;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.api.Select;
import io.partita.storage.api.TransactGetItemsResponse;
import io.partita.storage.api.TransactWriteItemsResponse;
import io.partita.storage.api.UpdateItemResponse;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.value.AttributeValue;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/** The data-plane responses as DynamoDB writes them, one writer per response record. */
public final class Responses {
    private Responses() {}

    public static void putItem(JsonGenerator g, PutItemResponse r) throws IOException {
        writeResult(g, r.attributes(), r.consumedCapacity(), r.itemCollectionMetrics());
    }

    public static void deleteItem(JsonGenerator g, DeleteItemResponse r) throws IOException {
        writeResult(g, r.attributes(), r.consumedCapacity(), r.itemCollectionMetrics());
    }

    public static void updateItem(JsonGenerator g, UpdateItemResponse r) throws IOException {
        writeResult(g, r.attributes(), r.consumedCapacity(), r.itemCollectionMetrics());
    }

    private static void writeResult(
            JsonGenerator g, Map<String, AttributeValue> attributes, ConsumedCapacity c, ItemCollectionMetrics m)
            throws IOException {
        g.writeStartObject();
        if (attributes != null && !attributes.isEmpty()) {
            AttributeValues.writeMapField(g, "Attributes", attributes);
        }
        Capacities.writeField(g, c);
        if (m != null) {
            g.writeFieldName("ItemCollectionMetrics");
            Capacities.writeMetrics(g, m);
        }
        g.writeEndObject();
    }

    public static void getItem(JsonGenerator g, GetItemResponse r) throws IOException {
        g.writeStartObject();
        AttributeValues.writeMapField(g, "Item", r.item());
        Capacities.writeField(g, r.consumedCapacity());
        g.writeEndObject();
    }

    /** A Query page; with {@code Select: COUNT} no {@code Items}. */
    public static void query(JsonGenerator g, Select select, QueryResponse r) throws IOException {
        writePage(g, select, r.items(), r.count(), r.scannedCount(), r.lastEvaluatedKey(), r.consumedCapacity());
    }

    /** A Scan page; with {@code Select: COUNT} no {@code Items}. */
    public static void scan(JsonGenerator g, Select select, ScanResponse r) throws IOException {
        writePage(g, select, r.items(), r.count(), r.scannedCount(), r.lastEvaluatedKey(), r.consumedCapacity());
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
                AttributeValues.writeMap(g, item);
            }
            g.writeEndArray();
        }
        AttributeValues.writeMapField(g, "LastEvaluatedKey", lastKey);
        g.writeNumberField("ScannedCount", scanned);
        Capacities.writeField(g, c);
        g.writeEndObject();
    }

    public static void batchGetItem(JsonGenerator g, BatchGetItemResponse r) throws IOException {
        g.writeStartObject();
        g.writeObjectFieldStart("Responses");
        for (Map.Entry<String, List<Map<String, AttributeValue>>> e :
                r.responses().entrySet()) {
            g.writeArrayFieldStart(e.getKey());
            for (Map<String, AttributeValue> item : e.getValue()) {
                AttributeValues.writeMap(g, item);
            }
            g.writeEndArray();
        }
        g.writeEndObject();
        g.writeObjectFieldStart("UnprocessedKeys");
        if (r.unprocessedKeys() != null) {
            for (Map.Entry<String, KeysAndAttributes> e : r.unprocessedKeys().entrySet()) {
                g.writeFieldName(e.getKey());
                writeKeysAndAttributes(g, e.getValue());
            }
        }
        g.writeEndObject();
        Capacities.writeList(g, r.consumedCapacity());
        g.writeEndObject();
    }

    private static void writeKeysAndAttributes(JsonGenerator g, KeysAndAttributes ka) throws IOException {
        g.writeStartObject();
        g.writeArrayFieldStart("Keys");
        for (Map<String, AttributeValue> k : ka.keys()) {
            AttributeValues.writeMap(g, k);
        }
        g.writeEndArray();
        if (ka.projectionExpression() != null) {
            g.writeStringField("ProjectionExpression", ka.projectionExpression());
        }
        if (!ka.expressionAttributeNames().isEmpty()) {
            g.writeObjectFieldStart("ExpressionAttributeNames");
            for (Map.Entry<String, String> n : ka.expressionAttributeNames().entrySet()) {
                g.writeStringField(n.getKey(), n.getValue());
            }
            g.writeEndObject();
        }
        if (ka.consistentRead()) {
            g.writeBooleanField("ConsistentRead", true);
        }
        g.writeEndObject();
    }

    public static void batchWriteItem(JsonGenerator g, BatchWriteItemResponse r) throws IOException {
        g.writeStartObject();
        g.writeObjectFieldStart("UnprocessedItems");
        if (r.unprocessedItems() != null) {
            for (Map.Entry<String, List<WriteRequest>> e : r.unprocessedItems().entrySet()) {
                g.writeArrayFieldStart(e.getKey());
                for (WriteRequest w : e.getValue()) {
                    g.writeStartObject();
                    if (w instanceof WriteRequest.Put p) {
                        g.writeObjectFieldStart("PutRequest");
                        AttributeValues.writeMapField(g, "Item", p.item());
                    } else {
                        g.writeObjectFieldStart("DeleteRequest");
                        AttributeValues.writeMapField(g, "Key", ((WriteRequest.Delete) w).key());
                    }
                    g.writeEndObject();
                    g.writeEndObject();
                }
                g.writeEndArray();
            }
        }
        g.writeEndObject();
        Capacities.writeList(g, r.consumedCapacity());
        Capacities.writeMetricsMap(g, r.itemCollectionMetrics());
        g.writeEndObject();
    }

    public static void transactWriteItems(JsonGenerator g, TransactWriteItemsResponse r) throws IOException {
        g.writeStartObject();
        Capacities.writeList(g, r.consumedCapacity());
        Capacities.writeMetricsMap(g, r.itemCollectionMetrics());
        g.writeEndObject();
    }

    public static void transactGetItems(JsonGenerator g, TransactGetItemsResponse r) throws IOException {
        g.writeStartObject();
        g.writeArrayFieldStart("Responses");
        for (Map<String, AttributeValue> item : r.responses()) {
            g.writeStartObject();
            AttributeValues.writeMapField(g, "Item", item);
            g.writeEndObject();
        }
        g.writeEndArray();
        Capacities.writeList(g, r.consumedCapacity());
        g.writeEndObject();
    }
}
