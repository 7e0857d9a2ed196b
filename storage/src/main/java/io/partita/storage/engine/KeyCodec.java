package io.partita.storage.engine;

import io.partita.storage.value.AttributeValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Order-preserving binary encoding of key values: comparing encodings as unsigned bytes gives DynamoDB's
 * key order (S by UTF-8 bytes, N numerically, B by unsigned bytes), and a tuple of encodings orders as
 * the tuple. So every ordered structure compares one {@code byte[]} with an intrinsic instead of walking
 * objects, and the same bytes can key an on-disk store.
 *
 * <ul>
 *   <li>S: UTF-8, {@code 00} escaped as {@code 00 01}, terminated by {@code 00 00}. A proper prefix sorts
 *       first because the terminator sorts before every continuation.</li>
 *   <li>B: the same, and {@code FF} escaped as {@code FF 00}, so no encoding contains {@code FF FF}.</li>
 *   <li>N: a sign class ({@code 01} negative, {@code 02} zero, {@code 03} positive), then for value
 *       {@code 0.d1d2... x 10^E} the exponent as two bytes biased by 0x8000 and one byte per digit
 *       ({@code digit + 1}), terminated by {@code 00}; negative numbers invert every byte after the class
 *       (the terminator becomes {@code FF}), so larger magnitudes sort first.</li>
 * </ul>
 * No element encoding starts with {@code FF FF}, so {@link #AFTER} (a prefix followed by {@code FF FF})
 * sorts after every key that extends the prefix.
 */
final class KeyCodec {
    static final byte[] AFTER = {(byte) 0xFF, (byte) 0xFF};

    private KeyCodec() {}

    /** A growable byte buffer for one key. */
    static final class Builder {
        private byte[] buf;
        private int len;
        private int partitionEnd;

        Builder(int hash, int expectedLength) {
            buf = new byte[Math.max(HASH_BYTES, expectedLength)];
            buf[0] = (byte) (hash >>> 24);
            buf[1] = (byte) (hash >>> 16);
            buf[2] = (byte) (hash >>> 8);
            buf[3] = (byte) hash;
            len = 4;
        }

        private Builder(byte[] buf, int len, int partitionEnd) {
            this.buf = buf;
            this.len = len;
            this.partitionEnd = partitionEnd;
        }

        Builder add(AttributeValue value) {
            if (value instanceof AttributeValue.S s) {
                addString(s.value(), true);
            } else if (value instanceof AttributeValue.N n) {
                if (n.fitsLong()) {
                    addLong(n.longValue());
                } else {
                    addNumber(n.value());
                }
            } else if (value instanceof AttributeValue.B b) {
                addEscaped(b.value().toByteArray(), true, true);
            } else {
                throw new IllegalArgumentException("not a key type: " + value.type());
            }
            return this;
        }

        /** Adds the encoding of a begins_with operand: the value without its terminator. */
        Builder addPrefix(AttributeValue value) {
            if (value instanceof AttributeValue.S s) {
                addString(s.value(), false);
            } else {
                addEscaped(((AttributeValue.B) value).value().toByteArray(), true, false);
            }
            return this;
        }

        /** Marks the end of the partition key: keys agreeing up to here are in one partition. */
        Builder endPartition() {
            partitionEnd = len;
            return this;
        }

        Builder after() {
            ensure(2);
            buf[len++] = (byte) 0xFF;
            buf[len++] = (byte) 0xFF;
            return this;
        }

        /** A builder holding the same bytes so far, which goes on independently of this one. */
        Builder copy() {
            return new Builder(Arrays.copyOf(buf, buf.length), len, partitionEnd);
        }

        /** The key built so far; this builder may go on afterwards (the key keeps its own bytes). */
        OrderKey build() {
            return new OrderKey(
                    len == buf.length ? buf : Arrays.copyOf(buf, len), partitionEnd == 0 ? len : partitionEnd);
        }

        private void ensure(int extra) {
            if (len + extra > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + extra));
            }
        }

        private void addEscaped(byte[] bytes, boolean escapeFF, boolean terminate) {
            ensure(bytes.length * 2 + 2);
            for (byte x : bytes) {
                buf[len++] = x;
                if (x == 0) {
                    buf[len++] = 1;
                } else if (escapeFF && x == (byte) 0xFF) {
                    buf[len++] = 0;
                }
            }
            if (terminate) {
                buf[len++] = 0;
                buf[len++] = 0;
            }
        }

        /** Strings: ASCII (the common case) is written straight from the chars; anything else via UTF-8. */
        private void addString(String s, boolean terminate) {
            int n = s.length();
            ensure(n + 2);
            int start = len;
            for (int i = 0; i < n; i++) {
                char c = s.charAt(i);
                if (c == 0 || c >= 0x80) {
                    len = start;
                    addEscaped(s.getBytes(StandardCharsets.UTF_8), false, terminate);
                    return;
                }
                buf[len++] = (byte) c;
            }
            if (terminate) {
                buf[len++] = 0;
                buf[len++] = 0;
            }
        }

        /** The same encoding as {@link #addNumber} for integers that fit a long, without BigInteger. */
        private void addLong(long v) {
            if (v == Long.MIN_VALUE) {
                addNumber(BigDecimal.valueOf(v));
                return;
            }
            ensure(longSize(v));
            len = writeLong(buf, len, v);
        }

        private void addNumber(BigDecimal v) {
            int sign = v.signum();
            if (sign == 0) {
                ensure(1);
                buf[len++] = 2;
                return;
            }
            BigInteger unscaled = v.unscaledValue().abs();
            String digits = unscaled.toString();
            int exponent = digits.length() - v.scale();
            ensure(4 + digits.length());
            buf[len++] = (byte) (sign < 0 ? 1 : 3);
            int biased = exponent + 0x8000;
            int flip = sign < 0 ? 0xFF : 0;
            buf[len++] = (byte) ((biased >>> 8) ^ flip);
            buf[len++] = (byte) (biased ^ flip);
            int end = digits.length();
            while (end > 1 && digits.charAt(end - 1) == '0') {
                end--; // normalized numbers have none; be safe for any scale
            }
            for (int i = 0; i < end; i++) {
                buf[len++] = (byte) ((digits.charAt(i) - '0' + 1) ^ flip);
            }
            buf[len++] = (byte) flip;
        }
    }

    /** The length of a long's encoding ({@link #writeLong}; not {@link Long#MIN_VALUE}). */
    private static int longSize(long v) {
        if (v == 0) {
            return 1;
        }
        long significant = Math.abs(v);
        int digits = 0;
        while (significant % 10 == 0) {
            significant /= 10;
        }
        for (; significant > 0; significant /= 10) {
            digits++;
        }
        return 4 + digits;
    }

    /**
     * Writes the encoding of {@code v} (not {@link Long#MIN_VALUE}) at {@code at}, the same as {@link
     * Builder#addNumber} writes for it; returns the position after it.
     */
    private static int writeLong(byte[] buf, int at, long v) {
        if (v == 0) {
            buf[at] = 2;
            return at + 1;
        }
        boolean negative = v < 0;
        long abs = negative ? -v : v;
        int count = 0; // decimal digits of abs: 0.d1d2... x 10^count
        for (long x = abs; x > 0; x /= 10) {
            count++;
        }
        long significant = abs; // trailing zeros are not part of the normalized digits
        int digits = count;
        while (significant % 10 == 0) {
            significant /= 10;
            digits--;
        }
        int flip = negative ? 0xFF : 0;
        int len = at;
        buf[len++] = (byte) (negative ? 1 : 3);
        int biased = count + 0x8000;
        buf[len++] = (byte) ((biased >>> 8) ^ flip);
        buf[len++] = (byte) (biased ^ flip);
        // the digits written last to first, straight into the key (no digit array per key)
        for (int i = len + digits - 1; i >= len; i--) {
            buf[i] = (byte) ((significant % 10 + 1) ^ flip);
            significant /= 10;
        }
        len += digits;
        buf[len++] = (byte) flip;
        return len;
    }

    /**
     * Writes {@code value}'s encoding at {@code at} when {@link #sizeOf} is exact for it (a string of ASCII
     * characters other than NUL, an integer that fits a long): the position after it; otherwise -1, having written
     * part of it or nothing.
     */
    private static int writeExact(byte[] buf, int at, AttributeValue value) {
        if (value instanceof AttributeValue.S s) {
            String v = s.value();
            int n = v.length();
            if (at + n + 2 > buf.length) {
                return -1;
            }
            for (int i = 0; i < n; i++) {
                char c = v.charAt(i);
                if (c == 0 || c >= 0x80) {
                    return -1;
                }
                buf[at + i] = (byte) c;
            }
            buf[at + n] = 0;
            buf[at + n + 1] = 0;
            return at + n + 2;
        }
        if (value instanceof AttributeValue.N num && num.fitsLong()) {
            long v = num.longValue();
            if (v == Long.MIN_VALUE || at + longSize(v) > buf.length) {
                return -1;
            }
            return writeLong(buf, at, v);
        }
        return -1;
    }

    /**
     * The key {@code [hash, a | b, c, d]} (the partition ends after {@code a}; null parts are left out), built
     * straight into one array of {@code length} bytes with no builder, when that is its exact length ({@link
     * #sizeOf} exact for every part: the usual key); otherwise null, and the caller builds it with a {@link
     * Builder}. Every write encodes five keys this way (the item's and its four index entries').
     */
    static OrderKey exactKey(
            int hash, int length, AttributeValue a, AttributeValue b, AttributeValue c, AttributeValue d) {
        byte[] buf = new byte[length];
        int partitionEnd = writeKey(buf, hash, a, b, c, d);
        return partitionEnd < 0 ? null : new OrderKey(buf, partitionEnd);
    }

    /**
     * As {@link #exactKey}, into {@code s}'s array of {@code length} bytes, which only finds an entry (a key to
     * compare, never to store): the array, its partition's end in {@link Scratch#partitionEnd}; null when the key is
     * not of that exact length or longer than the scratch keeps.
     */
    static byte[] scratchKey(
            Scratch s, int hash, int length, AttributeValue a, AttributeValue b, AttributeValue c, AttributeValue d) {
        byte[] buf = s.array(length);
        if (buf == null) {
            return null;
        }
        int partitionEnd = writeKey(buf, hash, a, b, c, d);
        s.partitionEnd = partitionEnd;
        return partitionEnd < 0 ? null : buf;
    }

    /**
     * As {@link #exactKey}, the key's bytes alone (to store: an insert's key, with no key object), its partition's
     * end in {@link Scratch#partitionEnd}; null when the key is not of that exact length.
     */
    static byte[] newKey(
            Scratch s, int hash, int length, AttributeValue a, AttributeValue b, AttributeValue c, AttributeValue d) {
        byte[] buf = new byte[length];
        int partitionEnd = writeKey(buf, hash, a, b, c, d);
        s.partitionEnd = partitionEnd;
        return partitionEnd < 0 ? null : buf;
    }

    /** Writes {@link #exactKey}'s key into {@code buf}; its partition's end, or -1 when it is not of that length. */
    private static int writeKey(
            byte[] buf, int hash, AttributeValue a, AttributeValue b, AttributeValue c, AttributeValue d) {
        buf[0] = (byte) (hash >>> 24);
        buf[1] = (byte) (hash >>> 16);
        buf[2] = (byte) (hash >>> 8);
        buf[3] = (byte) hash;
        int at = writeExact(buf, HASH_BYTES, a);
        int partitionEnd = at;
        if (at >= 0 && b != null) {
            at = writeExact(buf, at, b);
        }
        if (at >= 0 && c != null) {
            at = writeExact(buf, at, c);
        }
        if (at >= 0 && d != null) {
            at = writeExact(buf, at, d);
        }
        return at == buf.length ? partitionEnd : -1;
    }

    /**
     * Key arrays for finding entries ({@link #scratchKey}): a key of exact length compares with the stored keys as
     * they are, so an overwrite finds its old entries without allocating their keys. Each belongs to one of a
     * table's stripe locks ({@link TableData.Stripe}) and is used only by the thread holding it, one lookup at a
     * time; never stored. It keeps arrays of the last few lengths asked for (a table's items mostly give one or two
     * key lengths per index); another length replaces the oldest.
     */
    static final class Scratch {
        /** Keys longer than this are built as keys: the usual index entry key is a few dozen bytes. */
        private static final int MAX = 256;

        private final byte[][] arrays = new byte[4][];
        private int next;
        /** The last {@link #scratchKey}'s partition end. */
        int partitionEnd;

        byte[] array(int length) {
            if (length > MAX) {
                return null;
            }
            byte[][] held = arrays;
            for (byte[] a : held) {
                if (a != null && a.length == length) {
                    return a;
                }
            }
            byte[] a = new byte[length];
            held[next] = a;
            next = (next + 1) & (held.length - 1);
            return a;
        }
    }

    static Builder builder(int hash) {
        return new Builder(hash, 48);
    }

    /**
     * A builder whose buffer is {@code length} bytes: when that is the key's exact length ({@link #sizeOf}), the
     * key keeps the buffer and nothing is copied or left behind; any other length only costs a copy.
     */
    static Builder builder(int hash, int length) {
        return new Builder(hash, length);
    }

    /** The 4 bytes of partition hash every key starts with. */
    static final int HASH_BYTES = 4;

    /**
     * The length of {@code value}'s encoding as {@link Builder#add} writes it, exact for strings of ASCII
     * characters other than NUL (the usual key) and for numbers that fit a long; an estimate otherwise (the builder
     * then grows, or the key copies its bytes). Sizing a write's keys with it spares each key a scratch buffer and
     * a copy.
     */
    static int sizeOf(AttributeValue value) {
        if (value instanceof AttributeValue.S s) {
            return s.value().length() + 2;
        }
        if (value instanceof AttributeValue.N n && n.fitsLong()) {
            long v = n.longValue();
            return v == Long.MIN_VALUE ? 23 : longSize(v); // MIN_VALUE: 19 digits, as addNumber writes it
        }
        return 16;
    }

    /** For tests: a number's bytes through the general (BigDecimal) encoding, which integers that fit a long skip. */
    static byte[] encodeNumber(BigDecimal value) {
        Builder b = new Builder(0, 16);
        b.addNumber(value);
        OrderKey k = b.build();
        return Arrays.copyOfRange(k.bytes, 4, k.bytes.length);
    }

    /** Bytes of a key value as it appears in a binary key (for tests and debugging). */
    static byte[] encode(AttributeValue value) {
        OrderKey k = new Builder(0, 16).add(value).build();
        return Arrays.copyOfRange(k.bytes, 4, k.bytes.length);
    }
}
