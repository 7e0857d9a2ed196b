package io.partita.storage.engine;

import io.partita.storage.value.ItemMap;
import java.util.Arrays;

/**
 * Decodes from an {@link ItemCodec} encoding only the top-level attributes a read {@link Needs}, stepping over the
 * others without materialising them: no name string, no value object, no number parsed. The format has a byte length
 * for every string, binary and number payload (stepped over by that length) but only an element count for lists,
 * maps and sets, so an unneeded container is walked element by element, each element stepped over the same way:
 * still no object. The attributes kept keep their stored order and values, and the entry keeps the whole item's
 * DynamoDB size (the encoding's header), so capacity, page limits and every projection, filter and key read of the
 * partial item give what they give on the whole one. The rest of the encoding is walked too, so malformed input
 * fails as {@link ItemCodec#decode} fails ({@link IllegalArgumentException}).
 */
final class ProjectedDecode {
    private ProjectedDecode() {}

    /** The item encoded in {@code bytes} from {@code offset} to the end, holding only what {@code needs} names. */
    static Stored decode(byte[] bytes, int offset, Needs needs) {
        if (needs.all()) {
            return ItemCodec.decode(bytes, offset);
        }
        try {
            ItemCodec.In in = new ItemCodec.In(bytes, offset);
            int size = in.varint();
            int count = in.varint();
            byte[][] wanted = needs.encoded();
            ItemMap.Builder b = ItemMap.builder(Math.min(count, wanted.length));
            for (int i = 0; i < count; i++) {
                int start = in.pos;
                int n = in.count();
                if (wanted(in, n, wanted)) {
                    in.pos = start;
                    b.add(in.name(), ItemCodec.value(in));
                } else {
                    in.pos += n;
                    skip(in);
                }
            }
            if (in.pos != bytes.length) {
                throw new IllegalArgumentException("trailing bytes after the item");
            }
            return new Stored(b.build(), size);
        } catch (ArrayIndexOutOfBoundsException | NegativeArraySizeException e) {
            throw new IllegalArgumentException("truncated item encoding", e);
        }
    }

    /** A top-level attribute name as {@link ItemCodec#encode} writes it, without its length. */
    static byte[] nameBytes(String name) {
        ItemCodec.Out out = new ItemCodec.Out(name.length() * 3 + 5);
        out.string(name);
        ItemCodec.In in = new ItemCodec.In(out.toArray());
        int n = in.count();
        return Arrays.copyOfRange(in.buf, in.pos, in.pos + n);
    }

    /** Whether the {@code n} name bytes at the reader's position are one of {@code wanted}. */
    private static boolean wanted(ItemCodec.In in, int n, byte[][] wanted) {
        byte[] buf = in.buf;
        int at = in.pos;
        for (byte[] w : wanted) {
            if (w.length == n && Arrays.equals(buf, at, at + n, w, 0, n)) {
                return true;
            }
        }
        return false;
    }

    /** Steps over one encoded value (its tag first): lengths are skipped by, containers walked. */
    private static void skip(ItemCodec.In in) {
        byte tag = in.b();
        switch (tag) {
            case ItemCodec.S, ItemCodec.B -> skipLength(in);
            case ItemCodec.N_LONG -> in.varlong();
            case ItemCodec.N_DECIMAL -> skipDecimal(in);
            case ItemCodec.TRUE, ItemCodec.FALSE, ItemCodec.NULL -> {
                // the tag is the whole value
            }
            case ItemCodec.L -> {
                for (int i = in.count(); i > 0; i--) {
                    skip(in);
                }
            }
            case ItemCodec.M -> {
                for (int i = in.count(); i > 0; i--) {
                    skipLength(in);
                    skip(in);
                }
            }
            case ItemCodec.SS, ItemCodec.BS -> {
                for (int i = in.count(); i > 0; i--) {
                    skipLength(in);
                }
            }
            case ItemCodec.NS -> {
                for (int i = in.count(); i > 0; i--) {
                    skipDecimal(in);
                }
            }
            default -> throw new IllegalArgumentException("unknown type tag " + tag + " at byte " + (in.at() - 1));
        }
    }

    /** A length and that many bytes (a string, binary or number payload, or a map key). */
    private static void skipLength(ItemCodec.In in) {
        int n = in.count(); // read first: the position moves past the length before it moves past the bytes
        in.pos += n;
    }

    /** A number's unscaled bytes and its zigzag scale. */
    private static void skipDecimal(ItemCodec.In in) {
        skipLength(in);
        in.varint();
    }
}
