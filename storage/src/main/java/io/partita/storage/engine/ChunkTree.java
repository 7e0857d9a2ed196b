package io.partita.storage.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * A large partition's entries: a copy-on-write B+-tree whose leaves are chunks, {@code [Stored[] values, byte[][]
 * keys]} (a binary search over one keys array, the entries read in order from one values array; a chunk's count is
 * its values array's length), and whose inner nodes are immutable {@link Inner} directories. Everything a
 * published version reads is immutable; the tree is one {@code volatile} root.
 *
 * <p>A keys array may be longer than its chunk's count: the right-edge chunk's is allocated with room for
 * {@value #LEAF_MAX} keys, and an append there writes its key into the next free slot and shares the array with the
 * version before (whose count stops short of that slot, so none of its readers reads it). A slot is claimed by
 * compare-and-set from null, so each slot is written once, by one writer; a writer that finds it taken (another
 * writer appended first, or claimed it and then lost the race for the root, leaving it unused) copies the keys
 * instead. The key is written before the root is published, so a reader of the new version sees it. An overwrite
 * shares its chunk's keys array and, the count unchanged, its directories' counts.
 *
 * <p><b>Readers</b> read the root once and then walk an immutable tree: no lock, and a whole snapshot of the
 * partition, however long the traversal (a scan, a page, an iterator held by a backfill).
 *
 * <p><b>Writers</b> copy the path from the root to the chunk they change (the chunk's values, at most
 * {@value #LEAF_MAX} entries, and one directory per level, at most {@value #INNER_MAX} children each; a directory
 * keeps the separator keys array when only a child changed) and publish it with one compare-and-set on the root; a writer
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

    /** A chunk ({@code Object[]}) or an {@link Inner}. */
    private volatile Object root;

    /**
     * An immutable directory: children in key order, each with its entry count (so a position can be found by rank,
     * and a range's length is known before it is read) and a separator key. {@code keys[j]} for {@code j >= 1} sorts
     * at or before every key of child {@code j} and after every key of child {@code j - 1}; {@code keys[0]} is not
     * used to route.
     */
    static final class Inner {
        final byte[][] keys;
        final Object[] kids;
        final int[] sizes;
        final int size;
        /** Levels below: 1 when the children are chunks. */
        final int height;

        Inner(byte[][] keys, Object[] kids, int[] sizes, int height) {
            this(keys, kids, sizes, sum(sizes), height);
        }

        private Inner(byte[][] keys, Object[] kids, int[] sizes, int size, int height) {
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
        Inner with(int j, Object kid) {
            Object[] k = kids.clone();
            k[j] = kid;
            int n = ChunkTree.size(kid);
            if (n == sizes[j]) {
                return new Inner(keys, k, sizes, size, height);
            }
            int[] s = sizes.clone();
            s[j] = n;
            return new Inner(keys, k, s, size - sizes[j] + n, height);
        }

        /** This directory with children {@code [from, to)} replaced by {@code put} (separators of {@code put[1..]} given). */
        Inner splice(int from, int to, Object[] put, byte[][] separators) {
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
            return new Inner(nk, nc, ns, height);
        }

        Inner slice(int from, int to) {
            return new Inner(
                    Arrays.copyOfRange(keys, from, to),
                    Arrays.copyOfRange(kids, from, to),
                    Arrays.copyOfRange(sizes, from, to),
                    height);
        }

        /** {@code this} followed by {@code next}, whose first separator in the parent is {@code separator}. */
        Inner concat(Inner next, byte[] separator) {
            int a = kids.length;
            int b = next.kids.length;
            byte[][] nk = Arrays.copyOf(keys, a + b);
            System.arraycopy(next.keys, 0, nk, a, b);
            nk[a] = separator;
            Object[] nc = Arrays.copyOf(kids, a + b);
            System.arraycopy(next.kids, 0, nc, a, b);
            int[] ns = Arrays.copyOf(sizes, a + b);
            System.arraycopy(next.sizes, 0, ns, a, b);
            return new Inner(nk, nc, ns, height);
        }
    }

    // ---- a chunk: {Stored[] values, byte[][] keys}; the values array holds exactly the chunk's entries, the keys
    // array at least as many (see the class comment: slots past the count are for appends) ----

    private static final VarHandle KEY_SLOT = MethodHandles.arrayElementVarHandle(byte[][].class);

    static final Object[] EMPTY = {new Stored[0], new byte[0][]};

    static int count(Object[] c) {
        return ((Stored[]) c[0]).length;
    }

    static Stored[] values(Object[] c) {
        return (Stored[]) c[0];
    }

    static byte[][] keys(Object[] c) {
        return (byte[][]) c[1];
    }

    static byte[] keyBytes(Object[] c, int i) {
        return keys(c)[i];
    }

    private static Object[] chunk(Stored[] values, byte[][] keys) {
        return new Object[] {values, keys};
    }

    /** Binary search of a chunk's keys: the index of {@code key}, or {@code -(insertion point) - 1}. */
    static int find(Object[] c, byte[] key) {
        byte[][] keys = keys(c);
        int lo = 0;
        int hi = count(c) - 1;
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

    private static int lowerIndex(Object[] c, byte[] key, boolean inclusive) {
        int i = find(c, key);
        return i >= 0 ? (inclusive ? i : i + 1) : -i - 1;
    }

    /** The chunk with entry {@code i}'s value replaced: a new values array, the same keys array. */
    private static Object[] replace(Object[] c, int i, Stored value) {
        Stored[] v = values(c).clone();
        v[i] = value;
        return chunk(v, keys(c));
    }

    /**
     * The chunk with a new entry at index {@code at}. An entry after the last shares the keys array when it has a
     * free slot there and this writer is the first to claim it (compare-and-set from null: a slot is written once,
     * by one writer, and only past the count of every published chunk that shares the array); otherwise the keys
     * are copied, with room for {@link #LEAF_MAX} when {@code roomy} (an append at the tree's right edge, where
     * ascending keys will append again).
     */
    private static Object[] insert(Object[] c, int at, byte[] key, Stored value, boolean roomy) {
        int n = count(c);
        Stored[] values = values(c);
        byte[][] keys = keys(c);
        Stored[] v = new Stored[n + 1];
        System.arraycopy(values, 0, v, 0, at);
        v[at] = value;
        System.arraycopy(values, at, v, at + 1, n - at);
        if (at == n && n < keys.length && KEY_SLOT.compareAndSet(keys, n, (byte[]) null, key)) {
            return chunk(v, keys);
        }
        byte[][] k = new byte[roomy && at == n ? Math.max(LEAF_MAX, n + 1) : n + 1][];
        System.arraycopy(keys, 0, k, 0, at);
        k[at] = key;
        System.arraycopy(keys, at, k, at + 1, n - at);
        return chunk(v, k);
    }

    private static Object[] remove(Object[] c, int i) {
        int n = count(c);
        Stored[] values = values(c);
        byte[][] keys = keys(c);
        Stored[] v = new Stored[n - 1];
        System.arraycopy(values, 0, v, 0, i);
        System.arraycopy(values, i + 1, v, i, n - i - 1);
        byte[][] k = new byte[n - 1][];
        System.arraycopy(keys, 0, k, 0, i);
        System.arraycopy(keys, i + 1, k, i, n - i - 1);
        return chunk(v, k);
    }

    private static Object[] slice(Object[] c, int from, int to) {
        return chunk(Arrays.copyOfRange(values(c), from, to), Arrays.copyOfRange(keys(c), from, to));
    }

    private static Object[] concat(Object[] a, Object[] b) {
        int na = count(a);
        int nb = count(b);
        Stored[] v = Arrays.copyOf(values(a), na + nb);
        System.arraycopy(values(b), 0, v, na, nb);
        byte[][] k = Arrays.copyOf(keys(a), na + nb);
        System.arraycopy(keys(b), 0, k, na, nb);
        return chunk(v, k);
    }

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
        Object[] chunk = chunk(v, k);
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
            kids[p] = slice(chunk, from, to);
            keys[p] = keyBytes(chunk, from);
            sizes[p] = to - from;
        }
        root = new Inner(keys, kids, sizes, 1);
    }

    /** The current root: an immutable snapshot of every entry. */
    Object snapshot() {
        return root;
    }

    static int size(Object node) {
        return node instanceof Inner in ? in.size : count((Object[]) node);
    }

    private static int fanout(Object node) {
        return node instanceof Inner in ? in.kids.length : count((Object[]) node);
    }

    private static int height(Object node) {
        return node instanceof Inner in ? in.height : 0;
    }

    private static byte[] lowKey(Object node) {
        return node instanceof Inner in ? in.keys[0] : keyBytes((Object[]) node, 0);
    }

    int size() {
        return size(root);
    }

    Stored get(byte[] key) {
        Object n = root;
        while (n instanceof Inner in) {
            n = in.kids[in.child(key)];
        }
        Object[] chunk = (Object[]) n;
        int i = find(chunk, key);
        return i >= 0 ? values(chunk)[i] : null;
    }

    /** Number of entries before {@code key} (before or at it, when not inclusive) in the snapshot {@code root}. */
    static int rank(Object root, byte[] key, boolean inclusive) {
        int r = 0;
        Object n = root;
        while (n instanceof Inner in) {
            int j = in.child(key);
            for (int k = 0; k < j; k++) {
                r += in.sizes[k];
            }
            n = in.kids[j];
        }
        return r + lowerIndex((Object[]) n, key, inclusive);
    }

    /** Bits per level of a put's path (a directory holds at most {@value #INNER_MAX} children). */
    private static final int PATH_BITS = 5;

    /**
     * The directory at depth {@code depth} on the path {@code at} (child indexes, {@value #PATH_BITS} bits per level,
     * the root's lowest) from {@code root}.
     */
    private static Inner directoryAt(Object root, long at, int depth) {
        Object n = root;
        for (int d = 0; d < depth; d++) {
            n = ((Inner) n).kids[(int) (at >>> (PATH_BITS * d)) & (INNER_MAX - 1)];
        }
        return (Inner) n;
    }

    /** Stores an entry; returns the one it replaced, or null. */
    Stored put(byte[] key, Stored value) {
        while (true) {
            Object r = root;
            int h = height(r);
            // The path as child indexes packed in a long (no per-put arrays): a tree of int-counted entries with at
            // least INNER_MIN children per directory below the root is at most 11 levels deep (12 fit).
            long at = 0;
            Object n = r;
            boolean rightEdge = true;
            for (int d = 0; d < h; d++) {
                Inner in = (Inner) n;
                int j = in.child(key);
                at |= (long) j << (PATH_BITS * d);
                rightEdge &= j == in.kids.length - 1;
                n = in.kids[j];
            }
            Object[] chunk = (Object[]) n;
            int i = find(chunk, key);
            Stored previous;
            Object a;
            Object b = null;
            boolean appended = false; // split at the right edge, the new entry alone in the new chunk
            if (i >= 0) {
                previous = values(chunk)[i];
                a = replace(chunk, i, value);
            } else {
                previous = null;
                int pos = -i - 1;
                int count = count(chunk);
                if (count == LEAF_MAX && rightEdge && pos == count) {
                    // appended past a full chunk at the tree's right edge: that chunk stays as it is (shared), the
                    // entry starts a new chunk with room for the appends that follow
                    appended = true;
                    a = chunk;
                    byte[][] keys = new byte[LEAF_MAX][];
                    keys[0] = key;
                    b = chunk(new Stored[] {value}, keys);
                } else {
                    Object[] grown = insert(chunk, pos, key, value, rightEdge && count < LEAF_MAX);
                    if (count + 1 > LEAF_MAX) {
                        int cut = (count + 1) / 2;
                        a = slice(grown, 0, cut);
                        b = slice(grown, cut, count + 1);
                    } else {
                        a = grown;
                    }
                }
            }
            for (int d = h - 1; d >= 0; d--) {
                Inner in = directoryAt(r, at, d);
                int j = (int) (at >>> (PATH_BITS * d)) & (INNER_MAX - 1);
                if (b == null) {
                    a = in.with(j, a);
                    continue;
                }
                Inner grown = in.splice(j, j + 1, new Object[] {a, b}, new byte[][] {null, lowKey(b)});
                int count = grown.kids.length;
                if (count > INNER_MAX) {
                    int cut = appended ? count - 1 : count / 2;
                    a = grown.slice(0, cut);
                    b = grown.slice(cut, count);
                } else {
                    a = grown;
                    b = null;
                }
            }
            Object next = b == null
                    ? a
                    : new Inner(
                            new byte[][] {lowKey(a), lowKey(b)},
                            new Object[] {a, b},
                            new int[] {size(a), size(b)},
                            h + 1);
            if (ROOT.compareAndSet(this, r, next)) {
                return previous;
            }
        }
    }

    /** Removes an entry; returns it, or null when there was none. */
    Stored remove(byte[] key) {
        while (true) {
            Object r = root;
            int h = height(r);
            Inner[] path = new Inner[h];
            int[] at = new int[h];
            Object n = r;
            for (int d = 0; d < h; d++) {
                Inner in = (Inner) n;
                int j = in.child(key);
                path[d] = in;
                at[d] = j;
                n = in.kids[j];
            }
            Object[] chunk = (Object[]) n;
            int i = find(chunk, key);
            if (i < 0) {
                return null;
            }
            Stored previous = values(chunk)[i];
            Object a = remove(chunk, i);
            for (int d = h - 1; d >= 0; d--) {
                a = rebalance(path[d], at[d], a);
            }
            while (a instanceof Inner in && in.kids.length == 1) {
                a = in.kids[0];
            }
            if (a instanceof Inner in && in.kids.length == 0) {
                a = EMPTY;
            }
            if (ROOT.compareAndSet(this, r, a)) {
                return previous;
            }
        }
    }

    /** {@code parent} with child {@code j} replaced by {@code kid}, which lost an entry or a child. */
    private static Inner rebalance(Inner parent, int j, Object kid) {
        int fanout = fanout(kid);
        if (fanout == 0) {
            return parent.splice(j, j + 1, new Object[0], null);
        }
        int min = kid instanceof Inner ? INNER_MIN : LEAF_MIN;
        if (fanout >= min || parent.kids.length == 1) {
            return parent.with(j, kid);
        }
        int left = j > 0 ? j - 1 : j;
        Object lo = left == j ? kid : parent.kids[left];
        Object hi = left == j ? parent.kids[j + 1] : kid;
        byte[] separator = parent.keys[left + 1];
        int max = kid instanceof Inner ? INNER_MAX : LEAF_MAX;
        Object merged =
                lo instanceof Inner li ? li.concat((Inner) hi, separator) : concat((Object[]) lo, (Object[]) hi);
        int count = fanout(merged);
        if (count <= max) {
            return parent.splice(left, left + 2, new Object[] {merged}, null);
        }
        int cut = count / 2;
        Object a;
        Object b;
        if (merged instanceof Inner m) {
            a = m.slice(0, cut);
            b = m.slice(cut, count);
        } else {
            a = slice((Object[]) merged, 0, cut);
            b = slice((Object[]) merged, cut, count);
        }
        return parent.splice(left, left + 2, new Object[] {a, b}, new byte[][] {null, lowKey(b)});
    }

    /**
     * A position in a snapshot, for iterating it chunk by chunk in either direction: {@link #chunk} and
     * {@link #index} name the entry; {@link #nextChunk} and {@link #previousChunk} move to the neighbouring chunk's
     * first or last entry. Moving past either end of the tree is the caller's to avoid (it knows the range's length).
     */
    static final class Cursor {
        private final Inner[] path;
        private final int[] at;
        Object[] chunk;
        int index;

        /** At the entry of rank {@code rank} (0-based) of the snapshot {@code root}, which holds it. */
        Cursor(Object root, int rank) {
            int h = height(root);
            path = new Inner[h];
            at = new int[h];
            Object n = root;
            int r = rank;
            for (int d = 0; d < h; d++) {
                Inner in = (Inner) n;
                int j = 0;
                while (j < in.kids.length - 1 && r >= in.sizes[j]) {
                    r -= in.sizes[j];
                    j++;
                }
                path[d] = in;
                at[d] = j;
                n = in.kids[j];
            }
            chunk = (Object[]) n;
            index = r;
        }

        void nextChunk() {
            int d = path.length - 1;
            while (at[d] == path[d].kids.length - 1) {
                d--;
            }
            at[d]++;
            Object n = path[d].kids[at[d]];
            for (d++; d < path.length; d++) {
                path[d] = (Inner) n;
                at[d] = 0;
                n = path[d].kids[0];
            }
            chunk = (Object[]) n;
            index = 0;
        }

        void previousChunk() {
            int d = path.length - 1;
            while (at[d] == 0) {
                d--;
            }
            at[d]--;
            Object n = path[d].kids[at[d]];
            for (d++; d < path.length; d++) {
                path[d] = (Inner) n;
                at[d] = path[d].kids.length - 1;
                n = path[d].kids[at[d]];
            }
            chunk = (Object[]) n;
            index = count(chunk) - 1;
        }
    }
}
