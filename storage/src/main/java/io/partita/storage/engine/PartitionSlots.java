package io.partita.storage.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The slots of a {@link PartitionedMap}'s open-addressing table of partitions: their layout (each {@link #STRIDE}
 * references: the partition, its key bytes and the mirror of its small snapshot) and the steps that read and fill
 * one. The map's table comment says how readers and writers use them.
 */
final class PartitionSlots {
    static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);

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
        SLOT.setRelease(t, at, p);
    }

    /** Copies {@code p}'s current snapshot into its slot's mirror (nulls once it is large). */
    static void mirror(Object[] t, int at, Partition p) {
        Object[] s = p.snapshot();
        t[at + CHUNK] = s;
        t[at + ITEMS] = s == null ? null : Chunk.items(s);
        t[at + SIZES] = s == null ? null : Chunk.sizes(s);
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
