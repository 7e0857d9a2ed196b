package io.partita.storage.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A large partition's entries: a copy-on-write B+-tree whose leaves are {@link TreeChunk}s (a binary search over one keys
 * array, the entries read in order from one values array) and whose inner nodes are immutable {@link TreeDirectory}
 * directories. Everything a
 * published version reads is immutable; the tree is one {@code volatile} root.
 *
 * <p>A chunk's arrays may be longer than its count: the right-edge chunk's have room for {@value #LEAF_MAX} entries,
 * and an append there shares them with the version before ({@link TreeChunk} says how). An overwrite shares its
 * chunk's keys array and, the count unchanged, its directories' counts.
 *
 * <p><b>Readers</b> read the root once and then walk an immutable tree: no lock, and a whole snapshot of the
 * partition, however long the traversal (a scan, a page, an iterator held by a backfill).
 *
 * <p><b>Writers</b> copy the path from the root to the chunk they change (the chunk's values, at most
 * {@value #LEAF_MAX} entries, and one directory per level, at most {@value #INNER_MAX} children each; a directory
 * keeps the separator keys array when only a child changed, and all its arrays when that child is its last: see
 * {@link TreeDirectory}) and publish it with one compare-and-set on the root; a writer
 * that loses the race (another writer of the same partition published first) starts again from the new root. No
 * monitor, no parking: two writers of one hot partition cost each other at most a repeated path copy, and writers of
 * one item are already serialized by the item's stripe lock.
 *
 * <p>A chunk that grows past {@value #LEAF_MAX} entries splits in two (at the end, not the middle, when the entry
 * was appended at the tree's right edge: keys written in ascending order, such as time-ordered sort keys, then
 * leave full chunks behind); a directory past {@value #INNER_MAX} children likewise. A chunk or directory below a
 * quarter full merges with a neighbour (and splits again evenly when the two do not fit in one); an emptied one
 * goes; a root directory left with one child is replaced by it.
 */
final class ChunkTree {
    static final int LEAF_MAX = 32;
    static final int INNER_MAX = 32;
    private static final int LEAF_MIN = LEAF_MAX / 4;
    private static final int INNER_MIN = INNER_MAX / 4;

    private static final VarHandle ROOT;

    static {
        try {
            ROOT = MethodHandles.lookup().findVarHandle(ChunkTree.class, "root", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A {@link TreeChunk} or a {@link TreeDirectory}. */
    private volatile Object root;

    /**
     * A tree holding the entries of {@code small}, a small partition's {@link Chunk}, in chunks of at most
     * {@link #LEAF_MAX}.
     */
    ChunkTree(Object[] small) {
        int n = Chunk.count(small);
        Stored[] v = new Stored[n];
        byte[][] k = new byte[n][];
        for (int i = 0; i < n; i++) {
            v[i] = Chunk.stored(small, i);
            k[i] = Chunk.keyBytes(small, i);
        }
        TreeChunk chunk = new TreeChunk(v, k);
        if (n <= LEAF_MAX) {
            root = chunk;
            return;
        }
        int parts = (n + LEAF_MAX - 1) / LEAF_MAX;
        if (parts > INNER_MAX) {
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
        root = new TreeDirectory(keys, kids, sizes, 1);
    }

    /** The current root: an immutable snapshot of every entry. */
    Object snapshot() {
        return root;
    }

    static int size(Object node) {
        return node instanceof TreeDirectory in ? in.size : ((TreeChunk) node).count;
    }

    private static int fanout(Object node) {
        return node instanceof TreeDirectory in ? in.count() : ((TreeChunk) node).count;
    }

    private static int height(Object node) {
        return node instanceof TreeDirectory in ? in.height : 0;
    }

    private static byte[] lowKey(Object node) {
        return node instanceof TreeDirectory in ? in.keys[0] : ((TreeChunk) node).keyBytes(0);
    }

    int size() {
        return size(root);
    }

    Stored get(byte[] key) {
        Object n = root;
        while (n instanceof TreeDirectory in) {
            n = in.kid(in.child(key));
        }
        TreeChunk chunk = (TreeChunk) n;
        int i = chunk.find(key);
        return i >= 0 ? chunk.values[i] : null;
    }

    /** Number of entries before {@code key} (before or at it, when not inclusive) in the snapshot {@code root}. */
    static int rank(Object root, byte[] key, boolean inclusive) {
        int r = 0;
        Object n = root;
        while (n instanceof TreeDirectory in) {
            int j = in.child(key);
            for (int k = 0; k < j; k++) {
                r += in.kidSize(k);
            }
            n = in.kid(j);
        }
        return r + ((TreeChunk) n).lowerIndex(key, inclusive);
    }

    /** Bits per level of a put's path (a directory holds at most {@value #INNER_MAX} children). */
    private static final int PATH_BITS = 5;

    /** The bit of a put's path that says every child index on it is its directory's last: the tree's right edge. */
    private static final long RIGHT_EDGE = Long.MIN_VALUE;

    /**
     * The path from {@code root} to the chunk whose key range holds {@code key}: child indexes packed in a long (no
     * per-put arrays), {@value #PATH_BITS} bits per level, the root's lowest, and {@link #RIGHT_EDGE} when the chunk
     * is the tree's last. A tree of int-counted entries with at least {@link #INNER_MIN} children per directory below
     * the root is at most 11 levels deep (12 fit below the sign bit).
     */
    private static long pathTo(Object root, byte[] key) {
        long at = RIGHT_EDGE;
        Object n = root;
        for (int d = 0; n instanceof TreeDirectory in; d++) {
            int j = in.child(key);
            at |= (long) j << (PATH_BITS * d);
            if (j != in.count() - 1) {
                at &= ~RIGHT_EDGE;
            }
            n = in.kid(j);
        }
        return at;
    }

    /** Child index {@code d} levels below the root on the path {@code at}. */
    private static int childAt(long at, int d) {
        return (int) (at >>> (PATH_BITS * d)) & (INNER_MAX - 1);
    }

    /** The node at depth {@code depth} on the path {@code at} from {@code root}. */
    private static Object nodeAt(Object root, long at, int depth) {
        Object n = root;
        for (int d = 0; d < depth; d++) {
            n = ((TreeDirectory) n).kid(childAt(at, d));
        }
        return n;
    }

    /** Stores an entry; returns the one it replaced, or null. */
    Stored put(byte[] key, Stored value) {
        while (true) {
            Object r = root;
            long at = pathTo(r, key);
            TreeChunk chunk = (TreeChunk) nodeAt(r, at, height(r));
            int i = chunk.find(key);
            Object next = i >= 0
                    ? ascend(r, at, chunk.replace(i, value), null, false)
                    : inserted(r, at, chunk, -i - 1, key, value);
            if (ROOT.compareAndSet(this, r, next)) {
                return i >= 0 ? chunk.values[i] : null;
            }
        }
    }

    /** The new root once {@code key} is inserted at {@code pos} of {@code chunk}, the chunk at the end of {@code at}. */
    private static Object inserted(Object r, long at, TreeChunk chunk, int pos, byte[] key, Stored value) {
        boolean rightEdge = (at & RIGHT_EDGE) != 0;
        int count = chunk.count;
        if (count == LEAF_MAX && rightEdge && pos == count) {
            // appended past a full chunk at the tree's right edge: that chunk stays as it is (shared), the entry
            // starts a new chunk with room for the appends that follow
            return ascend(r, at, chunk, TreeChunk.roomyOf(key, value), true);
        }
        TreeChunk grown = chunk.insert(pos, key, value, rightEdge && count < LEAF_MAX);
        if (count + 1 > LEAF_MAX) {
            int cut = (count + 1) / 2;
            return ascend(r, at, grown.slice(0, cut), grown.slice(cut, count + 1), false);
        }
        return ascend(r, at, grown, null, false);
    }

    /**
     * The new root once the chunk at the end of {@code at} is replaced by {@code a}, or split into {@code a} and
     * {@code b} ({@code appended}: {@code b} holds the one entry appended at the right edge): each directory on the
     * path copied, split in turn when it overflows, and a new root directory when the old root split.
     */
    private static Object ascend(Object r, long at, Object a, Object b, boolean appended) {
        int h = height(r);
        for (int d = h - 1; d >= 0; d--) {
            TreeDirectory in = (TreeDirectory) nodeAt(r, at, d);
            int j = childAt(at, d);
            if (b == null) {
                a = in.with(j, a);
                continue;
            }
            TreeDirectory grown = in.splice(j, j + 1, new Object[] {a, b}, new byte[][] {null, lowKey(b)});
            int count = grown.count();
            if (count > INNER_MAX) {
                int cut = appended ? count - 1 : count / 2;
                a = grown.slice(0, cut);
                b = grown.slice(cut, count);
            } else {
                a = grown;
                b = null;
            }
        }
        if (b == null) {
            return a;
        }
        return new TreeDirectory(
                new byte[][] {lowKey(a), lowKey(b)}, new Object[] {a, b}, new int[] {size(a), size(b)}, h + 1);
    }

    /** Removes an entry; returns it, or null when there was none. */
    Stored remove(byte[] key) {
        while (true) {
            Object r = root;
            int h = height(r);
            TreeDirectory[] path = new TreeDirectory[h];
            int[] at = new int[h];
            Object n = r;
            for (int d = 0; d < h; d++) {
                TreeDirectory in = (TreeDirectory) n;
                int j = in.child(key);
                path[d] = in;
                at[d] = j;
                n = in.kid(j);
            }
            TreeChunk chunk = (TreeChunk) n;
            int i = chunk.find(key);
            if (i < 0) {
                return null;
            }
            Stored previous = chunk.values[i];
            Object a = chunk.remove(i);
            for (int d = h - 1; d >= 0; d--) {
                a = rebalance(path[d], at[d], a);
            }
            while (a instanceof TreeDirectory in && in.count() == 1) {
                a = in.kid(0);
            }
            if (a instanceof TreeDirectory in && in.count() == 0) {
                a = TreeChunk.EMPTY;
            }
            if (ROOT.compareAndSet(this, r, a)) {
                return previous;
            }
        }
    }

    /** {@code parent} with child {@code j} replaced by {@code kid}, which lost an entry or a child. */
    private static TreeDirectory rebalance(TreeDirectory parent, int j, Object kid) {
        int fanout = fanout(kid);
        if (fanout == 0) {
            return parent.splice(j, j + 1, new Object[0], null);
        }
        int min = kid instanceof TreeDirectory ? INNER_MIN : LEAF_MIN;
        if (fanout >= min || parent.count() == 1) {
            return parent.with(j, kid);
        }
        int left = j > 0 ? j - 1 : j;
        Object lo = left == j ? kid : parent.kid(left);
        Object hi = left == j ? parent.kid(j + 1) : kid;
        byte[] separator = parent.keys[left + 1];
        int max = kid instanceof TreeDirectory ? INNER_MAX : LEAF_MAX;
        Object merged = lo instanceof TreeDirectory li
                ? li.concat((TreeDirectory) hi, separator)
                : ((TreeChunk) lo).concat((TreeChunk) hi);
        int count = fanout(merged);
        if (count <= max) {
            return parent.splice(left, left + 2, new Object[] {merged}, null);
        }
        int cut = count / 2;
        Object a;
        Object b;
        if (merged instanceof TreeDirectory m) {
            a = m.slice(0, cut);
            b = m.slice(cut, count);
        } else {
            a = ((TreeChunk) merged).slice(0, cut);
            b = ((TreeChunk) merged).slice(cut, count);
        }
        return parent.splice(left, left + 2, new Object[] {a, b}, new byte[][] {null, lowKey(b)});
    }

    /**
     * A position in a snapshot, for iterating it chunk by chunk in either direction: {@link #chunk} and
     * {@link #index} name the entry; {@link #nextChunk} and {@link #previousChunk} move to the neighbouring chunk's
     * first or last entry. Moving past either end of the tree is the caller's to avoid (it knows the range's length).
     */
    static final class Cursor {
        private final TreeDirectory[] path;
        private final int[] at;
        TreeChunk chunk;
        int index;

        /** At the entry of rank {@code rank} (0-based) of the snapshot {@code root}, which holds it. */
        Cursor(Object root, int rank) {
            int h = height(root);
            path = new TreeDirectory[h];
            at = new int[h];
            Object n = root;
            int r = rank;
            for (int d = 0; d < h; d++) {
                TreeDirectory in = (TreeDirectory) n;
                int j = 0;
                while (j < in.count() - 1 && r >= in.kidSize(j)) {
                    r -= in.kidSize(j);
                    j++;
                }
                path[d] = in;
                at[d] = j;
                n = in.kid(j);
            }
            chunk = (TreeChunk) n;
            index = r;
        }

        void nextChunk() {
            int d = path.length - 1;
            while (at[d] == path[d].count() - 1) {
                d--;
            }
            at[d]++;
            Object n = path[d].kid(at[d]);
            for (d++; d < path.length; d++) {
                path[d] = (TreeDirectory) n;
                at[d] = 0;
                n = path[d].kid(0);
            }
            chunk = (TreeChunk) n;
            index = 0;
        }

        void previousChunk() {
            int d = path.length - 1;
            while (at[d] == 0) {
                d--;
            }
            at[d]--;
            Object n = path[d].kid(at[d]);
            for (d++; d < path.length; d++) {
                path[d] = (TreeDirectory) n;
                at[d] = path[d].count() - 1;
                n = path[d].kid(at[d]);
            }
            chunk = (TreeChunk) n;
            index = chunk.count - 1;
        }
    }
}
