package io.partita.storage.engine;

import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * One table's items or one index's entries on disk: the keys {@code 'D' space orderKey} of the
 * {@link DiskStore}. A read takes the entry from the store's {@link DecodedCache} when it holds it, else from the
 * store (its block cache and the OS page cache hold the hot part) and decodes it, offering the result to the
 * cache. Range reads fetch entries in chunks, each with its own short-lived iterator, and decode them as they are
 * consumed (entries the cache holds are taken from it; a query's entries are offered to it, a scan's are not, so
 * a scan does not flush the working set). Writes do not come here: a write is one {@link DiskWrite} batch.
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

    private OrderKey orderKey(byte[] storedKey, byte[] value) {
        int pe = 0;
        int shift = 0;
        int i = 0;
        byte b;
        do {
            b = value[i++];
            pe |= (b & 0x7F) << shift;
            shift += 7;
        } while (b < 0);
        return new OrderKey(Arrays.copyOfRange(storedKey, prefix.length, storedKey.length), pe);
    }

    private Stored stored(byte[] storedKey, byte[] value) {
        int i = 0;
        while (value[i] < 0) {
            i++;
        }
        try {
            return ItemCodec.decode(Arrays.copyOfRange(value, i + 1, value.length));
        } catch (IllegalArgumentException e) {
            throw new io.partita.storage.DurableStorageException.Corrupted(
                    io.partita.storage.Message.StoreEntryUndecodable.format(
                            store.directory, java.util.HexFormat.of().formatHex(storedKey), e.getMessage()),
                    store.directory,
                    e);
        }
    }

    @Override
    public Stored get(OrderKey key) {
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
        Stored s = stored(k, v);
        cache.offer(space, key, s, v.length, stamp, true);
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
        return iterable(lower, lowerInclusive, upper, upperInclusive, forward, true);
    }

    @Override
    public Iterable<Map.Entry<OrderKey, Stored>> all() {
        return scan(0, HASH_SPACE, null);
    }

    @Override
    public Iterable<Map.Entry<OrderKey, Stored>> scan(long hashFrom, long hashTo, OrderKey exclusiveStart) {
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
        return iterable(lower, inclusive, upper, false, true, false);
    }

    private Iterable<Map.Entry<OrderKey, Stored>> iterable(
            byte[] lower,
            boolean lowerInclusive,
            byte[] upper,
            boolean upperInclusive,
            boolean forward,
            boolean cacheDecoded) {
        return () -> new Chunked(lower, lowerInclusive, upper, upperInclusive, forward, cacheDecoded);
    }

    /** Walks a key range chunk by chunk (growing chunks: a query of ten entries reads one small chunk). */
    private final class Chunked implements Iterator<Map.Entry<OrderKey, Stored>> {
        private final byte[] lower;
        private final byte[] upper;
        private final boolean forward;
        private final boolean cacheDecoded;
        /** The cache's range stamp taken before the current chunk was read. */
        private long stamp;

        private byte[] cursor;
        private boolean cursorInclusive;
        private List<byte[][]> chunk = List.of();
        private int at;
        private boolean exhausted;
        private int chunkSize = FIRST_CHUNK;

        Chunked(
                byte[] lower,
                boolean lowerInclusive,
                byte[] upper,
                boolean upperInclusive,
                boolean forward,
                boolean cacheDecoded) {
            this.lower = lower;
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
            if (at < chunk.size()) {
                return true;
            }
            if (exhausted) {
                return false;
            }
            stamp = store.decoded.rangeStamp();
            chunk = forward
                    ? store.chunk(cursor, cursorInclusive, upper, true, chunkSize)
                    : store.chunk(cursor, cursorInclusive, lower, false, chunkSize);
            at = 0;
            if (chunk.size() < chunkSize) {
                exhausted = true;
            }
            if (!chunk.isEmpty()) {
                cursor = chunk.get(chunk.size() - 1)[0];
                cursorInclusive = false;
            }
            chunkSize = Math.min(MAX_CHUNK, chunkSize * 4);
            return at < chunk.size();
        }

        @Override
        public Map.Entry<OrderKey, Stored> next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            byte[][] kv = chunk.get(at++);
            OrderKey key = orderKey(kv[0], kv[1]);
            DecodedCache cache = store.decoded;
            Stored s = cache.get(space, key);
            if (s == null) {
                s = stored(kv[0], kv[1]);
                if (cacheDecoded) {
                    cache.offer(space, key, s, kv[1].length, stamp, false);
                }
            }
            return new SimpleImmutableEntry<>(key, s);
        }
    }
}
