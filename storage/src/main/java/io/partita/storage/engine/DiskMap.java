package io.partita.storage.engine;

import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * One table's items or one index's entries on disk: the keys {@code 'D' space orderKey} of the
 * {@link DiskStore}. A read takes the entry from the store's {@link DecodedCache} when it holds it, else from the
 * store (its block cache and the OS page cache hold the hot part) and decodes it, offering the result to the
 * cache. Range reads fetch entries in chunks, each with its own short-lived iterator, and decode them as they are
 * consumed (entries the cache holds are taken from it; a query's entries are offered to it, a scan's are not, so
 * a scan does not flush the working set). A Query reads its partition from the cache's {@link PartitionRun} of it
 * (loading the whole partition on a miss, when it has at most {@link PartitionRun#MAX_ENTRIES} entries): a binary
 * search, no RocksDB call. Scans read RocksDB as before. An entry that misses and is not going to be cached (the
 * read is a scan or a count, the cache is off, full of hotter entries, or the entry or run too heavy for it) is decoded
 * only as far as the read {@link Needs} ({@link ProjectedDecode}). Writes do not come here: a write is one
 * {@link DiskWrite} batch.
 */
final class DiskMap implements EntryMap {
    private static final long HASH_SPACE = 1L << 32;
    private static final int FIRST_CHUNK = 16;
    private static final int MAX_CHUNK = 512;

    final DiskStore store;
    final long space;
    private final byte[] prefix;
    private final byte[] end;

    DiskMap(DiskStore store, long space) {
        this.store = store;
        this.space = space;
        this.prefix = DiskStore.spacePrefix(DiskStore.DATA, space);
        this.end = DiskStore.successor(prefix);
    }

    byte[] key(OrderKey k) {
        byte[] b = new byte[prefix.length + k.bytes.length];
        System.arraycopy(prefix, 0, b, 0, prefix.length);
        System.arraycopy(k.bytes, 0, b, prefix.length, k.bytes.length);
        return b;
    }

    byte[] prefix() {
        return prefix;
    }

    byte[] end() {
        return end;
    }

    /** The value stored for an entry: its key's partition length, then the item. */
    static byte[] value(OrderKey k, Stored s) {
        byte[] item = ItemCodec.encode(s);
        byte[] v = new byte[item.length + 5];
        int n = 0;
        int pe = k.partitionEnd;
        while ((pe & ~0x7F) != 0) {
            v[n++] = (byte) ((pe & 0x7F) | 0x80);
            pe >>>= 7;
        }
        v[n++] = (byte) pe;
        System.arraycopy(item, 0, v, n, item.length);
        return Arrays.copyOf(v, n + item.length);
    }

    /** The order key of an entry whose key bytes (without the space prefix) and stored value these are. */
    static OrderKey orderKey(byte[] keyBytes, byte[] value) {
        int pe = 0;
        int shift = 0;
        int i = 0;
        byte b;
        do {
            b = value[i++];
            pe |= (b & 0x7F) << shift;
            shift += 7;
        } while (b < 0);
        return new OrderKey(keyBytes, pe);
    }

    /** Decodes an entry's stored value (after its partition-length varint, in place). */
    Stored stored(OrderKey key, byte[] value) {
        return stored(key, value, Needs.ALL);
    }

    /** Decodes of an entry's stored value what {@code needs} asks for ({@link ProjectedDecode}). */
    Stored stored(OrderKey key, byte[] value, Needs needs) {
        int i = 0;
        while (value[i] < 0) {
            i++;
        }
        try {
            return ProjectedDecode.decode(value, i + 1, needs);
        } catch (IllegalArgumentException e) {
            throw new io.partita.storage.DurableStorageException.Corrupted(
                    io.partita.storage.Message.StoreEntryUndecodable.format(
                            store.directory, java.util.HexFormat.of().formatHex(key(key)), e.getMessage()),
                    store.directory,
                    e);
        }
    }

    @Override
    public Stored get(OrderKey key) {
        return get(key, Needs.ALL);
    }

    @Override
    public Stored get(
            OrderKey key,
            io.partita.storage.expression.ProjectionExpression projection,
            io.partita.storage.expression.Placeholders placeholders) {
        Stored hit = store.decoded.get(space, key);
        return hit != null ? hit : get(key, Needs.of(projection, placeholders));
    }

    /**
     * The entry, from the cache when it holds it; else read and decoded whole and offered to the cache when the read
     * needs all of it or the cache {@link DecodedCache#admits admits} it (a later read of any projection then hits),
     * and otherwise decoded only as far as {@code needs} asks, and not offered.
     */
    @Override
    public Stored get(OrderKey key, Needs needs) {
        DecodedCache cache = store.decoded;
        Stored hit = cache.get(space, key);
        if (hit != null) {
            return hit;
        }
        long stamp = cache.pointStamp(space, key);
        byte[] k = key(key);
        byte[] v = store.get(k);
        if (v == null) {
            return null;
        }
        if (!needs.all() && !(needs.caches() && cache.admits(space, key, v.length))) {
            return stored(key, v, needs);
        }
        Stored s = stored(key, v);
        if (needs.caches()) {
            cache.offer(space, key, s, v.length, stamp, true);
        }
        return s;
    }

    @Override
    public Stored put(OrderKey key, Stored value) {
        throw new UnsupportedOperationException("durable writes go through DiskWrite");
    }

    @Override
    public Stored remove(OrderKey key) {
        throw new UnsupportedOperationException("durable writes go through DiskWrite");
    }

    @Override
    public Iterable<Map.Entry<OrderKey, Stored>> range(
            OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward) {
        return () -> {
            PartitionRun run = run(low, Needs.ALL);
            return run != null
                    ? run.iterator(low, high, exclusiveStart, forward)
                    : rangeCursor(low, high, exclusiveStart, forward, Needs.ALL);
        };
    }

    /**
     * A Query's read: from the partition's cached run when there is one (loaded by this read when the partition is
     * not cached yet), else chunk by chunk, entries the cache holds handed over without copying anything out of
     * RocksDB.
     */
    @Override
    public void visit(OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward, Visitor visitor) {
        visit(low, high, exclusiveStart, forward, Needs.ALL, visitor);
    }

    /**
     * As {@link #visit(OrderKey, OrderKey, OrderKey, boolean, Visitor)}; entries that are neither cached nor going to
     * be (see {@link #get(OrderKey, Needs)}, {@link PartitionRun#load}) decoded only as far as {@code needs} asks. A
     * read that does not fill the cache ({@link Needs#caches}) takes a cached run but loads none.
     */
    @Override
    public void visit(
            OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward, Needs needs, Visitor visitor) {
        PartitionRun run = run(low, needs);
        if (run != null) {
            run.visit(low, high, exclusiveStart, forward, visitor);
            return;
        }
        Chunked c = rangeCursor(low, high, exclusiveStart, forward, needs);
        while (c.hasNext()) {
            Stored s = c.nextStored();
            if (!visitor.visit(s.item(), s.size())) {
                return;
            }
        }
    }

    /**
     * The cached run of {@code low}'s partition, loaded when absent (by a read that fills the cache); null when the
     * partition is not cached.
     */
    private PartitionRun run(OrderKey low, Needs needs) {
        DecodedCache cache = store.decoded;
        if (!cache.enabled()) {
            return null;
        }
        OrderKey partition = low.partition();
        PartitionRun run = cache.run(space, partition);
        if (run == null) {
            if (!needs.caches()) {
                return null;
            }
            run = PartitionRun.load(this, partition, needs);
        }
        return run == PartitionRun.TOO_BIG ? null : run;
    }

    private Chunked rangeCursor(OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward, Needs needs) {
        byte[] lower = key(low);
        boolean lowerInclusive = true;
        byte[] upper;
        if (high != null) {
            upper = key(high);
        } else {
            byte[] partitionEnd = DiskStore.successor(key(low.partition()));
            upper = partitionEnd == null ? end : partitionEnd;
        }
        boolean upperInclusive = false;
        if (exclusiveStart != null) {
            byte[] s = key(exclusiveStart);
            if (forward && Arrays.compareUnsigned(s, lower) >= 0) {
                lower = s;
                lowerInclusive = false;
            } else if (!forward && (upper == null || Arrays.compareUnsigned(s, upper) <= 0)) {
                upper = s;
            }
        }
        return new Chunked(lower, lowerInclusive, upper, upperInclusive, forward, needs.caches(), needs);
    }

    @Override
    public Iterable<Map.Entry<OrderKey, Stored>> all() {
        return scan(0, HASH_SPACE, null);
    }

    @Override
    public Iterable<Map.Entry<OrderKey, Stored>> scan(long hashFrom, long hashTo, OrderKey exclusiveStart) {
        return scan(hashFrom, hashTo, exclusiveStart, Needs.ALL);
    }

    /** As {@link #scan(long, long, OrderKey)}, each entry not cached decoded only as far as {@code needs} asks. */
    @Override
    public Iterable<Map.Entry<OrderKey, Stored>> scan(
            long hashFrom, long hashTo, OrderKey exclusiveStart, Needs needs) {
        byte[] lower = key(OrderKey.hashStart(hashFrom));
        boolean inclusive = true;
        byte[] upper = hashTo >= HASH_SPACE ? end : key(OrderKey.hashStart(hashTo));
        if (exclusiveStart != null) {
            long hash = Integer.toUnsignedLong(exclusiveStart.hash());
            if (hash >= hashTo) {
                return Collections::emptyIterator;
            }
            if (hash >= hashFrom) {
                lower = key(exclusiveStart);
                inclusive = false;
            }
        }
        byte[] from = lower;
        boolean fromInclusive = inclusive;
        return () -> new Chunked(from, fromInclusive, upper, false, true, false, needs);
    }

    /**
     * Walks a key range chunk by chunk (growing chunks: a query of ten entries reads one small chunk). Each entry's
     * key is read into a reused buffer and looked up in the decoded cache first: a cached entry is taken from it
     * and its value is never copied out of RocksDB; only the others' keys and values are copied, and decoded as they
     * are consumed.
     */
    private final class Chunked implements Iterator<Map.Entry<OrderKey, Stored>>, DiskStore.Walker {
        private final byte[] lower;
        private final byte[] upper;
        private final boolean forward;
        private final boolean cacheDecoded;
        private final Needs needs;
        private final DecodedCache.Probe probe = new DecodedCache.Probe(space);
        /** The cache's range stamp taken before the current chunk was read. */
        private long stamp;

        private byte[] cursor;
        private boolean cursorInclusive;
        private byte[] buffer = new byte[64];
        /**
         * The current chunk, two slots an entry: its cached node and null, or its order key's bytes and its stored
         * value.
         */
        private Object[] slots = new Object[0];

        private int size;
        private int at;
        private boolean first;
        private boolean exhausted;
        private int chunkSize = FIRST_CHUNK;

        Chunked(
                byte[] lower,
                boolean lowerInclusive,
                byte[] upper,
                boolean upperInclusive,
                boolean forward,
                boolean cacheDecoded,
                Needs needs) {
            this.lower = lower;
            this.needs = needs;
            this.upper = upper;
            this.forward = forward;
            this.cacheDecoded = cacheDecoded;
            if (forward) {
                cursor = lower;
                cursorInclusive = lowerInclusive;
            } else {
                cursor = upper;
                cursorInclusive = upperInclusive;
            }
        }

        @Override
        public boolean hasNext() {
            if (at < size) {
                return true;
            }
            if (exhausted) {
                return false;
            }
            if (slots.length < 2 * chunkSize) {
                slots = new Object[2 * chunkSize];
            }
            size = 0;
            at = 0;
            first = true;
            stamp = store.decoded.rangeStamp();
            store.walk(cursor, forward, this);
            if (size < chunkSize) {
                exhausted = true;
            }
            chunkSize = Math.min(MAX_CHUNK, chunkSize * 4);
            return at < size;
        }

        @Override
        public boolean entry(DiskStore.DiskCursor at) {
            int n = at.key(buffer);
            if (n > buffer.length) {
                buffer = new byte[Math.max(n, 2 * buffer.length)];
                at.key(buffer);
            }
            if (forward
                    ? upper != null && Arrays.compareUnsigned(buffer, 0, n, upper, 0, upper.length) >= 0
                    : lower != null && Arrays.compareUnsigned(buffer, 0, n, lower, 0, lower.length) < 0) {
                return false;
            }
            if (first) {
                first = false;
                if (!cursorInclusive && Arrays.equals(buffer, 0, n, cursor, 0, cursor.length)) {
                    return true;
                }
            }
            DecodedCache.Node hit = store.decoded.find(probe.set(buffer, prefix.length, n));
            if (hit != null) {
                slots[2 * size] = hit;
                slots[2 * size + 1] = null;
            } else {
                slots[2 * size] = Arrays.copyOfRange(buffer, prefix.length, n);
                slots[2 * size + 1] = at.value();
            }
            if (++size < chunkSize) {
                return true;
            }
            cursor = Arrays.copyOf(buffer, n);
            cursorInclusive = false;
            return false;
        }

        @Override
        public Map.Entry<OrderKey, Stored> next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            Object slot = slots[2 * at];
            if (slot instanceof DecodedCache.Node hit) {
                at++;
                return new SimpleImmutableEntry<>(hit.key.key(), hit.value);
            }
            byte[] k = (byte[]) slot;
            byte[] v = (byte[]) slots[2 * at + 1];
            at++;
            OrderKey key = orderKey(k, v);
            return new SimpleImmutableEntry<>(key, decoded(key, v));
        }

        /** The next entry's value alone (a Query needs no key object for a cached entry). */
        Stored nextStored() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            Object slot = slots[2 * at];
            if (slot instanceof DecodedCache.Node hit) {
                at++;
                return hit.value;
            }
            byte[] k = (byte[]) slot;
            byte[] v = (byte[]) slots[2 * at + 1];
            at++;
            return decoded(orderKey(k, v), v);
        }

        /** Decoded whole (and offered) when it will be cached or is needed whole, else as far as the read needs. */
        private Stored decoded(OrderKey key, byte[] v) {
            if (!needs.all() && !(cacheDecoded && store.decoded.admits(space, key, v.length))) {
                return stored(key, v, needs);
            }
            Stored s = stored(key, v);
            if (cacheDecoded) {
                store.decoded.offer(space, key, s, v.length, stamp, false);
            }
            return s;
        }
    }
}
