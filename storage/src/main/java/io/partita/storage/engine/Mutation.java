package io.partita.storage.engine;

import io.partita.storage.Message;
import io.partita.storage.StorageOptions;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemContents;
import io.partita.storage.value.ItemMap;
import java.util.Arrays;

/**
 * One item's change (put, replace or delete) with everything it does to the indexes, planned completely
 * before anything is applied, so that a write either happens in full or not at all.
 * Must be planned and applied under the item's stripe lock.
 */
final class Mutation {
    TableData table;
    OrderKey key;
    Stored before;
    Stored after;

    /** The LSIs the write was planned against, in the table's order ({@link #SAME_CONTENT} for the same content). */
    private IndexData[] lsis;
    /** The GSIs the write was planned against, in the table's order (none when {@link #sameContent}). */
    private IndexData[] gsis;

    /*
     * The plan of every index, LSIs first, then GSIs (index i of lsiCount() + gsis.length), in three arrays rather
     * than an object per index: an entry key is null where the item is absent from the index (or where the write
     * leaves the index as it is: both keys null, or a key not built: see marks). newKeys is null when no index gains
     * an entry whose key the plan built (an insert's keys are marked instead); oldKeys is null when
     * there was no old item, or when every old key is its new key (an overwrite keeping the index keys, the
     * usual one: one array of keys); newEntries holds only projected entries (INCLUDE, KEYS_ONLY): an ALL entry is
     * the item itself, and an insert holds none (its entries are projected once, by the write that stores them).
     */
    private OrderKey[] oldKeys;

    /** Also written once a kept key ({@link #marks}) is built: a mutation is read by the thread that applies it. */
    private OrderKey[] newKeys;

    private Stored[] newEntries;

    /**
     * Bits: bit i ({@code i < }{@link #KEPT_INDEXES}) for index i where the write's entry key is not built. In an
     * overwrite: the item has an entry both before and after the write, with equal index keys (an overwrite that
     * changes attributes the index does not key by, the usual one), so the entry stays at its key; the in-memory
     * write finds the entry from the item's values ({@link IndexData#overwrite}). In an insert: the item has an
     * entry; the in-memory write encodes its key straight into the array the index keeps ({@link IndexData#insert}).
     * What needs the key as an object (a queued GSI write, a durable batch, a throughput partition) builds it on
     * first ask ({@link #newKey}), once. The top bit, {@link #TIME_TO_LIVE}, marks a deletion made by time to live
     * (a deletion keeps no entry). One int, so that a mutation is no larger than one without these marks (56
     * bytes).
     */
    private int marks;

    /** Indexes whose kept keys {@link #marks} can tell: a table has at most 5 LSIs and 20 GSIs. */
    private static final int KEPT_INDEXES = 31;

    /** {@link #marks}' bit for a deletion made by time to live: its stream record names the service as the user. */
    private static final int TIME_TO_LIVE = 1 << KEPT_INDEXES;

    /** Bytes the write adds to its item collection: an int (items are at most 400 KB, with at most five LSI entries). */
    private int collectionDelta;

    /**
     * The indexes of a write whose new item reads exactly as the old one ({@link ItemContents#same}), and so marks it
     * ({@link #sameContent}): the stored item and every index entry stay as they are (the stored objects, and on disk
     * their bytes, are equal to what the write would put), so the write encodes no index key, projects no entry and
     * copies no partition; on disk its batch is empty (such a write has no stream record either) and the decoded
     * cache keeps the old, equal item. Capacity and streams see the write as before: its item images are {@link
     * #before} and {@link #after}, and an entry equal before and after costs no index write units either way.
     */
    private static final IndexData[] SAME_CONTENT = {};

    /*
     * The fields are not final so that a write whose mutation nothing keeps past its stripe lock (a put that asks for
     * nothing back: ItemWrites.putItem) plans into its stripe's spare mutation instead of a new one (TableData.Stripe):
     * every plan sets every field, and a mutation is planned, applied and read by the thread holding the lock.
     */
    private Mutation() {}

    /** A mutation for {@link TableData.Stripe#takeSpare}'s holder to plan into. */
    static Mutation blank() {
        return new Mutation();
    }

    /** {@code into} (null: a new mutation) planned as given. */
    private static Mutation of(
            Mutation into,
            TableData table,
            OrderKey key,
            Stored before,
            Stored after,
            IndexData[] lsis,
            IndexData[] gsis,
            OrderKey[] oldKeys,
            OrderKey[] newKeys,
            Stored[] newEntries,
            int keptKeys,
            long collectionDelta) {
        Mutation m = into != null ? into : new Mutation();
        m.table = table;
        m.key = key;
        m.before = before;
        m.after = after;
        m.lsis = lsis;
        m.gsis = gsis;
        m.oldKeys = oldKeys;
        m.newKeys = newKeys;
        m.newEntries = newEntries;
        m.marks = keptKeys;
        m.collectionDelta = Math.toIntExact(collectionDelta);
        return m;
    }

    /** True when the new item reads exactly as the old one: see {@link #SAME_CONTENT}. */
    boolean sameContent() {
        return lsis == SAME_CONTENT;
    }

    /** The item's partition key value, which names its item collection; null when the write has no item. */
    AttributeValue partitionValue() {
        Stored item = after != null ? after : before;
        return item == null ? null : item.item().get(table.shape.partitionKey.name());
    }

    /**
     * Plans the change of one item from {@code before} to {@code after} (either may be null). The new item's
     * index keys must already be validated. Checks the item-collection limit.
     */
    static Mutation plan(TableData table, OrderKey key, Stored before, Stored after, StorageOptions options) {
        return plan(table, key, before, after, options, null);
    }

    /** As {@link #plan}, planned into {@code into} when it is not null (a spare mutation, see {@link #blank}). */
    static Mutation plan(
            TableData table, OrderKey key, Stored before, Stored after, StorageOptions options, Mutation into) {
        long delta = (after == null ? 0L : after.size()) - (before == null ? 0L : before.size());
        if (sameContent(before, after)) {
            // nothing to change in any index (delta is 0: equal items have equal sizes)
            return of(into, table, key, before, after, SAME_CONTENT, SAME_CONTENT, null, null, null, 0, delta);
        }
        if (before == null && after != null) {
            return planInsert(table, key, after, delta, options, into);
        }
        return planChange(table, key, before, after, delta, options, into);
    }

    /** {@link #plan} of an overwrite that changes the item, or of a deletion ({@code after} null). */
    private static Mutation planChange(
            TableData table,
            OrderKey key,
            Stored before,
            Stored after,
            long delta,
            StorageOptions options,
            Mutation into) {
        IndexData[] lsis = table.lsis;
        IndexData[] gsis = table.gsis;
        int n = lsis.length + gsis.length;
        OrderKey[] oldKeys = null;
        OrderKey[] newKeys = null;
        Stored[] entries = null;
        int kept = 0;
        for (int i = 0; i < n; i++) {
            IndexShape shape = (i < lsis.length ? lsis[i] : gsis[i - lsis.length]).shape;
            if (before != null && after != null && shape.sameEntry(before.item(), after.item())) {
                // the entry stays as it is: no key to encode, no entry to project, no index write (and none to queue
                // in ASYNC mode: what is queued for the old item already ends at this same entry)
                continue;
            }
            boolean sameKey = before != null && after != null && shape.sameIndexKey(before.item(), after.item());
            if (sameKey && i < KEPT_INDEXES) {
                // the entry stays at its key, which is not built (see marks); neither item has an entry, or both
                if (shape.hasEntry(after.item())) {
                    kept |= 1 << i;
                    Stored entry = shape.project(after);
                    entries = withEntry(entries, n, i, entry, after);
                    if (i < lsis.length) {
                        delta += entry.size() - shape.project(before).size();
                    }
                }
                continue;
            }
            OrderKey newKey = after == null ? null : shape.entryKey(after.item());
            // an overwrite that keeps the index key (past the first KEPT_INDEXES indexes) encodes it once
            OrderKey oldKey =
                    before == null ? null : newKey != null && sameKey ? newKey : shape.entryKey(before.item());
            if (newKey != null) {
                if (newKeys == null) {
                    newKeys = new OrderKey[n];
                }
                newKeys[i] = newKey;
                Stored entry = shape.project(after);
                entries = withEntry(entries, n, i, entry, after);
                if (i < lsis.length) {
                    delta += entry.size() + IndexData.ENTRY_OVERHEAD;
                }
            }
            if (before != null && oldKeys == null && oldKey != newKey) {
                // the first old key that is not its new key: every old key before it was its new key (an insert has
                // no old keys at all: no array)
                oldKeys = newKeys == null ? new OrderKey[n] : Arrays.copyOf(newKeys, n);
            }
            if (oldKeys != null) {
                oldKeys[i] = oldKey;
            }
            if (oldKey != null && i < lsis.length) {
                delta -= shape.project(before).size() + IndexData.ENTRY_OVERHEAD;
            }
        }
        return checked(
                of(into, table, key, before, after, lsis, gsis, oldKeys, newKeys, entries, kept, delta), options);
    }

    /**
     * {@link #plan} of a new item: each index where it has an entry gets a mark (see {@link #marks}) instead of its
     * key, which the in-memory write encodes into the array it stores (past the first {@link #KEPT_INDEXES} indexes,
     * the key is built here); the entries are projected by the write ({@link #newEntry}), not held.
     */
    private static Mutation planInsert(
            TableData table, OrderKey key, Stored after, long delta, StorageOptions options, Mutation into) {
        IndexData[] lsis = table.lsis;
        IndexData[] gsis = table.gsis;
        int n = lsis.length + gsis.length;
        OrderKey[] newKeys = null;
        int added = 0;
        for (int i = 0; i < n; i++) {
            IndexShape shape = (i < lsis.length ? lsis[i] : gsis[i - lsis.length]).shape;
            if (i < KEPT_INDEXES) {
                if (!shape.hasEntry(after.item())) {
                    continue;
                }
                added |= 1 << i;
            } else {
                OrderKey newKey = shape.entryKey(after.item());
                if (newKey == null) {
                    continue;
                }
                if (newKeys == null) {
                    newKeys = new OrderKey[n];
                }
                newKeys[i] = newKey;
            }
            if (i < lsis.length) {
                delta += shape.entrySize(after) + IndexData.ENTRY_OVERHEAD;
            }
        }
        return checked(of(into, table, key, null, after, lsis, gsis, null, newKeys, null, added, delta), options);
    }

    /** {@code m}, once its item collection is checked against the limit (a table with LSIs). */
    private static Mutation checked(Mutation m, StorageOptions options) {
        AttributeValue partitionValue = m.lsis.length > 0 ? m.partitionValue() : null;
        if (partitionValue != null) {
            checkCollectionLimit(m.table, partitionValue, m.collectionDelta, options);
        }
        return m;
    }

    /** {@code entries} with index {@code i}'s projected entry, made when it is the first (an ALL entry is the item). */
    private static Stored[] withEntry(Stored[] entries, int n, int i, Stored entry, Stored item) {
        if (entry == item) {
            return entries;
        }
        Stored[] e = entries == null ? new Stored[n] : entries;
        e[i] = entry;
        return e;
    }

    /** True when {@code after} replaces {@code before} with an item that reads exactly the same. */
    private static boolean sameContent(Stored before, Stored after) {
        return before != null
                && after != null
                && before.item() instanceof ItemMap b
                && after.item() instanceof ItemMap a
                && ItemContents.same(b, a);
    }

    // ---- the planned index changes, read by apply, stage, meter, IndexPropagation and TokenBucketThroughput ----

    /** Indexes planned: the LSIs (0 .. {@link #lsiCount()} - 1), then the GSIs. */
    int indexCount() {
        return lsis.length + gsis.length;
    }

    int lsiCount() {
        return lsis.length;
    }

    IndexData index(int i) {
        return i < lsis.length ? lsis[i] : gsis[i - lsis.length];
    }

    /**
     * True when the write keeps the item's entry in index {@code i} at its key, which is not built until asked (see
     * {@link #marks}): its {@link #oldKey} and {@link #newKey} are equal.
     */
    boolean keepsKey(int i) {
        return before != null && marked(i);
    }

    /**
     * True when the write adds the item's entry to index {@code i} and its key is not built yet (see {@link #marks}):
     * the in-memory write encodes the key into the array it stores.
     */
    boolean addsUnbuilt(int i) {
        return before == null && marked(i) && (newKeys == null || newKeys[i] == null);
    }

    /** True when index {@code i}'s entry key is not built by the plan (see {@link #marks}). */
    private boolean marked(int i) {
        return i < KEPT_INDEXES && (marks & 1 << i) != 0;
    }

    /** The old item's entry key in index {@code i}; null when it had none or the write leaves the index as it is. */
    OrderKey oldKey(int i) {
        if (before == null) {
            return null;
        }
        if (keepsKey(i)) {
            return newKey(i);
        }
        return oldKeys != null ? oldKeys[i] : newKeys == null ? null : newKeys[i];
    }

    /**
     * The new item's entry key in index {@code i}; null when it has none or the write leaves the index as it is. A
     * kept key is built here, on first ask.
     */
    OrderKey newKey(int i) {
        OrderKey k = newKeys == null ? null : newKeys[i];
        if (k == null && marked(i)) {
            if (newKeys == null) {
                newKeys = new OrderKey[indexCount()];
            }
            k = index(i).shape.entryKey(after.item());
            newKeys[i] = k;
        }
        return k;
    }

    /**
     * The new item's entry in index {@code i}, when it has a {@link #newKey}; an insert's projected entry (INCLUDE,
     * KEYS_ONLY) is projected on each call (the write asks once), see {@link #newEntrySize}.
     */
    Stored newEntry(int i) {
        if (!marked(i) && newKey(i) == null) {
            return null;
        }
        if (before == null) {
            return index(i).shape.project(after);
        }
        Stored projected = newEntries == null ? null : newEntries[i];
        return projected != null ? projected : after;
    }

    /** The size of {@link #newEntry}{@code (i)}, which must not be null, without projecting an insert's entry. */
    int newEntrySize(int i) {
        return before == null ? index(i).shape.entrySize(after) : newEntry(i).size();
    }

    /** The old item's entry in index {@code i}, when it has an {@link #oldKey}; projected on each call (capacity, LSI sizes). */
    Stored oldEntry(int i) {
        return keepsKey(i) || oldKey(i) != null ? index(i).shape.project(before) : null;
    }

    boolean touchesIndex(int i) {
        return marked(i) || oldKey(i) != null || newKey(i) != null;
    }

    /** Index write units of index {@code i} per the seeds: 0, 1 (add, remove, projected change) or 2 (key change). */
    int writeUnits(int i) {
        if (keepsKey(i)) {
            Stored newEntry = newEntry(i);
            return oldEntry(i).item().equals(newEntry.item()) ? 0 : Meter.writeUnits(newEntry.size());
        }
        OrderKey oldKey = oldKey(i);
        if (oldKey == null) {
            return marked(i) || newKey(i) != null ? Meter.writeUnits(newEntrySize(i)) : 0;
        }
        OrderKey newKey = newKey(i);
        if (newKey == null) {
            return Meter.writeUnits(oldEntry(i).size());
        }
        if (!oldKey.equals(newKey)) {
            return Meter.writeUnits(oldEntry(i).size())
                    + Meter.writeUnits(newEntry(i).size());
        }
        Stored newEntry = newEntry(i);
        return oldEntry(i).item().equals(newEntry.item()) ? 0 : Meter.writeUnits(newEntry.size());
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

    /** Marks this change as a deletion by time to live. */
    void byTimeToLive() {
        marks |= TIME_TO_LIVE;
    }

    boolean isTimeToLiveDelete() {
        return (marks & TIME_TO_LIVE) != 0;
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
                MutationStaging.stage(this, w, propagation, nowMillis);
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
            if (!sameContent()) {
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
        // the writing stripe's key scratch, for entries found without building their keys
        KeyCodec.Scratch scratch = (marks & ~TIME_TO_LIVE) != 0 ? table.scratchOf(key) : null;
        for (int i = 0; i < lsis.length; i++) {
            if (keepsKey(i)) {
                lsis[i].overwrite(after.item(), newEntry(i), scratch);
            } else if (addsUnbuilt(i)) {
                lsis[i].insert(after.item(), newEntry(i), scratch);
            } else {
                IndexPropagation.applyToIndex(lsis[i], oldKey(i), newKey(i), newEntry(i));
            }
        }
        for (int i = lsis.length; i < indexCount(); i++) {
            if (touchesIndex(i)) {
                propagation.propagate(table, this, i, nowMillis, scratch);
            }
        }
        if (lsis.length > 0 && collectionDelta != 0) {
            table.addToCollection(partitionValue(), collectionDelta);
        }
    }

    /** Base-table write units: by the larger of the two item images. */
    int baseWriteUnits() {
        return Meter.writeUnits(Math.max(before == null ? 0 : before.size(), after == null ? 0 : after.size()));
    }

    /** Records this write's capacity: base table by the larger item image, indexes by the seeds' rules. */
    void meter(Meter meter, int factor) {
        String t = table.shape.name;
        meter.tableWrite(t, (double) factor * baseWriteUnits());
        for (int i = 0; i < indexCount(); i++) {
            int units = writeUnits(i);
            if (units > 0) {
                meter.indexWrite(t, index(i).shape.name, i >= lsis.length, (double) factor * units);
            }
        }
    }

    /** Bytes this change adds to its item collection (negative when it shrinks it); 0 on tables without LSIs. */
    long collectionDelta() {
        return collectionDelta;
    }

    long collectionSizeAfter() {
        AttributeValue partitionValue = partitionValue();
        return partitionValue == null ? 0 : table.collectionSize(partitionValue);
    }
}
