package io.partita.storage.engine;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.KeyOrder;
import java.util.Arrays;

/**
 * The key of every ordered structure in the engine (table items, LSI entries, GSI entries): a partition
 * hash followed by typed key parts. Ordering by hash first gives DynamoDB's scan order (partitions in
 * hash order) and lets a parallel scan split the hash space into contiguous segments; within one
 * partition, parts order by {@link KeyOrder}.
 *
 * <p>A key may be a <em>bound</em>: a prefix that sorts before ({@link #BEFORE}) or after ({@link #AFTER})
 * every key that extends it, used to express ranges such as "sort key greater than X".
 */
final class OrderKey implements Comparable<OrderKey> {
    static final byte BEFORE = -1;
    static final byte EXACT = 0;
    static final byte AFTER = 1;

    final int hash;
    final AttributeValue[] parts;
    final byte bound;

    OrderKey(int hash, AttributeValue[] parts, byte bound) {
        this.hash = hash;
        this.parts = parts;
        this.bound = bound;
    }

    static OrderKey exact(int hash, AttributeValue... parts) {
        return new OrderKey(hash, parts, EXACT);
    }

    static OrderKey bound(int hash, AttributeValue[] parts, byte bound) {
        return new OrderKey(hash, parts, bound);
    }

    /** The first key whose partition hash is at least {@code hash} (as an unsigned number). */
    static OrderKey hashStart(long unsignedHash) {
        return new OrderKey((int) unsignedHash, new AttributeValue[0], BEFORE);
    }

    @Override
    public int compareTo(OrderKey o) {
        int c = Integer.compareUnsigned(hash, o.hash);
        if (c != 0) {
            return c;
        }
        AttributeValue[] a = parts;
        AttributeValue[] b = o.parts;
        int n = Math.min(a.length, b.length);
        for (int i = 0; i < n; i++) {
            if (a[i] != b[i]) {
                c = KeyOrder.compare(a[i], b[i]);
                if (c != 0) {
                    return c;
                }
            }
        }
        if (a.length == b.length) {
            return Integer.compare(bound, o.bound);
        }
        if (a.length < b.length) {
            return bound == EXACT ? -1 : bound;
        }
        return o.bound == EXACT ? 1 : -o.bound;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OrderKey k && hash == k.hash && bound == k.bound && Arrays.equals(parts, k.parts);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return Integer.toUnsignedString(hash, 16) + Arrays.toString(parts) + (bound == EXACT ? "" : bound < 0 ? "-" : "+");
    }

    /** DynamoDB-independent, JVM-independent partition hash of a partition key (one or more parts). */
    static int partitionHash(AttributeValue[] parts, int count) {
        int h = 0x9747b28c;
        for (int i = 0; i < count; i++) {
            h = 31 * h + valueHash(parts[i]);
        }
        return mix(h);
    }

    static int partitionHash(AttributeValue single) {
        return mix(31 * 0x9747b28c + valueHash(single));
    }

    private static int valueHash(AttributeValue v) {
        // String.hashCode, BigDecimal.hashCode (of normalized numbers) and Arrays.hashCode are specified
        // functions of the value, so the order is stable across JVMs and runs.
        if (v instanceof AttributeValue.S s) {
            return s.value().hashCode();
        }
        if (v instanceof AttributeValue.N n) {
            return n.value().hashCode();
        }
        if (v instanceof AttributeValue.B b) {
            return b.value().hashCode();
        }
        return v.hashCode();
    }

    /** MurmurHash3's finalizer: spreads similar keys over the whole hash space. */
    private static int mix(int h) {
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h;
    }
}
