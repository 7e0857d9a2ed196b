package io.partita.wire;

/**
 * A request body must be well-formed UTF-8 (RFC 3629) and its JSON escapes must not spell a lone surrogate, or it
 * is a {@code SerializationException}, as DynamoDB answers it. Jackson's parser alone decodes an overlong
 * {@code C0 80} to U+0000, an encoded surrogate ({@code ED A0 80}) to a lone surrogate, and takes {@code \uD800}
 * unpaired: strings no client can read back. One pass over the bytes, before the parser sees them: ASCII bytes
 * cost one comparison each.
 */
final class Utf8Check {
    private Utf8Check() {}

    /** Rejects {@code length} bytes of {@code body} from {@code offset} unless they are well-formed. */
    static void check(byte[] body, int offset, int length) {
        int end = offset + length;
        int i = offset;
        while (i < end) {
            int b = body[i];
            if (b >= 0) {
                i = b == '\\' ? escape(body, i, end) : i + 1;
            } else {
                i = multiByte(body, i, end);
            }
        }
    }

    /**
     * The index after the encoded character that starts at {@code i} (its first byte 0x80 or above), or the
     * error. The ranges of the second byte exclude overlong forms, surrogates and code points above U+10FFFF
     * (RFC 3629, section 4).
     */
    private static int multiByte(byte[] body, int i, int end) {
        int b0 = body[i] & 0xFF;
        int n;
        int lo = 0x80;
        int hi = 0xBF;
        if (b0 >= 0xC2 && b0 <= 0xDF) {
            n = 2;
        } else if (b0 >= 0xE0 && b0 <= 0xEF) {
            n = 3;
            if (b0 == 0xE0) {
                lo = 0xA0;
            } else if (b0 == 0xED) {
                hi = 0x9F;
            }
        } else if (b0 >= 0xF0 && b0 <= 0xF4) {
            n = 4;
            if (b0 == 0xF0) {
                lo = 0x90;
            } else if (b0 == 0xF4) {
                hi = 0x8F;
            }
        } else {
            throw invalid(body, i, end);
        }
        if (i + n > end) {
            throw invalid(body, i, end);
        }
        int b1 = body[i + 1] & 0xFF;
        if (b1 < lo || b1 > hi) {
            throw invalid(body, i, end);
        }
        for (int k = 2; k < n; k++) {
            if ((body[i + k] & 0xC0) != 0x80) {
                throw invalid(body, i, end);
            }
        }
        return i + n;
    }

    /**
     * The index after the escape that starts at {@code i} (a backslash). A backslash can only stand in a string of
     * well-formed JSON, so every one starts an escape; a {@code \\u} high surrogate must be followed by a {@code \\u}
     * low surrogate, and a low surrogate must not stand alone. What is not a valid escape is left to the parser.
     */
    private static int escape(byte[] body, int i, int end) {
        if (i + 1 >= end || body[i + 1] != 'u') {
            return i + 2;
        }
        int unit = hex4(body, i + 2, end);
        if (unit < 0) {
            return i + 2;
        }
        if (Character.isLowSurrogate((char) unit)) {
            throw loneSurrogate(unit);
        }
        if (!Character.isHighSurrogate((char) unit)) {
            return i + 6;
        }
        int low = i + 6 + 1 < end && body[i + 6] == '\\' && body[i + 7] == 'u' ? hex4(body, i + 8, end) : -1;
        if (low < 0 || !Character.isLowSurrogate((char) low)) {
            throw loneSurrogate(unit);
        }
        return i + 12;
    }

    /** The value of four hex digits at {@code i}; -1 when there are not four. */
    private static int hex4(byte[] body, int i, int end) {
        if (i + 4 > end) {
            return -1;
        }
        int v = 0;
        for (int k = i; k < i + 4; k++) {
            int d = Character.digit(body[k], 16);
            if (d < 0) {
                return -1;
            }
            v = (v << 4) | d;
        }
        return v;
    }

    private static WireException invalid(byte[] body, int i, int end) {
        StringBuilder bytes = new StringBuilder();
        for (int k = i; k < Math.min(end, i + 4); k++) {
            bytes.append(k == i ? "" : " ").append(String.format("%02X", body[k] & 0xFF));
        }
        return WireException.serialization(MESSAGE + ": ill-formed UTF-8 at byte " + i + " (" + bytes + ")");
    }

    private static WireException loneSurrogate(int unit) {
        return WireException.serialization(
                MESSAGE + ": unpaired surrogate \\u" + String.format("%04X", unit) + " in a string");
    }

    /** The first words of the error: what a client matches on. */
    static final String MESSAGE = "Invalid UTF-8 in the request body";
}
