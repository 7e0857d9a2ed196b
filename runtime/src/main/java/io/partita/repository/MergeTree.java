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
 * {@code MergedShards.compareKeys} compares extracted keys.
 *
 * <p><b>Keys.</b> A head's key parts are kept in flat per-source arrays reused for every entry (no allocation per
 * entry): the value, and for the common kinds the comparable itself. A first part that is an ASCII string (the
 * usual sort key: ISO dates, identifiers) has its first {@value #WORDS}×8 characters packed into longs, so a match
 * reads a few longs from one array instead of two strings from the heap; a longer tie falls back to
 * {@link String#compareTo}.
 * Another string without surrogates (whose UTF-16 order is its code-point order) compares with
 * {@code String.compareTo}, a number that fits a long with {@link Long#compare} — exactly what
 * {@link KeyOrder#compare} would do for them — and anything else with {@code KeyOrder.compare}. Only the first
 * part is extracted when an entry becomes its source's head; a later part (the table key after the index sort
 * key) is extracted when a match first ties on the parts before it.
 *
 * <p><b>Hot keys.</b> While every entry's first part is ASCII (or every one a LONG), each source also holds one long
 * whose order is the merge order wherever two differ: the first packed word on which the entries set so far can differ
 * (the words before it are the same in all of them: an ISO instant's date and hour), or the number; bits inverted when
 * descending. A replayed match reads one long per level and plays the full comparison only on equal hot keys.
 *
 * <p><b>Tree.</b> Node {@code k + i} is source {@code i}'s leaf, node {@code n}'s parent is {@code n / 2}; each
 * inner node keeps the loser of the match played there and {@code tree[0]} the overall winner. Replacing the
 * winner's entry replays one leaf-to-root path: {@code ⌈log2 k⌉} comparisons per merged entry (a binary heap
 * makes about twice as many).
 */
final class MergeTree {
    private static final byte UNSET = -1;
    private static final byte MISSING = 0;
    private static final byte STRING = 1;
    private static final byte LONG = 2;
    private static final byte OTHER = 3;
    private static final byte ASCII = 4;

    /** Packed words per ASCII key part: its first {@code 8 * WORDS} characters, one byte each. */
    static final int WORDS = 4;

    private static final int PACKED_CHARS = 8 * WORDS;

    private final int k;
    private final String[] attributes;
    private final int parts;
    private final boolean descending;
    /** tree[0]: the winner; tree[1..k-1]: the loser of each inner node's match. */
    private final int[] tree;

    /** Whether each source has a current entry (a source without one loses to every entry). */
    private final boolean[] present;
    /** Each source's current entry (its later key parts are extracted from it when a comparison first needs them). */
    private final Map<?, ?>[] items;
    /** Per source and key part (index {@code source * parts + part}): the kind, the value, its string, its long. */
    private final byte[] kinds;

    private final AttributeValue[] values;
    private final String[] strings;
    /** A LONG part's value; an ASCII part's length. */
    private final long[] longs;
    /** The first part's characters when ASCII, packed ({@link #WORDS} per source, zero-padded). */
    private final long[] words;

    /**
     * Each source's <b>hot key</b>: one long whose order is the merge order of the sources' entries wherever two hot
     * keys differ — the first part's packed word {@link #hotWord} (ASCII parts) or its long (LONG parts), bits
     * inverted when descending — and {@link Long#MAX_VALUE} for a source without an entry. A match whose hot keys
     * differ is decided by them; equal hot keys go to {@link #beats}. Valid while {@link #hot} holds: every entry
     * set so far had a first part of kind {@link #hotKind}.
     */
    private final long[] hotKeys;
    /** False once an entry's first part was of another kind than the first entry's (or neither ASCII nor LONG). */
    private boolean hot = true;
    /** The first entry's first-part kind ({@link #UNSET} before it). */
    private byte hotKind = UNSET;
    /**
     * ASCII: the packed word the hot keys hold; every entry set so far has the words before it equal to
     * {@link #reference}'s (so on those words all current entries tie, and the first word that can differ decides).
     */
    private int hotWord = WORDS - 1;
    /** The first ASCII entry's packed words. */
    private final long[] reference = new long[WORDS];

    MergeTree(int sources, String[] attributes, boolean descending) {
        this.k = sources;
        this.attributes = attributes;
        this.parts = attributes.length;
        this.descending = descending;
        this.tree = new int[Math.max(1, sources)];
        this.present = new boolean[sources];
        this.items = new Map<?, ?>[sources];
        this.kinds = new byte[sources * parts];
        this.values = new AttributeValue[sources * parts];
        this.strings = new String[sources * parts];
        this.longs = new long[sources * parts];
        this.words = new long[sources * WORDS];
        this.hotKeys = new long[sources];
        java.util.Arrays.fill(hotKeys, Long.MAX_VALUE);
    }

    // ---- the tree ---------------------------------------------------------------------------------------

    /** Plays every match; call once after the sources' first entries are {@link #set}. */
    void build() {
        if (k == 0) {
            return;
        }
        tree[0] = play(1);
    }

    /**
     * Plays the matches of node {@code n}'s subtree (depth first: the winners travel up the call stack instead of
     * through an array); returns its winner. Node {@code k + i} is source {@code i}'s leaf.
     */
    private int play(int n) {
        if (n >= k) {
            return n - k;
        }
        int a = play(2 * n);
        int b = play(2 * n + 1);
        boolean first = beats(a, b);
        tree[n] = first ? b : a;
        return first ? a : b;
    }

    /** Replays source {@code s}'s path after its entry changed ({@link #set} or {@link #clear}); s was the winner. */
    void replay(int s) {
        if (hot) {
            replayHot(s);
            return;
        }
        int w = s;
        for (int n = (s + k) >>> 1; n >= 1; n >>>= 1) {
            int loser = tree[n];
            // selects rather than a branch (which entry wins is data, unpredictable): measured a few % faster
            boolean swap = beats(loser, w);
            tree[n] = swap ? w : loser;
            w = swap ? loser : w;
        }
        tree[0] = w;
    }

    /**
     * {@link #replay} by the hot keys: a match whose hot keys differ is decided by them (the smaller comes first,
     * a source without an entry holding the largest), one array read per level; equal hot keys by {@link #beats}.
     */
    private void replayHot(int s) {
        long[] keys = hotKeys;
        int w = s;
        long hw = keys[s];
        for (int n = (s + k) >>> 1; n >= 1; n >>>= 1) {
            int loser = tree[n];
            long hl = keys[loser];
            // no branch on which hot key is smaller (data, unpredictable: one misprediction in two); equal hot keys,
            // rare once the hot word separates the entries, take the predictable branch to the full comparison
            boolean swap = hl < hw;
            if (hl == hw) {
                swap = beats(loser, w);
            }
            tree[n] = swap ? w : loser;
            w = swap ? loser : w;
            hw = swap ? hl : hw;
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
            if (ka == UNSET) {
                ka = extractPart(a, p);
            }
            if (kb == UNSET) {
                kb = extractPart(b, p);
            }
            int c;
            if (ka == ASCII && kb == ASCII) {
                c = compareAscii(a, b, ia, ib); // the first part (only it is packed)
            } else if (ka == LONG && kb == LONG) {
                c = Long.compare(longs[ia], longs[ib]);
            } else if ((ka == STRING || ka == ASCII) && (kb == STRING || kb == ASCII)) {
                c = strings[ia].compareTo(strings[ib]);
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

    /**
     * Two ASCII parts: their packed characters word by word (a character is its UTF-16 unit is its UTF-8 byte, and
     * padding sorts before every character but NUL, whose ties the lengths then settle), then the lengths, or the
     * strings when both are longer than the packed characters.
     */
    private int compareAscii(int a, int b, int ia, int ib) {
        int wa = a * WORDS;
        int wb = b * WORDS;
        for (int w = 0; w < WORDS; w++) {
            long x = words[wa + w];
            long y = words[wb + w];
            if (x != y) {
                return Long.compare(x, y); // bytes below 0x80: the sign bit is never set
            }
        }
        long la = longs[ia];
        long lb = longs[ib];
        if (la > PACKED_CHARS && lb > PACKED_CHARS) {
            return strings[ia].compareTo(strings[ib]);
        }
        return Long.compare(la, lb);
    }

    // ---- keys -------------------------------------------------------------------------------------------

    /**
     * Makes {@code item} source {@code s}'s current entry: extracts its first key part now (every match needs it),
     * the others when a match first ties on the parts before them.
     */
    void set(int s, Map<String, AttributeValue> item) {
        present[s] = true;
        items[s] = item;
        int i = s * parts;
        byte kind = extract(i, item.get(attributes[0]), s);
        for (int p = 1; p < parts; p++) {
            kinds[i + p] = UNSET;
        }
        if (hot) {
            setHot(s, kind, i);
        }
    }

    /** Sets source {@code s}'s hot key from its new entry's first part (of {@code kind}, at index {@code i}). */
    private void setHot(int s, byte kind, int i) {
        if (hotKind == UNSET) {
            if (kind != ASCII && kind != LONG) {
                hot = false;
                return;
            }
            hotKind = kind;
            if (kind == ASCII) {
                System.arraycopy(words, s * WORDS, reference, 0, WORDS);
            }
        } else if (kind != hotKind) {
            hot = false; // from here on every match is played by beats
            return;
        }
        if (kind == LONG) {
            hotKeys[s] = hotKey(longs[i]);
            return;
        }
        int base = s * WORDS;
        int w = 0;
        while (w < hotWord && words[base + w] == reference[w]) {
            w++;
        }
        if (w < hotWord) { // this entry differs earlier: every present source's hot key moves to that word
            hotWord = w;
            for (int t = 0; t < k; t++) {
                if (present[t]) {
                    hotKeys[t] = hotKey(words[t * WORDS + w]);
                }
            }
        } else {
            hotKeys[s] = hotKey(words[base + hotWord]);
        }
    }

    private long hotKey(long x) {
        return descending ? ~x : x;
    }

    /** Extracts part {@code p} of source {@code s}'s current entry. */
    private byte extractPart(int s, int p) {
        return extract(s * parts + p, (AttributeValue) items[s].get(attributes[p]), -1);
    }

    /** Extracts part value {@code v} at index {@code i}; {@code packAt}: a first part's source, else -1. */
    private byte extract(int i, AttributeValue v, int packAt) {
        values[i] = v;
        byte kind;
        if (v == null) {
            kind = MISSING;
        } else if (v instanceof AttributeValue.S str && !str.hasSurrogates()) {
            String value = str.value();
            strings[i] = value;
            int n = value.length();
            if (packAt >= 0 && str.size() == n) { // the first part, no character beyond ASCII (UTF-8: 1 byte)
                kind = ASCII;
                longs[i] = n;
                pack(value, Math.min(n, PACKED_CHARS), packAt * WORDS);
            } else {
                kind = STRING;
            }
        } else if (v instanceof AttributeValue.N num && num.fitsLong()) {
            kind = LONG;
            longs[i] = num.longValue();
        } else {
            kind = OTHER;
        }
        kinds[i] = kind;
        return kind;
    }

    /** Packs the first {@code n} characters of an ASCII string, 8 to a word, big-endian, zero-padded. */
    private void pack(String value, int n, int at) {
        int w = at;
        int c = 0;
        for (; c + 8 <= n; c += 8) {
            long x = 0;
            for (int j = 0; j < 8; j++) {
                x = (x << 8) | value.charAt(c + j);
            }
            words[w++] = x;
        }
        if (c < n) {
            long x = 0;
            int r = n - c;
            for (int j = 0; j < r; j++) {
                x = (x << 8) | value.charAt(c + j);
            }
            words[w++] = x << (8 * (8 - r));
        }
        while (w < at + WORDS) {
            words[w++] = 0;
        }
    }

    /** Source {@code s} has no current entry. */
    void clear(int s) {
        present[s] = false;
        items[s] = null;
        hotKeys[s] = Long.MAX_VALUE;
    }
}
