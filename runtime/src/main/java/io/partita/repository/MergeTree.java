package io.partita.repository;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.KeyOrder;
import java.util.Map;

/**
 * The k-way merge of a gather: a loser tree (tournament tree) over the sources' current entries, each entry's merge
 * key extracted once, when it becomes its source's head.
 *
 * <p><b>Order.</b> Entries order by their merge-key attributes in turn (the index sort key, then the table key),
 * each compared as {@link KeyOrder} compares key values (S by code point, N numerically, B by unsigned bytes;
 * values of different types by type), a missing attribute first; reversed when {@code descending}; equal keys by
 * source index, ascending in both directions. This is the order of the same entries in one unsharded partition, as
 * {@code Gather.compareKeys} compares extracted keys.
 *
 * <p><b>Keys.</b> A head's key parts are kept in flat per-source arrays reused for every entry (no allocation per
 * entry): the value, and for the two common kinds the comparable itself, so a comparison is one
 * {@link String#compareTo} (a string without surrogates, whose UTF-16 order is its code-point order) or one
 * {@link Long#compare} (a number that fits a long) — exactly what {@link KeyOrder#compare} would do for them —
 * and {@code KeyOrder.compare} for anything else.
 *
 * <p><b>Tree.</b> Node {@code k + i} is source {@code i}'s leaf, node {@code n}'s parent is {@code n / 2}; each
 * inner node keeps the loser of the match played there and {@code tree[0]} the overall winner. Replacing the
 * winner's entry replays one leaf-to-root path: {@code ⌈log2 k⌉} comparisons per merged entry (a binary heap
 * makes about twice as many).
 */
final class MergeTree {
    private static final byte MISSING = 0;
    private static final byte STRING = 1;
    private static final byte LONG = 2;
    private static final byte OTHER = 3;

    private final int k;
    private final String[] attributes;
    private final int parts;
    private final boolean descending;
    /** tree[0]: the winner; tree[1..k-1]: the loser of each inner node's match. */
    private final int[] tree;

    /** Whether each source has a current entry (a source without one loses to every entry). */
    private final boolean[] present;
    /** Per source and key part (index {@code source * parts + part}): the kind, the value, its string, its long. */
    private final byte[] kinds;

    private final AttributeValue[] values;
    private final String[] strings;
    private final long[] longs;

    MergeTree(int sources, String[] attributes, boolean descending) {
        this.k = sources;
        this.attributes = attributes;
        this.parts = attributes.length;
        this.descending = descending;
        this.tree = new int[Math.max(1, sources)];
        this.present = new boolean[sources];
        this.kinds = new byte[sources * parts];
        this.values = new AttributeValue[sources * parts];
        this.strings = new String[sources * parts];
        this.longs = new long[sources * parts];
    }

    // ---- the tree ---------------------------------------------------------------------------------------

    /** Plays every match; call once after the sources' first entries are {@link #set}. */
    void build() {
        if (k == 0) {
            return;
        }
        int[] winners = new int[2 * k];
        for (int i = 0; i < k; i++) {
            winners[k + i] = i;
        }
        for (int n = k - 1; n >= 1; n--) {
            int a = winners[2 * n];
            int b = winners[2 * n + 1];
            if (beats(a, b)) {
                winners[n] = a;
                tree[n] = b;
            } else {
                winners[n] = b;
                tree[n] = a;
            }
        }
        tree[0] = k == 1 ? 0 : winners[1];
    }

    /** Replays source {@code s}'s path after its entry changed ({@link #set} or {@link #clear}); s was the winner. */
    void replay(int s) {
        int w = s;
        for (int n = (s + k) >>> 1; n >= 1; n >>>= 1) {
            int loser = tree[n];
            if (beats(loser, w)) {
                tree[n] = w;
                w = loser;
            }
        }
        tree[0] = w;
    }

    /** The source whose entry comes first, or -1 when no source has an entry. */
    int winner() {
        if (k == 0) {
            return -1;
        }
        int w = tree[0];
        return present[w] ? w : -1;
    }

    /** True when source {@code a}'s entry comes before source {@code b}'s (a source without one comes last). */
    private boolean beats(int a, int b) {
        if (!present[a] || !present[b]) {
            return !present[b] && (present[a] || a < b);
        }
        int c = compare(a, b);
        if (descending) {
            c = -c;
        }
        return c < 0 || (c == 0 && a < b);
    }

    /** Compares the current entries of sources {@code a} and {@code b} in ascending order, part by part. */
    int compare(int a, int b) {
        int ia = a * parts;
        int ib = b * parts;
        for (int p = 0; p < parts; p++, ia++, ib++) {
            byte ka = kinds[ia];
            byte kb = kinds[ib];
            int c;
            if (ka == STRING && kb == STRING) {
                c = strings[ia].compareTo(strings[ib]);
            } else if (ka == LONG && kb == LONG) {
                c = Long.compare(longs[ia], longs[ib]);
            } else if (ka == MISSING || kb == MISSING) {
                c = ka == kb ? 0 : ka == MISSING ? -1 : 1;
            } else {
                c = KeyOrder.compare(values[ia], values[ib]);
            }
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    // ---- keys -------------------------------------------------------------------------------------------

    /** Makes {@code item} source {@code s}'s current entry (extracts its merge key). */
    void set(int s, Map<String, AttributeValue> item) {
        present[s] = true;
        int i = s * parts;
        for (String attribute : attributes) {
            AttributeValue v = item.get(attribute);
            values[i] = v;
            if (v == null) {
                kinds[i] = MISSING;
            } else if (v instanceof AttributeValue.S str && !str.hasSurrogates()) {
                kinds[i] = STRING;
                strings[i] = str.value();
            } else if (v instanceof AttributeValue.N n && n.fitsLong()) {
                kinds[i] = LONG;
                longs[i] = n.longValue();
            } else {
                kinds[i] = OTHER;
            }
            i++;
        }
    }

    /** Source {@code s} has no current entry. */
    void clear(int s) {
        present[s] = false;
    }
}
