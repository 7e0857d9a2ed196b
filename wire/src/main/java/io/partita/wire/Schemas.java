package io.partita.wire;

import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProjectionType;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.storage.value.AttributeType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The schema members of CreateTable and UpdateTable checked in DynamoDB's order, with DynamoDB's messages. */
final class Schemas {
    private Schemas() {}

    /** {@code AttributeDefinitions} by name; required. */
    static Map<String, AttributeType> definitions(List<SchemaReader.Definition> defs) {
        if (defs == null) {
            throw WireException.missing("attributeDefinitions");
        }
        Map<String, AttributeType> out = new LinkedHashMap<>();
        for (SchemaReader.Definition d : defs) {
            String n = Input.required(d.name(), "attributeDefinitions.member.attributeName");
            String t = Input.required(d.type(), "attributeDefinitions.member.attributeType");
            if (out.put(n, WireEnums.attributeType(t)) != null) {
                throw WireException.validation("Cannot have two attributes with the same name");
            }
        }
        return out;
    }

    /** Sorts a key schema into its HASH and RANGE keys, noting each attribute used in {@code used}. */
    static void keys(
            List<SchemaReader.Key> keySchema,
            Map<String, AttributeType> defined,
            Set<String> used,
            List<KeyAttribute> hash,
            List<KeyAttribute> range) {
        if (keySchema == null || keySchema.isEmpty()) {
            throw WireException.missing("keySchema");
        }
        for (SchemaReader.Key k : keySchema) {
            String n = Input.required(k.name(), "keySchema.member.attributeName");
            String type = Input.required(k.keyType(), "keySchema.member.keyType");
            AttributeType t = defined.get(n);
            if (t == null) {
                throw WireException.validation(
                        "One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: ["
                                + n + "], AttributeDefinitions: "
                                + defined.keySet().toString());
            }
            used.add(n);
            boolean isHash = WireEnums.isHash(type);
            if (isHash && !range.isEmpty()) {
                throw WireException.validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
            }
            (isHash ? hash : range).add(new KeyAttribute(n, t));
        }
        if (hash.isEmpty()) {
            throw WireException.validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
        }
    }

    static GlobalSecondaryIndex gsi(
            SchemaReader.Index g, Map<String, AttributeType> defined, Set<String> used, String billing) {
        String indexName = Input.required(g.indexName(), "globalSecondaryIndexes.member.indexName");
        List<KeyAttribute> gh = new ArrayList<>();
        List<KeyAttribute> gr = new ArrayList<>();
        keys(g.keySchema(), defined, used, gh, gr);
        ProvisionedThroughput t = throughput(g.throughput());
        if (WireEnums.PROVISIONED.equals(billing) && t == null) {
            throw WireException.validation(
                    "One or more parameter values were invalid: ProvisionedThroughput must be specified for index: "
                            + indexName);
        }
        if (WireEnums.PAY_PER_REQUEST.equals(billing) && t != null) {
            throw WireException.validation(
                    "One or more parameter values were invalid: ProvisionedThroughput should not be specified for index: "
                            + indexName + " when BillingMode is PAY_PER_REQUEST");
        }
        return new GlobalSecondaryIndex(indexName, gh, gr, projection(g.projection(), indexName), t);
    }

    static Projection projection(SchemaReader.RawProjection p, String indexName) {
        if (p == null) {
            throw WireException.missing("projection");
        }
        String type = p.type();
        List<String> nonKey = p.nonKeyAttributes();
        List<String> attrs = nonKey == null ? new ArrayList<>() : new ArrayList<>(nonKey);
        if (type == null) {
            throw WireException.validation("One or more parameter values were invalid: Unknown ProjectionType: null");
        }
        ProjectionType pt = WireEnums.projectionType(type);
        if (pt != ProjectionType.INCLUDE && nonKey != null) {
            throw WireException.validation("One or more parameter values were invalid: ProjectionType is " + type
                    + ", but NonKeyAttributes is specified");
        }
        if (pt == ProjectionType.INCLUDE && attrs.isEmpty()) {
            throw WireException.validation(
                    "One or more parameter values were invalid: NonKeyAttributes must not be empty for index "
                            + indexName);
        }
        return new Projection(pt, attrs);
    }

    static ProvisionedThroughput throughput(SchemaReader.Throughput t) {
        if (t == null) {
            return null;
        }
        Long read = t.read();
        Long write = t.write();
        if (read == null || write == null) {
            throw WireException.missing("provisionedThroughput.readCapacityUnits");
        }
        if (read < 1 || write < 1) {
            throw WireException.validation(
                    "One or more parameter values were invalid: Provisioned throughput values must be at least 1: ReadCapacityUnits "
                            + read + ", WriteCapacityUnits " + write);
        }
        return new ProvisionedThroughput(read, write);
    }
}
