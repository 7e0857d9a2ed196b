package io.partita.dynamodb;

import io.partita.storage.api.IndexDescription;
import io.partita.storage.api.TableDescription;
import io.partita.storage.api.TableStatus;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.LocalSecondaryIndex;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProjectionType;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.storage.schema.StreamSpecification;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputDescription;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;

/**
 * Table schemas both ways: a core {@link TableDefinition} (or one more GSI) as the SDK's CreateTable (UpdateTable)
 * request, and the SDK's table description as the core's {@link TableDescription}, its definition rebuilt from the
 * key schemas and attribute definitions.
 */
final class SdkTables {
    private SdkTables() {}

    /** See {@link DynamoDbBackend#createTableRequest(TableDefinition)}. */
    static CreateTableRequest createTable(TableDefinition d) {
        Map<String, AttributeType> types = new LinkedHashMap<>();
        List<KeySchemaElement> keySchema = new ArrayList<>();
        keySchema.add(element(d.partitionKey().name(), KeyType.HASH));
        types.put(d.partitionKey().name(), d.partitionKey().type());
        if (d.sortKey() != null) {
            keySchema.add(element(d.sortKey().name(), KeyType.RANGE));
            types.put(d.sortKey().name(), d.sortKey().type());
        }
        List<software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex> gsis = new ArrayList<>();
        for (GlobalSecondaryIndex g : d.globalSecondaryIndexes()) {
            addKeyTypes(g, types);
            var gb = software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex.builder()
                    .indexName(g.name())
                    .keySchema(keySchema(g))
                    .projection(projection(g.projection()));
            if (d.provisionedThroughput() != null) {
                gb.provisionedThroughput(throughput(
                        g.provisionedThroughput() != null ? g.provisionedThroughput() : d.provisionedThroughput()));
            }
            gsis.add(gb.build());
        }
        List<software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex> lsis = new ArrayList<>();
        for (LocalSecondaryIndex l : d.localSecondaryIndexes()) {
            types.putIfAbsent(l.sortKey().name(), l.sortKey().type());
            lsis.add(software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex.builder()
                    .indexName(l.name())
                    .keySchema(
                            element(d.partitionKey().name(), KeyType.HASH),
                            element(l.sortKey().name(), KeyType.RANGE))
                    .projection(projection(l.projection()))
                    .build());
        }
        CreateTableRequest.Builder b = CreateTableRequest.builder()
                .tableName(d.name())
                .keySchema(keySchema)
                .attributeDefinitions(attributeDefinitions(types));
        if (!gsis.isEmpty()) {
            b.globalSecondaryIndexes(gsis);
        }
        if (!lsis.isEmpty()) {
            b.localSecondaryIndexes(lsis);
        }
        if (d.provisionedThroughput() != null) {
            b.billingMode(BillingMode.PROVISIONED).provisionedThroughput(throughput(d.provisionedThroughput()));
        } else {
            b.billingMode(BillingMode.PAY_PER_REQUEST);
        }
        if (d.streamSpecification().enabled()) {
            b.streamSpecification(streamSpecification(d.streamSpecification()));
        }
        return b.build();
    }

    /** The UpdateTable request enabling (with a view type) or disabling a table's stream. */
    static UpdateTableRequest updateStreamSpecification(String tableName, StreamSpecification specification) {
        return UpdateTableRequest.builder()
                .tableName(tableName)
                .streamSpecification(streamSpecification(specification))
                .build();
    }

    private static software.amazon.awssdk.services.dynamodb.model.StreamSpecification streamSpecification(
            StreamSpecification s) {
        var b = software.amazon.awssdk.services.dynamodb.model.StreamSpecification.builder()
                .streamEnabled(s.enabled());
        if (s.viewType() != null) {
            b.streamViewType(s.viewType().name());
        }
        return b.build();
    }

    /**
     * The UpdateTable request adding {@code index} to a table whose definition is {@code current}: the index's
     * key attributes defined, its own throughput or else the table's (none on an on-demand table).
     */
    static UpdateTableRequest createGlobalSecondaryIndex(
            String tableName, TableDefinition current, GlobalSecondaryIndex index) {
        Map<String, AttributeType> types = new LinkedHashMap<>();
        addKeyTypes(index, types);
        ProvisionedThroughput throughput =
                index.provisionedThroughput() != null ? index.provisionedThroughput() : current.provisionedThroughput();
        var gsi = CreateGlobalSecondaryIndexAction.builder()
                .indexName(index.name())
                .keySchema(keySchema(index))
                .projection(projection(index.projection()));
        if (throughput != null) {
            gsi.provisionedThroughput(throughput(throughput));
        }
        return UpdateTableRequest.builder()
                .tableName(tableName)
                .attributeDefinitions(attributeDefinitions(types))
                .globalSecondaryIndexUpdates(
                        GlobalSecondaryIndexUpdate.builder().create(gsi.build()).build())
                .build();
    }

    /** The UpdateTable request deleting the GSI {@code indexName}. */
    static UpdateTableRequest deleteGlobalSecondaryIndex(String tableName, String indexName) {
        return UpdateTableRequest.builder()
                .tableName(tableName)
                .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder()
                        .delete(d -> d.indexName(indexName))
                        .build())
                .build();
    }

    /** Adds the types of a GSI's key attributes not defined yet (the first definition of a name wins). */
    private static void addKeyTypes(GlobalSecondaryIndex g, Map<String, AttributeType> types) {
        g.partitionKey().forEach(k -> types.putIfAbsent(k.name(), k.type()));
        g.sortKey().forEach(k -> types.putIfAbsent(k.name(), k.type()));
    }

    private static List<AttributeDefinition> attributeDefinitions(Map<String, AttributeType> types) {
        List<AttributeDefinition> definitions = new ArrayList<>();
        types.forEach((n, t) -> definitions.add(AttributeDefinition.builder()
                .attributeName(n)
                .attributeType(ScalarAttributeType.fromValue(t.name()))
                .build()));
        return definitions;
    }

    /** A GSI's key schema: a multi-attribute key lists several HASH / RANGE elements in key order. */
    private static List<KeySchemaElement> keySchema(GlobalSecondaryIndex g) {
        List<KeySchemaElement> out = new ArrayList<>();
        g.partitionKey().forEach(k -> out.add(element(k.name(), KeyType.HASH)));
        g.sortKey().forEach(k -> out.add(element(k.name(), KeyType.RANGE)));
        return out;
    }

    private static KeySchemaElement element(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    private static software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput throughput(
            ProvisionedThroughput t) {
        return software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput.builder()
                .readCapacityUnits(t.readCapacityUnits())
                .writeCapacityUnits(t.writeCapacityUnits())
                .build();
    }

    private static software.amazon.awssdk.services.dynamodb.model.Projection projection(Projection p) {
        var b = software.amazon.awssdk.services.dynamodb.model.Projection.builder()
                .projectionType(software.amazon.awssdk.services.dynamodb.model.ProjectionType.fromValue(
                        p.type().name()));
        if (p.type() == ProjectionType.INCLUDE) {
            b.nonKeyAttributes(p.nonKeyAttributes());
        }
        return b.build();
    }

    // ---- descriptions -------------------------------------------------------------------------------------------

    /** The core's description of an SDK table description, its definition rebuilt from key schemas and attribute definitions. */
    static TableDescription description(software.amazon.awssdk.services.dynamodb.model.TableDescription t) {
        Map<String, AttributeType> types = new LinkedHashMap<>();
        if (t.hasAttributeDefinitions()) {
            t.attributeDefinitions()
                    .forEach(a -> types.put(a.attributeName(), AttributeType.valueOf(a.attributeTypeAsString())));
        }
        TableDefinition.Builder d = TableDefinition.builder(t.tableName());
        for (KeySchemaElement e : t.keySchema()) {
            KeyAttribute k = new KeyAttribute(e.attributeName(), types.get(e.attributeName()));
            if (e.keyType() == KeyType.HASH) {
                d.partitionKey(k);
            } else {
                d.sortKey(k);
            }
        }
        boolean onDemand =
                t.billingModeSummary() != null && t.billingModeSummary().billingMode() == BillingMode.PAY_PER_REQUEST;
        ProvisionedThroughput tableThroughput = provisioned(onDemand, t.provisionedThroughput());
        if (tableThroughput != null) {
            d.provisionedThroughput(tableThroughput);
        }
        List<IndexDescription> indexes = new ArrayList<>();
        if (t.hasGlobalSecondaryIndexes()) {
            for (GlobalSecondaryIndexDescription g : t.globalSecondaryIndexes()) {
                d.globalSecondaryIndex(globalSecondaryIndex(g, types, onDemand));
                indexes.add(new IndexDescription(
                        g.indexName(),
                        status(g.indexStatusAsString()),
                        orZero(g.itemCount()),
                        orZero(g.indexSizeBytes())));
            }
        }
        if (t.hasLocalSecondaryIndexes()) {
            for (LocalSecondaryIndexDescription l : t.localSecondaryIndexes()) {
                KeySchemaElement range = l.keySchema().stream()
                        .filter(e -> e.keyType() == KeyType.RANGE)
                        .findFirst()
                        .orElseThrow();
                d.localSecondaryIndex(
                        l.indexName(),
                        new KeyAttribute(range.attributeName(), types.get(range.attributeName())),
                        projection(l.projection()));
                indexes.add(new IndexDescription(
                        l.indexName(), TableStatus.ACTIVE, orZero(l.itemCount()), orZero(l.indexSizeBytes())));
            }
        }
        d.streamSpecification(streamSpecification(t.streamSpecification()));
        return new TableDescription(
                d.build(),
                status(t.tableStatusAsString()),
                orZero(t.itemCount()),
                orZero(t.tableSizeBytes()),
                indexes,
                t.latestStreamArn(),
                t.latestStreamLabel());
    }

    /** A described table's stream specification: DISABLED when it has none or it is not enabled. */
    private static StreamSpecification streamSpecification(
            software.amazon.awssdk.services.dynamodb.model.StreamSpecification s) {
        if (s == null || !Boolean.TRUE.equals(s.streamEnabled()) || s.streamViewTypeAsString() == null) {
            return StreamSpecification.DISABLED;
        }
        return StreamSpecification.enabled(StreamViewType.valueOf(s.streamViewTypeAsString()));
    }

    private static GlobalSecondaryIndex globalSecondaryIndex(
            GlobalSecondaryIndexDescription g, Map<String, AttributeType> types, boolean onDemand) {
        List<KeyAttribute> hash = new ArrayList<>();
        List<KeyAttribute> range = new ArrayList<>();
        for (KeySchemaElement e : g.keySchema()) {
            (e.keyType() == KeyType.HASH ? hash : range)
                    .add(new KeyAttribute(e.attributeName(), types.get(e.attributeName())));
        }
        return new GlobalSecondaryIndex(
                g.indexName(),
                hash,
                range,
                projection(g.projection()),
                provisioned(onDemand, g.provisionedThroughput()));
    }

    /** Provisioned throughput of a provisioned table or its GSI; null on demand (DynamoDB then reports zeros). */
    private static ProvisionedThroughput provisioned(boolean onDemand, ProvisionedThroughputDescription pt) {
        return !onDemand && pt != null && pt.readCapacityUnits() != null && pt.readCapacityUnits() > 0
                ? new ProvisionedThroughput(pt.readCapacityUnits(), pt.writeCapacityUnits())
                : null;
    }

    private static long orZero(Long v) {
        return v == null ? 0 : v;
    }

    /** A table's or GSI's status; UPDATING also stands for ARCHIVING and INACCESSIBLE_ENCRYPTION_CREDENTIALS (not usable now). */
    private static TableStatus status(String status) {
        if (status == null) {
            return TableStatus.ACTIVE;
        }
        return switch (status) {
            case "CREATING" -> TableStatus.CREATING;
            case "DELETING" -> TableStatus.DELETING;
            case "ACTIVE" -> TableStatus.ACTIVE;
            default -> TableStatus.UPDATING;
        };
    }

    private static Projection projection(software.amazon.awssdk.services.dynamodb.model.Projection p) {
        if (p == null || p.projectionType() == null) {
            return Projection.all();
        }
        return switch (p.projectionTypeAsString()) {
            case "KEYS_ONLY" -> Projection.keysOnly();
            case "INCLUDE" -> Projection.include(p.hasNonKeyAttributes() ? p.nonKeyAttributes() : List.of());
            default -> Projection.all();
        };
    }
}
