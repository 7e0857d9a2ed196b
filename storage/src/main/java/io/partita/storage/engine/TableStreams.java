package io.partita.storage.engine;

import io.partita.storage.Message;
import io.partita.storage.schema.StreamSpecification;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.schema.TableDefinition;
import java.util.Collection;
import java.util.List;

/**
 * A table's stream switched on and off (CreateTable, UpdateTable, a durable core's open): the catalogue's side of
 * streams, kept out of {@link Catalog}. The caller holds off the table's writes ({@link TableData#lockWrites}) or
 * the table is not visible yet, so no write sees the stream change half-way.
 */
final class TableStreams {
    private TableStreams() {}

    /** DynamoDB's rule: an enabled stream names its view type. */
    static void check(StreamSpecification spec) {
        if (spec.enabled() && spec.viewType() == null) {
            throw Message.StreamViewTypeMissing.exception();
        }
    }

    /** Opens a new stream on {@code t} (durable: the catalogue record and the stream's record in one batch). */
    static void enable(Catalog catalog, TableData t, StreamViewType viewType) {
        Streams streams = catalog.streams();
        DiskCatalog disk = catalog.disk();
        TableDefinition next = t.definition.withStreamSpecification(StreamSpecification.enabled(viewType));
        StreamData s;
        if (disk == null) {
            s = streams.create(t, viewType, streams.nextId(), null);
        } else {
            s = streams.create(t, viewType, disk.newId(), disk.store);
            disk.redefine(t, next, s);
        }
        t.definition = next;
        t.latestStream = s;
        t.stream = s;
        streams.register(s);
    }

    /** Closes the table's stream; its records stay readable until retention trims them. */
    static void disable(Catalog catalog, TableData t) {
        StreamData s = t.stream;
        DiskCatalog disk = catalog.disk();
        TableDefinition next = t.definition.withStreamSpecification(StreamSpecification.DISABLED);
        s.disable(catalog.streams().now());
        if (disk != null) {
            disk.redefine(t, next, s);
        }
        t.definition = next;
        t.stream = null;
    }

    /**
     * A durable core's open: every stream on disk is registered, and each table gets its latest stream back (a table
     * whose definition has a stream but whose stream was never written, when the process stopped between the two
     * batches of CreateTable, gets a new one).
     */
    static void load(Catalog catalog, Streams streams, DiskCatalog disk, Collection<TableData> tables) {
        List<StreamData> all = disk.streams;
        for (StreamData s : all) {
            streams.register(s);
        }
        for (TableData t : tables) {
            StreamData latest = null;
            for (StreamData s : all) {
                if (s.tableId == t.id && (latest == null || s.id > latest.id)) {
                    latest = s;
                }
            }
            t.latestStream = latest;
            StreamSpecification spec = t.definition.streamSpecification();
            if (spec.enabled()) {
                if (latest != null && latest.readEnabled()) {
                    t.stream = latest;
                } else {
                    enable(catalog, t, spec.viewType());
                }
            }
        }
    }
}
