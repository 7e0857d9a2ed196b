package io.partita.storage.engine;

import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * One partition of a durable table or index, cached whole in the {@link DecodedCache}: its entries' order keys and
 * decoded values in key order. A Query of a cached partition finds its range by binary search over the keys, in
 * either direction and after an exclusive start, and hands the decoded values over: no RocksDB iterator, no JNI, no
 * decoding. Immutable: a write of the partition drops the run (see {@link DecodedCache}), and the next Query loads
 * it again ({@link #load}).
 *
 * <p>Weight (its share of {@code decodedCacheBytes}): {@link #BASE} for the node, the run and its two arrays, and
 * per entry {@link DecodedCache#weight} of its key and encoded value (what the item cache charges for an entry)
 * plus {@link #PER_ENTRY} for its two array slots. Partitions of more than {@link #MAX_ENTRIES} entries are not
 * cached: {@link #TOO_BIG} marks them (weighing {@link #BASE}) so that their queries read RocksDB as before without
 * loading the partition again until a write touches it.
 */
final class PartitionRun {
    /** The most entries a cached partition holds: a first Query of a partition reads at most this many. */
    static final int MAX_ENTRIES = 256;

    /** The cache node, its key, the run object and its arrays' headers. */
    static final int BASE = 160;

    /** Two array references per entry. */
    static final int PER_ENTRY = 16;

    /** The mark of a partition too big (or too heavy) to cache. */
    static final PartitionRun TOO_BIG = new PartitionRun(new OrderKey[0], new Stored[0], BASE);

    private final OrderKey[] keys;
    private final Stored[] values;
    final int weight;

    private PartitionRun(OrderKey[] keys, Stored[] values, int weight) {
        this.keys = keys;
        this.values = values;
        this.weight = weight;
    }

    /** The number of entries. */
    int size() {
        return keys.length;
    }

    /**
     * Reads a partition ({@code partition}: its key alone) of {@code map} from RocksDB, entries the item cache holds
     * taken from it, and offers the run to the cache stamped before the read. Returns the run (served to the Query
     * that loaded it even when the cache refused it: it is what a RocksDB range read would have returned), or
     * {@link #TOO_BIG}. A run the cache will not take (heavier than a stripe, or not {@link DecodedCache#admitsRun
     * admitted}) is decoded only as far as {@code needs} asks and served to this Query alone.
     */
    static PartitionRun load(DiskMap map, OrderKey partition, Needs needs) {
        DecodedCache cache = map.store.decoded;
        long stamp = cache.runStamp(map.space, partition);
        byte[] from = map.key(partition);
        byte[] to = DiskStore.successor(from);
        Loader loader = new Loader(map, to == null ? map.end() : to);
        map.store.walk(from, true, loader);
        if (loader.tooBig()) {
            cache.offerRun(map.space, partition, TOO_BIG, stamp);
            return TOO_BIG;
        }
        long weight = loader.weight();
        if (weight > cache.maxWeight()) {
            cache.offerRun(map.space, partition, TOO_BIG, stamp);
            return loader.run(map, needs, weight);
        }
        if (!needs.all() && !cache.admitsRun(map.space, partition, weight)) {
            return loader.run(map, needs, weight);
        }
        PartitionRun run = loader.run(map, Needs.ALL, weight);
        cache.offerRun(map.space, partition, run, stamp);
        return run;
    }

    /** Collects a partition's entries from a walk: cached nodes, or copies of the others' keys and values. */
    private static final class Loader implements DiskStore.Walker {
        private final int prefixLength;
        private final byte[] end;
        private final DecodedCache cache;
        private final DecodedCache.Probe probe;
        private byte[] buffer = new byte[64];
        /** Two slots an entry: its cached node and null, or its order key's bytes and its stored value. */
        private Object[] slots = new Object[32];

        private int size;

        Loader(DiskMap map, byte[] end) {
            this.prefixLength = map.prefix().length;
            this.end = end;
            this.cache = map.store.decoded;
            this.probe = new DecodedCache.Probe(map.space);
        }

        @Override
        public boolean entry(DiskStore.DiskCursor at) {
            int n = at.key(buffer);
            if (n > buffer.length) {
                buffer = new byte[Math.max(n, 2 * buffer.length)];
                at.key(buffer);
            }
            if (Arrays.compareUnsigned(buffer, 0, n, end, 0, end.length) >= 0) {
                return false;
            }
            if (size == MAX_ENTRIES) {
                size++; // one past the limit: too big
                return false;
            }
            if (2 * size + 2 > slots.length) {
                slots = Arrays.copyOf(slots, 2 * slots.length);
            }
            DecodedCache.Node hit = cache.find(probe.set(buffer, prefixLength, n));
            if (hit != null) {
                slots[2 * size] = hit;
                slots[2 * size + 1] = null;
            } else {
                slots[2 * size] = Arrays.copyOfRange(buffer, prefixLength, n);
                slots[2 * size + 1] = at.value();
            }
            size++;
            return true;
        }

        boolean tooBig() {
            return size > MAX_ENTRIES;
        }

        /** The weight of the run of what the walk collected, its entries counted whole. */
        long weight() {
            long weight = BASE;
            for (int i = 0; i < size; i++) {
                Object slot = slots[2 * i];
                if (slot instanceof DecodedCache.Node hit) {
                    weight += hit.weight;
                } else {
                    weight += DecodedCache.weight(((byte[]) slot).length, ((byte[]) slots[2 * i + 1]).length);
                }
                weight += PER_ENTRY;
            }
            return weight;
        }

        /**
         * The run of what the walk collected, the uncached entries decoded as far as {@code needs} asks (after the
         * walk: outside RocksDB).
         */
        PartitionRun run(DiskMap map, Needs needs, long weight) {
            OrderKey[] keys = new OrderKey[size];
            Stored[] values = new Stored[size];
            for (int i = 0; i < size; i++) {
                Object slot = slots[2 * i];
                if (slot instanceof DecodedCache.Node hit) {
                    keys[i] = hit.key.key();
                    values[i] = hit.value;
                } else {
                    byte[] v = (byte[]) slots[2 * i + 1];
                    OrderKey key = DiskMap.orderKey((byte[]) slot, v);
                    keys[i] = key;
                    values[i] = map.stored(key, v, needs);
                }
            }
            return new PartitionRun(keys, values, (int) Math.min(Integer.MAX_VALUE, weight));
        }
    }

    /** The first index whose key is at or after {@code bound} ({@code inclusive}) or after it. */
    private int search(byte[] bound, boolean inclusive) {
        int lo = 0;
        int hi = keys.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            int c = Arrays.compareUnsigned(keys[mid].bytes, bound);
            if (c < 0 || (c == 0 && !inclusive)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * The index range {@code [from, to)} of the entries in {@code [low, high)} (high null: to the partition's end)
     * after {@code exclusiveStart} in the reading direction, as {@link DiskMap}'s RocksDB range read bounds them.
     */
    private long bounds(OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward) {
        int from = search(low.bytes, true);
        int to = high == null ? keys.length : search(high.bytes, true);
        if (exclusiveStart != null) {
            byte[] s = exclusiveStart.bytes;
            if (forward && Arrays.compareUnsigned(s, low.bytes) >= 0) {
                from = Math.max(from, search(s, false));
            } else if (!forward && (high == null || Arrays.compareUnsigned(s, high.bytes) <= 0)) {
                to = Math.min(to, search(s, true));
            }
        }
        return (long) from << 32 | Math.max(from, to);
    }

    /** Hands the entries {@link EntryMap#visit} asks for to {@code visitor}, until it declines. */
    void visit(OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward, EntryMap.Visitor visitor) {
        long b = bounds(low, high, exclusiveStart, forward);
        int from = (int) (b >>> 32);
        int to = (int) b;
        if (forward) {
            for (int i = from; i < to; i++) {
                if (!visitor.visit(values[i].item(), values[i].size())) {
                    return;
                }
            }
        } else {
            for (int i = to - 1; i >= from; i--) {
                if (!visitor.visit(values[i].item(), values[i].size())) {
                    return;
                }
            }
        }
    }

    /** The entries {@link EntryMap#range} asks for, in its order. */
    Iterator<Map.Entry<OrderKey, Stored>> iterator(
            OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward) {
        long b = bounds(low, high, exclusiveStart, forward);
        int from = (int) (b >>> 32);
        int to = (int) b;
        return new Iterator<>() {
            private int at = forward ? from : to - 1;

            @Override
            public boolean hasNext() {
                return forward ? at < to : at >= from;
            }

            @Override
            public Map.Entry<OrderKey, Stored> next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                int i = at;
                at += forward ? 1 : -1;
                return new SimpleImmutableEntry<>(keys[i], values[i]);
            }
        };
    }
}
