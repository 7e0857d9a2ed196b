package io.partita.repository;

import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Map;

/**
 * The k-way merge of a gather: a loser tree (tournament tree) over the sources' current entries, each entry's merge
 * key encoded once into bytes whose unsigned order is the entries' order.
 *
 * <p><b>Order.</b> Entries order by their merge-key attributes in turn (the index sort key, then the table key),
 * each compared as {@link io.partita.storage.value.KeyOrder} compares key values (S by code point, N numerically, B
 * by unsigned bytes; values of different types by type), a missing attribute first; reversed when
 * {@code descending}; equal keys by source index, ascending in both directions. This is the order of the same
 * entries in one unsharded partition, as {@code Gather.compareKeys} compares extracted keys.
 *
 * <p><b>Encoding</b> (order-preserving; one reusable buffer per source, so keying an entry allocates nothing):
 * per attribute a tag byte ({@code 00} missing, else the type's place in {@code AttributeType}, from {@code 01}), then the value:
 * <ul>
 *   <li>S: one code per UTF-16 unit, mapped so the unit order is {@code KeyOrder}'s (surrogates after every other
 *       unit), written as 1–3 bytes in UTF-8 form (ASCII is one byte), {@code 00} escaped as {@code 00 01},
 *       terminated by {@code 00 00} (a proper prefix sorts first);</li>
 *   <li>B: the bytes, {@code 00} escaped as {@code 00 01}, terminated by {@code 00 00};</li>
 *   <li>N: a sign class ({@code 01} negative, {@code 02} zero, {@code 03} positive), then for {@code 0.d1d2… ×
 *       10^E} the exponent biased by {@code 0x8000} in two bytes and one byte per digit ({@code digit + 1}),
 *       terminated by {@code 00}; every byte after the class inverted for negative numbers;</li>
 *   <li>other types (never key values): the tag alone, so they compare equal to each other, as in
 *       {@code KeyOrder}.</li>
 * </ul>
 *
 * <p><b>Tree.</b> Node {@code k + i} is source {@code i}'s leaf, node {@code n}'s parent is {@code n / 2}; each
 * inner node keeps the loser of the match played there and {@code tree[0]} the overall winner. Replacing the
 * winner's entry replays one leaf-to-root path: {@code ⌈log2 k⌉} comparisons per merged entry (a binary heap
 * makes about twice as many), each one {@link Arrays#compareUnsigned(byte[], int, int, byte[], int, int)}.
 */
final class MergeTree {
    private final int k;
    private final String[] attributes;
    private final boolean descending;
    /** tree[0]: the winner; tree[1..k-1]: the loser of each inner node's match. */
    private final int[] tree;

    private final byte[][] keys;
    /** Length of each source's encoded key; -1: the source has no current entry (it loses to every entry). */
    private final int[] lengths;

    /** Scratch for encoding: the buffer being written, its length, a long's digits. */
    private byte[] buf;

    private int len;
    private final byte[] digits = new byte[20];

    MergeTree(int sources, String[] attributes, boolean descending) {
        this.k = sources;
        this.attributes = attributes;
        this.descending = descending;
        this.tree = new int[Math.max(1, sources)];
        this.keys = new byte[sources][];
        this.lengths = new int[sources];
        Arrays.fill(lengths, -1);
        for (int i = 0; i < sources; i++) {
            keys[i] = new byte[64];
        }
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
        return lengths[w] < 0 ? -1 : w;
    }

    /** True when source {@code a}'s entry comes before source {@code b}'s (a source without one comes last). */
    private boolean beats(int a, int b) {
        int la = lengths[a];
        int lb = lengths[b];
        if (la < 0 || lb < 0) {
            return lb < 0 && (la >= 0 || a < b);
        }
        int c = Arrays.compareUnsigned(keys[a], 0, la, keys[b], 0, lb);
        if (descending) {
            c = -c;
        }
        return c < 0 || (c == 0 && a < b);
    }

    // ---- keys -------------------------------------------------------------------------------------------

    /** Makes {@code item} source {@code s}'s current entry (encodes its merge key). */
    void set(int s, Map<String, AttributeValue> item) {
        lengths[s] = encode(s, item);
    }

    /** Source {@code s} has no current entry. */
    void clear(int s) {
        lengths[s] = -1;
    }

    /** {@code item}'s encoded merge key (a new array; for tests). */
    byte[] key(Map<String, AttributeValue> item) {
        byte[] saved = buf;
        int n = encode(new byte[16], item);
        byte[] out = Arrays.copyOf(buf, n);
        buf = saved;
        return out;
    }

    private int encode(int s, Map<String, AttributeValue> item) {
        int n = encode(keys[s], item);
        keys[s] = buf;
        return n;
    }

    /** Encodes into {@code into} (growing it into {@link #buf}); returns the length. */
    private int encode(byte[] into, Map<String, AttributeValue> item) {
        buf = into;
        len = 0;
        for (String attribute : attributes) {
            AttributeValue v = item.get(attribute);
            if (v == null) {
                ensure(1);
                buf[len++] = 0;
                continue;
            }
            ensure(1);
            buf[len++] = tag(v.type());
            if (v instanceof AttributeValue.S str) {
                addString(str.value());
            } else if (v instanceof AttributeValue.N n) {
                if (n.fitsLong()) {
                    addLong(n.longValue());
                } else {
                    addNumber(n.value());
                }
            } else if (v instanceof AttributeValue.B b) {
                addBytes(b.value().toByteArray());
            }
        }
        return len;
    }

    /** A present value's tag: its type's place in {@code AttributeType}, the order KeyOrder gives mixed types. */
    private static byte tag(AttributeType type) {
        return switch (type) {
            case S -> 1;
            case N -> 2;
            case B -> 3;
            case BOOL -> 4;
            case NULL -> 5;
            case L -> 6;
            case M -> 7;
            case SS -> 8;
            case NS -> 9;
            case BS -> 10;
        };
    }

    private void ensure(int extra) {
        if (len + extra > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + extra));
        }
    }

    /** Each UTF-16 unit as a code in KeyOrder's unit order, written in UTF-8 form; 00 escaped; 00 00 ends. */
    private void addString(String s) {
        int n = s.length();
        ensure(n + 2);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c > 0 && c < 0x80) {
                buf[len++] = (byte) c;
                continue;
            }
            ensure(n - i + 4); // this unit's 3 bytes, at least 1 per remaining unit, the terminator
            if (c == 0) {
                buf[len++] = 0;
                buf[len++] = 1;
                continue;
            }
            // surrogates (D800–DFFF) sort after every other unit: E000–FFFF move down, surrogates to the top
            int code = Character.isSurrogate(c) ? c + 0x2000 : c >= 0xE000 ? c - 0x800 : c;
            if (code < 0x800) {
                buf[len++] = (byte) (0xC0 | (code >>> 6));
                buf[len++] = (byte) (0x80 | (code & 0x3F));
            } else {
                buf[len++] = (byte) (0xE0 | (code >>> 12));
                buf[len++] = (byte) (0x80 | ((code >>> 6) & 0x3F));
                buf[len++] = (byte) (0x80 | (code & 0x3F));
            }
        }
        buf[len++] = 0;
        buf[len++] = 0;
    }

    private void addBytes(byte[] bytes) {
        ensure(bytes.length * 2 + 2);
        for (byte x : bytes) {
            buf[len++] = x;
            if (x == 0) {
                buf[len++] = 1;
            }
        }
        buf[len++] = 0;
        buf[len++] = 0;
    }

    /** The number encoding for integers that fit a long, without BigDecimal. */
    private void addLong(long v) {
        if (v == 0) {
            ensure(1);
            buf[len++] = 2;
            return;
        }
        if (v == Long.MIN_VALUE) {
            addNumber(BigDecimal.valueOf(v));
            return;
        }
        boolean negative = v < 0;
        long abs = negative ? -v : v;
        int count = 0;
        for (long x = abs; x > 0; x /= 10) {
            digits[count++] = (byte) (x % 10);
        }
        int lowest = 0;
        while (digits[lowest] == 0) {
            lowest++; // trailing zeros are not significant digits
        }
        ensure(4 + count);
        int flip = negative ? 0xFF : 0;
        buf[len++] = (byte) (negative ? 1 : 3);
        int biased = count + 0x8000; // 0.d1d2... x 10^count
        buf[len++] = (byte) ((biased >>> 8) ^ flip);
        buf[len++] = (byte) (biased ^ flip);
        for (int i = count - 1; i >= lowest; i--) {
            buf[len++] = (byte) ((digits[i] + 1) ^ flip);
        }
        buf[len++] = (byte) flip;
    }

    private void addNumber(BigDecimal v) {
        int sign = v.signum();
        if (sign == 0) {
            ensure(1);
            buf[len++] = 2;
            return;
        }
        String text = v.unscaledValue().abs().toString();
        int exponent = text.length() - v.scale();
        int end = text.length();
        while (end > 1 && text.charAt(end - 1) == '0') {
            end--; // trailing zeros are not significant digits
        }
        ensure(4 + end);
        int flip = sign < 0 ? 0xFF : 0;
        buf[len++] = (byte) (sign < 0 ? 1 : 3);
        int biased = exponent + 0x8000;
        buf[len++] = (byte) ((biased >>> 8) ^ flip);
        buf[len++] = (byte) (biased ^ flip);
        for (int i = 0; i < end; i++) {
            buf[len++] = (byte) ((text.charAt(i) - '0' + 1) ^ flip);
        }
        buf[len++] = (byte) flip;
    }
}
