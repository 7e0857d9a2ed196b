package io.partita.storage.engine;

import io.partita.storage.value.AttributeValue;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.Map;

/**
 * A sorted run of entries as one array: {@code [int[] sizes, Map[] items, Integer count, key bytes 0 .. n-1, free
 * slots]}: a small partition of {@link PartitionedMap}. (A large one is a {@link ChunkTree}, whose chunks keep a
 * {@code Stored[]} instead of sizes and items.)
 * No per-entry {@link OrderKey} or {@link Stored} object is kept: a binary search compares the key bytes straight
 * from the array, and the items sit in a typed array (taken from an {@code Object[]}, each would need a cast, a
 * type check that reads the item's header: a cache miss per returned item at scale).
 *
 * <p>A chunk's count is the number of entries it holds ({@link #count}); its array and its sizes and items arrays
 * all have room for {@link #capacity} entries, which may be more. An entry appended after the last goes into the
 * free slot at the count of all three (its key, size and item) and is then published by storing the count plus one
 * with release semantics: the partition keeps the same chunk, and nothing is copied. A reader reads the count once
 * (with acquire semantics, {@link #count}) and then only the slots below it, which were written before that count
 * was stored and never change afterwards (but for an item replaced in place, below): whatever count it read, it
 * reads a prefix of the partition's appends, each entry whole. Every other write (an insert before the last entry,
 * an append that finds no room, a removal, an overwrite that changes an entry's size) builds a new chunk and leaves
 * the one before as it was, its count included, once it is no longer the partition's current chunk. A small
 * partition's writes are serialized (its monitor) and each derives its chunk from the current one, so only the
 * current chunk's count ever grows. A new chunk may share its sizes array (an overwrite keeping the size) with the
 * chunk before; among chunks sharing an array the current one has the largest count, and an append only ever writes
 * the slot at that count, past every other chunk's. Chunks get room only when an append finds none left (doubling,
 * up to {@link PartitionedMap#SMALL_LIMIT}) and keep it through inserts in the middle until it is used, so a
 * partition written in random order keeps exact arrays past its first four entries. The count
 * is a boxed {@code Integer}, below 128 here, so always the JDK's cached instance: storing one allocates nothing.
 *
 * <p>One write changes an entry below the count: {@link #swapItem}, an overwrite that keeps the entry's key and size,
 * stores the new item into the entry's slot of the items array (one reference, after a release fence) instead of
 * building a chunk. A reader of any chunk sharing that array reads the slot once per entry, so it sees the old item
 * or the new one, each with the size both have (the sizes array is not written): never a mix of the two. The item
 * is immutable (final fields) and the fence orders its construction before the slot's new value.
 *
 * <p>Publication uses {@link VarHandle#releaseFence} and {@link VarHandle#acquireFence} around plain array accesses,
 * not an array element {@link VarHandle} (whose first use spins classes in a fresh JVM).
 */
final class Chunk {
    private Chunk() {}

    /** Index of the chunk's count. */
    static final int COUNT = 2;

    /** Index of the first key in a chunk. */
    static final int KEYS = 3;

    static final Object[] EMPTY = {new int[0], newItems(0), 0};

    /**
     * The number of entries of chunk {@code s}, read once with acquire semantics: the slots below it are written
     * (and, for an append, published by the count's release store) before it.
     */
    static int count(Object[] s) {
        int n = (Integer) s[COUNT];
        VarHandle.acquireFence();
        return n;
    }

    /** Entries the chunk's arrays have room for. */
    static int capacity(Object[] s) {
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
        return find(s, count(s), key);
    }

    /**
     * {@link #find} among the first {@code n} keys, a count read from {@code s} before: a reader that searches a
     * chunk more than once (a range's two bounds) reads its count once, so that every search sees the same entries.
     */
    static int find(Object[] s, int n, byte[] key) {
        int lo = 0;
        int hi = n - 1;
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

    /** Index of the first key at or after {@code key} (or after it, when not inclusive), among the first {@code n}. */
    static int lowerIndex(Object[] s, int n, byte[] key, boolean inclusive) {
        int i = find(s, n, key);
        return i >= 0 ? (inclusive ? i : i + 1) : -i - 1;
    }

    /**
     * Replaces entry {@code i}'s item in place, in a chunk whose entry {@code i} already has {@code value}'s size
     * (see the class comment: readers see the old item or the new one, both of that size). Only the writer of the
     * current chunk calls it, under the partition's monitor.
     */
    static void swapItem(Object[] s, int i, Stored value) {
        Map<String, AttributeValue>[] items = items(s);
        VarHandle.releaseFence();
        items[i] = value.item();
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
     * The chunk with a new entry at index {@code at}. After the last entry, into the free slot of {@code s} and its
     * arrays when they have one: {@code s} itself, its count published last (see the class comment); else a new
     * chunk: with room for later appends when the entry is appended, with the room {@code s} had when it is
     * inserted before the last (a partition's first entries, in any order, fill the room its first insert made),
     * and of exactly the new count when there was none. Only the writer of the current chunk calls it, under the
     * partition's monitor.
     */
    static Object[] insert(Object[] s, int at, byte[] key, Stored value) {
        int n = count(s);
        int[] sizes = sizes(s);
        Map<String, AttributeValue>[] items = items(s);
        if (at == n && n < capacity(s) && n < sizes.length && n < items.length) {
            // the slot past every chunk's count: no reader reads it until the count below says so
            s[KEYS + n] = key;
            sizes[n] = value.size();
            items[n] = value.item();
            VarHandle.releaseFence();
            s[COUNT] = n + 1;
            return s;
        }
        // an append without room doubles it; an insert in the middle keeps the room the chunk had, if any
        int capacity = at == n ? roomFor(n + 1) : Math.max(n + 1, capacity(s));
        Object[] c = new Object[KEYS + capacity];
        System.arraycopy(s, KEYS, c, KEYS, at);
        c[KEYS + at] = key;
        System.arraycopy(s, KEYS + at, c, KEYS + at + 1, n - at);
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
        c[COUNT] = n + 1;
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
        c[COUNT] = n - 1;
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
