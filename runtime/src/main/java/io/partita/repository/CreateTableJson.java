package io.partita.repository;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.partita.internal.RuntimeMessage;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.LocalSecondaryIndex;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProjectionType;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.storage.schema.TableDefinition;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Prints a {@link TableDefinition} as DynamoDB's CreateTable request JSON, accepted by
 * {@code aws dynamodb create-table --cli-input-json file://table.json}: TableName, AttributeDefinitions (every
 * key attribute of table and indexes, once, in first-use order), KeySchema, LocalSecondaryIndexes,
 * GlobalSecondaryIndexes (a multi-attribute key lists several HASH and/or RANGE elements in key order),
 * each with its Projection, and BillingMode PAY_PER_REQUEST unless the table sets provisioned throughput.
 */
public final class CreateTableJson {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private CreateTableJson() {}

    /** The request as pretty-printed JSON (two-space indent, stable field order). */
    public static String print(TableDefinition table) {
        try {
            return Mapper.PRETTY.writeValueAsString(toJson(table)) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(RuntimeMessage.CreateTableNotPrintable.format(table.name()), e);
        }
    }

    /** The request as a JSON tree. */
    public static ObjectNode toJson(TableDefinition table) {
        Map<String, KeyAttribute> definitions = new LinkedHashMap<>();
        ObjectNode root = NODES.objectNode();
        root.put("TableName", table.name());
        root.putNull("AttributeDefinitions"); // keeps DynamoDB's field order; filled below
        ArrayNode keySchema = root.putArray("KeySchema");
        keyElement(keySchema, table.partitionKey(), "HASH", definitions);
        if (table.sortKey() != null) {
            keyElement(keySchema, table.sortKey(), "RANGE", definitions);
        }
        if (!table.localSecondaryIndexes().isEmpty()) {
            ArrayNode lsis = root.putArray("LocalSecondaryIndexes");
            for (LocalSecondaryIndex lsi : table.localSecondaryIndexes()) {
                ObjectNode index = lsis.addObject();
                index.put("IndexName", lsi.name());
                ArrayNode schema = index.putArray("KeySchema");
                keyElement(schema, table.partitionKey(), "HASH", definitions);
                keyElement(schema, lsi.sortKey(), "RANGE", definitions);
                index.set("Projection", projection(lsi.projection()));
            }
        }
        if (!table.globalSecondaryIndexes().isEmpty()) {
            ArrayNode gsis = root.putArray("GlobalSecondaryIndexes");
            for (GlobalSecondaryIndex gsi : table.globalSecondaryIndexes()) {
                ObjectNode index = gsis.addObject();
                index.put("IndexName", gsi.name());
                ArrayNode schema = index.putArray("KeySchema");
                for (KeyAttribute k : gsi.partitionKey()) {
                    keyElement(schema, k, "HASH", definitions);
                }
                for (KeyAttribute k : gsi.sortKey()) {
                    keyElement(schema, k, "RANGE", definitions);
                }
                index.set("Projection", projection(gsi.projection()));
                ProvisionedThroughput throughput = gsi.provisionedThroughput() != null
                        ? gsi.provisionedThroughput()
                        : table.provisionedThroughput();
                if (table.provisionedThroughput() != null && throughput != null) {
                    index.set("ProvisionedThroughput", throughput(throughput));
                }
            }
        }
        if (table.provisionedThroughput() != null) {
            root.put("BillingMode", "PROVISIONED");
            root.set("ProvisionedThroughput", throughput(table.provisionedThroughput()));
        } else {
            root.put("BillingMode", "PAY_PER_REQUEST");
        }
        ArrayNode attributeDefinitions = NODES.arrayNode();
        for (KeyAttribute k : definitions.values()) {
            ObjectNode d = attributeDefinitions.addObject();
            d.put("AttributeName", k.name());
            d.put("AttributeType", k.type().name());
        }
        root.set("AttributeDefinitions", attributeDefinitions);
        return root;
    }

    private static void keyElement(
            ArrayNode schema, KeyAttribute key, String keyType, Map<String, KeyAttribute> definitions) {
        KeyAttribute previous = definitions.putIfAbsent(key.name(), key);
        if (previous != null && previous.type() != key.type()) {
            throw new IllegalArgumentException(
                    RuntimeMessage.KeyAttributeTypeConflict.format(key.name(), previous.type(), key.type()));
        }
        ObjectNode element = schema.addObject();
        element.put("AttributeName", key.name());
        element.put("KeyType", keyType);
    }

    private static ObjectNode projection(Projection projection) {
        ObjectNode node = NODES.objectNode();
        node.put("ProjectionType", projection.type().name());
        if (projection.type() == ProjectionType.INCLUDE) {
            ArrayNode attributes = node.putArray("NonKeyAttributes");
            List<String> names = projection.nonKeyAttributes();
            names.forEach(attributes::add);
        }
        return node;
    }

    private static ObjectNode throughput(ProvisionedThroughput throughput) {
        ObjectNode node = NODES.objectNode();
        node.put("ReadCapacityUnits", throughput.readCapacityUnits());
        node.put("WriteCapacityUnits", throughput.writeCapacityUnits());
        return node;
    }

    private static final class Mapper {
        static final ObjectMapper PRETTY = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }
}
