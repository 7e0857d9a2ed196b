package io.partita.storage.engine;

import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The slots of a {@link PartitionedMap}'s open-addressing table of partitions: their layout (each {@link #STRIDE}
 * references: the partition, its key bytes and the mirror of its small snapshot) and the steps that read and fill
 * one. The map's table comment says how readers and writers use them.
 *
 * <p>A slot's partition is read with acquire and written with release semantics ({@link #partitionAt}, {@link
 * #publish}): a plain access next to a fence, as {@code getAcquire} and {@code setRelease} on an array element
 * handle would order it, without the handle, whose first use in a fresh JVM (its access modes, forms and guards)
 * costs about a millisecond on the first put of a short-lived process; the fences are two static methods.
 */
final class PartitionSlots {
    /**
     * Slots of a {@link PartitionedMap}'s table, each {@link #STRIDE} references wide: the partition, its key bytes, and a mirror of
     * its small snapshot (the chunk, its sizes and its items arrays).
     */
    static final int STRIDE = 5;

    static final int KEY = 1;
    static final int CHUNK = 2;
    static final int ITEMS = 3;
    static final int SIZES = 4;

    private PartitionSlots() {}

    /**
     * The partition in the slot at {@code at}, or null (or {@link PartitionedMap#TOMBSTONE}), read with acquire
     * semantics: what was written before its {@link #publish} (its key bytes, its mirror) is seen after it.
     */
    static Partition partitionAt(Object[] t, int at) {
        Partition p = (Partition) t[at];
        VarHandle.acquireFence(); // loads and stores after the fence are not ordered before the load of p
        return p;
    }

    /** Stores {@code p} into the slot at {@code at} with release semantics: after every load and store before it. */
    static void publish(Object[] t, int at, Partition p) {
        VarHandle.releaseFence();
        t[at] = p;
    }

    /**
     * True when {@code p}, read (acquire) from the slot at {@code at}, is the partition of {@code key}. The key
     * bytes are compared from the slot (loaded with it, not after the partition), checked to be {@code p}'s own:
     * a slot reused after its partition was dropped may be read torn.
     */
    static boolean holds(Object[] t, int at, Partition p, int h, OrderKey key) {
        return holds(t, at, p, h, key.bytes, key.partitionEnd);
    }

    /** As {@link #holds(Object[], int, Partition, int, OrderKey)}, for a key's bytes and its partition's end. */
    static boolean holds(Object[] t, int at, Partition p, int h, byte[] key, int partitionEnd) {
        byte[] pk = (byte[]) t[at + KEY];
        return p.hash == h
                && pk == p.bytes
                && p != PartitionedMap.TOMBSTONE
                && Arrays.equals(pk, 0, pk.length, key, 0, partitionEnd);
    }

    static void insertFresh(Object[] t, Partition p) {
        int mask = t.length / STRIDE - 1;
        int i = p.hash & mask;
        while (t[i * STRIDE] != null) {
            i = (i + 1) & mask;
        }
        fill(t, i * STRIDE, p);
    }

    /** Writes {@code p}, its key bytes and its mirror into the free slot at {@code at}, the partition last. */
    static void fill(Object[] t, int at, Partition p) {
        t[at + KEY] = p.bytes;
        mirror(t, at, p);
        publish(t, at, p);
    }

    /** Copies {@code p}'s current snapshot into its slot's mirror (nulls once it is large). */
    static void mirror(Object[] t, int at, Partition p) {
        Object[] s = p.snapshot();
        t[at + CHUNK] = s;
        t[at + ITEMS] = s == null ? null : Chunk.items(s);
        t[at + SIZES] = s == null ? null : Chunk.sizes(s);
    }

    /** The partition holding the key of these bytes (its partition's bytes end at {@code partitionEnd}), or null. */
    static Partition find(Object[] t, byte[] key, int partitionEnd) {
        int mask = t.length / STRIDE - 1;
        int h = (key[0] & 0xFF) << 24 | (key[1] & 0xFF) << 16 | (key[2] & 0xFF) << 8 | (key[3] & 0xFF);
        for (int i = h & mask; ; i = (i + 1) & mask) {
            int at = i * STRIDE;
            Partition p = partitionAt(t, at);
            if (p == null) {
                return null;
            }
            if (holds(t, at, p, h, key, partitionEnd)) {
                return p;
            }
        }
    }

    /**
     * A new table of {@code t}'s partitions for at least {@code partitions} of them (a quarter full), without
     * tombstones, each slot's mirror taken from its partition's snapshot.
     */
    static Object[] rehashed(Object[] t, int partitions) {
        int capacity = 16;
        while (capacity < 4L * partitions) {
            capacity <<= 1;
        }
        Object[] next = new Object[capacity * STRIDE];
        for (int at = 0; at < t.length; at += STRIDE) {
            Partition p = (Partition) t[at];
            if (p != null && p != PartitionedMap.TOMBSTONE) {
                insertFresh(next, p);
            }
        }
        return next;
    }

    /** Leaves a tombstone in the slot at {@code at}, and nothing of its partition. */
    static void bury(Object[] t, int at) {
        publish(t, at, PartitionedMap.TOMBSTONE);
        t[at + KEY] = null;
        t[at + CHUNK] = null;
        t[at + ITEMS] = null;
        t[at + SIZES] = null;
    }

    /** The slot offset of {@code p} itself in {@code t}, or -1. */
    static int slotOf(Object[] t, Partition p) {
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
}
