package io.partita.server;

import com.fasterxml.jackson.core.JsonGenerator;
import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.Storage;
import io.partita.storage.api.TableDescription;
import io.partita.storage.api.TableStatus;
import io.partita.storage.api.TimeToLiveSpecification;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.storage.value.AttributeType;
import io.partita.wire.ControlRequests;
import io.partita.wire.CreateTable;
import io.partita.wire.StreamRequests;
import io.partita.wire.StreamSpecification;
import io.partita.wire.TableDescriptions;
import io.partita.wire.TableFacts;
import io.partita.wire.Tag;
import io.partita.wire.UpdateTable;
import io.partita.wire.WireEnums;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;

/**
 * The control plane: CreateTable, DescribeTable, ListTables, UpdateTable, DeleteTable, DescribeLimits, the
 * tagging calls and the TTL settings. Requests are read and responses written by the wire module. The core keeps
 * the schema, the live figures and the time-to-live setting (which it acts on); what DynamoDB reports beyond
 * them (creation time, ARN, billing mode, tags, deletion protection) is kept here, per table, and in a state file
 * when the server has one ({@link TableState}: with {@code --data-dir}). All credentials and regions share one
 * database, as DynamoDB Local's {@code -sharedDb}.
 */
final class ControlPlane {
    /** What DynamoDB reports of a table beyond its schema. */
    static final class Meta {
        final double created;
        final String id;
        volatile String billingMode;
        volatile ProvisionedThroughput throughput;
        final Map<String, String> tags = new ConcurrentHashMap<>();
        volatile boolean deletionProtection;

        Meta(String billingMode, ProvisionedThroughput throughput) {
            this(System.currentTimeMillis() / 1000.0, UUID.randomUUID().toString(), billingMode, throughput);
        }

        Meta(double created, String id, String billingMode, ProvisionedThroughput throughput) {
            this.created = created;
            this.id = id;
            this.billingMode = billingMode;
            this.throughput = throughput;
        }

        TableFacts facts() {
            return new TableFacts(created, id, billingMode, throughput, deletionProtection);
        }
    }

    private final Storage storage;
    private final Map<String, Meta> meta = new ConcurrentHashMap<>();
    private final TableState state;

    /** {@code stateFile}: where {@link Meta} outlives a restart ({@link TableState}); null: in memory only. */
    ControlPlane(Storage storage, Path stateFile) {
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
        return meta.computeIfAbsent(table, t -> new Meta(WireEnums.PAY_PER_REQUEST, null));
    }

    // ---- CreateTable, DescribeTable, DeleteTable, ListTables --------------------------------------------

    void createTable(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        CreateTable c = CreateTable.read(body, offset, length);
        StreamSpecification stream = c.streamSpecification();
        TableDescription d = storage.createTable(
                stream == null
                        ? c.definition()
                        : c.definition().withStreamSpecification(StreamRequests.specification(stream)));
        Meta m = new Meta(c.billingMode(), c.throughput());
        m.deletionProtection = c.deletionProtection();
        if (c.tags() != null) {
            putTags(m, c.tags());
        }
        meta.put(c.definition().name(), m);
        saved();
        TableDescriptions.writeResponse(g, "TableDescription", d, m.facts());
    }

    void describeTable(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        String name = ControlRequests.tableName(body, offset, length);
        TableDescription d = storage.describeTable(name);
        TableDescriptions.writeResponse(g, "Table", d, meta(name).facts());
    }

    void deleteTable(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        String name = ControlRequests.tableName(body, offset, length);
        Meta m = meta.get(name);
        if (m != null && m.deletionProtection) {
            storage.describeTable(name);
            throw ApiException.validation(
                    "Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first.");
        }
        if (storage.describeTable(name).status() == TableStatus.UPDATING) {
            throw GsiUpdateRules.inUse(name); // DynamoDB refuses DeleteTable while the table is UPDATING
        }
        TableDescription d = storage.deleteTable(name);
        Meta gone = meta.remove(name);
        saved();
        Meta reported = gone == null ? new Meta(WireEnums.PAY_PER_REQUEST, null) : gone;
        TableDescriptions.writeResponse(g, "TableDescription", d, reported.facts());
    }

    void listTables(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        ControlRequests.ListTables r = ControlRequests.listTables(body, offset, length);
        String start = r.exclusiveStartTableName();
        int max = r.limit() == null ? 100 : r.limit();
        List<String> page = new ArrayList<>();
        boolean more = false;
        for (String n : storage.listTables()) { // sorted
            if (start != null && n.compareTo(start) <= 0) {
                continue;
            }
            if (page.size() == max) {
                more = true;
                break;
            }
            page.add(n);
        }
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

    void updateTable(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        UpdateTable r = UpdateTable.read(body, offset, length);
        String name = r.tableName();
        TableDescription d = storage.describeTable(name);
        Meta m = meta(name);
        Map<String, AttributeType> defined = new LinkedHashMap<>(r.attributeDefinitions());
        String billing = r.billingMode();
        ProvisionedThroughput throughput = r.provisionedThroughput();
        String effectiveBilling = billing != null ? billing : m.billingMode;
        if (billing != null && billing.equals(WireEnums.PROVISIONED) && throughput == null && m.throughput == null) {
            throw ApiException.validation(
                    "One or more parameter values were invalid: ProvisionedThroughput must be specified when BillingMode is PROVISIONED");
        }
        if (WireEnums.PAY_PER_REQUEST.equals(effectiveBilling) && throughput != null) {
            throw ApiException.validation(
                    "One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
        }
        List<UpdateTable.IndexUpdate> updates = r.indexUpdates();
        if (updates != null && updates.isEmpty()) {
            updates = null; // an empty GlobalSecondaryIndexUpdates is DynamoDB's "nothing to update"
        }
        boolean anything = billing != null
                || throughput != null
                || updates != null
                || r.deletionProtection() != null
                || r.streamSpecification() != null;
        if (!anything) {
            throw ApiException.validation(
                    "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required");
        }
        GsiUpdateRules.check(
                d,
                updates,
                billing != null
                        || throughput != null
                        || r.deletionProtection() != null
                        || r.streamSpecification() != null);
        if (r.streamSpecification() != null) {
            d = storage.updateStreamSpecification(name, StreamRequests.specification(r.streamSpecification()));
        }
        if (updates != null) {
            d = applyIndexUpdates(name, d, updates, defined, effectiveBilling);
        }
        if (billing != null) {
            m.billingMode = billing;
            if (billing.equals(WireEnums.PAY_PER_REQUEST)) {
                m.throughput = null;
            }
        }
        if (throughput != null) {
            m.throughput = throughput;
        }
        if (r.deletionProtection() != null) {
            m.deletionProtection = r.deletionProtection();
        }
        saved();
        TableDescriptions.writeResponse(g, "TableDescription", d, m.facts());
    }

    private TableDescription applyIndexUpdates(
            String name,
            TableDescription d,
            List<UpdateTable.IndexUpdate> updates,
            Map<String, AttributeType> defined,
            String billing) {
        for (UpdateTable.IndexUpdate u : updates) {
            if (u.isCreate()) {
                d = storage.startGlobalSecondaryIndex(name, u.create(defined, billing), Backfills.EXECUTOR);
            } else if (u.isDelete()) {
                d = storage.deleteGlobalSecondaryIndex(name, u.deleteIndexName());
            } else if (u.isUpdate()) {
                String indexName = u.updateIndexName();
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
        return d;
    }

    /**
     * Where UpdateTable's GSI backfills run: one daemon thread, made on the first GSI creation (the start-up
     * path makes no thread). The index stays CREATING until its backfill there is done.
     */
    private static final class Backfills {
        static final ExecutorService EXECUTOR = Executors.newSingleThreadExecutor(new ThreadFactory() {
            @Override
            public Thread newThread(Runnable r) {
                Thread t = new Thread(r, "partita-gsi-backfill");
                t.setDaemon(true);
                return t;
            }
        });
    }

    /**
     * Waits until every backfill handed over so far has run: the one backfill thread runs its tasks in order, so
     * a no-op queued now ends after them (tests wait on this instead of polling DescribeTable).
     */
    static void awaitBackfills() throws InterruptedException, ExecutionException {
        Backfills.EXECUTOR.submit(() -> {}).get();
    }

    // ---- limits, tags, TTL ------------------------------------------------------------------------------

    void describeLimits(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        ControlRequests.none(body, offset, length);
        g.writeStartObject();
        g.writeNumberField("AccountMaxReadCapacityUnits", 80000);
        g.writeNumberField("AccountMaxWriteCapacityUnits", 80000);
        g.writeNumberField("TableMaxReadCapacityUnits", 40000);
        g.writeNumberField("TableMaxWriteCapacityUnits", 40000);
        g.writeEndObject();
    }

    private String tableOfArn(String arn) {
        int slash = arn.indexOf(":table/");
        if (!arn.startsWith("arn:") || slash < 0) {
            throw ApiException.validation("Invalid TableArn: Invalid ResourceArn provided as input " + arn);
        }
        String table = arn.substring(slash + 7);
        if (table.indexOf('/') >= 0) { // an index's or stream's ARN: DynamoDB tags tables only
            throw ApiException.validation("Invalid TableArn: Invalid ResourceArn provided as input " + arn);
        }
        if (!storage.listTables().contains(table)) {
            throw new ResourceNotFoundException("Requested resource not found: ResourcArn: " + arn + " not found");
        }
        return table;
    }

    /** Adds (or replaces) the tags, all or none: an invalid tag or too many leave the table's tags as they were. */
    private static void putTags(Meta m, List<Tag> tags) {
        Map<String, String> merged = new LinkedHashMap<>(m.tags);
        int i = 0;
        for (Tag t : tags) {
            i++;
            String key = ControlRequests.tagKey(t);
            String value = ControlRequests.tagValue(t);
            TagRules.check(i, key, value);
            merged.put(key, value);
        }
        if (merged.size() > 50) {
            throw ApiException.validation(
                    "One or more parameter values were invalid: The number of tags exceeds the limit of 50");
        }
        m.tags.putAll(merged);
    }

    void tagResource(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        ControlRequests.Tagging r = ControlRequests.tagResource(body, offset, length);
        String table = tableOfArn(r.resourceArn());
        if (r.tags() == null) {
            throw ControlRequests.missing("tags");
        }
        putTags(meta(table), r.tags());
        saved();
        g.writeStartObject();
        g.writeEndObject();
    }

    void untagResource(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        ControlRequests.Tagging r = ControlRequests.untagResource(body, offset, length);
        String table = tableOfArn(r.resourceArn());
        if (r.tagKeys() == null) {
            throw ControlRequests.missing("tagKeys");
        }
        Meta m = meta(table);
        for (String k : r.tagKeys()) {
            m.tags.remove(k);
        }
        saved();
        g.writeStartObject();
        g.writeEndObject();
    }

    void listTagsOfResource(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        String table = tableOfArn(ControlRequests.resourceArn(body, offset, length));
        g.writeStartObject();
        g.writeArrayFieldStart("Tags");
        for (Map.Entry<String, String> e : new TreeMap<>(meta(table).tags).entrySet()) {
            g.writeStartObject();
            g.writeStringField("Key", e.getKey());
            g.writeStringField("Value", e.getValue());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /** DescribeTimeToLive: the core's setting (kept in the durable catalogue with {@code --data-dir}). */
    void describeTimeToLive(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        String name = ControlRequests.tableName(body, offset, length);
        TableDescriptions.writeTimeToLive(g, storage.describeTimeToLive(name));
    }

    /**
     * UpdateTimeToLive, applied by the core: with TTL enabled, the core's background sweeper deletes expired items
     * (about a second after they expire), with their index entries.
     */
    void updateTimeToLive(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        ControlRequests.TimeToLive r = ControlRequests.updateTimeToLive(body, offset, length);
        TimeToLiveSpecification applied = storage.updateTimeToLive(r.tableName(), r.specification());
        TableDescriptions.writeTimeToLive(g, applied);
    }
}
