package io.partita.storage.engine;

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
    private static final OrderKey[] NO_KEYS = new OrderKey[0];
    private static final Stored[] NO_VALUES = new Stored[0];

    private final ConcurrentHashMap<OrderKey, Partition> byKey = new ConcurrentHashMap<>();
    private final ConcurrentSkipListMap<OrderKey, Partition> ordered = new ConcurrentSkipListMap<>();

    /** A small partition's entries: parallel sorted arrays, never modified once published. */
    private record Snapshot(OrderKey[] keys, Stored[] values) {
        int find(OrderKey key) {
            return Arrays.binarySearch(keys, key);
        }

        /** Index of the first key at or after {@code key} (or after it, when not inclusive). */
        int lowerIndex(OrderKey key, boolean inclusive) {
            int i = find(key);
            return i >= 0 ? (inclusive ? i : i + 1) : -i - 1;
        }
    }

    private static final class Partition {
        /** The partition's key, shared by every stored key of the partition ({@link OrderKey#sharePartition}). */
        final OrderKey id;

        volatile Snapshot small = new Snapshot(NO_KEYS, NO_VALUES);
        volatile ConcurrentSkipListMap<OrderKey, Stored> large;
        boolean registered;
        boolean dropped;

        Partition(OrderKey id) {
            this.id = id;
        }

        /**
         * The snapshot a reader should use, or null once the partition is a skip list. Promotion publishes
         * {@code large} before clearing {@code small}, so a reader that finds neither reads {@code large}.
         */
        Snapshot snapshot() {
            return large != null ? null : small;
        }

        int size() {
            Snapshot s = snapshot();
            return s != null ? s.keys.length : large.size();
        }

        Stored get(OrderKey key) {
            Snapshot s = snapshot();
            if (s != null) {
                int i = s.find(key);
                return i >= 0 ? s.values[i] : null;
            }
            return large.get(key);
        }

        /** Under the partition's monitor. */
        Stored put(OrderKey key, Stored value) {
            if (large != null) {
                return large.put(key, value);
            }
            Snapshot s = small;
            int i = s.find(key);
            if (i >= 0) {
                Stored[] values = s.values.clone();
                Stored previous = values[i];
                values[i] = value;
                small = new Snapshot(s.keys, values);
                return previous;
            }
            int at = -i - 1;
            int n = s.keys.length;
            if (n + 1 > SMALL_LIMIT) {
                ConcurrentSkipListMap<OrderKey, Stored> map = new ConcurrentSkipListMap<>();
                for (int j = 0; j < n; j++) {
                    map.put(s.keys[j], s.values[j]);
                }
                map.put(key, value);
                large = map;
                small = null;
                return null;
            }
            OrderKey[] keys = new OrderKey[n + 1];
            Stored[] values = new Stored[n + 1];
            System.arraycopy(s.keys, 0, keys, 0, at);
            System.arraycopy(s.values, 0, values, 0, at);
            keys[at] = key;
            values[at] = value;
            System.arraycopy(s.keys, at, keys, at + 1, n - at);
            System.arraycopy(s.values, at, values, at + 1, n - at);
            small = new Snapshot(keys, values);
            return null;
        }

        /** Under the partition's monitor. */
        Stored remove(OrderKey key) {
            if (large != null) {
                return large.remove(key);
            }
            Snapshot s = small;
            int i = s.find(key);
            if (i < 0) {
                return null;
            }
            int n = s.keys.length;
            OrderKey[] keys = new OrderKey[n - 1];
            Stored[] values = new Stored[n - 1];
            System.arraycopy(s.keys, 0, keys, 0, i);
            System.arraycopy(s.values, 0, values, 0, i);
            System.arraycopy(s.keys, i + 1, keys, i, n - i - 1);
            System.arraycopy(s.values, i + 1, values, i, n - i - 1);
            Stored previous = s.values[i];
            small = new Snapshot(keys, values);
            return previous;
        }

        boolean isEmpty() {
            return size() == 0;
        }

        /** Entries in [low, high) (high null: to the end), after {@code exclusiveStart} if given, in either direction. */
        Iterator<Map.Entry<OrderKey, Stored>> range(
                OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward) {
            Snapshot s = snapshot();
            if (s != null) {
                // A whole-partition bound needs no search (a query on the partition key alone): fewer cache
                // misses than a binary search through the keys, which at scale are cold.
                int from = low == null || low.isPartitionStart() ? 0 : s.lowerIndex(low, true);
                int to = high == null || high.isPartitionEnd() ? s.keys.length : s.lowerIndex(high, true);
                if (exclusiveStart != null) {
                    if (forward) {
                        from = Math.max(from, s.lowerIndex(exclusiveStart, false));
                    } else {
                        to = Math.min(to, s.lowerIndex(exclusiveStart, true));
                    }
                }
                return new ArrayRange(s, from, to, forward);
            }
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
            return (forward ? m : m.descendingMap()).entrySet().iterator();
        }
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

    /** Iterates a slice of a snapshot; the snapshot never changes, so iteration needs no lock. */
    private static final class ArrayRange implements Iterator<Map.Entry<OrderKey, Stored>> {
        private final Snapshot s;
        private final int from;
        private final int to;
        private final boolean forward;
        private int next;

        ArrayRange(Snapshot s, int from, int to, boolean forward) {
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
            return new SimpleImmutableEntry<>(s.keys[i], s.values[i]);
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
                // putIfAbsent, not computeIfAbsent(id, Partition::new): no method reference to bootstrap on the
                // first put in a fresh JVM; a Partition is inert until registered, so a lost race drops it unseen
                Partition fresh = new Partition(id);
                Partition raced = byKey.putIfAbsent(id, fresh);
                p = raced != null ? raced : fresh;
            }
            ConcurrentSkipListMap<OrderKey, Stored> large = p.large;
            if (large != null) {
                // A skip list takes concurrent writes, and a large partition is never dropped: no monitor, so
                // writers of one hot partition (a low-cardinality GSI key) do not queue behind each other.
                key.sharePartition(p.id);
                return large.put(key, value);
            }
            synchronized (p) {
                if (p.dropped) {
                    continue;
                }
                if (!p.registered) {
                    ordered.put(p.id, p);
                    p.registered = true;
                }
                key.sharePartition(p.id);
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
                byKey.remove(p.id, p);
                ordered.remove(p.id, p);
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
