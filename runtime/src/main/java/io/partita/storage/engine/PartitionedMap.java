package io.partita.storage.engine;

import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NoSuchElementException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Entries grouped by partition, the layout of the table and of every index: a hash map finds a partition
 * in constant time, a small ordered map holds its entries, and an ordered map of partitions (by hash, then
 * partition key) gives scans DynamoDB's order and contiguous parallel-scan segments. A flat ordered map of
 * every entry would do the same with one structure, but every write would then walk a skip list as deep
 * as the whole table; here a write costs a hash lookup and a walk of its own partition.
 *
 * <p>Keys are {@link OrderKey}s, whose partition prefix names their partition. Empty
 * partitions are dropped; a per-partition monitor keeps a concurrent insert from landing in a partition
 * that is being dropped.
 */
final class PartitionedMap {
    private static final long HASH_SPACE = 1L << 32;

    private final ConcurrentHashMap<OrderKey, Partition> byKey = new ConcurrentHashMap<>();
    private final ConcurrentSkipListMap<OrderKey, Partition> ordered = new ConcurrentSkipListMap<>();

    private static final class Partition {
        final OrderKey id;
        final ConcurrentSkipListMap<OrderKey, Stored> entries;
        boolean registered;
        boolean dropped;

        Partition(OrderKey id) {
            this.id = id;
            this.entries = new ConcurrentSkipListMap<>();
        }
    }

    PartitionedMap() {}

    /** The partition id of a key or of a bound that starts with the full partition key. */
    private static OrderKey partitionId(OrderKey key) {
        return key.partition();
    }

    Stored get(OrderKey key) {
        Partition p = byKey.get(partitionId(key));
        return p == null ? null : p.entries.get(key);
    }

    /** Stores an entry; returns the entry it replaced, or null. */
    Stored put(OrderKey key, Stored value) {
        OrderKey id = partitionId(key);
        while (true) {
            Partition p = byKey.get(id);
            if (p == null) {
                p = byKey.computeIfAbsent(id, Partition::new);
            }
            synchronized (p) {
                if (p.dropped) {
                    continue;
                }
                if (!p.registered) {
                    ordered.put(id, p);
                    p.registered = true;
                }
                return p.entries.put(key, value);
            }
        }
    }

    /** Removes an entry; returns it, or null when there was none. */
    Stored remove(OrderKey key) {
        OrderKey id = partitionId(key);
        Partition p = byKey.get(id);
        if (p == null) {
            return null;
        }
        synchronized (p) {
            Stored previous = p.entries.remove(key);
            if (p.entries.isEmpty() && !p.dropped) {
                p.dropped = true;
                byKey.remove(id, p);
                ordered.remove(id, p);
            }
            return previous;
        }
    }

    /** The entries of the partition that {@code key} (a key or a bound with the full partition key) falls in. */
    NavigableMap<OrderKey, Stored> partition(OrderKey key) {
        Partition p = byKey.get(partitionId(key));
        return p == null ? Collections.emptyNavigableMap() : p.entries;
    }

    long partitionCount() {
        return byKey.size();
    }

    /** Every entry, in scan order. */
    Iterable<Map.Entry<OrderKey, Stored>> all() {
        return scan(0, HASH_SPACE, null);
    }

    /**
     * The entries whose partition hash lies in {@code [hashFrom, hashTo)} (unsigned; {@code hashTo} up to
     * 2^32), in scan order, after {@code exclusiveStart} when it is given.
     */
    Iterable<Map.Entry<OrderKey, Stored>> scan(long hashFrom, long hashTo, OrderKey exclusiveStart) {
        NavigableMap<OrderKey, Partition> range = hashTo >= HASH_SPACE
                ? ordered.tailMap(OrderKey.hashStart(hashFrom), true)
                : ordered.subMap(OrderKey.hashStart(hashFrom), true, OrderKey.hashStart(hashTo), false);
        Iterator<Map.Entry<OrderKey, Stored>> first = Collections.emptyIterator();
        if (exclusiveStart != null) {
            OrderKey id = partitionId(exclusiveStart);
            long hash = Integer.toUnsignedLong(id.hash());
            if (hash >= hashTo) {
                return Collections::emptyIterator;
            }
            if (hash >= hashFrom) {
                Partition p = byKey.get(id);
                if (p != null) {
                    first = p.entries.tailMap(exclusiveStart, false).entrySet().iterator();
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
                current = partitions.next().entries.entrySet().iterator();
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
