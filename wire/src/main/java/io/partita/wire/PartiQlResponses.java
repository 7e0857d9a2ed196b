package io.partita.wire;

import com.fasterxml.jackson.core.JsonGenerator;
import io.partita.storage.api.ConsumedCapacity;
import io.partita.storage.value.AttributeValue;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/** The PartiQL responses as DynamoDB writes them. */
public final class PartiQlResponses {
    private PartiQlResponses() {}

    /** One statement's answer in {@code BatchExecuteStatement}: an item (SELECT) or an error, and its table. */
    public record Outcome(
            String tableName,
            Map<String, AttributeValue> item,
            String errorCode,
            String errorMessage,
            Map<String, AttributeValue> errorItem) {}

    /** {@code ExecuteStatement}: the items, then the next page's token and key when there is one. */
    public static void execute(
            JsonGenerator g,
            List<Map<String, AttributeValue>> items,
            String nextToken,
            Map<String, AttributeValue> lastEvaluatedKey,
            ConsumedCapacity capacity)
            throws IOException {
        g.writeStartObject();
        g.writeArrayFieldStart("Items");
        for (Map<String, AttributeValue> item : items) {
            AttributeValues.writeMap(g, item);
        }
        g.writeEndArray();
        if (nextToken != null) {
            g.writeStringField("NextToken", nextToken);
        }
        AttributeValues.writeMapField(g, "LastEvaluatedKey", lastEvaluatedKey);
        Capacities.writeField(g, capacity);
        g.writeEndObject();
    }

    /** {@code BatchExecuteStatement}: one response per statement, in request order. */
    public static void batch(JsonGenerator g, List<Outcome> outcomes, List<ConsumedCapacity> capacity)
            throws IOException {
        g.writeStartObject();
        g.writeArrayFieldStart("Responses");
        for (Outcome o : outcomes) {
            g.writeStartObject();
            if (o.errorCode() != null) {
                g.writeObjectFieldStart("Error");
                g.writeStringField("Code", o.errorCode());
                g.writeStringField("Message", o.errorMessage());
                AttributeValues.writeMapField(g, "Item", o.errorItem());
                g.writeEndObject();
            }
            if (o.tableName() != null) {
                g.writeStringField("TableName", o.tableName());
            }
            AttributeValues.writeMapField(g, "Item", o.item());
            g.writeEndObject();
        }
        g.writeEndArray();
        Capacities.writeList(g, capacity);
        g.writeEndObject();
    }

    /** {@code ExecuteTransaction}: the items read (a read transaction; {@code null} for writes). */
    public static void transaction(
            JsonGenerator g, List<Map<String, AttributeValue>> items, List<ConsumedCapacity> capacity)
            throws IOException {
        g.writeStartObject();
        if (items != null) {
            g.writeArrayFieldStart("Responses");
            for (Map<String, AttributeValue> item : items) {
                g.writeStartObject();
                AttributeValues.writeMapField(g, "Item", item);
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        Capacities.writeList(g, capacity);
        g.writeEndObject();
    }
}
