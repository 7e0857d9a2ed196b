package io.partita.storage.value;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;

/** An immutable byte string, ordered as DynamoDB orders binary values: unsigned, byte by byte. */
public final class Bytes implements Comparable<Bytes> {
    private final byte[] bytes;
    private int hash;

    private Bytes(byte[] bytes) {
        this.bytes = bytes;
    }

    public static Bytes copyOf(byte[] bytes) {
        return new Bytes(bytes.clone());
    }

    public static Bytes copyOf(ByteBuffer buffer) {
        ByteBuffer b = buffer.duplicate();
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return new Bytes(out);
    }

    /** Wraps without copying; the caller promises never to modify the array again. */
    static Bytes wrap(byte[] bytes) {
        return new Bytes(bytes);
    }

    public static Bytes fromBase64(String base64) {
        return new Bytes(Base64.getDecoder().decode(base64));
    }

    public int length() {
        return bytes.length;
    }

    public byte byteAt(int i) {
        return bytes[i];
    }

    public byte[] toByteArray() {
        return bytes.clone();
    }

    public ByteBuffer asReadOnlyBuffer() {
        return ByteBuffer.wrap(bytes).asReadOnlyBuffer();
    }

    public String toBase64() {
        return Base64.getEncoder().encodeToString(bytes);
    }

    public boolean startsWith(Bytes prefix) {
        return prefix.bytes.length <= bytes.length
                && Arrays.equals(bytes, 0, prefix.bytes.length, prefix.bytes, 0, prefix.bytes.length);
    }

    public boolean contains(Bytes part) {
        outer:
        for (int i = 0; i + part.bytes.length <= bytes.length; i++) {
            for (int j = 0; j < part.bytes.length; j++) {
                if (bytes[i + j] != part.bytes[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    @Override
    public int compareTo(Bytes o) {
        return Arrays.compareUnsigned(bytes, o.bytes);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Bytes other && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = Arrays.hashCode(bytes);
            hash = h;
        }
        return h;
    }

    @Override
    public String toString() {
        return toBase64();
    }
}
