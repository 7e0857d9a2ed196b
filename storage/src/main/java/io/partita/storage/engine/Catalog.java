package io.partita.storage.engine;

import io.partita.storage.Message;
import io.partita.storage.StorageOptions;
import io.partita.storage.api.IndexDescription;
import io.partita.storage.api.TableDescription;
import io.partita.storage.api.TableStatus;
import io.partita.storage.api.TimeToLiveDescription;
import io.partita.storage.api.TimeToLiveSpecification;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.Limits;
import io.partita.storage.schema.StreamSpecification;
import io.partita.storage.schema.TableDefinition;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The table catalogue: which tables exist, their creation and deletion, and the GSIs added (with an online
 * backfill: {@link GsiCreation}) or deleted later. It exists so that every operation finds its table in one place, and so that schema
 * changes hold off a table's writes ({@link TableData#lockWrites}: every stripe lock), so they are kept apart
 * from the item paths, which take one stripe lock. A closed core hands out no tables.
 */
final class Catalog {
    private final ConcurrentHashMap<String, TableData> tables = new ConcurrentHashMap<>();
    private final AtomicLong tableIds = new AtomicLong();
    private final ThroughputPolicy throughput;
    private volatile boolean closed;
    /** The on-disk catalogue and store in durable mode; null in memory. */
    private final DiskCatalog disk;

    private final StorageOptions options;
    /** The streams, created when a table first has one (or a durable core opens with some): see {@link #streams}. */
    private volatile Streams streams;

    private final GsiCreation gsiCreation;

    Catalog(ThroughputPolicy throughput, StorageOptions options) {
        this(throughput, options, null, Map.of());
    }

    /** A durable catalogue: the tables {@code disk} opened, schema changes written through it. */
    Catalog(ThroughputPolicy throughput, StorageOptions options, DiskCatalog disk, Map<String, TableData> loaded) {
        this.throughput = throughput;
        this.options = options;
        this.disk = disk;
        this.gsiCreation = new GsiCreation(this, throughput, disk);
        if (!loaded.isEmpty()) { // durable only; a loop, not forEach(throughput::register): no lambda bootstrap
            tables.putAll(loaded);
            for (TableData t : loaded.values()) {
                throughput.register(t);
            }
        }
        if (disk != null) {
            boolean any = !disk.streams.isEmpty();
            for (TableData t : loaded.values()) {
                any |= t.definition.streamSpecification().enabled();
            }
            if (any) {
                TableStreams.load(this, streams(), disk, loaded.values());
            }
        }
    }

    /** The core's streams, created on first use: a core whose tables have no stream never loads them. */
    Streams streams() {
        Streams s = streams;
        if (s == null) {
            synchronized (this) {
                s = streams;
                if (s == null) {
                    s = new Streams(options);
                    streams = s;
                }
            }
        }
        return s;
    }

    DiskCatalog disk() {
        return disk;
    }

    TableDescription createTable(TableDefinition definition) {
        checkOpen();
        throughput.validate(definition);
        if (definition.timeToLiveAttribute() != null) {
            TimeToLive.checkAttributeName(definition.timeToLiveAttribute());
        }
        StreamSpecification stream = definition.streamSpecification();
        if (stream.enabled()) { // TableStreams (and Streams) are loaded only for a table with a stream
            TableStreams.check(stream);
        }
        TableData data;
        if (disk != null) { // durable: the catalogue record is in the log before the table is visible
            synchronized (disk) {
                data = disk.create(definition, tables);
                if (data == null || tables.containsKey(definition.name())) {
                    throw Failures.resourceInUse(Message.TableExists.format(definition.name()));
                }
                if (stream.enabled()) { // its record in the log before the table is visible too
                    TableStreams.enable(this, data, stream.viewType());
                }
                tables.put(definition.name(), data);
            }
        } else {
            data = Schemas.build(tableIds.incrementAndGet(), definition);
            if (stream.enabled()) { // the stream is attached before any write can see the table
                data.stream =
                        streams().create(data, stream.viewType(), streams().nextId(), null);
                data.latestStream = data.stream;
            }
            if (tables.putIfAbsent(definition.name(), data) != null) {
                throw Failures.resourceInUse(Message.TableExists.format(definition.name()));
            }
            if (data.stream != null) {
                streams().register(data.stream);
            }
        }
        throughput.register(data); // capacity accrues from creation
        return describe(data);
    }

    TableDescription describeTable(String tableName) {
        return describe(table(tableName));
    }

    List<String> listTables() {
        return List.copyOf(new TreeMap<>(tables).keySet());
    }

    TableDescription deleteTable(String tableName) {
        TableData data = table(tableName);
        // waits for the writes in flight; those queued behind fail (checkNotDropped). Write locks before the disk
        // catalogue's monitor, as in every schema change (GsiCreation), so the two cannot deadlock.
        data.lockWrites();
        try {
            StreamData stream = data.stream;
            if (disk != null) { // durable: the catalogue record and every key of the table go in one batch
                synchronized (disk) {
                    if (tables.get(tableName) != data) {
                        throw notFound(tableName);
                    }
                    if (stream != null) { // the stream closes with the table and stays readable for 24 hours
                        stream.disable(options.clock().millis());
                    }
                    disk.drop(data, stream);
                    tables.remove(tableName, data);
                }
            } else if (!tables.remove(tableName, data)) {
                throw notFound(tableName);
            } else if (stream != null) {
                stream.disable(options.clock().millis());
            }
            data.stream = null;
            data.markDropped();
        } finally {
            data.unlockWrites();
        }
        throughput.forget(data);
        TableDescription d = describe(data);
        return new TableDescription(
                d.definition(),
                TableStatus.DELETING,
                d.itemCount(),
                d.sizeBytes(),
                d.indexes(),
                d.latestStreamArn(),
                d.latestStreamLabel());
    }

    /** Adds a GSI and backfills it online ({@link GsiCreation}) in the caller's thread: answers it ACTIVE. */
    TableDescription createGlobalSecondaryIndex(String tableName, GlobalSecondaryIndex index) {
        gsiCreation.start(tableName, index, Runnable::run);
        return describe(table(tableName));
    }

    /**
     * UpdateTable's GSI creation as DynamoDB does it: validates, reports the index CREATING (the table
     * UPDATING) and hands the online backfill to {@code backfill} ({@link GsiCreation}); the index becomes readable,
     * and ACTIVE, when that task has filled it. A task that finds the table deleted, or fails, drops the index again.
     */
    TableDescription startGlobalSecondaryIndex(String tableName, GlobalSecondaryIndex index, Executor backfill) {
        return gsiCreation.start(tableName, index, backfill);
    }

    TableDescription deleteGlobalSecondaryIndex(String tableName, String indexName) {
        TableData t = table(tableName);
        TableDefinition before;
        t.lockWrites();
        try {
            IndexPropagation.drainAll(t);
            IndexData gone = t.gsi(indexName);
            if (gone == null || gone.building != null) {
                return cancelCreating(t, gone, indexName, tableName);
            }
            List<IndexData> rest = new ArrayList<>(List.of(t.gsis));
            rest.remove(gone);
            List<GlobalSecondaryIndex> defs = new ArrayList<>(t.definition.globalSecondaryIndexes());
            defs.removeIf(g -> g.name().equals(indexName));
            TableDefinition d = t.definition;
            before = d;
            TableDefinition next = new TableDefinition(
                    d.name(),
                    d.partitionKey(),
                    d.sortKey(),
                    defs,
                    d.localSecondaryIndexes(),
                    d.provisionedThroughput(),
                    d.timeToLiveAttribute(),
                    d.streamSpecification());
            if (disk != null) { // durable: the definition and the index's entries go in one batch
                disk.dropGsi(t, gone, rest.toArray(IndexData[]::new), next);
            }
            t.gsis = rest.toArray(IndexData[]::new);
            t.definition = next;
        } finally {
            t.unlockWrites();
        }
        return deleting(describe(t), before, indexName);
    }

    /**
     * Deletes an index that is still being created (DynamoDB allows it while the index backfills): a backfill that
     * has not started builds nothing, a running one ({@code building}, else null) stops at its next chunk, and the
     * entries it wrote go with the index. The caller holds the table's write locks, as the backfill's steps take them.
     */
    private TableDescription cancelCreating(TableData t, IndexData building, String indexName, String tableName) {
        TableDescription before = describe(t);
        if (!t.cancelCreating(indexName)) {
            throw Failures.resourceNotFound(Message.IndexNotFound.format(indexName, tableName));
        }
        if (building != null) {
            gsiCreation.drop(t, building);
        }
        return deleting(describe(t), before.definition(), indexName);
    }

    /**
     * UpdateTable's answer to a GSI deletion, as DynamoDB gives it: the table UPDATING with the index still
     * listed, DELETING. The index is gone at once: the next DescribeTable no longer lists it.
     */
    private static TableDescription deleting(TableDescription after, TableDefinition before, String indexName) {
        List<IndexDescription> indexes = new ArrayList<>(after.indexes());
        indexes.add(new IndexDescription(indexName, TableStatus.DELETING, 0, 0));
        return new TableDescription(
                before,
                TableStatus.UPDATING,
                after.itemCount(),
                after.sizeBytes(),
                List.copyOf(indexes),
                after.latestStreamArn(),
                after.latestStreamLabel());
    }

    /**
     * UpdateTimeToLive: the table's definition gets (or loses) its time-to-live attribute, with the table's
     * writes held off (in durable mode the catalogue record is rewritten in one batch). DynamoDB's rules: no enabling twice,
     * no disabling twice, no other attribute while enabled.
     */
    TimeToLiveSpecification updateTimeToLive(String tableName, TimeToLiveSpecification spec) {
        TableData t = table(tableName);
        TimeToLive.checkAttributeName(spec.attributeName());
        t.lockWrites();
        try {
            String current = t.definition.timeToLiveAttribute();
            if (spec.enabled()) {
                if (current != null) {
                    throw current.equals(spec.attributeName())
                            ? Message.TimeToLiveAlreadyEnabled.exception()
                            : Message.TimeToLiveOtherAttribute.exception(current);
                }
            } else if (current == null) {
                throw Message.TimeToLiveAlreadyDisabled.exception();
            } else if (!current.equals(spec.attributeName())) {
                throw Message.TimeToLiveOtherAttribute.exception(current);
            }
            TableDefinition next = t.definition.withTimeToLive(spec.enabled() ? spec.attributeName() : null);
            if (disk != null) {
                disk.redefine(t, next);
            }
            t.definition = next;
        } finally {
            t.unlockWrites();
        }
        return spec;
    }

    /**
     * UpdateTable's StreamSpecification, with the table's writes held off: enabling opens a new stream, disabling
     * closes the current one (in durable mode the catalogue record and the stream's record go in one batch).
     */
    TableDescription updateStreamSpecification(String tableName, StreamSpecification spec) {
        TableData t = table(tableName);
        if (spec == null) {
            throw Message.StreamParameterNull.exception("streamSpecification");
        }
        TableStreams.check(spec);
        t.lockWrites();
        try {
            if (spec.enabled()) {
                if (t.stream != null) {
                    throw Message.StreamAlreadyEnabled.exception(tableName);
                }
                TableStreams.enable(this, t, spec.viewType());
            } else {
                if (t.stream == null) {
                    throw Message.StreamNotEnabled.exception(tableName);
                }
                TableStreams.disable(this, t);
            }
        } finally {
            t.unlockWrites();
        }
        return describe(t);
    }

    TimeToLiveDescription describeTimeToLive(String tableName) {
        String attribute = table(tableName).definition.timeToLiveAttribute();
        return attribute == null ? TimeToLiveDescription.disabled() : TimeToLiveDescription.enabled(attribute);
    }

    /** Whether {@code t} is still the live table of its name (not deleted, nor deleted and created again). */
    boolean isLive(TableData t) {
        return !closed && tables.get(t.shape.name) == t;
    }

    boolean isClosed() {
        return closed;
    }

    static TableDescription describe(TableData t) {
        List<IndexDescription> indexes = new ArrayList<>();
        for (IndexData i : t.allIndexes()) {
            if (i.building == null) { // a backfilling one is listed CREATING below
                indexes.add(new IndexDescription(i.shape.name, TableStatus.ACTIVE, i.count.sum(), i.bytes.sum()));
            }
        }
        TableDefinition definition = t.definition;
        List<GlobalSecondaryIndex> creating = t.creatingGsis();
        boolean updating = false;
        if (!creating.isEmpty()) {
            TableDefinition.Builder b = definition.toBuilder();
            for (GlobalSecondaryIndex g : creating) {
                IndexData installed = t.gsi(g.name());
                if (installed == null || installed.building != null) { // ACTIVE precedes doneCreating
                    b.globalSecondaryIndex(g);
                    indexes.add(new IndexDescription(g.name(), TableStatus.CREATING, 0, 0));
                    updating = true;
                }
            }
            definition = updating ? b.build() : definition;
        }
        StreamData latest = t.latestStream;
        return new TableDescription(
                definition,
                updating ? TableStatus.UPDATING : TableStatus.ACTIVE,
                t.itemCount.sum(),
                t.itemBytes.sum(),
                List.copyOf(indexes),
                latest == null ? null : latest.arn,
                latest == null ? null : latest.label);
    }

    /** The live table of that name; every operation starts here. */
    TableData table(String name) {
        checkOpen();
        if (name == null) {
            throw Message.TableNameNull.exception();
        }
        TableData t = tables.get(name);
        if (t == null) {
            throw notFound(name);
        }
        return t;
    }

    /** Every live table (a weakly consistent view). */
    Collection<TableData> tables() {
        return tables.values();
    }

    /** A table not found; a name no table can have is DynamoDB's ValidationException on the name instead. */
    private static RuntimeException notFound(String name) {
        if (name != null && !Limits.isValidTableOrIndexName(name)) {
            return Message.InvalidTableOrIndexName.exception("'" + name + "'");
        }
        return Failures.resourceNotFound(Message.TableNotFound.format(name));
    }

    void checkOpen() {
        if (closed) {
            throw new IllegalStateException("This storage core is closed");
        }
    }

    void close() {
        closed = true;
        if (disk != null) {
            disk.store.close();
        }
    }
}
