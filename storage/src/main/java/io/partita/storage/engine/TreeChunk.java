package io.partita.storage.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * A leaf of a {@link ChunkTree}: its first {@link #count} entries, in key order, as one values array and one keys
 * array (a binary search over the keys, the entries read in order from the values). Both arrays may be longer than
 * the count, and their slots past it are for appends; every slot below the count is as published but for the value
 * an overwrite in place swaps ({@link TreeSwap}).
 *
 * <p>The right-edge chunk's arrays are allocated with room for {@value ChunkTree#LEAF_MAX} entries. An insert at
 * the tree's right edge (an engine write, {@link ChunkTree#overwrite}) appends in place ({@link #appendInPlace}):
 * it claims the free slot at the count by compare-and-set of its key from null, writes the value and publishes both
 * by storing the count plus one (a volatile store; readers read the count, volatile, before the slots below it), as
 * a small partition's append does: no chunk or directory is copied. Only the claimer of slot {@code n} stores
 * {@code n + 1}, so the count only grows, by one, and a slot is written once. A writer that copies a published chunk
 * (any other insert, a removal, a merge, {@link ChunkTree#put}) seals it first ({@link #seal}): it claims the slot at
 * the count with {@link #SEAL}, so no append in place follows and the copy holds every entry published in the chunk.
 * {@link ChunkTree#put} appends by claiming the free slot too, into a new chunk that shares both arrays (the version
 * before keeps its count, and no append in place can follow in it: the slot at its count is taken); its writer
 * withdraws the claim when it loses the race for the root. A values array is shared only by chunks that share its
 * keys array too, so the key's slot claims the value's.
 */
final class TreeChunk {
    private static final VarHandle KEY_SLOT = MethodHandles.arrayElementVarHandle(byte[][].class);

    static final TreeChunk EMPTY = new TreeChunk(new Stored[0], new byte[0][], 0);

    /** The entries' values; slots from {@link #count} on are for appends. */
    final Stored[] values;
    /** The entries' keys; slots from {@link #count} on are for appends (null until claimed). */
    final byte[][] keys;

    /**
     * The entries published; volatile: an append in place stores it after its key and value ({@link #appendInPlace}),
     * and a reader reads it before them.
     */
    volatile int count;

    /** The key a sealed chunk holds in the slot at its count: no append in place can claim it ({@link #seal}). */
    static final byte[] SEAL = new byte[0];

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
     * Appends an entry in place at index {@code at}, the count, when there is room and the slot is free: see the class
     * comment. False, having changed nothing, when it is not (the chunk is full, sealed, or another writer took the
     * slot): the writer then copies.
     */
    boolean appendInPlace(int at, byte[] key, Stored value) {
        int n = count;
        if (at != n || n >= keys.length || n >= values.length || !KEY_SLOT.compareAndSet(keys, n, (byte[]) null, key)) {
            return false;
        }
        values[n] = value; // the slot is this writer's: it claimed the key's
        count = n + 1; // publishes both; the count was n: only the claimer of slot n stores n + 1
        return true;
    }

    /**
     * This chunk with a new entry after its last, in a new chunk sharing both arrays, when the slot at the count is
     * free (see the class comment); null otherwise. The writer that does not publish the result withdraws its claim
     * ({@link #withdraw}).
     */
    TreeChunk appendShared(int at, byte[] key, Stored value) {
        int n = count;
        if (at != n || n >= keys.length || n >= values.length || !KEY_SLOT.compareAndSet(keys, n, (byte[]) null, key)) {
            return null;
        }
        values[n] = value;
        return new TreeChunk(values, keys, n + 1);
    }

    /** Frees the slot {@link #appendShared} claimed for {@code key}, whose chunk was not published. */
    void withdraw(int slot, byte[] key) {
        KEY_SLOT.compareAndSet(keys, slot, key, (byte[]) null);
    }

    /**
     * Seals this chunk (see the class comment): true once no append in place can follow, so that the count is
     * final; false when the slot at the count is claimed but not yet published and {@code tree}'s root is no longer
     * {@code root}, which its writer read (it starts again: a claim is published, or withdrawn, or its chunk
     * published as a new root, so waiting on an unmoved root ends).
     */
    boolean seal(ChunkTree tree, Object root) {
        while (true) {
            int n = count;
            if (n >= keys.length || n >= values.length) {
                return true; // no room: nothing can be appended in place
            }
            byte[] k = (byte[]) KEY_SLOT.getVolatile(keys, n);
            if (k == SEAL || (k == null && KEY_SLOT.compareAndSet(keys, n, (byte[]) null, SEAL))) {
                return true;
            }
            if (k != null && count == n) {
                if (tree.moved(root)) {
                    return false;
                }
                Thread.onSpinWait();
            }
        }
    }

    /**
     * This chunk with a new entry at index {@code at}, in copies of its arrays (a sealed chunk: its count is final),
     * with room for {@link ChunkTree#LEAF_MAX} when {@code roomy} (an append at the tree's right edge, where
     * ascending keys will append again).
     */
    TreeChunk insert(int at, byte[] key, Stored value, boolean roomy) {
        int n = count;
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
