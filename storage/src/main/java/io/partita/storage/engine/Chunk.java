package io.partita.storage.engine;

import io.partita.storage.value.AttributeValue;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.Map;

/**
 * A sorted run of entries as one array: {@code [int[] sizes, Map[] items, key bytes 0 .. n-1]}: a small partition
 * of {@link PartitionedMap}. (A large one is a {@link ChunkTree}, whose chunks keep a {@code Stored[]} instead of
 * sizes and items.)
 * No per-entry {@link OrderKey} or {@link Stored} object is kept: a binary search compares the key bytes straight
 * from the array, and the items sit in a typed array (taken from an {@code Object[]}, each would need a cast, a
 * type check that reads the item's header: a cache miss per returned item at scale).
 *
 * <p>A chunk's count is the number of keys it holds ({@link #count}); its sizes and items arrays may be longer. An
 * entry appended after the last is written into the next free slot of the two arrays, which the new chunk then
 * shares with the one before (whose count stops short of that slot, so none of its readers reads it): an append
 * copies the keys' references, not all three arrays, and an overwrite that keeps the entry's size shares the sizes
 * array. A chunk and everything it reads (its keys, and its arrays up to its count) never change once it is
 * published, but for an item replaced in place (below). This holds because a small partition's writes are serialized (its monitor) and each derives its chunk
 * from the current one: among the chunks sharing an array the current one has the largest count, and a write only
 * ever writes the slot at that count. Arrays get spare room only when an append finds none left (doubling, up to
 * {@link PartitionedMap#SMALL_LIMIT}), so a partition written in random order keeps exact arrays.
 *
 * <p>One write changes a published chunk: {@link #swapItem}, an overwrite that keeps the entry's key and size,
 * stores the new item into the entry's slot of the items array (one reference, with a release store) instead of
 * building a chunk. A reader of any chunk sharing that array reads the slot once per entry, so it sees the old item
 * or the new one, each with the size both have (the sizes array is not written): never a mix of the two. The item
 * is immutable (final fields) and its release store orders its construction before the slot's new value.
 *
 * <p>Every other method here builds a new chunk and leaves what its arguments' readers see unchanged.
 */
final class Chunk {
    private Chunk() {}

    /**
     * The items array's handle for {@link #swapItem}, in a class of its own: made by the first in-place overwrite,
     * not by the first chunk (a VarHandle's first use in a fresh JVM costs about a millisecond).
     */
    private static final class Swap {
        static final VarHandle ITEM = MethodHandles.arrayElementVarHandle(Map[].class);
    }

    /** Index of the first key in a chunk. */
    static final int KEYS = 2;

    static final Object[] EMPTY = {new int[0], newItems(0)};

    static int count(Object[] s) {
        return s.length - KEYS;
    }

    static int[] sizes(Object[] s) {
        return (int[]) s[0];
    }

    // Slot 1 holds only arrays made by newItems, of this element type.
    @SuppressWarnings("unchecked")
    static Map<String, AttributeValue>[] items(Object[] s) {
        return (Map<String, AttributeValue>[]) s[1];
    }

    // A generic array cannot be created directly; every element stored is a Stored's item, of this type.
    @SuppressWarnings("unchecked")
    static Map<String, AttributeValue>[] newItems(int n) {
        return (Map<String, AttributeValue>[]) new Map<?, ?>[n];
    }

    static byte[] keyBytes(Object[] s, int i) {
        return (byte[]) s[KEYS + i];
    }

    static Stored stored(Object[] s, int i) {
        return new Stored(items(s)[i], sizes(s)[i]);
    }

    /** Binary search of the keys: the index of {@code key}, or {@code -(insertion point) - 1}. */
    static int find(Object[] s, byte[] key) {
        int lo = 0;
        int hi = count(s) - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = Arrays.compareUnsigned(keyBytes(s, mid), key);
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
    static int lowerIndex(Object[] s, byte[] key, boolean inclusive) {
        int i = find(s, key);
        return i >= 0 ? (inclusive ? i : i + 1) : -i - 1;
    }

    /**
     * Replaces entry {@code i}'s item in place, in a chunk whose entry {@code i} already has {@code value}'s size
     * (see the class comment: readers see the old item or the new one, both of that size). Only the writer of the
     * current chunk calls it, under the partition's monitor.
     */
    static void swapItem(Object[] s, int i, Stored value) {
        Swap.ITEM.setRelease(items(s), i, value.item());
    }

    /**
     * The chunk with entry {@code i}'s size and item replaced (its key stays): a new items array (with the old one's
     * room for appends) and, when the size changed, a new sizes array; the same keys.
     */
    static Object[] replace(Object[] s, int i, Stored value) {
        Object[] c = s.clone();
        int[] sizes = sizes(s);
        if (sizes[i] != value.size()) {
            int[] cs = sizes.clone();
            cs[i] = value.size();
            c[0] = cs;
        }
        Map<String, AttributeValue>[] ci = items(s).clone();
        ci[i] = value.item();
        c[1] = ci;
        return c;
    }

    /**
     * The chunk with a new entry at index {@code at}. After the last entry, into the free slot of the sizes and items
     * arrays when both have one (shared with {@code s}; see the class comment), else into new arrays with room for
     * later appends; elsewhere into new arrays of exactly the new count.
     */
    static Object[] insert(Object[] s, int at, byte[] key, Stored value) {
        int n = count(s);
        int[] sizes = sizes(s);
        Map<String, AttributeValue>[] items = items(s);
        Object[] c = new Object[KEYS + n + 1];
        System.arraycopy(s, KEYS, c, KEYS, at);
        c[KEYS + at] = key;
        System.arraycopy(s, KEYS + at, c, KEYS + at + 1, n - at);
        if (at == n && n < sizes.length && n < items.length) {
            // the slot past every published chunk's count: no reader of a chunk sharing these arrays reads it
            sizes[n] = value.size();
            items[n] = value.item();
            c[0] = sizes;
            c[1] = items;
            return c;
        }
        int capacity = at == n ? roomFor(n + 1) : n + 1;
        int[] cs = new int[capacity];
        System.arraycopy(sizes, 0, cs, 0, at);
        cs[at] = value.size();
        System.arraycopy(sizes, at, cs, at + 1, n - at);
        Map<String, AttributeValue>[] ci = newItems(capacity);
        System.arraycopy(items, 0, ci, 0, at);
        ci[at] = value.item();
        System.arraycopy(items, at, ci, at + 1, n - at);
        c[0] = cs;
        c[1] = ci;
        return c;
    }

    /** Room for {@code n} entries and the appends after them: doubling from 4, at most the small partitions' limit. */
    static int roomFor(int n) {
        if (n > PartitionedMap.SMALL_LIMIT) {
            return n; // promoted to a tree at once
        }
        int room = 4;
        while (room < n) {
            room <<= 1;
        }
        return Math.min(room, PartitionedMap.SMALL_LIMIT);
    }

    /** The chunk without entry {@code i}. */
    static Object[] remove(Object[] s, int i) {
        int n = count(s);
        int[] sizes = sizes(s);
        Map<String, AttributeValue>[] items = items(s);
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
        return c;
    }
}
