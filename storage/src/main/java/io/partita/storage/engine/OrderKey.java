package io.partita.storage.engine;

import io.partita.storage.value.AttributeValue;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The key of every ordered structure in the engine (table items, LSI entries, GSI entries): a 4-byte
 * partition hash followed by the {@link KeyCodec} encodings of the key parts, compared as unsigned bytes.
 * Ordering by hash first gives DynamoDB's scan order (partitions in hash order) and lets a parallel scan
 * split the hash space into contiguous segments; within one partition, keys order as DynamoDB orders them.
 *
 * <p>A key may be a <em>bound</em>: a prefix sorts before every key that extends it, and a prefix followed
 * by {@link KeyCodec#AFTER} sorts after all of them, which expresses ranges such as "sort key greater than X".
 */
class OrderKey implements Comparable<OrderKey> { // not final: a PartitionedMap partition is its own key
    final byte[] bytes;
    /** Length of the hash and partition-key prefix: keys of one partition agree on these bytes. */
    final int partitionEnd;

    /*
     * No cached hash code: every write builds several keys (the item's and its index entries') that are never
     * hashed, and a field for it would make each key 32 bytes instead of 24. The keys hashed (a durable read's cache
     * key, a write's throughput partitions) hash a few dozen bytes once or twice.
     */
    private OrderKey partition;

    OrderKey(byte[] bytes, int partitionEnd) {
        this.bytes = bytes;
        this.partitionEnd = partitionEnd;
    }

    /** The first key whose partition hash is at least {@code hash} (unsigned, up to 2^32 - 1). */
    static OrderKey hashStart(long unsignedHash) {
        int h = (int) unsignedHash;
        return new OrderKey(new byte[] {(byte) (h >>> 24), (byte) (h >>> 16), (byte) (h >>> 8), (byte) h}, 4);
    }

    /** The partition hash this key starts with. */
    int hash() {
        return (bytes[0] & 0xFF) << 24 | (bytes[1] & 0xFF) << 16 | (bytes[2] & 0xFF) << 8 | (bytes[3] & 0xFF);
    }

    /** The key of this key's partition: its hash and partition-key bytes (computed once per key object). */
    OrderKey partition() {
        OrderKey p = partition;
        if (p == null) {
            p = bytes.length == partitionEnd ? this : new OrderKey(partitionBytes(), partitionEnd);
            partition = p;
        }
        return p;
    }

    /** This key's hash and partition-key bytes: a copy, or the key's own array when that is all it holds. */
    byte[] partitionBytes() {
        OrderKey p = partition;
        if (p != null) {
            return p.bytes;
        }
        return bytes.length == partitionEnd ? bytes : Arrays.copyOf(bytes, partitionEnd);
    }

    /** True when this key is its partition's key alone: as a range's low end, the partition's first entry. */
    boolean isPartitionStart() {
        return bytes.length == partitionEnd;
    }

    /** True when this key is its partition's key followed by {@link KeyCodec#AFTER}: past the partition's last entry. */
    boolean isPartitionEnd() {
        int n = bytes.length;
        return n == partitionEnd + 2 && bytes[n - 1] == (byte) 0xFF && bytes[n - 2] == (byte) 0xFF;
    }

    /**
     * Points this key at {@code id}, an equal partition key already held elsewhere (the stored partition's), so
     * a stored key does not keep its own copy of the partition bytes alive: one copy per partition, not per
     * entry. Racy by design: either copy is correct for any reader, both being equal and immutable.
     */
    void sharePartition(OrderKey id) {
        if (partition != this) {
            partition = id;
        }
    }

    @Override
    public int compareTo(OrderKey o) {
        return Arrays.compareUnsigned(bytes, o.bytes);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OrderKey k && Arrays.equals(bytes, k.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return HexFormat.of().formatHex(bytes);
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
        return mix((int) (31L * 0x9747b28c) + valueHash(single)); // the int product, wrapped as before
    }

    private static int valueHash(AttributeValue v) {
        // String.hashCode, BigDecimal.hashCode (of normalized numbers) and Arrays.hashCode are specified
        // functions of the value, so the order is stable across JVMs and runs.
        if (v instanceof AttributeValue.S s) {
            return s.value().hashCode();
        }
        if (v instanceof AttributeValue.N n) {
            return n.hashCode(); // BigDecimal.hashCode of the normalized value, without building a long's BigDecimal
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
