package io.partita.storage.engine;

import io.partita.storage.value.AttributeValue;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NoSuchElementException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Entries grouped by partition, the layout of the table and of every index: a hash map finds a partition
 * in constant time, the partition holds its entries in key order, and an ordered map of partitions (by hash,
 * then partition key) gives scans DynamoDB's order and contiguous parallel-scan segments.
 *
 * <p>Most partitions are small (a user's items, one index key's entries), so a partition starts as an
 * immutable sorted array replaced on each write (copy-on-write: a binary search and a short copy, and
 * readers iterate a stable snapshot without locks); past {@link #SMALL_LIMIT} entries it becomes a
 * concurrent skip list, where a write costs O(log n) whatever the partition's size.
 *
 * <p>Writers of one small partition serialize on its monitor. Empty small partitions are dropped under that
 * monitor, and a writer that finds its partition dropped starts again with a new one. A large partition takes
 * writes without the monitor (the skip list is concurrent; writers of one item are already serialized by the
 * item's stripe lock), and so is never dropped, even when it empties: a lock-free writer could otherwise
 * write into a dropped partition.
 */
final class PartitionedMap implements EntryMap {
    static final int SMALL_LIMIT = 64;
    private static final long HASH_SPACE = 1L << 32;
    private static final Object[] EMPTY = {new int[0], newItems(0)};

    /** Keys and values are the same {@link Partition}s: a lookup compares the partition's own key bytes. */
    private final ConcurrentHashMap<OrderKey, Partition> byKey = new ConcurrentHashMap<>();

    private final ConcurrentSkipListMap<OrderKey, Partition> ordered = new ConcurrentSkipListMap<>();

    /**
     * One partition, which is also its own key (its hash and partition-key bytes, shared by every stored key of
     * the partition through {@link OrderKey#sharePartition}), so that finding it is one hash-table node and one
     * object, not a node, a key object and then the partition.
     *
     * <p>A small partition is one array, never modified once published:
     * {@code [int[] sizes, Map[] items, key bytes 0 .. n-1]}. A 10-entry query reads the partition, the array,
     * the sizes and the items array, and hands out the items without dereferencing them (a typed array: an
     * {@code Object[]} slot would need a type check that reads each item's header, a cache miss per entry at
     * scale): no per-entry {@link Stored} or
     * {@link OrderKey} object is read, or kept (a small partition keeps each entry's key bytes, item and size;
     * {@link #get} and iteration build the objects they return), and a binary search compares the key bytes
     * straight from the array.
     */
    private static final class Partition extends OrderKey {
        volatile Object[] small = EMPTY;
        volatile ConcurrentSkipListMap<OrderKey, Stored> large;
        boolean registered;
        boolean dropped;

        Partition(OrderKey id) {
            super(id.bytes, id.partitionEnd);
        }

        /**
         * The array a reader should use, or null once the partition is a skip list. Promotion publishes
         * {@code large} before clearing {@code small}, so a reader that finds neither reads {@code large}.
         */
        Object[] snapshot() {
            return large != null ? null : small;
        }

        /** The key of entry {@code i} of a small partition's array, as an object pointing at this partition. */
        OrderKey key(Object[] s, int i) {
            OrderKey k = new OrderKey(keyBytes(s, i), partitionEnd);
            k.sharePartition(this);
            return k;
        }

        int size() {
            Object[] s = snapshot();
            return s != null ? count(s) : large.size();
        }

        Stored get(OrderKey key) {
            Object[] s = snapshot();
            if (s != null) {
                int i = find(s, key);
                return i >= 0 ? stored(s, i) : null;
            }
            return large.get(key);
        }

        /** Under the partition's monitor. */
        Stored put(OrderKey key, Stored value) {
            if (large != null) {
                return large.put(key, value);
            }
            Object[] s = small;
            int n = count(s);
            int[] sizes = sizes(s);
            Map<String, AttributeValue>[] items = items(s);
            int i = find(s, key);
            if (i >= 0) {
                Stored previous = stored(s, i);
                Object[] c = s.clone();
                int[] cs = sizes.clone();
                cs[i] = value.size();
                Map<String, AttributeValue>[] ci = items.clone();
                ci[i] = value.item();
                c[0] = cs;
                c[1] = ci;
                small = c;
                return previous;
            }
            int at = -i - 1;
            if (n + 1 > SMALL_LIMIT) {
                ConcurrentSkipListMap<OrderKey, Stored> map = new ConcurrentSkipListMap<>();
                for (int j = 0; j < n; j++) {
                    map.put(key(s, j), stored(s, j));
                }
                key.sharePartition(this);
                map.put(key, value);
                large = map;
                small = null;
                return null;
            }
            Object[] c = new Object[KEYS + n + 1];
            int[] cs = new int[n + 1];
            System.arraycopy(sizes, 0, cs, 0, at);
            cs[at] = value.size();
            System.arraycopy(sizes, at, cs, at + 1, n - at);
            Map<String, AttributeValue>[] ci = newItems(n + 1);
            System.arraycopy(items, 0, ci, 0, at);
            ci[at] = value.item();
            System.arraycopy(items, at, ci, at + 1, n - at);
            c[0] = cs;
            c[1] = ci;
            System.arraycopy(s, KEYS, c, KEYS, at);
            c[KEYS + at] = key.bytes;
            System.arraycopy(s, KEYS + at, c, KEYS + at + 1, n - at);
            small = c;
            return null;
        }

        /** Under the partition's monitor. */
        Stored remove(OrderKey key) {
            if (large != null) {
                return large.remove(key);
            }
            Object[] s = small;
            int i = find(s, key);
            if (i < 0) {
                return null;
            }
            int n = count(s);
            int[] sizes = sizes(s);
            Map<String, AttributeValue>[] items = items(s);
            Stored previous = stored(s, i);
            Object[] c = new Object[KEYS + n - 1];
            int[] cs = new int[n - 1];
            System.arraycopy(sizes, 0, cs, 0, i);
            System.arraycopy(sizes, i + 1, cs, i, n - i - 1);
            Map<String, AttributeValue>[] ci = newItems(n - 1);
            System.arraycopy(items, 0, ci, 0, i);
            System.arraycopy(items, i + 1, ci, i, n - i - 1);
            c[0] = cs;
            c[1] = ci;
            System.arraycopy(s, KEYS, c, KEYS, i);
            System.arraycopy(s, KEYS + i + 1, c, KEYS + i, n - i - 1);
            small = c;
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
                long bounds = bounds(s, low, high, exclusiveStart, forward);
                return new ArrayRange(this, s, (int) (bounds >>> 32), (int) bounds, forward);
            }
            return largeRange(low, high, exclusiveStart, forward).entrySet().iterator();
        }

        /** Visits the entries {@link #range} would return, in its order, until the visitor declines. */
        void visit(OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward, Visitor v) {
            Object[] s = snapshot();
            if (s != null) {
                long bounds = bounds(s, low, high, exclusiveStart, forward);
                int from = (int) (bounds >>> 32);
                int to = (int) bounds;
                int[] sizes = sizes(s);
                Map<String, AttributeValue>[] items = items(s);
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
            for (Map.Entry<OrderKey, Stored> e :
                    largeRange(low, high, exclusiveStart, forward).entrySet()) {
                Stored st = e.getValue();
                if (!v.visit(st.item(), st.size())) {
                    return;
                }
            }
        }

        /** The slice [from, to) of a small partition's entries, packed as {@code from << 32 | to}. */
        private static long bounds(Object[] s, OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward) {
            // A whole-partition bound needs no search (a query on the partition key alone): fewer cache
            // misses than a binary search through the keys, which at scale are cold.
            int from = low == null || low.isPartitionStart() ? 0 : lowerIndex(s, low, true);
            int to = high == null || high.isPartitionEnd() ? count(s) : lowerIndex(s, high, true);
            if (exclusiveStart != null) {
                if (forward) {
                    from = Math.max(from, lowerIndex(s, exclusiveStart, false));
                } else {
                    to = Math.min(to, lowerIndex(s, exclusiveStart, true));
                }
            }
            return (long) from << 32 | (to & 0xFFFFFFFFL);
        }

        private NavigableMap<OrderKey, Stored> largeRange(
                OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward) {
            NavigableMap<OrderKey, Stored> m = large;
            OrderKey from = low != null && low.isPartitionStart() ? null : low;
            OrderKey to = high != null && high.isPartitionEnd() ? null : high;
            if (from != null && to != null) {
                m = m.subMap(from, true, to, false);
            } else if (from != null) {
                m = m.tailMap(from, true);
            } else if (to != null) {
                m = m.headMap(to, false);
            }
            if (exclusiveStart != null) {
                m = forward ? tailAfter(m, exclusiveStart) : headBefore(m, exclusiveStart);
            }
            return forward ? m : m.descendingMap();
        }
    }

    // ---- a small partition's array: [int[] sizes, Map[] items, key bytes...] ----

    /** Index of the first key in a small partition's array. */
    private static final int KEYS = 2;

    private static int count(Object[] s) {
        return s.length - KEYS;
    }

    private static int[] sizes(Object[] s) {
        return (int[]) s[0];
    }

    // Slot 1 holds only arrays made by newItems, of this element type.
    @SuppressWarnings("unchecked")
    private static Map<String, AttributeValue>[] items(Object[] s) {
        return (Map<String, AttributeValue>[]) s[1];
    }

    // A generic array cannot be created directly; every element stored is a Stored's item, of this type.
    @SuppressWarnings("unchecked")
    private static Map<String, AttributeValue>[] newItems(int n) {
        return (Map<String, AttributeValue>[]) new Map<?, ?>[n];
    }

    private static byte[] keyBytes(Object[] s, int i) {
        return (byte[]) s[KEYS + i];
    }

    private static Stored stored(Object[] s, int i) {
        return new Stored(items(s)[i], sizes(s)[i]);
    }

    /** Binary search of the keys: the index of {@code key}, or {@code -(insertion point) - 1}. */
    private static int find(Object[] s, OrderKey key) {
        int lo = 0;
        int hi = count(s) - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = Arrays.compareUnsigned(keyBytes(s, mid), key.bytes);
            if (c < 0) {
                lo = mid + 1;
            } else if (c > 0) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -(lo + 1);
    }

    /** Index of the first key at or after {@code key} (or after it, when not inclusive). */
    private static int lowerIndex(Object[] s, OrderKey key, boolean inclusive) {
        int i = find(s, key);
        return i >= 0 ? (inclusive ? i : i + 1) : -i - 1;
    }

    private static NavigableMap<OrderKey, Stored> tailAfter(NavigableMap<OrderKey, Stored> m, OrderKey start) {
        if (m.isEmpty() || start.compareTo(m.lastKey()) >= 0) {
            return Collections.emptyNavigableMap();
        }
        return start.compareTo(m.firstKey()) < 0 ? m : m.tailMap(start, false);
    }

    private static NavigableMap<OrderKey, Stored> headBefore(NavigableMap<OrderKey, Stored> m, OrderKey start) {
        if (m.isEmpty() || start.compareTo(m.firstKey()) <= 0) {
            return Collections.emptyNavigableMap();
        }
        return start.compareTo(m.lastKey()) > 0 ? m : m.headMap(start, false);
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
            return new SimpleImmutableEntry<>(p.key(s, i), stored(s, i));
        }
    }

    @Override
    public Stored get(OrderKey key) {
        Partition p = byKey.get(key.partition());
        return p == null ? null : p.get(key);
    }

    /** Stores an entry; returns the entry it replaced, or null. */
    @Override
    public Stored put(OrderKey key, Stored value) {
        OrderKey id = key.partition();
        while (true) {
            Partition p = byKey.get(id);
            if (p == null) {
                // putIfAbsent, not computeIfAbsent: no method reference to bootstrap on the first put in a fresh
                // JVM; a Partition is inert until registered, so a lost race drops it unseen
                Partition fresh = new Partition(id);
                p = byKey.putIfAbsent(fresh, fresh);
                if (p == null) {
                    p = fresh;
                }
            }
            ConcurrentSkipListMap<OrderKey, Stored> large = p.large;
            if (large != null) {
                // A skip list takes concurrent writes, and a large partition is never dropped: no monitor, so
                // writers of one hot partition (a low-cardinality GSI key) do not queue behind each other.
                key.sharePartition(p); // the skip list keeps the key object
                return large.put(key, value);
            }
            synchronized (p) {
                if (p.dropped) {
                    continue;
                }
                if (!p.registered) {
                    ordered.put(p, p);
                    p.registered = true;
                }
                key.sharePartition(p); // kept if the partition is (or becomes) a skip list
                return p.put(key, value);
            }
        }
    }

    /** Removes an entry; returns it, or null when there was none. */
    @Override
    public Stored remove(OrderKey key) {
        OrderKey id = key.partition();
        Partition p = byKey.get(id);
        if (p == null) {
            return null;
        }
        synchronized (p) {
            Stored previous = p.remove(key);
            if (p.large == null && p.isEmpty() && !p.dropped) { // large partitions stay: see put
                p.dropped = true;
                byKey.remove(p, p);
                ordered.remove(p, p);
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
        Partition p = byKey.get(low.partition());
        if (p == null) {
            return Collections::emptyIterator;
        }
        return () -> p.range(low, high, exclusiveStart, forward);
    }

    @Override
    public void visit(OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward, Visitor visitor) {
        Partition p = byKey.get(low.partition());
        if (p != null) {
            p.visit(low, high, exclusiveStart, forward, visitor);
        }
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
                Partition p = byKey.get(id);
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
