package io.partita.server;

import com.fasterxml.jackson.core.JsonGenerator;
import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.Storage;
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
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The control plane: CreateTable, DescribeTable, ListTables, UpdateTable, DeleteTable, DescribeLimits, the
 * tagging calls and the TTL settings. The core keeps the schema, the live figures and the time-to-live setting
 * (which it acts on); what DynamoDB reports beyond them (creation time, ARN, billing mode, tags, deletion
 * protection) is kept here, per
 * table, and in a state file when the server has one ({@link TableState}: with {@code --data-dir}). All credentials and regions share one database, as DynamoDB Local's {@code -sharedDb}; ARNs use
 * DynamoDB Local's region and account ({@code arn:aws:dynamodb:ddblocal:000000000000:table/<name>}).
 */
final class Tables {
    static final String ARN_PREFIX = "arn:aws:dynamodb:ddblocal:000000000000:table/";

    /** What DynamoDB reports of a table beyond its schema. */
    static final class Meta {
        final double created;
        final String id;
        volatile String billingMode;
        volatile ProvisionedThroughput throughput;
        final Map<String, String> tags = new ConcurrentHashMap<>();
        volatile boolean deletionProtection;
        volatile Map<String, Object> streamSpecification;

        Meta(String billingMode, ProvisionedThroughput throughput) {
            this(System.currentTimeMillis() / 1000.0, UUID.randomUUID().toString(), billingMode, throughput);
        }

        Meta(double created, String id, String billingMode, ProvisionedThroughput throughput) {
            this.created = created;
            this.id = id;
            this.billingMode = billingMode;
            this.throughput = throughput;
        }
    }

    private final Storage storage;
    private final Map<String, Meta> meta = new ConcurrentHashMap<>();
    private final TableState state;

    /** {@code stateFile}: where {@link Meta} outlives a restart ({@link TableState}); null: in memory only. */
    Tables(Storage storage, Path stateFile) {
        this.storage = storage;
        this.state = stateFile == null ? null : new TableState(stateFile);
        if (state != null) {
            meta.putAll(state.load(storage.listTables()));
        }
    }

    /** Writes every table's {@link Meta} to the state file, when there is one (after each control-plane change). */
    private void saved() {
        if (state != null) {
            state.save(meta);
        }
    }

    private Meta meta(String table) {
        return meta.computeIfAbsent(table, t -> new Meta("PAY_PER_REQUEST", null));
    }

    // ---- CreateTable ------------------------------------------------------------------------------------

    void createTable(Req r, Operations.Out out) throws IOException {
        String name = r.required("TableName", "tableName");
        Map<String, AttributeType> defined = attributeDefinitions(r);
        Set<String> used = new LinkedHashSet<>();
        List<Req> keySchema = r.objects("KeySchema");
        if (keySchema == null) {
            throw ApiException.validation(
                    "1 validation error detected: Value null at 'keySchema' failed to satisfy constraint: Member must not be null");
        }
        List<KeyAttribute> hash = new ArrayList<>();
        List<KeyAttribute> range = new ArrayList<>();
        keys(keySchema, defined, used, hash, range);
        if (hash.size() != 1 || range.size() > 1 || keySchema.size() > 2) {
            throw ApiException.validation(
                    "1 validation error detected: Value '" + keySchema.size()
                            + "' at 'keySchema' failed to satisfy constraint: Member must have length less than or equal to 2 and contain exactly one HASH key");
        }
        String billing = r.string("BillingMode");
        if (billing == null) {
            billing = "PROVISIONED";
        }
        ProvisionedThroughput throughput = throughput(r.object("ProvisionedThroughput"));
        if (billing.equals("PROVISIONED") && throughput == null) {
            throw ApiException.validation(
                    "One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED");
        }
        if (billing.equals("PAY_PER_REQUEST") && throughput != null) {
            throw ApiException.validation(
                    "One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
        }
        if (!billing.equals("PROVISIONED") && !billing.equals("PAY_PER_REQUEST")) {
            throw ApiException.validation(
                    "1 validation error detected: Value '" + billing
                            + "' at 'billingMode' failed to satisfy constraint: Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]");
        }
        TableDefinition.Builder b = TableDefinition.builder(name)
                .partitionKey(hash.get(0))
                .sortKey(range.isEmpty() ? null : range.get(0))
                .provisionedThroughput(throughput);
        List<Req> gsis = r.objects("GlobalSecondaryIndexes");
        if (gsis != null) {
            if (gsis.isEmpty()) {
                throw ApiException.validation(
                        "One or more parameter values were invalid: List of GlobalSecondaryIndexes is empty");
            }
            for (Req g : gsis) {
                b.globalSecondaryIndex(gsi(g, defined, used, billing));
            }
        }
        List<Req> lsis = r.objects("LocalSecondaryIndexes");
        if (lsis != null) {
            if (lsis.isEmpty()) {
                throw ApiException.validation(
                        "One or more parameter values were invalid: List of LocalSecondaryIndexes is empty");
            }
            for (Req l : lsis) {
                String indexName = l.required("IndexName", "localSecondaryIndexes.member.indexName");
                List<KeyAttribute> lh = new ArrayList<>();
                List<KeyAttribute> lr = new ArrayList<>();
                keys(l.objects("KeySchema"), defined, used, lh, lr);
                if (lh.size() != 1 || lr.size() != 1) {
                    if (range.isEmpty()) {
                        throw ApiException.validation(
                                "One or more parameter values were invalid: Local Secondary indices are not allowed on hash tables, only hash and range tables");
                    }
                    throw ApiException.validation(
                            "One or more parameter values were invalid: Index KeySchema must have a hash and a range key: "
                                    + indexName);
                }
                if (!lh.get(0).name().equals(hash.get(0).name())) {
                    throw ApiException.validation(
                            "One or more parameter values were invalid: Index KeySchema does not have the same leading hash key as table KeySchema for index: "
                                    + indexName + ". index hash key: "
                                    + lh.get(0).name() + ", table hash key: "
                                    + hash.get(0).name());
                }
                b.localSecondaryIndex(indexName, lr.get(0), projection(l.object("Projection"), indexName));
            }
        }
        if (used.size() != defined.size()) {
            throw ApiException.validation(
                    "The number of attributes in key schema must match the number of attributes defined in attribute definitions.");
        }
        TableDescription d = storage.createTable(b.build());
        Meta m = new Meta(billing, throughput);
        m.deletionProtection = r.bool("DeletionProtectionEnabled");
        m.streamSpecification = r.has("StreamSpecification") ? r.object("StreamSpecification").json : null;
        List<Req> tags = r.objects("Tags");
        if (tags != null) {
            putTags(m, tags);
        }
        meta.put(name, m);
        saved();
        JsonGenerator g = out.g;
        g.writeStartObject();
        g.writeFieldName("TableDescription");
        describe(g, d, m);
        g.writeEndObject();
    }

    private static Map<String, AttributeType> attributeDefinitions(Req r) {
        List<Req> defs = r.objects("AttributeDefinitions");
        if (defs == null) {
            throw ApiException.validation(
                    "1 validation error detected: Value null at 'attributeDefinitions' failed to satisfy constraint: Member must not be null");
        }
        Map<String, AttributeType> out = new LinkedHashMap<>();
        for (Req d : defs) {
            String n = d.required("AttributeName", "attributeDefinitions.member.attributeName");
            String t = d.required("AttributeType", "attributeDefinitions.member.attributeType");
            if (!t.equals("S") && !t.equals("N") && !t.equals("B")) {
                throw ApiException.validation(
                        "1 validation error detected: Value '" + t
                                + "' at 'attributeDefinitions.member.attributeType' failed to satisfy constraint: Member must satisfy enum value set: [B, N, S]");
            }
            if (out.put(n, AttributeType.valueOf(t)) != null) {
                throw ApiException.validation("Cannot have two attributes with the same name");
            }
        }
        return out;
    }

    private static void keys(
            List<Req> keySchema,
            Map<String, AttributeType> defined,
            Set<String> used,
            List<KeyAttribute> hash,
            List<KeyAttribute> range) {
        if (keySchema == null || keySchema.isEmpty()) {
            throw ApiException.validation(
                    "1 validation error detected: Value null at 'keySchema' failed to satisfy constraint: Member must not be null");
        }
        for (Req k : keySchema) {
            String n = k.required("AttributeName", "keySchema.member.attributeName");
            String type = k.required("KeyType", "keySchema.member.keyType");
            AttributeType t = defined.get(n);
            if (t == null) {
                throw ApiException.validation(
                        "One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: ["
                                + n + "], AttributeDefinitions: "
                                + defined.keySet().toString());
            }
            used.add(n);
            if (type.equals("HASH")) {
                if (!range.isEmpty()) {
                    throw ApiException.validation(
                            "Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
                }
                hash.add(new KeyAttribute(n, t));
            } else if (type.equals("RANGE")) {
                range.add(new KeyAttribute(n, t));
            } else {
                throw ApiException.validation(
                        "1 validation error detected: Value '" + type
                                + "' at 'keySchema.member.keyType' failed to satisfy constraint: Member must satisfy enum value set: [HASH, RANGE]");
            }
        }
        if (hash.isEmpty()) {
            throw ApiException.validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
        }
    }

    private static GlobalSecondaryIndex gsi(
            Req g, Map<String, AttributeType> defined, Set<String> used, String billing) {
        String indexName = g.required("IndexName", "globalSecondaryIndexes.member.indexName");
        List<KeyAttribute> gh = new ArrayList<>();
        List<KeyAttribute> gr = new ArrayList<>();
        keys(g.objects("KeySchema"), defined, used, gh, gr);
        ProvisionedThroughput t = throughput(g.object("ProvisionedThroughput"));
        if ("PROVISIONED".equals(billing) && t == null) {
            throw ApiException.validation(
                    "One or more parameter values were invalid: ProvisionedThroughput must be specified for index: "
                            + indexName);
        }
        if ("PAY_PER_REQUEST".equals(billing) && t != null) {
            throw ApiException.validation(
                    "One or more parameter values were invalid: ProvisionedThroughput should not be specified for index: "
                            + indexName + " when BillingMode is PAY_PER_REQUEST");
        }
        return new GlobalSecondaryIndex(indexName, gh, gr, projection(g.object("Projection"), indexName), t);
    }

    private static Projection projection(Req p, String indexName) {
        if (p == null) {
            throw ApiException.validation(
                    "1 validation error detected: Value null at 'projection' failed to satisfy constraint: Member must not be null");
        }
        String type = p.string("ProjectionType");
        List<Object> nonKey = p.list("NonKeyAttributes");
        List<String> attrs = new ArrayList<>();
        if (nonKey != null) {
            for (Object o : nonKey) {
                attrs.add((String) o);
            }
        }
        if (type == null) {
            throw ApiException.validation("One or more parameter values were invalid: Unknown ProjectionType: null");
        }
        ProjectionType pt;
        try {
            pt = ProjectionType.valueOf(type);
        } catch (IllegalArgumentException e) {
            throw ApiException.validation(
                    "1 validation error detected: Value '" + type
                            + "' at 'projection.projectionType' failed to satisfy constraint: Member must satisfy enum value set: [ALL, INCLUDE, KEYS_ONLY]");
        }
        if (pt != ProjectionType.INCLUDE && nonKey != null) {
            throw ApiException.validation("One or more parameter values were invalid: ProjectionType is " + type
                    + ", but NonKeyAttributes is specified");
        }
        if (pt == ProjectionType.INCLUDE && attrs.isEmpty()) {
            throw ApiException.validation(
                    "One or more parameter values were invalid: NonKeyAttributes must not be empty for index "
                            + indexName);
        }
        return new Projection(pt, attrs);
    }

    private static ProvisionedThroughput throughput(Req t) {
        if (t == null) {
            return null;
        }
        Long read = t.longValue("ReadCapacityUnits");
        Long write = t.longValue("WriteCapacityUnits");
        if (read == null || write == null) {
            throw ApiException.validation(
                    "1 validation error detected: Value null at 'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: Member must not be null");
        }
        if (read < 1 || write < 1) {
            throw ApiException.validation(
                    "One or more parameter values were invalid: Provisioned throughput values must be at least 1: ReadCapacityUnits "
                            + read + ", WriteCapacityUnits " + write);
        }
        return new ProvisionedThroughput(read, write);
    }

    // ---- DescribeTable, ListTables, DeleteTable ---------------------------------------------------------

    void describeTable(Req r, Operations.Out out) throws IOException {
        String name = r.required("TableName", "tableName");
        TableDescription d = storage.describeTable(name);
        JsonGenerator g = out.g;
        g.writeStartObject();
        g.writeFieldName("Table");
        describe(g, d, meta(name));
        g.writeEndObject();
    }

    void deleteTable(Req r, Operations.Out out) throws IOException {
        String name = r.required("TableName", "tableName");
        Meta m = meta.get(name);
        if (m != null && m.deletionProtection) {
            storage.describeTable(name);
            throw ApiException.validation(
                    "Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first.");
        }
        TableDescription d = storage.deleteTable(name);
        Meta gone = meta.remove(name);
        saved();
        JsonGenerator g = out.g;
        g.writeStartObject();
        g.writeFieldName("TableDescription");
        describe(g, d, gone == null ? new Meta("PAY_PER_REQUEST", null) : gone);
        g.writeEndObject();
    }

    void listTables(Req r, Operations.Out out) throws IOException {
        String start = r.string("ExclusiveStartTableName");
        Integer limit = r.integer("Limit");
        if (limit != null && (limit < 1 || limit > 100)) {
            throw ApiException.validation("1 validation error detected: Value '" + limit
                    + "' at 'limit' failed to satisfy constraint: Member must have value "
                    + (limit < 1 ? "greater than or equal to 1" : "less than or equal to 100"));
        }
        int max = limit == null ? 100 : limit;
        List<String> names = storage.listTables(); // sorted
        List<String> page = new ArrayList<>();
        boolean more = false;
        for (String n : names) {
            if (start != null && n.compareTo(start) <= 0) {
                continue;
            }
            if (page.size() == max) {
                more = true;
                break;
            }
            page.add(n);
        }
        JsonGenerator g = out.g;
        g.writeStartObject();
        if (more) {
            g.writeStringField("LastEvaluatedTableName", page.get(page.size() - 1));
        }
        g.writeArrayFieldStart("TableNames");
        for (String n : page) {
            g.writeString(n);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    // ---- UpdateTable ------------------------------------------------------------------------------------

    void updateTable(Req r, Operations.Out out) throws IOException {
        String name = r.required("TableName", "tableName");
        TableDescription d = storage.describeTable(name);
        Meta m = meta(name);
        Map<String, AttributeType> defined = new LinkedHashMap<>();
        List<Req> defs = r.objects("AttributeDefinitions");
        if (defs != null) {
            defined.putAll(attributeDefinitions(r));
        }
        String billing = r.string("BillingMode");
        ProvisionedThroughput throughput = throughput(r.object("ProvisionedThroughput"));
        String effectiveBilling = billing != null ? billing : m.billingMode;
        if (billing != null && billing.equals("PROVISIONED") && throughput == null && m.throughput == null) {
            throw ApiException.validation(
                    "One or more parameter values were invalid: ProvisionedThroughput must be specified when BillingMode is PROVISIONED");
        }
        if ("PAY_PER_REQUEST".equals(effectiveBilling) && throughput != null) {
            throw ApiException.validation(
                    "One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
        }
        List<Req> updates = r.objects("GlobalSecondaryIndexUpdates");
        boolean anything = billing != null
                || throughput != null
                || updates != null
                || r.has("DeletionProtectionEnabled")
                || r.has("StreamSpecification");
        if (!anything) {
            throw ApiException.validation(
                    "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required");
        }
        if (updates != null) {
            for (Req u : updates) {
                if (u.has("Create")) {
                    Req c = u.object("Create");
                    Set<String> used = new LinkedHashSet<>();
                    d = storage.createGlobalSecondaryIndex(name, gsi(c, defined, used, effectiveBilling));
                } else if (u.has("Delete")) {
                    d = storage.deleteGlobalSecondaryIndex(
                            name,
                            u.object("Delete")
                                    .required("IndexName", "globalSecondaryIndexUpdates.member.delete.indexName"));
                } else if (u.has("Update")) {
                    Req up = u.object("Update");
                    String indexName = up.required("IndexName", "globalSecondaryIndexUpdates.member.update.indexName");
                    boolean exists = d.definition().globalSecondaryIndexes().stream()
                            .anyMatch(x -> x.name().equals(indexName));
                    if (!exists) {
                        throw new ResourceNotFoundException(
                                "Requested resource not found: Index: " + indexName + " not found for table: " + name);
                    }
                } else {
                    throw ApiException.validation(
                            "One or more parameter values were invalid: One of GlobalSecondaryIndexUpdate.Create, Update or Delete must be specified");
                }
            }
        }
        if (billing != null) {
            m.billingMode = billing;
            if (billing.equals("PAY_PER_REQUEST")) {
                m.throughput = null;
            }
        }
        if (throughput != null) {
            m.throughput = throughput;
        }
        if (r.has("DeletionProtectionEnabled")) {
            m.deletionProtection = r.bool("DeletionProtectionEnabled");
        }
        if (r.has("StreamSpecification")) {
            m.streamSpecification = r.object("StreamSpecification").json;
        }
        saved();
        JsonGenerator g = out.g;
        g.writeStartObject();
        g.writeFieldName("TableDescription");
        describe(g, d, m);
        g.writeEndObject();
    }

    // ---- limits, tags, TTL ------------------------------------------------------------------------------

    void describeLimits(Req r, Operations.Out out) throws IOException {
        JsonGenerator g = out.g;
        g.writeStartObject();
        g.writeNumberField("AccountMaxReadCapacityUnits", 80000);
        g.writeNumberField("AccountMaxWriteCapacityUnits", 80000);
        g.writeNumberField("TableMaxReadCapacityUnits", 40000);
        g.writeNumberField("TableMaxWriteCapacityUnits", 40000);
        g.writeEndObject();
    }

    private String tableOfArn(Req r) {
        String arn = r.required("ResourceArn", "resourceArn");
        int slash = arn.indexOf(":table/");
        if (!arn.startsWith("arn:") || slash < 0) {
            throw ApiException.validation("Invalid TableArn: Invalid ResourceArn provided as input " + arn);
        }
        String table = arn.substring(slash + 7);
        int sub = table.indexOf('/');
        if (sub >= 0) {
            table = table.substring(0, sub);
        }
        if (!storage.listTables().contains(table)) {
            throw new ResourceNotFoundException("Requested resource not found: ResourcArn: " + arn + " not found");
        }
        return table;
    }

    /** Adds (or replaces) the tags, all or none: an invalid tag or too many leave the table's tags as they were. */
    private static void putTags(Meta m, List<Req> tags) {
        Map<String, String> merged = new LinkedHashMap<>(m.tags);
        for (Req t : tags) {
            String key = t.required("Key", "tags.member.key");
            String value = t.required("Value", "tags.member.value");
            if (key.isEmpty() || key.length() > 128 || value.length() > 256) {
                throw ApiException.validation(
                        "One or more parameter values were invalid: tag key must be 1 to 128 characters and value at most 256");
            }
            merged.put(key, value);
        }
        if (merged.size() > 50) {
            throw ApiException.validation(
                    "One or more parameter values were invalid: The number of tags exceeds the limit of 50");
        }
        m.tags.putAll(merged);
    }

    void tagResource(Req r, Operations.Out out) throws IOException {
        String table = tableOfArn(r);
        List<Req> tags = r.objects("Tags");
        if (tags == null) {
            throw ApiException.validation(
                    "1 validation error detected: Value null at 'tags' failed to satisfy constraint: Member must not be null");
        }
        putTags(meta(table), tags);
        saved();
        out.g.writeStartObject();
        out.g.writeEndObject();
    }

    void untagResource(Req r, Operations.Out out) throws IOException {
        String table = tableOfArn(r);
        List<Object> keys = r.list("TagKeys");
        if (keys == null) {
            throw ApiException.validation(
                    "1 validation error detected: Value null at 'tagKeys' failed to satisfy constraint: Member must not be null");
        }
        Meta m = meta(table);
        for (Object k : keys) {
            m.tags.remove(String.valueOf(k));
        }
        saved();
        out.g.writeStartObject();
        out.g.writeEndObject();
    }

    void listTagsOfResource(Req r, Operations.Out out) throws IOException {
        String table = tableOfArn(r);
        JsonGenerator g = out.g;
        g.writeStartObject();
        g.writeArrayFieldStart("Tags");
        for (Map.Entry<String, String> e : new java.util.TreeMap<>(meta(table).tags).entrySet()) {
            g.writeStartObject();
            g.writeStringField("Key", e.getKey());
            g.writeStringField("Value", e.getValue());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /** DescribeTimeToLive: the core's setting (kept in the durable catalogue with {@code --data-dir}). */
    void describeTimeToLive(Req r, Operations.Out out) throws IOException {
        String name = r.required("TableName", "tableName");
        TimeToLiveDescription d = storage.describeTimeToLive(name);
        JsonGenerator g = out.g;
        g.writeStartObject();
        g.writeObjectFieldStart("TimeToLiveDescription");
        g.writeStringField("TimeToLiveStatus", d.status().name());
        if (d.attributeName() != null) {
            g.writeStringField("AttributeName", d.attributeName());
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    /**
     * UpdateTimeToLive, applied by the core: with TTL enabled, the core's background sweeper deletes expired items
     * (about a second after they expire), with their index entries.
     */
    void updateTimeToLive(Req r, Operations.Out out) throws IOException {
        String name = r.required("TableName", "tableName");
        Req spec = r.object("TimeToLiveSpecification");
        if (spec == null) {
            throw ApiException.validation(
                    "1 validation error detected: Value null at 'timeToLiveSpecification' failed to satisfy constraint: Member must not be null");
        }
        String attribute = spec.required("AttributeName", "timeToLiveSpecification.attributeName");
        boolean enabled = spec.bool("Enabled");
        TimeToLiveSpecification applied =
                storage.updateTimeToLive(name, new TimeToLiveSpecification(attribute, enabled));
        JsonGenerator g = out.g;
        g.writeStartObject();
        g.writeObjectFieldStart("TimeToLiveSpecification");
        g.writeStringField("AttributeName", applied.attributeName());
        g.writeBooleanField("Enabled", applied.enabled());
        g.writeEndObject();
        g.writeEndObject();
    }

    // ---- TableDescription -------------------------------------------------------------------------------

    static void describe(JsonGenerator g, TableDescription d, Meta m) throws IOException {
        TableDefinition def = d.definition();
        g.writeStartObject();
        Map<String, AttributeType> attrs = new LinkedHashMap<>();
        attrs.put(def.partitionKey().name(), def.partitionKey().type());
        if (def.sortKey() != null) {
            attrs.put(def.sortKey().name(), def.sortKey().type());
        }
        for (LocalSecondaryIndex l : def.localSecondaryIndexes()) {
            attrs.put(l.sortKey().name(), l.sortKey().type());
        }
        for (GlobalSecondaryIndex gsi : def.globalSecondaryIndexes()) {
            gsi.partitionKey().forEach(k -> attrs.put(k.name(), k.type()));
            gsi.sortKey().forEach(k -> attrs.put(k.name(), k.type()));
        }
        g.writeArrayFieldStart("AttributeDefinitions");
        for (Map.Entry<String, AttributeType> e : attrs.entrySet()) {
            g.writeStartObject();
            g.writeStringField("AttributeName", e.getKey());
            g.writeStringField("AttributeType", e.getValue().name());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeStringField("TableName", def.name());
        g.writeArrayFieldStart("KeySchema");
        keyElement(g, def.partitionKey().name(), "HASH");
        if (def.sortKey() != null) {
            keyElement(g, def.sortKey().name(), "RANGE");
        }
        g.writeEndArray();
        g.writeStringField("TableStatus", d.status().name());
        g.writeNumberField("CreationDateTime", m.created);
        throughputDescription(g, m.throughput);
        g.writeNumberField("TableSizeBytes", d.sizeBytes());
        g.writeNumberField("ItemCount", d.itemCount());
        g.writeStringField("TableArn", ARN_PREFIX + def.name());
        g.writeStringField("TableId", m.id);
        if ("PAY_PER_REQUEST".equals(m.billingMode)) {
            g.writeObjectFieldStart("BillingModeSummary");
            g.writeStringField("BillingMode", "PAY_PER_REQUEST");
            g.writeNumberField("LastUpdateToPayPerRequestDateTime", m.created);
            g.writeEndObject();
        }
        Map<String, IndexDescription> live = new LinkedHashMap<>();
        for (IndexDescription i : d.indexes()) {
            live.put(i.indexName(), i);
        }
        if (!def.localSecondaryIndexes().isEmpty()) {
            g.writeArrayFieldStart("LocalSecondaryIndexes");
            for (LocalSecondaryIndex l : def.localSecondaryIndexes()) {
                g.writeStartObject();
                g.writeStringField("IndexName", l.name());
                g.writeArrayFieldStart("KeySchema");
                keyElement(g, def.partitionKey().name(), "HASH");
                keyElement(g, l.sortKey().name(), "RANGE");
                g.writeEndArray();
                projection(g, l.projection());
                IndexDescription i = live.get(l.name());
                g.writeNumberField("IndexSizeBytes", i == null ? 0 : i.sizeBytes());
                g.writeNumberField("ItemCount", i == null ? 0 : i.itemCount());
                g.writeStringField("IndexArn", ARN_PREFIX + def.name() + "/index/" + l.name());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        if (!def.globalSecondaryIndexes().isEmpty()) {
            g.writeArrayFieldStart("GlobalSecondaryIndexes");
            for (GlobalSecondaryIndex gsi : def.globalSecondaryIndexes()) {
                g.writeStartObject();
                g.writeStringField("IndexName", gsi.name());
                g.writeArrayFieldStart("KeySchema");
                for (KeyAttribute k : gsi.partitionKey()) {
                    keyElement(g, k.name(), "HASH");
                }
                for (KeyAttribute k : gsi.sortKey()) {
                    keyElement(g, k.name(), "RANGE");
                }
                g.writeEndArray();
                projection(g, gsi.projection());
                IndexDescription i = live.get(gsi.name());
                g.writeStringField(
                        "IndexStatus", i == null ? "ACTIVE" : i.status().name());
                if (i != null && i.status().name().equals("CREATING")) {
                    g.writeBooleanField("Backfilling", true);
                }
                throughputDescription(g, gsi.provisionedThroughput() != null ? gsi.provisionedThroughput() : null);
                g.writeNumberField("IndexSizeBytes", i == null ? 0 : i.sizeBytes());
                g.writeNumberField("ItemCount", i == null ? 0 : i.itemCount());
                g.writeStringField("IndexArn", ARN_PREFIX + def.name() + "/index/" + gsi.name());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        if (m.streamSpecification != null && Boolean.TRUE.equals(m.streamSpecification.get("StreamEnabled"))) {
            g.writeObjectFieldStart("StreamSpecification");
            g.writeBooleanField("StreamEnabled", true);
            Object viewType = m.streamSpecification.get("StreamViewType");
            if (viewType instanceof String s) {
                g.writeStringField("StreamViewType", s);
            }
            g.writeEndObject();
        }
        g.writeBooleanField("DeletionProtectionEnabled", m.deletionProtection);
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
        g.writeStringField("ProjectionType", p.type().name());
        if (p.type() == ProjectionType.INCLUDE) {
            g.writeArrayFieldStart("NonKeyAttributes");
            for (String a : p.nonKeyAttributes()) {
                g.writeString(a);
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    private static void throughputDescription(JsonGenerator g, ProvisionedThroughput t) throws IOException {
        g.writeObjectFieldStart("ProvisionedThroughput");
        g.writeNumberField("NumberOfDecreasesToday", 0);
        g.writeNumberField("ReadCapacityUnits", t == null ? 0 : t.readCapacityUnits());
        g.writeNumberField("WriteCapacityUnits", t == null ? 0 : t.writeCapacityUnits());
        g.writeEndObject();
    }
}
