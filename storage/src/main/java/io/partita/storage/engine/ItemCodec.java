package io.partita.storage.engine;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Bytes;
import io.partita.storage.value.ItemMap;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The on-disk encoding of a {@link Stored} item or index entry (the value under its order key):
 * {@code varint size, varint attributeCount, (varint nameLength, UTF-8 name, value)*}, where a value is a
 * one-byte type tag and its payload. Integers that fit a long are a zigzag varint; other numbers are their
 * unscaled value and scale. Decoding gives back equal values (numbers normalized as the core normalizes
 * them) and the same DynamoDB size. Any malformed input fails with {@link IllegalArgumentException}, never a
 * partial item.
 */
final class ItemCodec {
    static final byte S = 1;
    static final byte N_LONG = 2;
    static final byte N_DECIMAL = 3;
    static final byte B = 4;
    static final byte TRUE = 5;
    static final byte FALSE = 6;
    static final byte NULL = 7;
    static final byte L = 8;
    static final byte M = 9;
    static final byte SS = 10;
    static final byte NS = 11;
    static final byte BS = 12;

    private ItemCodec() {}

    static byte[] encode(Stored stored) {
        Out out = new Out(64 + stored.size() + stored.item().size() * 4);
        out.varint(stored.size());
        Map<String, AttributeValue> item = stored.item();
        out.varint(item.size());
        if (item instanceof ItemMap im) {
            im.forEachAttribute((name, value) -> {
                out.string(name);
                value(out, value);
            });
        } else {
            for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
                out.string(e.getKey());
                value(out, e.getValue());
            }
        }
        return out.toArray();
    }

    static Stored decode(byte[] bytes) {
        return decode(bytes, 0);
    }

    /** Decodes the item encoded in {@code bytes} from {@code offset} to the end (no copy of the range). */
    static Stored decode(byte[] bytes, int offset) {
        try {
            In in = new In(bytes, offset);
            int size = in.varint();
            int count = in.varint();
            ItemMap.Builder b = ItemMap.builder(count);
            for (int i = 0; i < count; i++) {
                String name = in.name();
                b.add(name, value(in));
            }
            if (in.pos != bytes.length) {
                throw new IllegalArgumentException("trailing bytes after the item");
            }
            return new Stored(b.build(), size);
        } catch (ArrayIndexOutOfBoundsException | NegativeArraySizeException e) {
            throw new IllegalArgumentException("truncated item encoding", e);
        }
    }

    /** One attribute value alone (item-collection keys, catalogue records). */
    static byte[] encodeValue(AttributeValue v) {
        Out out = new Out(16 + v.size());
        value(out, v);
        return out.toArray();
    }

    static AttributeValue decodeValue(byte[] bytes, int offset) {
        In in = new In(bytes);
        in.pos = offset;
        try {
            return value(in);
        } catch (ArrayIndexOutOfBoundsException | NegativeArraySizeException e) {
            throw new IllegalArgumentException("truncated value encoding", e);
        }
    }

    private static void value(Out out, AttributeValue v) {
        if (v instanceof AttributeValue.S s) {
            out.b(S);
            out.string(s.value());
        } else if (v instanceof AttributeValue.N n) {
            number(out, n);
        } else if (v instanceof AttributeValue.B b) {
            out.b(B);
            out.bytes(b.value().toByteArray());
        } else if (v instanceof AttributeValue.Bool bool) {
            out.b(bool.value() ? TRUE : FALSE);
        } else if (v instanceof AttributeValue.Null) {
            out.b(NULL);
        } else if (v instanceof AttributeValue.L l) {
            out.b(L);
            out.varint(l.values().size());
            for (AttributeValue e : l.values()) {
                value(out, e);
            }
        } else if (v instanceof AttributeValue.M m) {
            out.b(M);
            out.varint(m.values().size());
            for (Map.Entry<String, AttributeValue> e : m.values().entrySet()) {
                out.string(e.getKey());
                value(out, e.getValue());
            }
        } else if (v instanceof AttributeValue.SS ss) {
            out.b(SS);
            out.varint(ss.values().size());
            for (String s : ss.values()) {
                out.string(s);
            }
        } else if (v instanceof AttributeValue.NS ns) {
            out.b(NS);
            out.varint(ns.values().size());
            for (BigDecimal d : ns.values()) {
                decimal(out, d);
            }
        } else if (v instanceof AttributeValue.BS bs) {
            out.b(BS);
            out.varint(bs.values().size());
            for (Bytes b : bs.values()) {
                out.bytes(b.toByteArray());
            }
        } else {
            throw new IllegalArgumentException("unknown attribute value " + v);
        }
    }

    private static void number(Out out, AttributeValue.N n) {
        if (n.fitsLong()) {
            out.b(N_LONG);
            long l = n.longValue();
            out.varlong((l << 1) ^ (l >> 63));
        } else {
            out.b(N_DECIMAL);
            decimal(out, n.value());
        }
    }

    private static void decimal(Out out, BigDecimal d) {
        out.bytes(d.unscaledValue().toByteArray());
        int scale = d.scale();
        out.varint((scale << 1) ^ (scale >> 31));
    }

    private static BigDecimal decimal(In in) {
        int n = in.count();
        BigDecimal d;
        if (n > 0 && n <= 8) { // an unscaled value that fits a long: no magnitude array, no BigInteger
            long unscaled = in.buf[in.pos]; // sign-extended first byte, then the rest big-endian
            for (int i = 1; i < n; i++) {
                unscaled = unscaled << 8 | (in.buf[in.pos + i] & 0xFF);
            }
            in.pos += n;
            int z = in.varint();
            d = BigDecimal.valueOf(unscaled, (z >>> 1) ^ -(z & 1));
        } else {
            BigInteger unscaled = new BigInteger(Arrays.copyOfRange(in.buf, in.pos, in.pos + n));
            in.pos += n;
            int z = in.varint();
            d = new BigDecimal(unscaled, (z >>> 1) ^ -(z & 1));
        }
        return d;
    }

    static AttributeValue value(In in) {
        byte tag = in.b();
        switch (tag) {
            case S:
                return AttributeValue.s(in.string());
            case N_LONG: {
                long z = in.varlong();
                return AttributeValue.n((z >>> 1) ^ -(z & 1));
            }
            case N_DECIMAL:
                return AttributeValue.n(decimal(in));
            case B:
                return AttributeValue.b(in.bytes());
            case TRUE:
                return AttributeValue.bool(true);
            case FALSE:
                return AttributeValue.bool(false);
            case NULL:
                return AttributeValue.nul();
            default:
                return container(tag, in);
        }
    }

    /** A list, map or set value (its tag already read), its elements decoded in turn. */
    private static AttributeValue container(byte tag, In in) {
        switch (tag) {
            case L: {
                int n = in.count();
                List<AttributeValue> values = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    values.add(value(in));
                }
                return AttributeValue.l(values);
            }
            case M: {
                int n = in.count();
                Map<String, AttributeValue> values = new LinkedHashMap<>();
                for (int i = 0; i < n; i++) {
                    String name = in.string();
                    values.put(name, value(in));
                }
                return AttributeValue.m(values);
            }
            case SS: {
                int n = in.count();
                Set<String> values = new LinkedHashSet<>();
                for (int i = 0; i < n; i++) {
                    values.add(in.string());
                }
                return AttributeValue.ss(values);
            }
            case NS: {
                int n = in.count();
                Set<BigDecimal> values = new LinkedHashSet<>();
                for (int i = 0; i < n; i++) {
                    values.add(decimal(in));
                }
                return AttributeValue.ns(values);
            }
            case BS: {
                int n = in.count();
                Set<Bytes> values = new LinkedHashSet<>();
                for (int i = 0; i < n; i++) {
                    values.add(Bytes.copyOf(in.bytes()));
                }
                return AttributeValue.bs(values);
            }
            default:
                throw new IllegalArgumentException("unknown type tag " + tag + " at byte " + (in.at() - 1));
        }
    }

    /** A growable output buffer with varints. */
    static final class Out {
        private byte[] buf;
        private int len;

        Out(int capacity) {
            buf = new byte[Math.max(16, capacity)];
        }

        private void ensure(int extra) {
            if (len + extra > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + extra));
            }
        }

        void b(byte v) {
            ensure(1);
            buf[len++] = v;
        }

        void varint(int v) {
            varlong(v & 0xFFFFFFFFL);
        }

        void varlong(long v) {
            ensure(10);
            while ((v & ~0x7FL) != 0) {
                buf[len++] = (byte) ((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            buf[len++] = (byte) v;
        }

        void raw(byte[] b) {
            ensure(b.length);
            System.arraycopy(b, 0, buf, len, b.length);
            len += b.length;
        }

        void bytes(byte[] b) {
            varint(b.length);
            raw(b);
        }

        void string(String s) {
            // ASCII fast path: one byte per char
            int n = s.length();
            boolean ascii = true;
            for (int i = 0; i < n; i++) {
                if (s.charAt(i) >= 0x80) {
                    ascii = false;
                    break;
                }
            }
            if (ascii) {
                varint(n);
                ensure(n);
                for (int i = 0; i < n; i++) {
                    buf[len++] = (byte) s.charAt(i);
                }
            } else {
                // char by char, 1 to 3 bytes each (UTF-8 for the BMP; each surrogate on its own, as in Java's
                // modified UTF-8), so every Java string, lone surrogates included, comes back unchanged
                int bytes = 0;
                for (int i = 0; i < n; i++) {
                    char c = s.charAt(i);
                    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
                }
                varint(bytes); // length in bytes
                ensure(bytes);
                for (int i = 0; i < n; i++) {
                    char c = s.charAt(i);
                    if (c < 0x80) {
                        buf[len++] = (byte) c;
                    } else if (c < 0x800) {
                        buf[len++] = (byte) (0xC0 | (c >> 6));
                        buf[len++] = (byte) (0x80 | (c & 0x3F));
                    } else {
                        buf[len++] = (byte) (0xE0 | (c >> 12));
                        buf[len++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                        buf[len++] = (byte) (0x80 | (c & 0x3F));
                    }
                }
            }
        }

        byte[] toArray() {
            return Arrays.copyOf(buf, len);
        }
    }

    /**
     * Recently decoded top-level attribute names, direct-mapped by a hash of their bytes: an item's names repeat from
     * item to item, so a decoded (and cached) item shares one {@code String} per name instead of allocating its own.
     * Racy by design: a slot holds some immutable name or null, and a name is used only after its bytes compare equal.
     */
    private static final String[] NAMES = new String[512];

    /** Reads what {@link Out} wrote. */
    static final class In {
        final byte[] buf;
        /** Where the encoding starts in {@code buf}: positions in error messages count from it. */
        private final int base;

        int pos;

        In(byte[] buf) {
            this(buf, 0);
        }

        In(byte[] buf, int from) {
            this.buf = buf;
            this.base = from;
            this.pos = from;
        }

        /** The position in the encoding, for error messages. */
        int at() {
            return pos - base;
        }

        byte b() {
            return buf[pos++];
        }

        int varint() {
            long v = varlong();
            if (v > 0xFFFFFFFFL) {
                throw new IllegalArgumentException("varint out of range at byte " + at());
            }
            return (int) v;
        }

        int count() {
            int n = varint();
            if (n < 0 || n > buf.length - pos) {
                throw new IllegalArgumentException(
                        "count " + n + " larger than the remaining " + (buf.length - pos) + " bytes");
            }
            return n;
        }

        long varlong() {
            long v = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                byte b = buf[pos++];
                v |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    return v;
                }
            }
            throw new IllegalArgumentException("varint too long at byte " + at());
        }

        byte[] bytes() {
            int n = count();
            byte[] b = Arrays.copyOfRange(buf, pos, pos + n);
            pos += n;
            return b;
        }

        /** A top-level attribute name: {@link #string()}, shared with earlier items through {@link #NAMES}. */
        String name() {
            int n = count();
            int end = pos + n;
            int h = n;
            for (int i = pos; i < end; i++) {
                if (buf[i] < 0) {
                    return string(n);
                }
                h = 31 * h + buf[i];
            }
            int slot = (h ^ (h >>> 9)) & (NAMES.length - 1);
            String known = NAMES[slot];
            if (known != null && known.length() == n && sameLatin1(known, pos)) {
                pos = end;
                return known;
            }
            String s = new String(buf, pos, n, StandardCharsets.ISO_8859_1);
            pos = end;
            NAMES[slot] = s;
            return s;
        }

        private boolean sameLatin1(String s, int at) {
            for (int i = 0; i < s.length(); i++) {
                if (s.charAt(i) != buf[at + i]) {
                    return false;
                }
            }
            return true;
        }

        String string() {
            return string(count());
        }

        private String string(int n) {
            int end = pos + n;
            boolean ascii = true;
            for (int i = pos; i < end; i++) {
                if (buf[i] < 0) {
                    ascii = false;
                    break;
                }
            }
            if (ascii) {
                String s = new String(buf, pos, n, StandardCharsets.ISO_8859_1);
                pos = end;
                return s;
            }
            char[] chars = new char[n];
            int c = 0;
            while (pos < end) {
                int b = buf[pos++] & 0xFF;
                if (b < 0x80) {
                    chars[c++] = (char) b;
                } else if (b < 0xE0) {
                    chars[c++] = (char) (((b & 0x1F) << 6) | (buf[pos++] & 0x3F));
                } else {
                    chars[c++] = (char) (((b & 0x0F) << 12) | ((buf[pos++] & 0x3F) << 6) | (buf[pos++] & 0x3F));
                }
            }
            if (pos != end) {
                throw new IllegalArgumentException("malformed string at byte " + at());
            }
            return new String(chars, 0, c);
        }
    }
}
