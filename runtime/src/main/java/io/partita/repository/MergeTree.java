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

    private static final int OFFSET_BITS = 20;
    private static final int MAX_OFFSET = (1 << OFFSET_BITS) - 1;
    /** Code position of an entry equal to its base. */
    private static final int END = Integer.MAX_VALUE;
    /** Code value of a difference not located by characters (a part that is not a string on both sides). */
    private static final long UNKNOWN = -1;
    /** Bits per character in a code value: {@code char + 1}, or 0 past the end. */
    private static final int CHAR_BITS = 17;

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

    /**
     * Offset-value codes: per source, where its entry first differs from its base entry ({@link #END}: nowhere) as
     * {@code part << OFFSET_BITS | char offset}, and the value there: the three characters from there on
     * ({@code char + 1} each, {@code 0} past the string's end, {@link #chars}), or {@link #UNKNOWN} when the part is
     * not compared by characters. See {@link #beatsCoded}.
     */
    private final int[] codePos;

    private final long[] codeVal;
    /** False once a source delivered an entry before its previous one: plain comparisons from then on. */
    private boolean coded = true;
    /** Where {@link #comparePositioned} found the first difference, and each side's value there. */
    private int diffPos;

    private long diffValA;
    private long diffValB;

    MergeTree(int sources, String[] attributes, boolean descending) {
        this(sources, attributes, descending, true);
    }

    /** {@code coded} false: every comparison compares the keys (the reference the tests hold the codes to). */
    MergeTree(int sources, String[] attributes, boolean descending, boolean coded) {
        this.coded = coded;
        this.k = sources;
        this.attributes = attributes;
        this.parts = attributes.length;
        this.descending = descending;
        this.tree = new int[Math.max(1, sources)];
        this.present = new boolean[sources];
        // one more slot: the entry a source's next one replaces, while they are compared (set)
        this.kinds = new byte[(sources + 1) * parts];
        this.values = new AttributeValue[(sources + 1) * parts];
        this.strings = new String[(sources + 1) * parts];
        this.longs = new long[(sources + 1) * parts];
        this.codePos = new int[sources];
        this.codeVal = new long[sources];
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
            if (coded ? beatsFull(a, b) : beats(a, b)) {
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
            if (coded ? beatsCoded(loser, w) : beats(loser, w)) {
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

    /**
     * {@link #beats}, comparing the whole keys; the loser's code becomes its difference from the winner (as the
     * matches of {@link #build} leave every inner node: its loser coded against that match's winner).
     */
    private boolean beatsFull(int a, int b) {
        if (!present[a] || !present[b]) {
            return beats(a, b);
        }
        return decide(a, b, 0, 0);
    }

    /**
     * {@link #beats} for two entries coded against the same base entry, which both come after (or equal) it: the
     * replayed path's losers are coded against the entry just taken, and so is its source's next entry
     * ({@link #set}). The entry that differs from the base later comes first (it agrees with the base where the
     * other does not); at the same character, the three characters from there decide; only when those agree (or a
     * part is not compared by characters) are the keys compared, from there on. A loser decided at its code's
     * position keeps its code (its difference from the winner is its difference from the base); one decided a
     * character or two further on, or by comparing, is coded afresh against the winner.
     */
    private boolean beatsCoded(int a, int b) {
        if (!present[a] || !present[b]) {
            return beats(a, b);
        }
        int pa = codePos[a];
        int pb = codePos[b];
        if (pa == END || pb == END) {
            return pa == pb ? a < b : pa == END; // equal to the base: first (equal keys: the lower source)
        }
        long va = codeVal[a];
        long vb = codeVal[b];
        if (va != UNKNOWN && vb != UNKNOWN) {
            if (pa != pb) {
                return pa > pb;
            }
            int offset = pa & MAX_OFFSET;
            if (va == vb) {
                return decide(a, b, pa >>> OFFSET_BITS, offset + 3);
            }
            boolean aWins = descending ? va > vb : va < vb;
            if ((va >>> (2 * CHAR_BITS)) != (vb >>> (2 * CHAR_BITS))) {
                return aWins; // they differ where they differ from the base: the loser keeps its code
            }
            if (offset + 2 > MAX_OFFSET) {
                return decide(a, b, pa >>> OFFSET_BITS, offset);
            }
            // they differ one or two characters further on: the loser is coded there against the winner
            int further = (va >>> CHAR_BITS) != (vb >>> CHAR_BITS) ? 1 : 2;
            int loser = aWins ? b : a;
            codePos[loser] = pa + further;
            codeVal[loser] = chars(strings[loser * parts + (pa >>> OFFSET_BITS)], offset + further);
            return aWins;
        }
        int partA = pa >>> OFFSET_BITS;
        int partB = pb >>> OFFSET_BITS;
        if (partA != partB) {
            return partA > partB;
        }
        return decide(a, b, partA, 0);
    }

    /** Compares the keys from a position on (they agree before it), decides, and codes the loser against the winner. */
    private boolean decide(int a, int b, int part, int offset) {
        int c = comparePositioned(a, b, part, offset);
        if (descending) {
            c = -c;
        }
        boolean aWins = c < 0 || (c == 0 && a < b);
        int loser = aWins ? b : a;
        if (c == 0) {
            codePos[loser] = END;
        } else {
            codePos[loser] = diffPos;
            codeVal[loser] = aWins ? diffValB : diffValA;
        }
        return aWins;
    }

    /**
     * {@link #compare}, starting at {@code part}'s character {@code offset} (the keys agree before it), leaving in
     * {@link #diffPos}, {@link #diffValA} and {@link #diffValB} where the keys first differ and each side's value
     * there.
     */
    private int comparePositioned(int a, int b, int part, int offset) {
        int ia = a * parts + part;
        int ib = b * parts + part;
        for (int p = part; p < parts; p++, ia++, ib++, offset = 0) {
            if (kinds[ia] == STRING && kinds[ib] == STRING) {
                String sa = strings[ia];
                String sb = strings[ib];
                int la = sa.length();
                int lb = sb.length();
                int n = Math.min(la, lb);
                int i = Math.min(offset, n); // agreeing before offset, and so up to a shorter string's end
                while (i < n && sa.charAt(i) == sb.charAt(i)) {
                    i++;
                }
                if (i == n && la == lb) {
                    continue;
                }
                if (i > MAX_OFFSET) {
                    coded = false; // beyond what a code holds (no key is this long): plain comparisons from now on
                }
                diffPos = p << OFFSET_BITS | Math.min(i, MAX_OFFSET);
                diffValA = chars(sa, i);
                diffValB = chars(sb, i);
                return i < n ? (sa.charAt(i) < sb.charAt(i) ? -1 : 1) : (la < lb ? -1 : 1);
            }
            int c = comparePart(ia, ib);
            if (c != 0) {
                diffPos = p << OFFSET_BITS;
                diffValA = UNKNOWN;
                diffValB = UNKNOWN;
                return c;
            }
        }
        return 0;
    }

    /** A code value: the characters at {@code i}, {@code i + 1} and {@code i + 2}, each {@code char + 1} or 0 past the end. */
    private static long chars(String s, int i) {
        int n = s.length();
        long c0 = i < n ? s.charAt(i) + 1 : 0;
        long c1 = i + 1 < n ? s.charAt(i + 1) + 1 : 0;
        long c2 = i + 2 < n ? s.charAt(i + 2) + 1 : 0;
        return c0 << (2 * CHAR_BITS) | c1 << CHAR_BITS | c2;
    }

    /** Compares the current entries of sources {@code a} and {@code b} in ascending order, part by part. */
    int compare(int a, int b) {
        int ia = a * parts;
        int ib = b * parts;
        for (int p = 0; p < parts; p++, ia++, ib++) {
            int c = comparePart(ia, ib);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** Compares one key part of two entries (flat indexes {@code ia} and {@code ib}) in ascending order. */
    private int comparePart(int ia, int ib) {
        byte ka = kinds[ia];
        byte kb = kinds[ib];
        if (ka == STRING && kb == STRING) {
            return strings[ia].compareTo(strings[ib]);
        } else if (ka == LONG && kb == LONG) {
            return Long.compare(longs[ia], longs[ib]);
        } else if (ka == MISSING || kb == MISSING) {
            return ka == kb ? 0 : ka == MISSING ? -1 : 1;
        } else {
            return KeyOrder.compare(values[ia], values[ib]);
        }
    }

    // ---- keys -------------------------------------------------------------------------------------------

    /**
     * Makes {@code item} source {@code s}'s current entry (extracts its merge key). Replacing the entry just taken,
     * it codes the new entry against it: a source delivers in merge order, so the new entry comes after (or equals)
     * the one taken, the base of every code on the path {@link #replay} plays.
     */
    void set(int s, Map<String, AttributeValue> item) {
        boolean replacing = present[s] && coded;
        present[s] = true;
        int i = s * parts;
        if (replacing) {
            int scratch = k * parts; // the previous entry's parts, kept for the comparison
            System.arraycopy(kinds, i, kinds, scratch, parts);
            System.arraycopy(values, i, values, scratch, parts);
            System.arraycopy(strings, i, strings, scratch, parts);
            System.arraycopy(longs, i, longs, scratch, parts);
        }
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
        if (replacing) {
            int c = comparePositioned(s, k, 0, 0);
            if (descending ? c > 0 : c < 0) {
                coded = false; // out of order: codes would mislead; plain comparisons from now on
            } else if (c == 0) {
                codePos[s] = END;
            } else {
                codePos[s] = diffPos;
                codeVal[s] = diffValA;
            }
        }
    }

    /** Source {@code s} has no current entry. */
    void clear(int s) {
        present[s] = false;
    }
}
