package io.partita.storage.engine;

import java.util.Arrays;

/**
 * An immutable directory of a {@link ChunkTree}: children in key order, each with its entry count (so a position can be found by rank,
 * and a range's length is known before it is read) and a separator key. {@code keys[j]} for {@code j >= 1} sorts
 * at or before every key of child {@code j} and after every key of child {@code j - 1}; {@code keys[0]} is not
 * used to route.
 */
final class TreeDirectory {
    final byte[][] keys;
    final Object[] kids;
    final int[] sizes;
    final int size;
    /** Levels below: 1 when the children are chunks. */
    final int height;

    TreeDirectory(byte[][] keys, Object[] kids, int[] sizes, int height) {
        this(keys, kids, sizes, sum(sizes), height);
    }

    private TreeDirectory(byte[][] keys, Object[] kids, int[] sizes, int size, int height) {
        this.keys = keys;
        this.kids = kids;
        this.sizes = sizes;
        this.size = size;
        this.height = height;
    }

    private static int sum(int[] sizes) {
        int total = 0;
        for (int s : sizes) {
            total += s;
        }
        return total;
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
     * This directory with child {@code j} replaced (same separators; the same sizes array too when the child's
     * size did not change, as for an overwrite).
     */
    TreeDirectory with(int j, Object kid) {
        Object[] k = kids.clone();
        k[j] = kid;
        int n = ChunkTree.size(kid);
        if (n == sizes[j]) {
            return new TreeDirectory(keys, k, sizes, size, height);
        }
        int[] s = sizes.clone();
        s[j] = n;
        return new TreeDirectory(keys, k, s, size - sizes[j] + n, height);
    }

    /** This directory with children {@code [from, to)} replaced by {@code put} (separators of {@code put[1..]} given). */
    TreeDirectory splice(int from, int to, Object[] put, byte[][] separators) {
        int n = kids.length - (to - from) + put.length;
        byte[][] nk = new byte[n][];
        Object[] nc = new Object[n];
        int[] ns = new int[n];
        System.arraycopy(keys, 0, nk, 0, from);
        System.arraycopy(kids, 0, nc, 0, from);
        System.arraycopy(sizes, 0, ns, 0, from);
        for (int i = 0; i < put.length; i++) {
            nk[from + i] = i == 0 ? keys[from] : separators[i];
            nc[from + i] = put[i];
            ns[from + i] = ChunkTree.size(put[i]);
        }
        int tail = kids.length - to;
        System.arraycopy(keys, to, nk, from + put.length, tail);
        System.arraycopy(kids, to, nc, from + put.length, tail);
        System.arraycopy(sizes, to, ns, from + put.length, tail);
        return new TreeDirectory(nk, nc, ns, height);
    }

    TreeDirectory slice(int from, int to) {
        return new TreeDirectory(
                Arrays.copyOfRange(keys, from, to),
                Arrays.copyOfRange(kids, from, to),
                Arrays.copyOfRange(sizes, from, to),
                height);
    }

    /** {@code this} followed by {@code next}, whose first separator in the parent is {@code separator}. */
    TreeDirectory concat(TreeDirectory next, byte[] separator) {
        int a = kids.length;
        int b = next.kids.length;
        byte[][] nk = Arrays.copyOf(keys, a + b);
        System.arraycopy(next.keys, 0, nk, a, b);
        nk[a] = separator;
        Object[] nc = Arrays.copyOf(kids, a + b);
        System.arraycopy(next.kids, 0, nc, a, b);
        int[] ns = Arrays.copyOf(sizes, a + b);
        System.arraycopy(next.sizes, 0, ns, a, b);
        return new TreeDirectory(nk, nc, ns, height);
    }
}
