package io.partita.storage.engine;

import io.partita.storage.Message;
import io.partita.storage.StorageOptions;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemContents;
import io.partita.storage.value.ItemMap;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One item's change (put, replace or delete) with everything it does to the indexes, planned completely
 * before anything is applied, so that a write either happens in full or not at all.
 * Must be planned and applied under the item's stripe lock.
 */
final class Mutation {
    final TableData table;
    final OrderKey key;
    /** The item's partition key value: names its item collection. */
    final AttributeValue partitionValue;

    final Stored before;
    final Stored after;
    /** What the write does to each LSI, in the table's order; none at all ({@link #NO_CHANGES}) when {@link #sameContent}. */
    private final IndexChange[] lsiChanges;
    /** What the write does to each GSI, in the table's order; none at all when {@link #sameContent}. */
    private final IndexChange[] gsiChanges;

    private final long collectionDelta;
    /** The index changes of a write that changes no index. */
    private static final IndexChange[] NO_CHANGES = {};

    /**
     * True when the new item reads exactly as the old one ({@link ItemContents#same}): the stored item and every
     * index entry stay as they are (the stored objects, and on disk their bytes, are equal to what the write would
     * put), so the write encodes no index key, projects no entry and copies no partition; on disk its batch is empty
     * (such a write has no stream record either) and the decoded cache keeps the old, equal item. Capacity and
     * streams see the write as before: its item images are {@link #before} and {@link #after}, and an entry equal
     * before and after costs no index write units either way.
     */
    private final boolean sameContent;
    /** Set for a deletion made by time to live: its stream record names the service as the user. */
    private boolean timeToLiveDelete;

    /**
     * What a write does to one index entry. Keys are null where the item is absent from the index, and both are null
     * when the write leaves the index as it is (then the instance may be the index's shared {@link
     * IndexData#unchanged}: it holds no item, and {@link #oldEntry} never writes its cache).
     */
    static final class IndexChange {
        final IndexData index;
        final OrderKey oldKey;
        final OrderKey newKey;
        final Stored newEntry;
        private final Stored before;
        private Stored oldEntry;

        IndexChange(IndexData index, OrderKey oldKey, Stored before, OrderKey newKey, Stored newEntry) {
            this.index = index;
            this.oldKey = oldKey;
            this.before = before;
            this.newKey = newKey;
            this.newEntry = newEntry;
        }

        /** The entry the old item had in the index; projected only when someone asks (capacity, LSI sizes). */
        Stored oldEntry() {
            if (oldEntry == null && oldKey != null) {
                oldEntry = index.shape.project(before);
            }
            return oldEntry;
        }

        boolean touchesIndex() {
            return oldKey != null || newKey != null;
        }

        /** Index write units per the seeds: 0, 1 (add, remove, projected change) or 2 (key change) writes. */
        int writeUnits() {
            if (oldKey == null) {
                return newKey == null ? 0 : Meter.writeUnits(newEntry.size());
            }
            if (newKey == null) {
                return Meter.writeUnits(oldEntry().size());
            }
            if (!oldKey.equals(newKey)) {
                return Meter.writeUnits(oldEntry().size()) + Meter.writeUnits(newEntry.size());
            }
            return oldEntry().item().equals(newEntry.item()) ? 0 : Meter.writeUnits(newEntry.size());
        }
    }

    private Mutation(
            TableData table,
            OrderKey key,
            Stored before,
            Stored after,
            IndexChange[] lsiChanges,
            IndexChange[] gsiChanges,
            long collectionDelta,
            boolean sameContent) {
        this.table = table;
        this.key = key;
        this.partitionValue = (after != null ? after : before) == null
                ? null
                : (after != null ? after : before).item().get(table.shape.partitionKey.name());
        this.before = before;
        this.after = after;
        this.lsiChanges = lsiChanges;
        this.gsiChanges = gsiChanges;
        this.collectionDelta = collectionDelta;
        this.sameContent = sameContent;
    }

    /**
     * Plans the change of one item from {@code before} to {@code after} (either may be null). The new item's
     * index keys must already be validated. Checks the item-collection limit.
     */
    static Mutation plan(TableData table, OrderKey key, Stored before, Stored after, StorageOptions options) {
        long delta = (after == null ? 0L : after.size()) - (before == null ? 0L : before.size());
        if (sameContent(before, after)) {
            // nothing to change in any index (delta is 0: equal items have equal sizes)
            return new Mutation(table, key, before, after, NO_CHANGES, NO_CHANGES, delta, true);
        }
        IndexData[] lsis = table.lsis;
        IndexData[] gsis = table.gsis;
        // a table without LSIs or GSIs shares the empty array: no array per write
        IndexChange[] lsiChanges = lsis.length == 0 ? NO_CHANGES : new IndexChange[lsis.length];
        for (int i = 0; i < lsis.length; i++) {
            IndexChange c = change(lsis[i], before, after);
            lsiChanges[i] = c;
            delta += (c.newKey == null ? 0 : c.newEntry.size() + IndexData.ENTRY_OVERHEAD)
                    - (c.oldKey == null ? 0 : c.oldEntry().size() + IndexData.ENTRY_OVERHEAD);
        }
        IndexChange[] gsiChanges = gsis.length == 0 ? NO_CHANGES : new IndexChange[gsis.length];
        for (int i = 0; i < gsis.length; i++) {
            gsiChanges[i] = change(gsis[i], before, after);
        }
        Mutation m = new Mutation(table, key, before, after, lsiChanges, gsiChanges, delta, false);
        if (lsis.length > 0 && m.partitionValue != null) {
            checkCollectionLimit(table, m.partitionValue, delta, options);
        }
        return m;
    }

    /** True when {@code after} replaces {@code before} with an item that reads exactly the same. */
    private static boolean sameContent(Stored before, Stored after) {
        return before != null
                && after != null
                && before.item() instanceof ItemMap b
                && after.item() instanceof ItemMap a
                && ItemContents.same(b, a);
    }

    /** Rejects a write that would grow an item collection past the limit; shrinking writes always pass. */
    static void checkCollectionLimit(TableData table, AttributeValue partitionKey, long delta, StorageOptions options) {
        long current = table.collectionSize(partitionKey);
        if (delta > 0 && current + delta > options.itemCollectionSizeLimit()) {
            throw Failures.itemCollectionTooLarge(Message.ItemCollectionTooLarge.format(
                    table.shape.partitionKey.name(),
                    partitionKey,
                    table.shape.name,
                    current + delta,
                    options.itemCollectionSizeLimit()));
        }
    }

    private static IndexChange change(IndexData index, Stored before, Stored after) {
        IndexShape shape = index.shape;
        if (before != null && after != null && shape.sameEntry(before.item(), after.item())) {
            // the entry stays as it is: no key to encode, no entry to project, no index write (and none to queue in
            // ASYNC mode: what is queued for the old item already ends at this same entry)
            return index.unchanged;
        }
        OrderKey newKey = after == null ? null : shape.entryKey(after.item());
        OrderKey oldKey;
        if (before == null) {
            oldKey = null;
        } else if (newKey != null && shape.sameIndexKey(before.item(), after.item())) {
            oldKey = newKey; // an overwrite that keeps the index key: no need to encode it twice
        } else {
            oldKey = shape.entryKey(before.item());
        }
        Stored newEntry = newKey == null ? null : shape.project(after);
        return new IndexChange(index, oldKey, before, newKey, newEntry);
    }

    /** Marks this change as a deletion by time to live. */
    void byTimeToLive() {
        timeToLiveDelete = true;
    }

    boolean isTimeToLiveDelete() {
        return timeToLiveDelete;
    }

    /**
     * Applies the planned change; GSI changes go through {@code propagation} (now or queued); the table's stream, if
     * it has one, gets the change's record. In memory it cannot fail; in durable mode the change (with its stream
     * record) is one atomic batch, and a write the disk refuses throws a {@code DurableStorageException} having
     * changed nothing.
     */
    void apply(IndexPropagation propagation, long nowMillis) {
        if (table.disk != null) {
            DiskWrite w = new DiskWrite(table.disk.store);
            try {
                stage(w, propagation, nowMillis);
            } catch (RuntimeException | Error e) {
                w.abandon();
                throw e;
            }
            w.commit();
            return;
        }
        StreamData stream = table.stream;
        if (stream != null) {
            stream.append(this, nowMillis, null);
        }
        if (after != null) {
            if (!sameContent) {
                table.items.putSize(key, after); // the sizes are known: no old entry to build
            }
        } else if (before != null) {
            table.items.removeSize(key);
        }
        if (before == null && after != null) {
            table.itemCount.increment();
        } else if (before != null && after == null) {
            table.itemCount.decrement();
        }
        int bytes = (after == null ? 0 : after.size()) - (before == null ? 0 : before.size());
        if (bytes != 0) { // an overwrite with an item of the same size (common) writes no counter
            table.itemBytes.add(bytes);
        }
        for (IndexChange c : lsiChanges) {
            IndexPropagation.applyToIndex(c.index, c.oldKey, c.newKey, c.newEntry);
        }
        for (IndexChange c : gsiChanges) {
            if (c.touchesIndex()) {
                propagation.propagate(table, c, nowMillis);
            }
        }
        if (lsiChanges.length > 0 && collectionDelta != 0) {
            AtomicLong size = table.collectionSizes.computeIfAbsent(partitionValue, k -> new AtomicLong());
            if (size.addAndGet(collectionDelta) == 0) {
                table.collectionSizes.remove(partitionValue, size);
            }
        }
    }

    /**
     * Applies several planned changes (a transaction's) together: in memory one after the other, in durable
     * mode as one atomic batch, so recovery sees all of them or none. Null entries are skipped.
     */
    static void applyAll(List<Mutation> mutations, IndexPropagation propagation, long nowMillis) {
        DiskWrite w = null;
        // in table order: a durable batch holds each stream's lock until it is committed, and two transactions
        // taking the locks of two tables' streams in opposite orders would wait for each other
        for (Mutation m : inTableOrder(mutations)) {
            if (m == null) {
                continue;
            }
            if (m.table.disk == null) {
                m.apply(propagation, nowMillis);
            } else {
                if (w == null) {
                    w = new DiskWrite(m.table.disk.store);
                }
                try {
                    m.stage(w, propagation, nowMillis);
                } catch (RuntimeException | Error e) {
                    w.abandon();
                    throw e;
                }
            }
        }
        if (w != null) {
            w.commit();
        }
    }

    /**
     * The mutations stably ordered by table id when any of their tables has a stream (an insertion sort: a
     * transaction has at most 100 actions); as they are otherwise, with no copy.
     */
    private static List<Mutation> inTableOrder(List<Mutation> mutations) {
        boolean streams = false;
        for (Mutation m : mutations) {
            streams |= m != null && m.table.stream != null;
        }
        if (!streams) {
            return mutations;
        }
        List<Mutation> out = new ArrayList<>(mutations.size());
        for (Mutation m : mutations) {
            if (m == null) {
                continue;
            }
            int at = out.size();
            while (at > 0 && out.get(at - 1).table.id > m.table.id) {
                at--;
            }
            out.add(at, m);
        }
        return out;
    }

    /** Stages this change into a durable batch: item, LSI entries, GSI entries or pending GSI work, counters, collection size. */
    private void stage(DiskWrite w, IndexPropagation propagation, long nowMillis) {
        DiskMap items = (DiskMap) table.items;
        if (after != null) {
            if (!sameContent) {
                w.put(items, key, after);
            }
        } else if (before != null) {
            w.delete(items, key);
        }
        long dc = before == null && after != null ? 1 : before != null && after == null ? -1 : 0;
        long db = (long) (after == null ? 0 : after.size()) - (before == null ? 0 : before.size());
        if (dc != 0 || db != 0) {
            w.count(items.space, dc, db);
            w.afterCommit(() -> {
                table.itemCount.add(dc);
                table.itemBytes.add(db);
            });
        }
        for (IndexChange c : lsiChanges) {
            if (c.touchesIndex()) {
                DiskTable.stageIndex(
                        w,
                        c.index,
                        c.oldKey,
                        c.newKey,
                        c.newEntry,
                        c.oldKey == null ? 0 : c.oldEntry().size());
            }
        }
        for (IndexChange c : gsiChanges) {
            if (c.touchesIndex()) {
                propagation.stage(w, table, c, nowMillis);
            }
        }
        if (lsiChanges.length > 0 && collectionDelta != 0) {
            w.add(table.disk.collectionKey(partitionValue), collectionDelta);
        }
        StreamData stream = table.stream;
        if (stream != null) {
            stream.append(this, nowMillis, w);
        }
    }

    /** Base-table write units: by the larger of the two item images. */
    int baseWriteUnits() {
        return Meter.writeUnits(Math.max(before == null ? 0 : before.size(), after == null ? 0 : after.size()));
    }

    // ---- the planned index changes, read by TokenBucketThroughput to charge capacity ----
    IndexChange[] lsiChanges() {
        return lsiChanges;
    }

    IndexChange[] gsiChanges() {
        return gsiChanges;
    }

    /** Records this write's capacity: base table by the larger item image, indexes by the seeds' rules. */
    void meter(Meter meter, int factor) {
        String t = table.shape.name;
        meter.tableWrite(t, (double) factor * baseWriteUnits());
        for (IndexChange c : lsiChanges) {
            int units = c.writeUnits();
            if (units > 0) {
                meter.indexWrite(t, c.index.shape.name, false, (double) factor * units);
            }
        }
        for (IndexChange c : gsiChanges) {
            int units = c.writeUnits();
            if (units > 0) {
                meter.indexWrite(t, c.index.shape.name, true, (double) factor * units);
            }
        }
    }

    /** Bytes this change adds to its item collection (negative when it shrinks it); 0 on tables without LSIs. */
    long collectionDelta() {
        return collectionDelta;
    }

    long collectionSizeAfter() {
        return partitionValue == null ? 0 : table.collectionSize(partitionValue);
    }
}
