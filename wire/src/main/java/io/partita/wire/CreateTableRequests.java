package io.partita.wire;

import com.fasterxml.jackson.core.JsonGenerator;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.LocalSecondaryIndex;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProjectionType;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.storage.schema.TableDefinition;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * A {@link TableDefinition} written as DynamoDB's CreateTable request, as {@code aws dynamodb create-table
 * --cli-input-json} takes it: TableName, AttributeDefinitions, KeySchema, LocalSecondaryIndexes,
 * GlobalSecondaryIndexes (a multi-attribute key lists several HASH and/or RANGE elements in key order), each with
 * its Projection, BillingMode PAY_PER_REQUEST unless the table sets provisioned throughput, and the
 * StreamSpecification when the table has a stream.
 */
public final class CreateTableRequests {
    private CreateTableRequests() {}

    /**
     * Every key attribute of the table and its indexes, in first-use order (the order AttributeDefinitions
     * lists them), repeats included: the caller keeps the first of each name and rejects a type conflict.
     */
    public static List<KeyAttribute> keyAttributeUses(TableDefinition table) {
        List<KeyAttribute> out = new ArrayList<>();
        out.add(table.partitionKey());
        if (table.sortKey() != null) {
            out.add(table.sortKey());
        }
        for (LocalSecondaryIndex lsi : table.localSecondaryIndexes()) {
            out.add(table.partitionKey());
            out.add(lsi.sortKey());
        }
        for (GlobalSecondaryIndex gsi : table.globalSecondaryIndexes()) {
            out.addAll(gsi.partitionKey());
            out.addAll(gsi.sortKey());
        }
        return out;
    }

    /**
     * The request as the text of a {@code file://} for the CLI, in {@link Wire#pretty}'s layout, with
     * {@code definitions} (one per attribute name, see {@link #keyAttributeUses}).
     */
    public static String print(TableDefinition table, Collection<KeyAttribute> definitions) {
        return Wire.pretty(g -> write(g, table, definitions));
    }

    /** The request, with {@code definitions} (one per attribute name, see {@link #keyAttributeUses}). */
    public static void write(JsonGenerator g, TableDefinition table, Collection<KeyAttribute> definitions)
            throws IOException {
        g.writeStartObject();
        g.writeStringField("TableName", table.name());
        g.writeArrayFieldStart("AttributeDefinitions");
        for (KeyAttribute k : definitions) {
            g.writeStartObject();
            g.writeStringField("AttributeName", k.name());
            g.writeStringField("AttributeType", k.type().name());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("KeySchema");
        keyElement(g, table.partitionKey(), WireEnums.HASH);
        if (table.sortKey() != null) {
            keyElement(g, table.sortKey(), WireEnums.RANGE);
        }
        g.writeEndArray();
        if (!table.localSecondaryIndexes().isEmpty()) {
            g.writeArrayFieldStart("LocalSecondaryIndexes");
            for (LocalSecondaryIndex lsi : table.localSecondaryIndexes()) {
                g.writeStartObject();
                g.writeStringField("IndexName", lsi.name());
                g.writeArrayFieldStart("KeySchema");
                keyElement(g, table.partitionKey(), WireEnums.HASH);
                keyElement(g, lsi.sortKey(), WireEnums.RANGE);
                g.writeEndArray();
                projection(g, lsi.projection());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        if (!table.globalSecondaryIndexes().isEmpty()) {
            g.writeArrayFieldStart("GlobalSecondaryIndexes");
            for (GlobalSecondaryIndex gsi : table.globalSecondaryIndexes()) {
                writeGlobalIndex(g, table, gsi);
            }
            g.writeEndArray();
        }
        if (table.provisionedThroughput() != null) {
            g.writeStringField("BillingMode", WireEnums.PROVISIONED);
            throughput(g, table.provisionedThroughput());
        } else {
            g.writeStringField("BillingMode", WireEnums.PAY_PER_REQUEST);
        }
        if (table.streamSpecification().enabled()) {
            g.writeObjectFieldStart("StreamSpecification");
            g.writeBooleanField("StreamEnabled", true);
            g.writeStringField(
                    "StreamViewType", table.streamSpecification().viewType().name());
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    private static void writeGlobalIndex(JsonGenerator g, TableDefinition table, GlobalSecondaryIndex gsi)
            throws IOException {
        g.writeStartObject();
        g.writeStringField("IndexName", gsi.name());
        g.writeArrayFieldStart("KeySchema");
        for (KeyAttribute k : gsi.partitionKey()) {
            keyElement(g, k, WireEnums.HASH);
        }
        for (KeyAttribute k : gsi.sortKey()) {
            keyElement(g, k, WireEnums.RANGE);
        }
        g.writeEndArray();
        projection(g, gsi.projection());
        ProvisionedThroughput throughput =
                gsi.provisionedThroughput() != null ? gsi.provisionedThroughput() : table.provisionedThroughput();
        if (table.provisionedThroughput() != null && throughput != null) {
            throughput(g, throughput);
        }
        g.writeEndObject();
    }

    private static void keyElement(JsonGenerator g, KeyAttribute key, String keyType) throws IOException {
        g.writeStartObject();
        g.writeStringField("AttributeName", key.name());
        g.writeStringField("KeyType", keyType);
        g.writeEndObject();
    }

    private static void projection(JsonGenerator g, Projection projection) throws IOException {
        g.writeObjectFieldStart("Projection");
        g.writeStringField("ProjectionType", WireEnums.projectionType(projection.type()));
        if (projection.type() == ProjectionType.INCLUDE) {
            g.writeArrayFieldStart("NonKeyAttributes");
            for (String a : projection.nonKeyAttributes()) {
                g.writeString(a);
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    private static void throughput(JsonGenerator g, ProvisionedThroughput throughput) throws IOException {
        g.writeObjectFieldStart("ProvisionedThroughput");
        g.writeNumberField("ReadCapacityUnits", throughput.readCapacityUnits());
        g.writeNumberField("WriteCapacityUnits", throughput.writeCapacityUnits());
        g.writeEndObject();
    }
}
