package io.partita.wire;

import com.fasterxml.jackson.core.JsonGenerator;
import io.partita.storage.api.IndexDescription;
import io.partita.storage.api.TableDescription;
import io.partita.storage.api.TimeToLiveDescription;
import io.partita.storage.api.TimeToLiveSpecification;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.LocalSecondaryIndex;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProjectionType;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.storage.schema.StreamSpecification;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeType;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * DynamoDB's {@code TableDescription} (DescribeTable, CreateTable, UpdateTable, DeleteTable) from the core's
 * description (with its stream: {@code StreamSpecification}, {@code LatestStreamLabel}, {@code LatestStreamArn})
 * and the server's {@link TableFacts}, and the time-to-live answers. ARNs use DynamoDB Local's
 * region and account ({@code arn:aws:dynamodb:ddblocal:000000000000:table/<name>}).
 */
public final class TableDescriptions {
    private TableDescriptions() {}

    /** {@code {"<field>": {TableDescription}}}, the whole response of the table calls. */
    public static void writeResponse(JsonGenerator g, String field, TableDescription d, TableFacts m)
            throws IOException {
        g.writeStartObject();
        g.writeFieldName(field);
        write(g, d, m);
        g.writeEndObject();
    }

    public static void write(JsonGenerator g, TableDescription d, TableFacts m) throws IOException {
        TableDefinition def = d.definition();
        g.writeStartObject();
        writeAttributeDefinitions(g, def);
        g.writeStringField("TableName", def.name());
        g.writeArrayFieldStart("KeySchema");
        keyElement(g, def.partitionKey().name(), WireEnums.HASH);
        if (def.sortKey() != null) {
            keyElement(g, def.sortKey().name(), WireEnums.RANGE);
        }
        g.writeEndArray();
        g.writeStringField("TableStatus", d.status().name());
        g.writeNumberField("CreationDateTime", m.created());
        throughput(g, m.throughput());
        g.writeNumberField("TableSizeBytes", d.sizeBytes());
        g.writeNumberField("ItemCount", d.itemCount());
        g.writeStringField("TableArn", TableDescription.TABLE_ARN_PREFIX + def.name());
        g.writeStringField("TableId", m.id());
        if (WireEnums.PAY_PER_REQUEST.equals(m.billingMode())) {
            g.writeObjectFieldStart("BillingModeSummary");
            g.writeStringField("BillingMode", WireEnums.PAY_PER_REQUEST);
            g.writeNumberField("LastUpdateToPayPerRequestDateTime", m.created());
            g.writeEndObject();
        }
        Map<String, IndexDescription> live = new LinkedHashMap<>();
        for (IndexDescription i : d.indexes()) {
            live.put(i.indexName(), i);
        }
        if (!def.localSecondaryIndexes().isEmpty()) {
            g.writeArrayFieldStart("LocalSecondaryIndexes");
            for (LocalSecondaryIndex l : def.localSecondaryIndexes()) {
                writeLocalIndex(g, def, l, live.get(l.name()));
            }
            g.writeEndArray();
        }
        if (!def.globalSecondaryIndexes().isEmpty()) {
            g.writeArrayFieldStart("GlobalSecondaryIndexes");
            for (GlobalSecondaryIndex gsi : def.globalSecondaryIndexes()) {
                writeGlobalIndex(g, def, gsi, live.get(gsi.name()));
            }
            g.writeEndArray();
        }
        StreamSpecification stream = d.streamSpecification();
        if (stream.enabled()) {
            g.writeObjectFieldStart("StreamSpecification");
            g.writeBooleanField("StreamEnabled", true);
            g.writeStringField("StreamViewType", stream.viewType().name());
            g.writeEndObject();
        }
        if (d.latestStreamArn() != null) {
            g.writeStringField("LatestStreamLabel", d.latestStreamLabel());
            g.writeStringField("LatestStreamArn", d.latestStreamArn());
        }
        g.writeBooleanField("DeletionProtectionEnabled", m.deletionProtection());
        g.writeEndObject();
    }

    private static void writeAttributeDefinitions(JsonGenerator g, TableDefinition def) throws IOException {
        Map<String, AttributeType> attrs = new LinkedHashMap<>();
        attrs.put(def.partitionKey().name(), def.partitionKey().type());
        if (def.sortKey() != null) {
            attrs.put(def.sortKey().name(), def.sortKey().type());
        }
        for (LocalSecondaryIndex l : def.localSecondaryIndexes()) {
            attrs.put(l.sortKey().name(), l.sortKey().type());
        }
        for (GlobalSecondaryIndex gsi : def.globalSecondaryIndexes()) {
            for (KeyAttribute k : gsi.partitionKey()) {
                attrs.put(k.name(), k.type());
            }
            for (KeyAttribute k : gsi.sortKey()) {
                attrs.put(k.name(), k.type());
            }
        }
        g.writeArrayFieldStart("AttributeDefinitions");
        for (Map.Entry<String, AttributeType> e : attrs.entrySet()) {
            g.writeStartObject();
            g.writeStringField("AttributeName", e.getKey());
            g.writeStringField("AttributeType", e.getValue().name());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void writeLocalIndex(JsonGenerator g, TableDefinition def, LocalSecondaryIndex l, IndexDescription i)
            throws IOException {
        g.writeStartObject();
        g.writeStringField("IndexName", l.name());
        g.writeArrayFieldStart("KeySchema");
        keyElement(g, def.partitionKey().name(), WireEnums.HASH);
        keyElement(g, l.sortKey().name(), WireEnums.RANGE);
        g.writeEndArray();
        projection(g, l.projection());
        g.writeNumberField("IndexSizeBytes", i == null ? 0 : i.sizeBytes());
        g.writeNumberField("ItemCount", i == null ? 0 : i.itemCount());
        g.writeStringField("IndexArn", TableDescription.TABLE_ARN_PREFIX + def.name() + "/index/" + l.name());
        g.writeEndObject();
    }

    private static void writeGlobalIndex(
            JsonGenerator g, TableDefinition def, GlobalSecondaryIndex gsi, IndexDescription i) throws IOException {
        g.writeStartObject();
        g.writeStringField("IndexName", gsi.name());
        g.writeArrayFieldStart("KeySchema");
        for (KeyAttribute k : gsi.partitionKey()) {
            keyElement(g, k.name(), WireEnums.HASH);
        }
        for (KeyAttribute k : gsi.sortKey()) {
            keyElement(g, k.name(), WireEnums.RANGE);
        }
        g.writeEndArray();
        projection(g, gsi.projection());
        g.writeStringField("IndexStatus", i == null ? "ACTIVE" : i.status().name());
        if (i != null && i.status().name().equals("CREATING")) {
            g.writeBooleanField("Backfilling", true);
        }
        throughput(g, gsi.provisionedThroughput());
        g.writeNumberField("IndexSizeBytes", i == null ? 0 : i.sizeBytes());
        g.writeNumberField("ItemCount", i == null ? 0 : i.itemCount());
        g.writeStringField("IndexArn", TableDescription.TABLE_ARN_PREFIX + def.name() + "/index/" + gsi.name());
        g.writeEndObject();
    }

    private static void keyElement(JsonGenerator g, String name, String type) throws IOException {
        g.writeStartObject();
        g.writeStringField("AttributeName", name);
        g.writeStringField("KeyType", type);
        g.writeEndObject();
    }

    private static void projection(JsonGenerator g, Projection p) throws IOException {
        g.writeObjectFieldStart("Projection");
        g.writeStringField("ProjectionType", WireEnums.projectionType(p.type()));
        if (p.type() == ProjectionType.INCLUDE) {
            g.writeArrayFieldStart("NonKeyAttributes");
            for (String a : p.nonKeyAttributes()) {
                g.writeString(a);
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    private static void throughput(JsonGenerator g, ProvisionedThroughput t) throws IOException {
        g.writeObjectFieldStart("ProvisionedThroughput");
        g.writeNumberField("NumberOfDecreasesToday", 0);
        g.writeNumberField("ReadCapacityUnits", t == null ? 0 : t.readCapacityUnits());
        g.writeNumberField("WriteCapacityUnits", t == null ? 0 : t.writeCapacityUnits());
        g.writeEndObject();
    }

    /** DescribeTimeToLive's answer. */
    public static void writeTimeToLive(JsonGenerator g, TimeToLiveDescription d) throws IOException {
        g.writeStartObject();
        g.writeObjectFieldStart("TimeToLiveDescription");
        g.writeStringField("TimeToLiveStatus", d.status().name());
        if (d.attributeName() != null) {
            g.writeStringField("AttributeName", d.attributeName());
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    /** UpdateTimeToLive's answer: the specification applied. */
    public static void writeTimeToLive(JsonGenerator g, TimeToLiveSpecification applied) throws IOException {
        g.writeStartObject();
        g.writeObjectFieldStart("TimeToLiveSpecification");
        g.writeStringField("AttributeName", applied.attributeName());
        g.writeBooleanField("Enabled", applied.enabled());
        g.writeEndObject();
        g.writeEndObject();
    }
}
