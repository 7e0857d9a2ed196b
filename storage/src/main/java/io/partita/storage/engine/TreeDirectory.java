package io.partita.storage.engine;

import java.util.Arrays;

/**
 * An immutable directory of a {@link ChunkTree}: children in key order, each with its entry count (so a position can be found by rank,
 * and a range's length is known before it is read) and a separator key. {@code keys[j]} for {@code j >= 1} sorts
 * at or before every key of child {@code j} and after every key of child {@code j - 1}; {@code keys[0]} is not
 * used to route.
 *
 * <p>The last child is held in a field of its own, apart from the arrays, so that a write at the right edge of the
 * tree that replaces its chunk builds a directory that shares all three arrays with the version before: the arrays'
 * last slot is never read (null), and every other slot is exactly as in the version before. The last child's count
 * is not held at all: it is read from the child ({@link #size()}), because the tree's right-edge chunk grows in place
 * ({@link TreeChunk#appendInPlace}) under the same directories. Every other child's count is final (only the
 * right-edge chunk has room), so it is held in {@link #sizes}. Any other change copies what changes.
 */
final class TreeDirectory {
    final byte[][] keys;
    /** The children but the last, in their slots; the last slot is null (the last child is {@link #last}). */
    final Object[] kids;
    /** The children's entry counts but the last's, in their slots; the last slot is not read (see {@link #size()}). */
    final int[] sizes;

    private final Object last;
    /** The entries of every child but the last. */
    private final int prefix;
    /** Levels below: 1 when the children are chunks. */
    final int height;

    /** A directory of these children: the arrays are fresh ones, which it owns (it clears the last child's slot). */
    TreeDirectory(byte[][] keys, Object[] kids, int[] sizes, int height) {
        this(keys, kids, sizes, kids.length == 0 ? null : kids[kids.length - 1], sum(sizes), height);
        if (kids.length > 0) {
            kids[kids.length - 1] = null; // not published yet: no reader reads it
        }
    }

    private TreeDirectory(byte[][] keys, Object[] kids, int[] sizes, Object last, int prefix, int height) {
        this.keys = keys;
        this.kids = kids;
        this.sizes = sizes;
        this.last = last;
        this.prefix = prefix;
        this.height = height;
    }

    /** A directory of {@code chunk}'s entries in chunks of at most {@link ChunkTree#LEAF_MAX}, of even sizes. */
    static TreeDirectory of(TreeChunk chunk) {
        int n = chunk.count;
        int parts = (n + ChunkTree.LEAF_MAX - 1) / ChunkTree.LEAF_MAX;
        if (parts > ChunkTree.INNER_MAX) {
            throw new IllegalArgumentException("too many entries for one directory: " + n);
        }
        byte[][] keys = new byte[parts][];
        Object[] kids = new Object[parts];
        int[] sizes = new int[parts];
        for (int p = 0; p < parts; p++) {
            int from = (int) ((long) n * p / parts);
            int to = (int) ((long) n * (p + 1) / parts);
            kids[p] = chunk.slice(from, to);
            keys[p] = chunk.keyBytes(from);
            sizes[p] = to - from;
        }
        return new TreeDirectory(keys, kids, sizes, 1);
    }

    /** A new directory of the same children, sharing its arrays: a root that is a new object (see {@link TreeSwap}). */
    TreeDirectory copy() {
        return new TreeDirectory(keys, kids, sizes, last, prefix, height);
    }

    /** The sum of every count but the last. */
    private static int sum(int[] sizes) {
        int total = 0;
        for (int i = 0; i < sizes.length - 1; i++) {
            total += sizes[i];
        }
        return total;
    }

    /** The entries under this directory: the last child's are read from it (it may be growing in place). */
    int size() {
        return last == null ? 0 : prefix + ChunkTree.size(last);
    }

    /** The number of children. */
    int count() {
        return kids.length;
    }

    /** Child {@code j}. */
    Object kid(int j) {
        return j == kids.length - 1 ? last : kids[j];
    }

    /** Child {@code j}'s entry count. */
    int kidSize(int j) {
        return j == kids.length - 1 ? ChunkTree.size(last) : sizes[j];
    }

    /** The child whose key range holds {@code key}. */
    int child(byte[] key) {
        int lo = 1;
        int hi = keys.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (Arrays.compareUnsigned(keys[mid], key) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return lo - 1;
    }

    /**
     * This directory with child {@code j} replaced (same separators): the last child shares both arrays; any other
     * copies the children, and the sizes too unless the child's size did not change (as for an overwrite).
     */
    TreeDirectory with(int j, Object kid) {
        if (j == kids.length - 1) {
            return new TreeDirectory(keys, kids, sizes, kid, prefix, height);
        }
        int n = ChunkTree.size(kid);
        Object[] k = kids.clone();
        k[j] = kid;
        if (n == sizes[j]) {
            return new TreeDirectory(keys, k, sizes, last, prefix, height);
        }
        int[] s = sizes.clone();
        s[j] = n;
        return new TreeDirectory(keys, k, s, last, prefix - sizes[j] + n, height);
    }

    /** This directory with children {@code [from, to)} replaced by {@code put} (separators of {@code put[1..]} given). */
    TreeDirectory splice(int from, int to, Object[] put, byte[][] separators) {
        int n = kids.length - (to - from) + put.length;
        byte[][] nk = new byte[n][];
        Object[] nc = new Object[n];
        int[] ns = new int[n];
        System.arraycopy(keys, 0, nk, 0, from);
        copyKids(0, nc, ns, 0, from);
        for (int i = 0; i < put.length; i++) {
            nk[from + i] = i == 0 ? keys[from] : separators[i];
            nc[from + i] = put[i];
            ns[from + i] = ChunkTree.size(put[i]);
        }
        int tail = kids.length - to;
        System.arraycopy(keys, to, nk, from + put.length, tail);
        copyKids(to, nc, ns, from + put.length, tail);
        return new TreeDirectory(nk, nc, ns, height);
    }

    /** Children {@code [from, from + length)} and their sizes into {@code nc} and {@code ns} from {@code at}. */
    private void copyKids(int from, Object[] nc, int[] ns, int at, int length) {
        for (int i = 0; i < length; i++) {
            nc[at + i] = kid(from + i);
            ns[at + i] = kidSize(from + i);
        }
    }

    TreeDirectory slice(int from, int to) {
        Object[] nc = new Object[to - from];
        int[] ns = new int[to - from];
        copyKids(from, nc, ns, 0, to - from);
        return new TreeDirectory(Arrays.copyOfRange(keys, from, to), nc, ns, height);
    }

    /** {@code this} followed by {@code next}, whose first separator in the parent is {@code separator}. */
    TreeDirectory concat(TreeDirectory next, byte[] separator) {
        int a = kids.length;
        int b = next.kids.length;
        byte[][] nk = Arrays.copyOf(keys, a + b);
        System.arraycopy(next.keys, 0, nk, a, b);
        nk[a] = separator;
        Object[] nc = new Object[a + b];
        int[] ns = new int[a + b];
        copyKids(0, nc, ns, 0, a);
        next.copyKids(0, nc, ns, a, b);
        return new TreeDirectory(nk, nc, ns, height);
    }
}
