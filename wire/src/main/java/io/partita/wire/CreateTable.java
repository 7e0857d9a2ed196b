package io.partita.wire;

import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A CreateTable request: the core's {@link TableDefinition}, checked as DynamoDB checks it, and what DynamoDB
 * keeps of a table beyond its schema (billing mode, throughput as given, deletion protection, stream
 * specification, and the tags, which the server checks when it applies them).
 */
public record CreateTable(
        TableDefinition definition,
        String billingMode,
        ProvisionedThroughput throughput,
        boolean deletionProtection,
        StreamSpecification streamSpecification,
        List<Tag> tags) {

    /** The members as read, before any check. */
    private static final class Raw {
        String tableName;
        List<SchemaReader.Definition> definitions;
        List<SchemaReader.Key> keySchema;
        String billingMode;
        SchemaReader.Throughput throughput;
        List<SchemaReader.Index> gsis;
        List<SchemaReader.Index> lsis;
        Boolean deletionProtection;
        StreamSpecification stream;
        List<Tag> tags;
    }

    /** Reads and checks a CreateTable body. */
    public static CreateTable read(byte[] body, int offset, int length) {
        return check(JsonIn.readRequest(body, offset, length, new Raw(), MEMBER));
    }

    /** {@link #member} as a named class, not a method reference (see {@code ControlRequests.MEMBER}). */
    private static final JsonIn.Member<Raw> MEMBER = new JsonIn.Member<>() {
        @Override
        public void read(Raw r, JsonIn in, String name) throws IOException {
            member(r, in, name);
        }
    };

    private static void member(Raw r, JsonIn in, String name) throws IOException {
        switch (name) {
            case "TableName" -> r.tableName = in.string(name);
            case "AttributeDefinitions" -> r.definitions = SchemaReader.definitions(in, name);
            case "KeySchema" -> r.keySchema = SchemaReader.keySchema(in, name);
            case "BillingMode" -> r.billingMode = in.string(name);
            case "ProvisionedThroughput" -> r.throughput = SchemaReader.throughput(in, name);
            case "GlobalSecondaryIndexes" -> r.gsis = SchemaReader.indexes(in, name);
            case "LocalSecondaryIndexes" -> r.lsis = SchemaReader.indexes(in, name);
            case "DeletionProtectionEnabled" -> r.deletionProtection = in.bool(name);
            case "StreamSpecification" -> r.stream = SchemaReader.stream(in, name);
            case "Tags" -> r.tags = SchemaReader.tags(in, name);
            default -> in.skip();
        }
    }

    private static CreateTable check(Raw r) {
        String name = Input.required(r.tableName, "tableName");
        Map<String, AttributeType> defined = Schemas.definitions(r.definitions);
        Set<String> used = new LinkedHashSet<>();
        if (r.keySchema == null) {
            throw WireException.missing("keySchema");
        }
        List<KeyAttribute> hash = new ArrayList<>();
        List<KeyAttribute> range = new ArrayList<>();
        Schemas.keys(r.keySchema, defined, used, hash, range);
        if (hash.size() != 1 || range.size() > 1 || r.keySchema.size() > 2) {
            throw WireException.validation(
                    "1 validation error detected: Value '" + r.keySchema.size()
                            + "' at 'keySchema' failed to satisfy constraint: Member must have length less than or equal to 2 and contain exactly one HASH key");
        }
        String billing = r.billingMode == null ? WireEnums.PROVISIONED : r.billingMode;
        ProvisionedThroughput throughput = Schemas.throughput(r.throughput);
        if (billing.equals(WireEnums.PROVISIONED) && throughput == null) {
            throw WireException.validation(
                    "One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED");
        }
        if (billing.equals(WireEnums.PAY_PER_REQUEST) && throughput != null) {
            throw WireException.validation(
                    "One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
        }
        WireEnums.billingMode(billing);
        TableDefinition.Builder b = TableDefinition.builder(name)
                .partitionKey(hash.get(0))
                .sortKey(range.isEmpty() ? null : range.get(0))
                .provisionedThroughput(throughput);
        if (r.gsis != null) {
            if (r.gsis.isEmpty()) {
                throw WireException.validation(
                        "One or more parameter values were invalid: List of GlobalSecondaryIndexes is empty");
            }
            for (SchemaReader.Index g : r.gsis) {
                b.globalSecondaryIndex(Schemas.gsi(g, defined, used, billing));
            }
        }
        if (r.lsis != null) {
            localIndexes(r.lsis, b, defined, used, hash.get(0), range.isEmpty());
        }
        if (used.size() != defined.size()) {
            throw WireException.validation(
                    "The number of attributes in key schema must match the number of attributes defined in attribute definitions.");
        }
        return new CreateTable(
                b.build(), billing, throughput, Boolean.TRUE.equals(r.deletionProtection), r.stream, r.tags);
    }

    private static void localIndexes(
            List<SchemaReader.Index> lsis,
            TableDefinition.Builder b,
            Map<String, AttributeType> defined,
            Set<String> used,
            KeyAttribute tableHash,
            boolean hashTable) {
        if (lsis.isEmpty()) {
            throw WireException.validation(
                    "One or more parameter values were invalid: List of LocalSecondaryIndexes is empty");
        }
        for (SchemaReader.Index l : lsis) {
            String indexName = Input.required(l.indexName(), "localSecondaryIndexes.member.indexName");
            List<KeyAttribute> lh = new ArrayList<>();
            List<KeyAttribute> lr = new ArrayList<>();
            Schemas.keys(l.keySchema(), defined, used, lh, lr);
            if (lh.size() != 1 || lr.size() != 1) {
                if (hashTable) {
                    throw WireException.validation(
                            "One or more parameter values were invalid: Local Secondary indices are not allowed on hash tables, only hash and range tables");
                }
                throw WireException.validation(
                        "One or more parameter values were invalid: Index KeySchema must have a hash and a range key: "
                                + indexName);
            }
            if (!lh.get(0).name().equals(tableHash.name())) {
                throw WireException.validation(
                        "One or more parameter values were invalid: Index KeySchema does not have the same leading hash key as table KeySchema for index: "
                                + indexName + ". index hash key: "
                                + lh.get(0).name() + ", table hash key: "
                                + tableHash.name());
            }
            b.localSecondaryIndex(indexName, lr.get(0), Schemas.projection(l.projection(), indexName));
        }
    }
}
