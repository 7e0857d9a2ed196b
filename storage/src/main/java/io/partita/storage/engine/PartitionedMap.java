package io.partita.storage.engine;

import static io.partita.storage.engine.PartitionSlots.CHUNK;
import static io.partita.storage.engine.PartitionSlots.ITEMS;
import static io.partita.storage.engine.PartitionSlots.SIZES;
import static io.partita.storage.engine.PartitionSlots.STRIDE;
import static io.partita.storage.engine.PartitionSlots.fill;
import static io.partita.storage.engine.PartitionSlots.holds;
import static io.partita.storage.engine.PartitionSlots.insertFresh;
import static io.partita.storage.engine.PartitionSlots.partitionAt;
import static io.partita.storage.engine.PartitionSlots.slotOf;

import io.partita.storage.value.AttributeValue;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Entries grouped by partition, the layout of the table and of every index: a hash map finds a partition
 * in constant time, the partition holds its entries in key order, and an ordered map of partitions (by hash,
 * then partition key) gives scans DynamoDB's order and contiguous parallel-scan segments.
 *
 * <p>Most partitions are small (a user's items, one index key's entries), so a partition starts as an
 * immutable sorted array (a {@link Chunk}) replaced on each write (copy-on-write: a binary search and a short
 * copy, and readers iterate a stable snapshot without locks; an overwrite of the same size swaps the item in place,
 * see {@link Chunk#swapItem}); past {@link #SMALL_LIMIT} entries it becomes a
 * {@link ChunkTree}, a copy-on-write B+-tree of such chunks, where a write copies one chunk and one directory per
 * level whatever the partition's size (an overwrite swaps the entry in place: see {@link TreeSwap}), and a reader
 * still walks a snapshot of the keys without locks.
 *
 * <p>Writers of one small partition serialize on its monitor. Empty small partitions are dropped under that
 * monitor, and a writer that finds its partition dropped starts again with a new one. A large partition takes
 * writes without the monitor (the tree publishes each write with a compare-and-set of its root; writers of one
 * item are already serialized by the item's stripe lock), and so is never dropped, even when it empties: a
 * lock-free writer could otherwise write into a dropped partition.
 */
final class PartitionedMap implements EntryMap {
    static final int SMALL_LIMIT = 64;
    private static final long HASH_SPACE = 1L << 32;

    /** A dropped partition's slot in {@link #table}: probes go on past it, an insert may reuse it. */
    static final Partition TOMBSTONE = new Partition(new OrderKey(new byte[0], 0));

    /**
     * The partitions by key: open addressing with linear probing over a flat array, the slot taken from the low bits
     * of the key's partition hash (its first four bytes, already mixed). A slot is {@link PartitionSlots#STRIDE} consecutive
     * references: {@code [partition, its key bytes, chunk, items, sizes]}, the last three a <em>mirror</em> of the
     * partition's small snapshot ({@link Partition#small} and the sizes and items arrays it holds), so that a
     * whole-partition read reaches the key bytes, the snapshot and its items and sizes from one line of this array:
     * two dependent loads (the slot, then all of those at once) instead of the slot, the partition and then its
     * arrays.
     *
     * <p>The mirror is a hint, never trusted: a reader uses it only when the partition's current snapshot (its
     * volatile {@code large} and {@code small}, read after the mirror) is the mirrored chunk and that chunk holds
     * the mirrored items and sizes arrays (two chunks may share one, an overwrite's chunk its predecessor's sizes,
     * so the entries read are the first {@link Chunk#count} of that chunk, read once after the snapshot), and the
     * key bytes are the partition's own; otherwise it reads the partition itself and leaves what it read in the
     * mirror (a plain store: a racing or misplaced one is caught by the same check). Writers never touch it, so a
     * write costs nothing more; the first whole-partition read after a write that replaced the chunk takes the
     * longer path and refreshes the mirror for the reads after it (an append into the chunk's room keeps the chunk,
     * and the mirror stays current). A resize copies each partition's current snapshot into its new slot. Readers take
     * no lock.
     *
     * <p>A slot's partition is published with a release store after its key bytes and mirror, and is never cleared
     * in place (a dropped partition leaves {@link #TOMBSTONE}), so a probe never stops short of a partition that
     * was there all along. Inserting, dropping and resizing (a new array, published whole) hold {@link
     * #tableLock}; at most half the slots are in use (partitions plus tombstones).
     */
    private volatile Object[] table = new Object[16 * STRIDE];

    /** Partitions and tombstones in {@link #table}; written under {@link #tableLock}. */
    private int used;

    private int live;
    private final Object tableLock = new Object();

    /**
     * The partitions in scan order (by hash, then partition key), for scans only. A new partition is not inserted
     * here by the write that creates it: it is pushed on {@link #pending} (two plain stores under {@link
     * #tableLock}, which creating it holds anyway), and a scan first moves the pending partitions in ({@link
     * #registerPending}). A skip-list insert per new partition (a search, two or three nodes, its size counter) was
     * about a third of a fresh-key put's CPU samples in the benchmarks' workload; scans are rarer than new partitions.
     *
     * <p>Made by the first scan ({@link #registerPending}), null until then: every partition is on {@link #pending}
     * from its creation until a scan moves it here, so the map made late misses none, and a table or index that is
     * never scanned (or not yet: a short-lived process's first put and get) never builds one (its class and its
     * VarHandles cost a millisecond and more in a fresh JVM). Written and read under {@link #orderLock}; a scan
     * reads it through what {@link #registerPending} returns.
     */
    private ConcurrentSkipListMap<OrderKey, Partition> ordered;

    /**
     * Partitions created since the last scan, newest first, linked through {@link Partition#nextPending}; read and
     * written under {@link #tableLock}.
     */
    private Partition pending;

    /**
     * Partitions on {@link #pending}; under {@link #tableLock}. A dropped partition stays on the list until the next
     * scan; so that a workload that creates and empties partitions and never scans does not keep them all, the list is
     * pruned of dropped partitions whenever it holds more than twice the live ones plus 64 (amortized constant work
     * per new partition).
     */
    private int pendingCount;

    /**
     * Held while the pending partitions move into {@link #ordered} and while a dropped partition leaves it, so that a
     * scan never starts while another scan's pending partitions are taken but not yet in {@link #ordered}, and a
     * dropped partition is never put back. Taken before {@link #tableLock}, never while holding it.
     */
    private final Object orderLock = new Object();

    /** The partition holding {@code key} (a key or bound holding the whole partition key), or null. */
    private Partition find(OrderKey key) {
        return find(key.bytes, key.partitionEnd);
    }

    /** The partition holding the key of these bytes (its partition's bytes end at {@code partitionEnd}), or null. */
    private Partition find(byte[] key, int partitionEnd) {
        return PartitionSlots.find(table, key, partitionEnd);
    }

    /**
     * The partition of {@code key}, created (empty, and put on {@link #pending} for scans) when there is none.
     */
    private Partition findOrCreate(byte[] key, int partitionEnd) {
        Partition found = find(key, partitionEnd);
        if (found != null) {
            return found;
        }
        synchronized (tableLock) {
            Object[] t = table;
            int mask = t.length / STRIDE - 1;
            int h = (key[0] & 0xFF) << 24 | (key[1] & 0xFF) << 16 | (key[2] & 0xFF) << 8 | (key[3] & 0xFF);
            int free = -1;
            int i = h & mask;
            for (; ; i = (i + 1) & mask) {
                Partition p = (Partition) t[i * STRIDE];
                if (p == null) {
                    break;
                }
                if (p == TOMBSTONE) {
                    if (free < 0) {
                        free = i;
                    }
                } else if (p.hash == h && p.holds(key, partitionEnd)) {
                    return p;
                }
            }
            // from the key's partition bytes straight (the key's own array when that is all it holds)
            Partition fresh =
                    new Partition(key.length == partitionEnd ? key : Arrays.copyOf(key, partitionEnd), partitionEnd);
            if (free >= 0) {
                fill(t, free * STRIDE, fresh);
            } else if (2 * (used + 1) > t.length / STRIDE) {
                rehash(live + 1);
                insertFresh(table, fresh);
                used++;
            } else {
                fill(t, i * STRIDE, fresh);
                used++;
            }
            live++;
            fresh.nextPending = pending;
            pending = fresh;
            if (++pendingCount > 2 * live + 64) {
                prunePending();
            }
            return fresh;
        }
    }

    /**
     * Unlinks dropped partitions from {@link #pending}. Under {@link #tableLock}, which each drop takes after marking
     * its partition dropped, so every partition dropped so far is seen dropped.
     */
    private void prunePending() {
        Partition kept = null;
        int n = 0;
        for (Partition p = pending; p != null; ) {
            Partition next = p.nextPending;
            p.nextPending = null;
            if (!p.dropped) {
                p.nextPending = kept;
                kept = p;
                n++;
            }
            p = next;
        }
        // reversed, which the order of the list does not matter for: registerPending sorts by inserting
        pending = kept;
        pendingCount = n;
    }

    /**
     * A new table for at least {@code partitions} partitions (a quarter full), without tombstones, each slot's
     * mirror taken from its partition's snapshot. Under the lock.
     */
    private void rehash(int partitions) {
        Object[] next = PartitionSlots.rehashed(table, partitions);
        used = live; // the partitions in the table, no tombstones
        table = next; // published whole: its slots need no release stores of their own
    }

    /** Leaves a tombstone in {@code p}'s slot. Under the lock. */
    private void drop(Partition p) {
        synchronized (tableLock) {
            Object[] t = table;
            int at = slotOf(t, p);
            if (at >= 0) {
                PartitionSlots.bury(t, at);
                live--;
            }
        }
    }

    @Override
    public Stored get(OrderKey key) {
        Partition p = find(key);
        return p == null ? null : p.get(key);
    }

    /** Stores an entry; returns the entry it replaced, or null. */
    @Override
    public Stored put(OrderKey key, Stored value) {
        while (true) {
            Partition p = findOrCreate(key.bytes, key.partitionEnd);
            if (p.large != null) {
                // A tree takes concurrent writes (compare-and-set of its root), and a large partition is never
                // dropped: no monitor, so writers of one hot partition (a low-cardinality GSI key) do not queue
                // behind each other.
                return p.put(key, value);
            }
            synchronized (p) {
                if (!p.dropped) {
                    return p.put(key, value); // p is on pending or in ordered since findOrCreate made it
                }
            }
        }
    }

    /** As {@link #put}, returning the replaced entry's size (no {@link Stored} built), or {@link #ABSENT}. */
    @Override
    public int putSize(OrderKey key, Stored value) {
        return putSize(key.bytes, key.partitionEnd, value);
    }

    /** As {@link #putSize(OrderKey, Stored)} from the key's bytes, which the map keeps: no key object. */
    @Override
    public int putSize(byte[] key, int partitionEnd, Stored value) {
        while (true) {
            Partition p = findOrCreate(key, partitionEnd);
            if (p.large != null) {
                return p.putSize(key, value); // no monitor, as in put
            }
            synchronized (p) {
                if (!p.dropped) {
                    return p.putSize(key, value);
                }
            }
        }
    }

    /**
     * As {@link EntryMap#replaceSize}: in a large partition an overwrite in place with no monitor, as in put; in a
     * small one under its monitor (a dropped partition held no entry).
     */
    @Override
    public int replaceSize(byte[] key, int partitionEnd, Stored value) {
        Partition p = find(key, partitionEnd);
        if (p == null) {
            return ABSENT;
        }
        ChunkTree tree = p.large;
        if (tree != null) {
            Stored previous = tree.replace(key, value);
            return previous == null ? ABSENT : previous.size();
        }
        synchronized (p) {
            return p.dropped ? ABSENT : p.replaceSize(key, value);
        }
    }

    /** Removes an entry; returns it, or null when there was none. */
    @Override
    public Stored remove(OrderKey key) {
        Partition p = find(key);
        if (p == null) {
            return null;
        }
        if (p.large != null) {
            return p.remove(key); // no monitor, as in put
        }
        synchronized (p) {
            Stored previous = p.remove(key);
            dropIfEmpty(p);
            return previous;
        }
    }

    /** As {@link #remove}, returning the removed entry's size, or {@link #ABSENT}. */
    @Override
    public int removeSize(OrderKey key) {
        Partition p = find(key);
        if (p == null) {
            return ABSENT;
        }
        if (p.large != null) {
            return p.removeSize(key); // no monitor, as in put
        }
        synchronized (p) {
            int previous = p.removeSize(key);
            dropIfEmpty(p);
            return previous;
        }
    }

    /** Drops a small partition a removal emptied; large partitions stay (see put). Under the partition's monitor. */
    private void dropIfEmpty(Partition p) {
        if (p.large == null && p.isEmpty() && !p.dropped) {
            p.dropped = true;
            drop(p);
            synchronized (orderLock) { // after drop: registerPending then sees dropped and skips p
                if (ordered != null) {
                    ordered.remove(p, p);
                }
            }
        }
    }

    /**
     * The entries of one partition (named by {@code low}, a key or bound holding the whole partition key) in
     * {@code [low, high)}, after {@code exclusiveStart} when given, ascending or descending.
     */
    @Override
    public Iterable<Map.Entry<OrderKey, Stored>> range(
            OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward) {
        Partition p = find(low);
        if (p == null) {
            return Collections::emptyIterator;
        }
        return () -> p.range(low, high, exclusiveStart, forward);
    }

    // The mirror's items slot holds only arrays made by Chunk.newItems (see mirror), of this element type.
    @SuppressWarnings("unchecked")
    @Override
    public void visit(OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward, Visitor visitor) {
        Object[] t = table;
        int mask = t.length / STRIDE - 1;
        int h = low.hash();
        int at;
        Partition p;
        for (int i = h & mask; ; i = (i + 1) & mask) {
            at = i * STRIDE;
            p = partitionAt(t, at);
            if (p == null) {
                return;
            }
            if (holds(t, at, p, h, low)) {
                break;
            }
        }
        // A whole small partition (a query on the partition key alone, most queries) from the slot's mirror, when
        // it is the partition's current snapshot: its chunk, items and sizes were loaded with the slot, not after
        // the partition (see table). The snapshot is read (volatile) before the arrays' contents.
        boolean whole = low.isPartitionStart() && (high == null || high.isPartitionEnd()) && exclusiveStart == null;
        Object[] s = (Object[]) t[at + CHUNK];
        Map<String, AttributeValue>[] items = (Map<String, AttributeValue>[]) t[at + ITEMS];
        int[] sizes = (int[]) t[at + SIZES];
        Object[] current = p.snapshot();
        if (whole && current != null && current == s && Chunk.items(s) == items && Chunk.sizes(s) == sizes) {
            Partition.visitAll(items, sizes, Chunk.count(s), forward, visitor);
            return;
        }
        if (whole && current != null) {
            // stale (a write since the last refresh, or a torn read): refresh it for the next reader, who
            // checks it as above, and read this snapshot
            Map<String, AttributeValue>[] its = Chunk.items(current);
            int[] szs = Chunk.sizes(current);
            t[at + CHUNK] = current;
            t[at + ITEMS] = its;
            t[at + SIZES] = szs;
            Partition.visitAll(its, szs, Chunk.count(current), forward, visitor);
            return;
        }
        p.visit(low, high, exclusiveStart, forward, visitor);
    }

    /** Every entry, in scan order. */
    @Override
    public Iterable<Map.Entry<OrderKey, Stored>> all() {
        return scan(0, HASH_SPACE, null);
    }

    /**
     * The entries whose partition hash lies in {@code [hashFrom, hashTo)} (unsigned; {@code hashTo} up to
     * 2^32), in scan order, after {@code exclusiveStart} when it is given.
     */
    @Override
    public Iterable<Map.Entry<OrderKey, Stored>> scan(long hashFrom, long hashTo, OrderKey exclusiveStart) {
        ConcurrentSkipListMap<OrderKey, Partition> sorted = registerPending();
        NavigableMap<OrderKey, Partition> range = hashTo >= HASH_SPACE
                ? sorted.tailMap(OrderKey.hashStart(hashFrom), true)
                : sorted.subMap(OrderKey.hashStart(hashFrom), true, OrderKey.hashStart(hashTo), false);
        Iterator<Map.Entry<OrderKey, Stored>> first = Collections.emptyIterator();
        if (exclusiveStart != null) {
            OrderKey id = exclusiveStart.partition();
            long hash = Integer.toUnsignedLong(id.hash());
            if (hash >= hashTo) {
                return Collections::emptyIterator;
            }
            if (hash >= hashFrom) {
                Partition p = find(id);
                if (p != null) {
                    first = p.range(null, null, exclusiveStart, true);
                }
                range = range.tailMap(id, false);
            }
        }
        Iterator<Map.Entry<OrderKey, Stored>> head = first;
        NavigableMap<OrderKey, Partition> partitions = range;
        return () -> new PartitionRanges.Flattening(head, partitions.values().iterator());
    }

    /**
     * Moves the partitions created since the last call into {@link #ordered}, skipping dropped ones. Every partition
     * created before the call started is in {@link #ordered} when it returns (a concurrent call waits on {@link
     * #orderLock} until the partitions it took are in), so a scan sees every partition that held an item when it
     * began. Returns {@link #ordered}, made by the first call.
     */
    private ConcurrentSkipListMap<OrderKey, Partition> registerPending() {
        synchronized (orderLock) {
            if (ordered == null) {
                ordered = new ConcurrentSkipListMap<>();
            }
            Partition p;
            synchronized (tableLock) {
                p = pending;
                pending = null;
                pendingCount = 0;
            }
            while (p != null) {
                Partition next = p.nextPending;
                p.nextPending = null;
                // dropped is set before drop takes tableLock, so a partition dropped before the list was taken is
                // seen dropped; one dropped after is removed again by remove, under orderLock, after this
                if (!p.dropped) {
                    ordered.put(p, p);
                }
                p = next;
            }
            return ordered;
        }
    }

    /** Partitions in scan order after moving the pending ones in, for tests (with {@link #livePartitions}). */
    int scanPartitions() {
        return registerPending().size();
    }

    /** Partitions in the table, for tests. */
    int livePartitions() {
        synchronized (tableLock) {
            return live;
        }
    }

    /** Slots in the current table (partitions, tombstones and free slots), for tests. */
    int tableSlots() {
        return table.length / STRIDE;
    }

    /** Partitions waiting on {@link #pending}, for tests. */
    int pendingPartitions() {
        synchronized (tableLock) {
            return pendingCount;
        }
    }
}
