package io.partita.repository;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.partita.internal.RuntimeMessage;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import io.partita.wire.CreateTableRequests;
import io.partita.wire.Wire;
import java.io.IOException;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Prints a {@link TableDefinition} as DynamoDB's CreateTable request JSON, accepted by
 * {@code aws dynamodb create-table --cli-input-json file://table.json}: TableName, AttributeDefinitions (every
 * key attribute of table and indexes, once, in first-use order), KeySchema, LocalSecondaryIndexes,
 * GlobalSecondaryIndexes (a multi-attribute key lists several HASH and/or RANGE elements in key order),
 * each with its Projection, and BillingMode PAY_PER_REQUEST unless the table sets provisioned throughput.
 */
public final class CreateTableJson {
    private CreateTableJson() {}

    /** The request as pretty-printed JSON (two-space indent, stable field order), written by the wire codec. */
    public static String print(TableDefinition table) {
        Map<String, KeyAttribute> definitions = definitions(table);
        StringWriter out = new StringWriter();
        try (JsonGenerator g = Wire.FACTORY.createGenerator(out)) {
            g.useDefaultPrettyPrinter();
            CreateTableRequests.write(g, table, definitions.values());
        } catch (IOException e) {
            throw new IllegalStateException(RuntimeMessage.CreateTableNotPrintable.format(table.name()), e);
        }
        return out + System.lineSeparator();
    }

    /** The request as a JSON tree. */
    public static ObjectNode toJson(TableDefinition table) {
        try {
            return (ObjectNode) Mapper.PLAIN.readTree(print(table));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(RuntimeMessage.CreateTableNotPrintable.format(table.name()), e);
        }
    }

    /** Every key attribute once, in first-use order; one name used with two types is an error. */
    private static Map<String, KeyAttribute> definitions(TableDefinition table) {
        Map<String, KeyAttribute> definitions = new LinkedHashMap<>();
        for (KeyAttribute key : CreateTableRequests.keyAttributeUses(table)) {
            KeyAttribute previous = definitions.putIfAbsent(key.name(), key);
            if (previous != null && previous.type() != key.type()) {
                throw new IllegalArgumentException(
                        RuntimeMessage.KeyAttributeTypeConflict.format(key.name(), previous.type(), key.type()));
            }
        }
        return definitions;
    }

    private static final class Mapper {
        static final ObjectMapper PLAIN = new ObjectMapper();
    }
}
