package io.partita.storage.engine;

import io.partita.storage.value.AttributeValue;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NoSuchElementException;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Entries grouped by partition, the layout of the table and of every index: a hash map finds a partition
 * in constant time, the partition holds its entries in key order, and an ordered map of partitions (by hash,
 * then partition key) gives scans DynamoDB's order and contiguous parallel-scan segments.
 *
 * <p>Most partitions are small (a user's items, one index key's entries), so a partition starts as an
 * immutable sorted array (a {@link Chunk}) replaced on each write (copy-on-write: a binary search and a short
 * copy, and readers iterate a stable snapshot without locks); past {@link #SMALL_LIMIT} entries it becomes a
 * {@link ChunkTree}, a copy-on-write B+-tree of such chunks, where a write copies one chunk and one directory per
 * level whatever the partition's size, and a reader still walks an immutable snapshot.
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

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);

    /** A dropped partition's slot in {@link #table}: probes go on past it, an insert may reuse it. */
    private static final Partition TOMBSTONE = new Partition(new OrderKey(new byte[0], 0));

    /**
     * Slots of {@link #table}, each {@link #STRIDE} references wide: the partition, its key bytes, and a mirror of
     * its small snapshot (the chunk, its sizes and its items arrays).
     */
    private static final int STRIDE = 5;

    private static final int KEY = 1;
    private static final int CHUNK = 2;
    private static final int ITEMS = 3;
    private static final int SIZES = 4;

    /**
     * The partitions by key: open addressing with linear probing over a flat array, the slot taken from the low bits
     * of the key's partition hash (its first four bytes, already mixed). A slot is {@link #STRIDE} consecutive
     * references: {@code [partition, its key bytes, chunk, items, sizes]}, the last three a <em>mirror</em> of the
     * partition's small snapshot ({@link Partition#small} and the sizes and items arrays it holds), so that a
     * whole-partition read reaches the key bytes, the snapshot and its items and sizes from one line of this array:
     * two dependent loads (the slot, then all of those at once) instead of the slot, the partition and then its
     * arrays.
     *
     * <p>The mirror is a hint, never trusted: a reader uses it only when the partition's current snapshot (its
     * volatile {@code large} and {@code small}, read after the mirror) is the mirrored chunk and that chunk holds
     * the mirrored items and sizes arrays (two chunks may share them, an append's chunk its predecessor's, so the
     * entries read are the first {@link Chunk#count} of that chunk), and the key bytes are the partition's own;
     * otherwise it reads the partition itself and leaves what it read in the mirror (a plain store: a racing or
     * misplaced one is caught by the same check). Writers never touch it, so a write costs
     * nothing more; the first whole-partition read after a write takes the longer path and refreshes the mirror
     * for the reads after it. A resize copies each partition's current snapshot into its new slot. Readers take
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
     */
    private final ConcurrentSkipListMap<OrderKey, Partition> ordered = new ConcurrentSkipListMap<>();

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

    /**
     * One partition, which is also its own key (its hash and partition-key bytes, shared by every stored key of
     * the partition through {@link OrderKey#sharePartition}), so that finding it is one table slot, not a slot, a
     * node, a key object and then the partition.
     *
     * <p>A small partition is one array, never modified once published:
     * {@code [int[] sizes, Map[] items, key bytes 0 .. n-1]}. A 10-entry query reads the table slot, which mirrors
     * the partition's key bytes, this array and its sizes and items arrays (see {@link #table}), and then all of
     * them at once, and hands out the items without dereferencing them (a typed array: an {@code Object[]} slot
     * would need a type check that reads each item's header, a cache miss per entry at scale): no per-entry {@link
     * Stored} or {@link OrderKey} object is read, or kept (a small partition keeps each entry's key bytes, item and
     * size; {@link #get} and iteration build the objects they return), and a binary search compares the key bytes
     * straight from the array. A large partition is a {@link ChunkTree} whose chunks have the same layout.
     */
    private static final class Partition extends OrderKey {
        /** The partition hash ({@link OrderKey#hash}), compared before the key bytes when probing. */
        final int hash;

        volatile Object[] small = Chunk.EMPTY;
        volatile ChunkTree large;

        /** The next partition on {@link #pending}; under {@link #tableLock} while on the list. */
        Partition nextPending;

        boolean dropped;

        Partition(OrderKey id) {
            super(id.bytes, id.partitionEnd);
            this.hash = id.bytes.length >= 4 ? id.hash() : 0;
        }

        /** True when {@code key}'s partition-key prefix is this partition's key. */
        boolean holds(byte[] key, int partitionEnd) {
            return Arrays.equals(bytes, 0, bytes.length, key, 0, partitionEnd);
        }

        /**
         * The array a reader should use, or null once the partition is a tree. Promotion publishes {@code large}
         * before clearing {@code small}, so a reader that finds neither reads {@code large}.
         */
        Object[] snapshot() {
            return large != null ? null : small;
        }

        /** A stored key's bytes as an object pointing at this partition. */
        OrderKey key(byte[] bytes) {
            OrderKey k = new OrderKey(bytes, partitionEnd);
            k.sharePartition(this);
            return k;
        }

        int size() {
            Object[] s = snapshot();
            return s != null ? Chunk.count(s) : large.size();
        }

        Stored get(OrderKey key) {
            Object[] s = snapshot();
            if (s != null) {
                int i = Chunk.find(s, key.bytes);
                return i >= 0 ? Chunk.stored(s, i) : null;
            }
            return large.get(key.bytes);
        }

        /** Under the partition's monitor while small (a large partition's writes need none: see the class comment). */
        Stored put(OrderKey key, Stored value) {
            ChunkTree tree = large;
            if (tree != null) {
                return tree.put(key.bytes, value);
            }
            Object[] s = small;
            int i = Chunk.find(s, key.bytes);
            if (i >= 0) {
                Stored previous = Chunk.stored(s, i);
                small = Chunk.replace(s, i, value);
                return previous;
            }
            Object[] grown = Chunk.insert(s, -i - 1, key.bytes, value);
            if (Chunk.count(grown) > SMALL_LIMIT) {
                large = new ChunkTree(grown);
                small = null;
            } else {
                small = grown;
            }
            return null;
        }

        /** Under the partition's monitor while small. */
        Stored remove(OrderKey key) {
            ChunkTree tree = large;
            if (tree != null) {
                return tree.remove(key.bytes);
            }
            Object[] s = small;
            int i = Chunk.find(s, key.bytes);
            if (i < 0) {
                return null;
            }
            Stored previous = Chunk.stored(s, i);
            small = Chunk.remove(s, i);
            return previous;
        }

        boolean isEmpty() {
            return size() == 0;
        }

        /** Entries in [low, high) (high null: to the end), after {@code exclusiveStart} if given, in either direction. */
        Iterator<Map.Entry<OrderKey, Stored>> range(
                OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward) {
            Object[] s = snapshot();
            if (s != null) {
                long bounds = bounds(s, null, low, high, exclusiveStart, forward);
                return new ArrayRange(this, s, (int) (bounds >>> 32), (int) bounds, forward);
            }
            Object root = large.snapshot();
            long bounds = bounds(null, root, low, high, exclusiveStart, forward);
            return new TreeRange(this, root, (int) (bounds >>> 32), (int) bounds, forward);
        }

        /** Visits the entries {@link #range} would return, in its order, until the visitor declines. */
        void visit(OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward, Visitor v) {
            Object[] s = snapshot();
            Object root = s != null ? null : large.snapshot();
            long bounds = bounds(s, root, low, high, exclusiveStart, forward);
            int from = (int) (bounds >>> 32);
            int to = (int) bounds;
            if (s != null) {
                int[] sizes = Chunk.sizes(s);
                Map<String, AttributeValue>[] items = Chunk.items(s);
                if (forward) {
                    for (int i = from; i < to; i++) {
                        if (!v.visit(items[i], sizes[i])) {
                            return;
                        }
                    }
                } else {
                    for (int i = to - 1; i >= from; i--) {
                        if (!v.visit(items[i], sizes[i])) {
                            return;
                        }
                    }
                }
                return;
            }
            if (from >= to) {
                return;
            }
            // chunk by chunk: each is a contiguous slice of entries, like a small partition
            ChunkTree.Cursor c = new ChunkTree.Cursor(root, forward ? from : to - 1);
            int left = to - from;
            while (true) {
                Stored[] values = ChunkTree.values(c.chunk);
                if (forward) {
                    int end = Math.min(values.length, c.index + left);
                    for (int i = c.index; i < end; i++) {
                        if (!v.visit(values[i].item(), values[i].size())) {
                            return;
                        }
                    }
                    left -= end - c.index;
                } else {
                    int end = Math.max(-1, c.index - left);
                    for (int i = c.index; i > end; i--) {
                        if (!v.visit(values[i].item(), values[i].size())) {
                            return;
                        }
                    }
                    left -= c.index - end;
                }
                if (left == 0) {
                    return;
                }
                if (forward) {
                    c.nextChunk();
                } else {
                    c.previousChunk();
                }
            }
        }

        /** Visits the first {@code n} entries of a small partition's items and sizes (the arrays may be longer). */
        static void visitAll(Map<String, AttributeValue>[] its, int[] szs, int n, boolean forward, Visitor v) {
            if (forward) {
                for (int i = 0; i < n; i++) {
                    if (!v.visit(its[i], szs[i])) {
                        return;
                    }
                }
            } else {
                for (int i = n - 1; i >= 0; i--) {
                    if (!v.visit(its[i], szs[i])) {
                        return;
                    }
                }
            }
        }

        /**
         * The slice [from, to) of a small partition's chunk {@code s} or, when it is null, the ranks [from, to) of a
         * large partition's tree snapshot {@code root}, packed as {@code from << 32 | to}.
         */
        private static long bounds(
                Object[] s, Object root, OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward) {
            // A whole-partition bound needs no search (a query on the partition key alone): fewer cache
            // misses than a binary search through the keys, which at scale are cold.
            int from = low == null || low.isPartitionStart() ? 0 : lowerIndex(s, root, low, true);
            int to = high == null || high.isPartitionEnd()
                    ? (s != null ? Chunk.count(s) : ChunkTree.size(root))
                    : lowerIndex(s, root, high, true);
            if (exclusiveStart != null) {
                if (forward) {
                    from = Math.max(from, lowerIndex(s, root, exclusiveStart, false));
                } else {
                    to = Math.min(to, lowerIndex(s, root, exclusiveStart, true));
                }
            }
            return (long) from << 32 | (to & 0xFFFFFFFFL);
        }

        private static int lowerIndex(Object[] s, Object root, OrderKey key, boolean inclusive) {
            return s != null ? Chunk.lowerIndex(s, key.bytes, inclusive) : ChunkTree.rank(root, key.bytes, inclusive);
        }
    }

    /** Iterates a slice of a small partition's array; the array never changes, so iteration needs no lock. */
    private static final class ArrayRange implements Iterator<Map.Entry<OrderKey, Stored>> {
        private final Partition p;
        private final Object[] s;
        private final int from;
        private final int to;
        private final boolean forward;
        private int next;

        ArrayRange(Partition p, Object[] s, int from, int to, boolean forward) {
            this.p = p;
            this.s = s;
            this.from = from;
            this.to = to;
            this.forward = forward;
            this.next = forward ? from : to - 1;
        }

        @Override
        public boolean hasNext() {
            return forward ? next < to : next >= from;
        }

        @Override
        public Map.Entry<OrderKey, Stored> next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            int i = next;
            next += forward ? 1 : -1;
            return new SimpleImmutableEntry<>(p.key(Chunk.keyBytes(s, i)), Chunk.stored(s, i));
        }
    }

    /**
     * Iterates the ranks [from, to) of a large partition's tree snapshot, chunk by chunk; the snapshot never
     * changes, so iteration needs no lock and sees the partition as it was when the range was opened.
     */
    private static final class TreeRange implements Iterator<Map.Entry<OrderKey, Stored>> {
        private final Partition p;
        private final boolean forward;
        private final ChunkTree.Cursor cursor;
        private int left;

        TreeRange(Partition p, Object root, int from, int to, boolean forward) {
            this.p = p;
            this.forward = forward;
            this.left = Math.max(0, to - from);
            this.cursor = left == 0 ? null : new ChunkTree.Cursor(root, forward ? from : to - 1);
        }

        @Override
        public boolean hasNext() {
            return left > 0;
        }

        @Override
        public Map.Entry<OrderKey, Stored> next() {
            ChunkTree.Cursor c = cursor;
            if (left == 0 || c == null) {
                throw new NoSuchElementException();
            }
            if (forward ? c.index == ChunkTree.count(c.chunk) : c.index < 0) {
                if (forward) {
                    c.nextChunk();
                } else {
                    c.previousChunk();
                }
            }
            int i = c.index;
            c.index += forward ? 1 : -1;
            left--;
            return new SimpleImmutableEntry<>(p.key(ChunkTree.keyBytes(c.chunk, i)), ChunkTree.values(c.chunk)[i]);
        }
    }

    /** The partition holding {@code key} (a key or bound holding the whole partition key), or null. */
    private Partition find(OrderKey key) {
        Object[] t = table;
        int mask = t.length / STRIDE - 1;
        int h = key.hash();
        for (int i = h & mask; ; i = (i + 1) & mask) {
            int at = i * STRIDE;
            Partition p = (Partition) SLOT.getAcquire(t, at);
            if (p == null) {
                return null;
            }
            if (holds(t, at, p, h, key)) {
                return p;
            }
        }
    }

    /**
     * True when {@code p}, read (acquire) from the slot at {@code at}, is the partition of {@code key}. The key
     * bytes are compared from the slot (loaded with it, not after the partition), checked to be {@code p}'s own:
     * a slot reused after its partition was dropped may be read torn.
     */
    private static boolean holds(Object[] t, int at, Partition p, int h, OrderKey key) {
        byte[] pk = (byte[]) t[at + KEY];
        return p.hash == h
                && pk == p.bytes
                && p != TOMBSTONE
                && Arrays.equals(pk, 0, pk.length, key.bytes, 0, key.partitionEnd);
    }

    /**
     * The partition of {@code key}, created (empty, and put on {@link #pending} for scans) when there is none.
     */
    private Partition findOrCreate(OrderKey key) {
        Partition found = find(key);
        if (found != null) {
            return found;
        }
        synchronized (tableLock) {
            Object[] t = table;
            int mask = t.length / STRIDE - 1;
            int h = key.hash();
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
                } else if (p.hash == h && p.holds(key.bytes, key.partitionEnd)) {
                    return p;
                }
            }
            Partition fresh = new Partition(key.partition());
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
        int capacity = 16;
        while (capacity < 4L * partitions) {
            capacity <<= 1;
        }
        Object[] next = new Object[capacity * STRIDE];
        int n = 0;
        Object[] t = table;
        for (int at = 0; at < t.length; at += STRIDE) {
            Partition p = (Partition) t[at];
            if (p != null && p != TOMBSTONE) {
                insertFresh(next, p);
                n++;
            }
        }
        used = n;
        table = next; // published whole: its slots need no release stores of their own
    }

    private static void insertFresh(Object[] t, Partition p) {
        int mask = t.length / STRIDE - 1;
        int i = p.hash & mask;
        while (t[i * STRIDE] != null) {
            i = (i + 1) & mask;
        }
        fill(t, i * STRIDE, p);
    }

    /** Writes {@code p}, its key bytes and its mirror into the free slot at {@code at}, the partition last. */
    private static void fill(Object[] t, int at, Partition p) {
        t[at + KEY] = p.bytes;
        mirror(t, at, p);
        SLOT.setRelease(t, at, p);
    }

    /** Copies {@code p}'s current snapshot into its slot's mirror (nulls once it is large). */
    private static void mirror(Object[] t, int at, Partition p) {
        Object[] s = p.snapshot();
        t[at + CHUNK] = s;
        t[at + ITEMS] = s == null ? null : Chunk.items(s);
        t[at + SIZES] = s == null ? null : Chunk.sizes(s);
    }

    /** The slot offset of {@code p} itself in {@code t}, or -1. */
    private static int slotOf(Object[] t, Partition p) {
        int mask = t.length / STRIDE - 1;
        for (int i = p.hash & mask; ; i = (i + 1) & mask) {
            Object q = t[i * STRIDE];
            if (q == p) {
                return i * STRIDE;
            }
            if (q == null) {
                return -1;
            }
        }
    }

    /** Leaves a tombstone in {@code p}'s slot. Under the lock. */
    private void drop(Partition p) {
        synchronized (tableLock) {
            Object[] t = table;
            int at = slotOf(t, p);
            if (at >= 0) {
                SLOT.setRelease(t, at, TOMBSTONE);
                t[at + KEY] = null;
                t[at + CHUNK] = null;
                t[at + ITEMS] = null;
                t[at + SIZES] = null;
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
            Partition p = findOrCreate(key);
            ChunkTree large = p.large;
            if (large != null) {
                // A tree takes concurrent writes (compare-and-set of its root), and a large partition is never
                // dropped: no monitor, so writers of one hot partition (a low-cardinality GSI key) do not queue
                // behind each other.
                return large.put(key.bytes, value);
            }
            synchronized (p) {
                if (p.dropped) {
                    continue;
                }
                return p.put(key, value); // p is on pending or in ordered since findOrCreate made it
            }
        }
    }

    /** Removes an entry; returns it, or null when there was none. */
    @Override
    public Stored remove(OrderKey key) {
        Partition p = find(key);
        if (p == null) {
            return null;
        }
        ChunkTree large = p.large;
        if (large != null) {
            return large.remove(key.bytes); // no monitor, as in put
        }
        synchronized (p) {
            Stored previous = p.remove(key);
            if (p.large == null && p.isEmpty() && !p.dropped) { // large partitions stay: see put
                p.dropped = true;
                drop(p);
                synchronized (orderLock) { // after drop: registerPending then sees dropped and skips p
                    ordered.remove(p, p);
                }
            }
            return previous;
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
            p = (Partition) SLOT.getAcquire(t, at);
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
        registerPending();
        NavigableMap<OrderKey, Partition> range = hashTo >= HASH_SPACE
                ? ordered.tailMap(OrderKey.hashStart(hashFrom), true)
                : ordered.subMap(OrderKey.hashStart(hashFrom), true, OrderKey.hashStart(hashTo), false);
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
        return () -> new Flattening(head, partitions.values().iterator());
    }

    /**
     * Moves the partitions created since the last call into {@link #ordered}, skipping dropped ones. Every partition
     * created before the call started is in {@link #ordered} when it returns (a concurrent call waits on {@link
     * #orderLock} until the partitions it took are in), so a scan sees every partition that held an item when it
     * began.
     */
    private void registerPending() {
        synchronized (orderLock) {
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
        }
    }

    /** Partitions in scan order after moving the pending ones in, for tests (with {@link #livePartitions}). */
    int scanPartitions() {
        registerPending();
        return ordered.size();
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

    private static final class Flattening implements Iterator<Map.Entry<OrderKey, Stored>> {
        private Iterator<Map.Entry<OrderKey, Stored>> current;
        private final Iterator<Partition> partitions;

        Flattening(Iterator<Map.Entry<OrderKey, Stored>> first, Iterator<Partition> partitions) {
            this.current = first;
            this.partitions = partitions;
        }

        @Override
        public boolean hasNext() {
            while (!current.hasNext()) {
                if (!partitions.hasNext()) {
                    return false;
                }
                current = partitions.next().range(null, null, null, true);
            }
            return true;
        }

        @Override
        public Map.Entry<OrderKey, Stored> next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return current.next();
        }
    }
}
