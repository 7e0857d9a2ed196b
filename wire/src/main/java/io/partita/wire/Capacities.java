package io.partita.wire;

import com.fasterxml.jackson.core.JsonGenerator;
import io.partita.storage.api.Capacity;
import io.partita.storage.api.ConsumedCapacity;
import io.partita.storage.api.ItemCollectionMetrics;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/** {@code ConsumedCapacity} and {@code ItemCollectionMetrics} as DynamoDB writes them in responses. */
public final class Capacities {
    private Capacities() {}

    public static void write(JsonGenerator g, ConsumedCapacity c) throws IOException {
        g.writeStartObject();
        g.writeStringField("TableName", c.tableName());
        writeUnits(g, c.total());
        if (c.table() != null) {
            g.writeFieldName("Table");
            g.writeStartObject();
            writeUnits(g, c.table());
            g.writeEndObject();
        }
        writeIndexes(g, "GlobalSecondaryIndexes", c.globalSecondaryIndexes());
        writeIndexes(g, "LocalSecondaryIndexes", c.localSecondaryIndexes());
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

    private static void writeIndexes(JsonGenerator g, String field, Map<String, Capacity> m) throws IOException {
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

    /** {@code "ConsumedCapacity": {...}} when there is one. */
    public static void writeField(JsonGenerator g, ConsumedCapacity c) throws IOException {
        if (c != null) {
            g.writeFieldName("ConsumedCapacity");
            write(g, c);
        }
    }

    /** {@code "ConsumedCapacity": [...]} when the list is not empty (batches and transactions). */
    public static void writeList(JsonGenerator g, List<ConsumedCapacity> list) throws IOException {
        if (list != null && !list.isEmpty()) {
            g.writeArrayFieldStart("ConsumedCapacity");
            for (ConsumedCapacity c : list) {
                write(g, c);
            }
            g.writeEndArray();
        }
    }

    public static void writeMetrics(JsonGenerator g, ItemCollectionMetrics m) throws IOException {
        g.writeStartObject();
        AttributeValues.writeMapField(g, "ItemCollectionKey", m.itemCollectionKey());
        g.writeArrayFieldStart("SizeEstimateRangeGB");
        g.writeNumber(m.sizeEstimateLowerGb());
        g.writeNumber(m.sizeEstimateUpperGb());
        g.writeEndArray();
        g.writeEndObject();
    }

    /** {@code "ItemCollectionMetrics": {table: [...]}} when there are any (batches and transactions). */
    public static void writeMetricsMap(JsonGenerator g, Map<String, List<ItemCollectionMetrics>> m) throws IOException {
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
}
