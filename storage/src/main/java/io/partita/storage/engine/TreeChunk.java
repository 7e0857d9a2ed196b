package io.partita.storage.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * A leaf of a {@link ChunkTree}: its first {@link #count} entries, in key order, as one values array and one keys
 * array (a binary search over the keys, the entries read in order from the values). Immutable once published as far
 * as any reader reads: both arrays may be longer than the count, and their slots past it are for appends.
 *
 * <p>The right-edge chunk's arrays are allocated with room for {@value ChunkTree#LEAF_MAX} entries, and an append
 * there writes its key and value into the next free slots and shares both arrays with the version before (whose
 * count stops short of those slots, so none of its readers reads them). The slot is claimed by compare-and-set of
 * its key from null, so each slot is written once, by one writer; a writer that finds it taken (another writer
 * appended first, or claimed it and then lost the race for the root, leaving it unused) copies instead. Both are
 * written before the root is published, so a reader of the new version sees them. A values array is shared only by
 * chunks that share its keys array too (every other chunk gets values of its own), so the key's slot claims the
 * value's. An overwrite through {@link ChunkTree#put} shares its chunk's keys array and copies the values, exactly;
 * one through {@link ChunkTree#overwrite} stores the new value into its slot in place ({@link TreeSwap}), the one
 * write into a published chunk's slots below its count.
 */
final class TreeChunk {
    private static final VarHandle KEY_SLOT = MethodHandles.arrayElementVarHandle(byte[][].class);

    static final TreeChunk EMPTY = new TreeChunk(new Stored[0], new byte[0][], 0);

    /** The entries' values; slots from {@link #count} on are for appends. */
    final Stored[] values;
    /** The entries' keys; slots from {@link #count} on are for appends (null until claimed). */
    final byte[][] keys;

    final int count;

    TreeChunk(Stored[] values, byte[][] keys, int count) {
        this.values = values;
        this.keys = keys;
        this.count = count;
    }

    /** A chunk of exactly these entries. */
    TreeChunk(Stored[] values, byte[][] keys) {
        this(values, keys, values.length);
    }

    /** A new chunk of the same entries, sharing both arrays: a root that is a new object (see {@link TreeSwap}). */
    TreeChunk copy() {
        return new TreeChunk(values, keys, count);
    }

    byte[] keyBytes(int i) {
        return keys[i];
    }

    /** Binary search of the keys: the index of {@code key}, or {@code -(insertion point) - 1}. */
    int find(byte[] key) {
        int lo = 0;
        int hi = count - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int cmp = Arrays.compareUnsigned(keys[mid], key);
            if (cmp < 0) {
                lo = mid + 1;
            } else if (cmp > 0) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -(lo + 1);
    }

    int lowerIndex(byte[] key, boolean inclusive) {
        int i = find(key);
        return i >= 0 ? (inclusive ? i : i + 1) : -i - 1;
    }

    /** This chunk with entry {@code i}'s value replaced: new values of exactly the count, the same keys array. */
    TreeChunk replace(int i, Stored value) {
        Stored[] v = Arrays.copyOf(values, count);
        v[i] = value;
        return new TreeChunk(v, keys, count);
    }

    /**
     * This chunk with a new entry at index {@code at}. After the last entry, into the free slots of both arrays when
     * this writer is the first to claim the key's (see the class comment); otherwise into copies, with room for
     * {@link ChunkTree#LEAF_MAX} when {@code roomy} (an append at the tree's right edge, where ascending keys will
     * append again).
     */
    TreeChunk insert(int at, byte[] key, Stored value, boolean roomy) {
        int n = count;
        if (at == n && n < keys.length && n < values.length && KEY_SLOT.compareAndSet(keys, n, (byte[]) null, key)) {
            values[n] = value; // the slot is this writer's: it claimed the key's
            return new TreeChunk(values, keys, n + 1);
        }
        int capacity = roomy && at == n ? Math.max(ChunkTree.LEAF_MAX, n + 1) : n + 1;
        Stored[] v = new Stored[capacity];
        System.arraycopy(values, 0, v, 0, at);
        v[at] = value;
        System.arraycopy(values, at, v, at + 1, n - at);
        byte[][] k = new byte[capacity][];
        System.arraycopy(keys, 0, k, 0, at);
        k[at] = key;
        System.arraycopy(keys, at, k, at + 1, n - at);
        return new TreeChunk(v, k, n + 1);
    }

    /** A chunk of one entry, with room for {@link ChunkTree#LEAF_MAX}: the start of a new right-edge chunk. */
    static TreeChunk roomyOf(byte[] key, Stored value) {
        Stored[] v = new Stored[ChunkTree.LEAF_MAX];
        byte[][] k = new byte[ChunkTree.LEAF_MAX][];
        v[0] = value;
        k[0] = key;
        return new TreeChunk(v, k, 1);
    }

    /** This chunk without entry {@code i}. */
    TreeChunk remove(int i) {
        int n = count;
        Stored[] v = new Stored[n - 1];
        System.arraycopy(values, 0, v, 0, i);
        System.arraycopy(values, i + 1, v, i, n - i - 1);
        byte[][] k = new byte[n - 1][];
        System.arraycopy(keys, 0, k, 0, i);
        System.arraycopy(keys, i + 1, k, i, n - i - 1);
        return new TreeChunk(v, k);
    }

    TreeChunk slice(int from, int to) {
        return new TreeChunk(Arrays.copyOfRange(values, from, to), Arrays.copyOfRange(keys, from, to));
    }

    /** This chunk followed by {@code next}. */
    TreeChunk concat(TreeChunk next) {
        int na = count;
        int nb = next.count;
        Stored[] v = Arrays.copyOf(values, na + nb);
        System.arraycopy(next.values, 0, v, na, nb);
        byte[][] k = Arrays.copyOf(keys, na + nb);
        System.arraycopy(next.keys, 0, k, na, nb);
        return new TreeChunk(v, k);
    }
}
