package io.partita.storage.engine;

import io.partita.storage.DurableOptions;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.LocalSecondaryIndex;
import io.partita.storage.schema.TableDefinition;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The durable engine's catalogue: opens a directory into live tables (counters loaded, interrupted GSI
 * backfills done again, pending ASYNC GSI work applied), and makes every schema change (create or delete a
 * table or GSI) one atomic batch with its data. Schema changes are serialized on this object.
 */
final class DiskCatalog {
    private static final byte[] NEXT_ID = {DiskStore.META, 'n', 'e', 'x', 't', 'I', 'd'};
    private static final int BACKFILL_BATCH = 1000;

    final DiskStore store;
    /** The streams on disk when the store was opened ({@link TableStreams#load} attaches them to their tables). */
    final List<StreamData> streams = new ArrayList<>();

    private long nextId;

    private DiskCatalog(DiskStore store, long nextId) {
        this.store = store;
        this.nextId = nextId;
    }

    /** Opens the store and every table in it, in name order. */
    static DiskCatalog open(Path directory, DurableOptions options, Map<String, TableData> tables) {
        DiskStore store = DiskStore.open(directory, options);
        try {
            byte[] next = store.get(NEXT_ID);
            DiskCatalog catalog = new DiskCatalog(store, next == null ? 1 : DiskStore.getLong(next, 0));
            for (byte[][] kv : store.prefixed(new byte[] {DiskStore.CATALOG})) {
                CatalogCodec.Record r;
                try {
                    r = CatalogCodec.decode(kv[1]);
                } catch (IllegalArgumentException e) {
                    throw new io.partita.storage.DurableStorageException.Corrupted(
                            io.partita.storage.Message.StoreCatalogueCorrupt.format(
                                    new String(kv[0], 1, kv[0].length - 1, StandardCharsets.UTF_8),
                                    store.directory,
                                    e.getMessage()),
                            store.directory,
                            e);
                }
                TableData t = catalog.build(r);
                catalog.loadCounters(t);
                if (r.backfill() != null) {
                    catalog.backfill(t, r.backfill(), r.backfillSpace());
                }
                catalog.loadPending(t);
                t.disk.drain(true, Long.MAX_VALUE);
                tables.put(t.shape.name, t);
            }
            catalog.loadStreams(options);
            return catalog;
        } catch (RuntimeException | Error e) {
            store.close();
            throw e;
        }
    }

    private void loadStreams(DurableOptions options) {
        for (byte[][] kv : store.prefixed(new byte[] {DiskStore.STREAM})) {
            try {
                streams.add(StreamCodec.decodeMeta(DiskStore.getLong(kv[0], 1), kv[1], store, options.storage()));
            } catch (IllegalArgumentException e) {
                throw new io.partita.storage.DurableStorageException.Corrupted(
                        io.partita.storage.Message.StoreEntryUndecodable.format(
                                store.directory, Arrays.toString(kv[0]), e.getMessage()),
                        store.directory,
                        e);
            }
        }
    }

    /** A new space or stream id, in a batch of its own (an id lost to a crash is never used: ids are not reused). */
    synchronized long newId() {
        DiskWrite w = new DiskWrite(store);
        long id = allocate(w, 1)[0];
        w.commit();
        return id;
    }

    private TableData build(CatalogCodec.Record r) {
        TableDefinition d = r.definition();
        TableShape shape = new TableShape(d.name(), d.partitionKey(), d.sortKey());
        IndexData[] lsis = new IndexData[d.localSecondaryIndexes().size()];
        for (int i = 0; i < lsis.length; i++) {
            LocalSecondaryIndex l = d.localSecondaryIndexes().get(i);
            lsis[i] = new IndexData(
                    new IndexShape(
                            shape, l.name(), false, List.of(d.partitionKey()), List.of(l.sortKey()), l.projection()),
                    new DiskMap(store, r.lsiSpaces()[i]));
        }
        IndexData[] gsis = new IndexData[d.globalSecondaryIndexes().size()];
        for (int i = 0; i < gsis.length; i++) {
            gsis[i] = gsi(shape, d.globalSecondaryIndexes().get(i), r.gsiSpaces()[i]);
        }
        long pendingSeq = 0;
        List<byte[][]> pend = store.chunk(
                DiskStore.successor(DiskStore.spacePrefix(DiskStore.PENDING, r.itemsSpace())),
                false,
                DiskStore.spacePrefix(DiskStore.PENDING, r.itemsSpace()),
                false,
                1);
        if (!pend.isEmpty()) {
            pendingSeq = DiskStore.getLong(pend.get(0)[0], 9);
        }
        DiskTable disk = new DiskTable(store, r.itemsSpace(), pendingSeq);
        return new TableData(r.itemsSpace(), d, shape, new DiskMap(store, r.itemsSpace()), lsis, gsis, disk);
    }

    private IndexData gsi(TableShape shape, GlobalSecondaryIndex g, long space) {
        return new IndexData(
                new IndexShape(shape, g.name(), true, g.partitionKey(), g.sortKey(), g.projection()),
                new DiskMap(store, space));
    }

    private void loadCounters(TableData t) {
        t.itemCount.add(store.counter(DiskStore.counterKey(t.disk.itemsSpace, 0)));
        t.itemBytes.add(store.counter(DiskStore.counterKey(t.disk.itemsSpace, 1)));
        for (IndexData i : t.allIndexes()) {
            long space = ((DiskMap) i.entries).space;
            i.count.add(store.counter(DiskStore.counterKey(space, 0)));
            i.bytes.add(store.counter(DiskStore.counterKey(space, 1)));
        }
    }

    private void loadPending(TableData t) {
        Map<Long, IndexData> bySpace = new HashMap<>();
        for (IndexData g : t.gsis) {
            bySpace.put(((DiskMap) g.entries).space, g);
        }
        for (byte[][] kv : store.prefixed(DiskStore.spacePrefix(DiskStore.PENDING, t.disk.itemsSpace))) {
            DiskTable.Pending p = DiskTable.decode(DiskStore.getLong(kv[0], 9), kv[1], bySpace);
            if (p != null) {
                t.disk.pending.add(p);
            }
        }
    }

    private long[] allocate(DiskWrite w, int n) {
        long[] ids = new long[n];
        for (int i = 0; i < n; i++) {
            ids[i] = nextId++;
        }
        byte[] v = new byte[8];
        DiskStore.putLong(v, 0, nextId);
        w.put(NEXT_ID, v);
        return ids;
    }

    /**
     * The catalogue record of {@code t} with definition {@code d} and GSIs {@code gsis}. A building GSI ({@link
     * IndexData#building}) that {@code d} does not name yet is recorded as the backfill to restart after a crash, not
     * as one of the table's GSIs.
     */
    private static CatalogCodec.Record record(TableData t, TableDefinition d, IndexData[] gsis) {
        long[] lsiSpaces = Arrays.stream(t.lsis)
                .mapToLong(i -> ((DiskMap) i.entries).space)
                .toArray();
        List<Long> gsiSpaces = new ArrayList<>(gsis.length);
        GlobalSecondaryIndex backfill = null;
        long backfillSpace = 0;
        for (IndexData i : gsis) {
            long space = ((DiskMap) i.entries).space;
            if (i.building == null || named(d, i.shape.name)) {
                gsiSpaces.add(space);
            } else {
                backfill = i.building;
                backfillSpace = space;
            }
        }
        long[] spaces = gsiSpaces.stream().mapToLong(Long::longValue).toArray();
        return new CatalogCodec.Record(d, t.disk.itemsSpace, lsiSpaces, spaces, backfill, backfillSpace);
    }

    private static boolean named(TableDefinition d, String gsi) {
        for (GlobalSecondaryIndex g : d.globalSecondaryIndexes()) {
            if (g.name().equals(gsi)) {
                return true;
            }
        }
        return false;
    }

    /** Creates a table (validated by the caller's {@link Schemas#validate}): its catalogue record is one batch. */
    synchronized TableData create(TableDefinition d, Map<String, TableData> tables) {
        Schemas.validate(d);
        if (tables.containsKey(d.name())) {
            return null;
        }
        DiskWrite w = new DiskWrite(store);
        long[] ids = allocate(
                w,
                1
                        + d.localSecondaryIndexes().size()
                        + d.globalSecondaryIndexes().size());
        long[] lsi = Arrays.copyOfRange(ids, 1, 1 + d.localSecondaryIndexes().size());
        long[] gsi = Arrays.copyOfRange(ids, 1 + lsi.length, ids.length);
        CatalogCodec.Record r = new CatalogCodec.Record(d, ids[0], lsi, gsi, null, 0);
        w.put(DiskStore.catalogKey(d.name()), CatalogCodec.encode(r));
        TableData t = build(r);
        w.commit();
        return t;
    }

    /**
     * Deletes a table: its catalogue record and every key of its spaces, in one batch. The caller holds the table's
     * write locks ({@link TableData#lockWrites}) and marks it dropped.
     */
    synchronized void drop(TableData t, StreamData closing) {
        DiskWrite w = new DiskWrite(store);
        w.delete(DiskStore.catalogKey(t.shape.name));
        if (closing != null) {
            closing.lock();
            try {
                w.put(DiskStore.streamKey(closing.id), StreamCodec.encodeMeta(closing));
            } finally {
                closing.unlock();
            }
        }
        dropSpace(w, t.disk.itemsSpace);
        for (IndexData i : t.allIndexes()) {
            dropSpace(w, ((DiskMap) i.entries).space);
        }
        byte[] coll = DiskStore.spacePrefix(DiskStore.COLLECTION, t.disk.itemsSpace);
        w.deleteRange(coll, DiskStore.successor(coll));
        byte[] pend = DiskStore.spacePrefix(DiskStore.PENDING, t.disk.itemsSpace);
        w.deleteRange(pend, DiskStore.successor(pend));
        w.commit();
        t.disk.pending.clear();
    }

    private static void dropSpace(DiskWrite w, long space) {
        byte[] data = DiskStore.spacePrefix(DiskStore.DATA, space);
        w.deleteRange(data, DiskStore.successor(data));
        w.delete(DiskStore.counterKey(space, 0));
        w.delete(DiskStore.counterKey(space, 1));
    }

    /**
     * Starts the online backfill of a GSI ({@link GsiCreation}; the caller holds off the table's writes for this
     * instant): a new space for its entries, and the catalogue record naming it as the backfill, so that a crash before
     * it is ACTIVE restarts it at the next open ({@link #open}). {@code next} (the definition with the index) is only
     * validated here; the index joins the definition when its backfill is done ({@link #redefine}).
     */
    synchronized IndexData beginGsi(TableData t, TableDefinition next, GlobalSecondaryIndex g) {
        Schemas.validate(next);
        DiskWrite w = new DiskWrite(store);
        long space = allocate(w, 1)[0];
        IndexData data = gsi(t.shape, g, space);
        data.building = g;
        IndexData[] gsis = Arrays.copyOf(t.gsis, t.gsis.length + 1);
        gsis[gsis.length - 1] = data;
        w.put(DiskStore.catalogKey(t.shape.name), CatalogCodec.encode(record(t, t.definition, gsis)));
        w.commit();
        return data;
    }

    /** A backfill interrupted by a crash, done again at open from an empty index, before any write can come. */
    private IndexData backfill(TableData t, GlobalSecondaryIndex g, long space) {
        // a restarted backfill starts from an empty index
        DiskWrite clear = new DiskWrite(store);
        dropSpace(clear, space);
        clear.commit();
        IndexData data = gsi(t.shape, g, space);
        DiskMap m = (DiskMap) data.entries;
        DiskWrite w = new DiskWrite(store);
        int inBatch = 0;
        long count = 0;
        long bytes = 0;
        for (Map.Entry<OrderKey, Stored> e : t.items.all()) {
            OrderKey k = data.shape.entryKey(e.getValue().item()); // null: sparse, or an index key violation
            if (k != null) {
                Stored entry = data.shape.project(e.getValue());
                w.put(m, k, entry);
                count++;
                bytes += entry.size() + IndexData.ENTRY_OVERHEAD;
                if (++inBatch == BACKFILL_BATCH) {
                    w.count(space, count, bytes);
                    w.commit();
                    data.count.add(count);
                    data.bytes.add(bytes);
                    count = 0;
                    bytes = 0;
                    inBatch = 0;
                    w = new DiskWrite(store);
                }
            }
        }
        w.count(space, count, bytes);
        IndexData[] gsis = Arrays.copyOf(t.gsis, t.gsis.length + 1);
        gsis[gsis.length - 1] = data;
        TableDefinition next = t.definition.toBuilder().globalSecondaryIndex(g).build();
        w.put(DiskStore.catalogKey(t.shape.name), CatalogCodec.encode(record(t, next, gsis)));
        w.commit();
        data.count.add(count);
        data.bytes.add(bytes);
        t.gsis = gsis;
        t.definition = next;
        return data;
    }

    /** Rewrites a table's definition (time to live; the caller holds off the table's writes): one batch. */
    synchronized void redefine(TableData t, TableDefinition next) {
        redefine(t, next, null);
    }

    /** Rewrites a table's definition and the record of the stream it opens or closes (null: none), in one batch. */
    synchronized void redefine(TableData t, TableDefinition next, StreamData stream) {
        DiskWrite w = new DiskWrite(store);
        w.put(DiskStore.catalogKey(t.shape.name), CatalogCodec.encode(record(t, next, t.gsis)));
        if (stream != null) {
            stream.lock();
            try {
                w.put(DiskStore.streamKey(stream.id), StreamCodec.encodeMeta(stream));
            } finally {
                stream.unlock();
            }
        }
        w.commit();
    }

    /** Deletes a GSI (the caller holds off the table's writes, pending work drained): definition and entries in one batch. */
    synchronized void dropGsi(TableData t, IndexData gone, IndexData[] remaining, TableDefinition next) {
        DiskWrite w = new DiskWrite(store);
        w.put(DiskStore.catalogKey(t.shape.name), CatalogCodec.encode(record(t, next, remaining)));
        dropSpace(w, ((DiskMap) gone.entries).space);
        w.commit();
    }
}
