package io.partita.storage.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A large partition's entries: a copy-on-write B+-tree whose leaves are {@link TreeChunk}s (a binary search over one keys
 * array, the entries read in order from one values array) and whose inner nodes are immutable {@link TreeDirectory}
 * directories. The tree is one {@code volatile} root; everything a published version reads is immutable but the
 * value slots an overwrite in place writes ({@link #overwrite}, {@link TreeSwap}) and the right-edge chunk, which an
 * insert at the tree's right edge through {@link #overwrite} (every insert of the engine's, through {@link
 * Partition#putSize}) appends to in place, as a small partition's append does ({@link TreeChunk#appendInPlace}).
 *
 * <p>A chunk's arrays may be longer than its count: the right-edge chunk's have room for {@value #LEAF_MAX} entries.
 * An append through {@link #put} shares them with the version before ({@link TreeChunk} says how). An overwrite
 * through {@link #put} shares its chunk's keys array and, the count unchanged, its directories' counts; one through
 * {@link #overwrite} copies nothing.
 *
 * <p><b>Readers</b> read the root once and then walk its tree: no lock, and a snapshot of the partition's keys,
 * however long the traversal (a scan, a page, an iterator held by a backfill), but for appends at its right edge: the
 * right-edge chunk's count may grow while it is read (only that chunk's: every other chunk's count is final, and a
 * directory holds every count but its last child's, which it reads from the child). An appended key sorts after
 * every key of the snapshot, so a reader that fixes a range's upper bound before its lower bounds reads entries of
 * one state ({@link Partition}). Each value is read once, and is the entry's value at some time during the
 * traversal: an overwrite in place made since the root was read may show.
 *
 * <p><b>Writers</b> copy the path from the root to the chunk they change (the chunk's values, at most
 * {@value #LEAF_MAX} entries, and one directory per level, at most {@value #INNER_MAX} children each; a directory
 * keeps the separator keys array when only a child changed, and all its arrays when that child is its last: see
 * {@link TreeDirectory}) and publish it with one compare-and-set on the root; a writer
 * that loses the race (another writer of the same partition published first) starts again from the new root. An
 * overwrite in place publishes a {@link TreeSwap} the same way, and every writer completes a swap it reads as the
 * root before it reads the tree, so no copy misses a value swapped in (the proof is {@link TreeSwap}'s). No
 * monitor, no parking: two writers of one hot partition cost each other at most a repeated path copy (or a repeated
 * swap object), and writers of one item are already serialized by the item's stripe lock. A writer that copies a
 * chunk seals it first ({@link TreeChunk#seal}), so that no append in place lands in a chunk being replaced; only an
 * append claimed but not yet published (two stores away) or a copy not yet published makes it wait, and only while
 * the root stays where it was.
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

    /**
     * A {@link TreeChunk} or a {@link TreeDirectory}, or a {@link TreeSwap} of one (an overwrite in place, the last
     * write): readers read its tree, writers complete it first.
     */
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
        root = n <= LEAF_MAX ? chunk : TreeDirectory.of(chunk);
    }

    /** The current tree: a snapshot of every entry, whose values only overwrites in place change (see {@link TreeSwap}). */
    Object snapshot() {
        Object r = root;
        return r instanceof TreeSwap s ? s.tree : r;
    }

    /** The tree of the root {@code r}, which a writer read: a swap is completed before its tree is read. */
    private static Object writable(Object r) {
        return r instanceof TreeSwap s ? s.complete() : r;
    }

    /** True when the root is no longer {@code r}, which a writer read: it starts again ({@link TreeChunk#seal}). */
    boolean moved(Object r) {
        return root != r;
    }

    static int size(Object node) {
        return node instanceof TreeDirectory in ? in.size() : ((TreeChunk) node).count;
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
        return size(snapshot());
    }

    Stored get(byte[] key) {
        Object n = snapshot();
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

    /**
     * Stores an entry; returns the one it replaced, or null. Copies the path to the entry's chunk, even for an
     * overwrite and an append, so that a snapshot read before it never changes (see {@link #overwrite}).
     */
    Stored put(byte[] key, Stored value) {
        while (true) {
            Object r = root;
            Object t = writable(r);
            long at = pathTo(t, key);
            TreeChunk chunk = (TreeChunk) nodeAt(t, at, height(t));
            int i = chunk.find(key);
            if (i < 0 && (at & RIGHT_EDGE) != 0) {
                TreeChunk grown = chunk.appendShared(-i - 1, key, value);
                if (grown != null) {
                    if (ROOT.compareAndSet(this, r, ascend(t, at, grown, null, false))) {
                        return null;
                    }
                    chunk.withdraw(grown.count - 1, key);
                    continue;
                }
            }
            if (!chunk.seal(this, r)) {
                continue;
            }
            i = chunk.find(key); // among the sealed entries, which an append may have joined
            Object next = i >= 0
                    ? ascend(t, at, chunk.replace(i, value), null, false)
                    : inserted(t, at, chunk, -i - 1, key, value);
            if (ROOT.compareAndSet(this, r, next)) {
                return i >= 0 ? chunk.values[i] : null;
            }
        }
    }

    /**
     * As {@link #put}, but an overwrite stores the new value into the entry's slot in place ({@link TreeSwap}), and an
     * insert at the tree's right edge appends into its chunk in place ({@link TreeChunk#appendInPlace}): no chunk or
     * directory copied. Readers of a snapshot that holds the slot see the old value or the new one; readers of a
     * snapshot whose right-edge chunk is appended to may see the entry (a range fixes its bounds first: see {@link
     * Partition}).
     */
    Stored overwrite(byte[] key, Stored value) {
        while (true) {
            Object r = root;
            Object t = writable(r);
            long at = pathTo(t, key);
            TreeChunk chunk = (TreeChunk) nodeAt(t, at, height(t));
            int i = chunk.find(key);
            if (i >= 0) {
                TreeSwap swap = new TreeSwap(t, chunk, i, chunk.values[i], value);
                if (ROOT.compareAndSet(this, r, swap)) {
                    swap.complete();
                    return swap.old;
                }
                continue;
            }
            if ((at & RIGHT_EDGE) != 0 && chunk.appendInPlace(-i - 1, key, value)) {
                return null;
            }
            if (!chunk.seal(this, r)) {
                continue;
            }
            i = chunk.find(key); // among the sealed entries, which an append may have joined
            if (i < 0 && ROOT.compareAndSet(this, r, inserted(t, at, chunk, -i - 1, key, value))) {
                return null;
            }
        }
    }

    /**
     * As {@link #overwrite} of an entry that is there: its key is compared, never kept (see {@link
     * EntryMap#replaceSize}). Returns the entry replaced, or null having changed nothing when there is none.
     */
    Stored replace(byte[] key, Stored value) {
        while (true) {
            Object r = root;
            Object t = writable(r);
            long at = pathTo(t, key);
            TreeChunk chunk = (TreeChunk) nodeAt(t, at, height(t));
            int i = chunk.find(key);
            if (i < 0) {
                return null;
            }
            TreeSwap swap = new TreeSwap(t, chunk, i, chunk.values[i], value);
            if (ROOT.compareAndSet(this, r, swap)) {
                swap.complete();
                return swap.old;
            }
        }
    }

    /**
     * The new root once {@code key} is inserted at {@code pos} of {@code chunk}, the chunk at the end of {@code at},
     * which the writer sealed.
     */
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
            Object t = writable(r);
            int h = height(t);
            TreeDirectory[] path = new TreeDirectory[h];
            int[] at = new int[h];
            Object n = t;
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
            if (!chunk.seal(this, r)) {
                continue;
            }
            int left = chunk.count - 1;
            if (h > 0 && left > 0 && left < LEAF_MIN && !sealMergePartner(r, path[h - 1], at[h - 1])) {
                continue;
            }
            Stored previous = chunk.values[i];
            Object a = chunk.remove(i);
            for (int d = h - 1; d >= 0; d--) {
                a = rebalance(path[d], at[d], a);
            }
            if (a instanceof TreeDirectory in && in.count() == 1) {
                // a new object, never the child itself: a root must never come back (see TreeSwap)
                Object kid = in.kid(0);
                while (kid instanceof TreeDirectory k && k.count() == 1) {
                    kid = k.kid(0);
                }
                if (kid instanceof TreeChunk c && !c.seal(this, r)) {
                    continue;
                }
                a = kid instanceof TreeDirectory k ? k.copy() : ((TreeChunk) kid).copy();
            }
            if (a instanceof TreeDirectory in && in.count() == 0) {
                a = TreeChunk.EMPTY;
            }
            if (ROOT.compareAndSet(this, r, a)) {
                return previous;
            }
        }
    }

    /**
     * Seals the chunk that {@link #rebalance} merges with child {@code j} of {@code parent}, a chunk left with too few
     * entries (the merge copies it); false when the writer must start again.
     */
    private boolean sealMergePartner(Object r, TreeDirectory parent, int j) {
        if (parent.count() == 1) {
            return true;
        }
        return ((TreeChunk) parent.kid(j > 0 ? j - 1 : j + 1)).seal(this, r);
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
