package io.partita.repository;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.partita.internal.RuntimeMessage;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import io.partita.wire.CreateTableRequests;
import java.io.UncheckedIOException;
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

    /**
     * The request as pretty-printed JSON in the wire codec's file layout (two-space indent, stable field order,
     * the processor's {@code <Table>.create-table.json} byte for byte).
     */
    public static String print(TableDefinition table) {
        Map<String, KeyAttribute> definitions = definitions(table);
        try {
            return CreateTableRequests.print(table, definitions.values()) + System.lineSeparator();
        } catch (UncheckedIOException e) {
            throw new IllegalStateException(RuntimeMessage.CreateTableNotPrintable.format(table.name()), e);
        }
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
