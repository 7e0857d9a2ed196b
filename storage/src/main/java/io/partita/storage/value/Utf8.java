package io.partita.storage.value;

/**
 * UTF-8 sizes of strings, computed without encoding them: DynamoDB sizes and orders strings by their UTF-8 bytes
 * (a valid surrogate pair is 4 bytes for 2 chars; a lone surrogate encodes as '?', 1 byte).
 */
final class Utf8 {
    private Utf8() {}

    /** UTF-8 byte length without allocating (attribute names: usually short and ASCII). */
    static int length(String s) {
        int n = s.length();
        int i = 0;
        while (i < n && s.charAt(i) < 0x80) {
            i++;
        }
        return i == n ? n : lengthFrom(s, i, n);
    }

    private static int lengthFrom(String s, int start, int n) {
        int bytes = n;
        for (int i = start; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                if (c < 0x800) {
                    bytes += 1;
                } else if (Character.isSurrogate(c)) {
                    if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                        bytes += 2;
                        i++;
                    }
                } else {
                    bytes += 2;
                }
            }
        }
        return bytes;
    }

    /**
     * One pass over the string: the packed info an {@link AttributeValue.S} keeps, {@code ((utf8Size + 1) << 1) |
     * surrogates} (sizes saturate at 2^29, far above every DynamoDB limit).
     */
    static int scanInfo(String value) {
        boolean surrogates = false;
        int n = value.length();
        long bytes = n;
        for (int i = 0; i < n; i++) {
            char c = value.charAt(i);
            if (c >= 0x80) {
                if (c < 0x800) {
                    bytes += 1;
                } else if (Character.isSurrogate(c)) {
                    surrogates = true;
                    // a valid pair is 4 bytes for 2 chars; a lone surrogate encodes as '?' (1 byte)
                    if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(value.charAt(i + 1))) {
                        bytes += 2;
                        i++;
                    }
                } else {
                    bytes += 2;
                }
            }
        }
        int size = (int) Math.min(bytes, 1 << 29);
        return ((size + 1) << 1) | (surrogates ? 1 : 0);
    }
}
