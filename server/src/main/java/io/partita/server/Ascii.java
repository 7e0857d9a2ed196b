package io.partita.server;

/** Byte-level ASCII comparisons for the HTTP head, so that header names need no String to be recognised. */
final class Ascii {
    private Ascii() {}

    /** Whether {@code bytes[start, end)} spells {@code name}, ASCII letters in any case. */
    static boolean equalsIgnoreCase(byte[] bytes, int start, int end, String name) {
        if (end - start != name.length()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (lower(bytes[start + i]) != lower(name.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code bytes[start, end)} spells {@code text} exactly. */
    static boolean equals(byte[] bytes, int start, int end, String text) {
        if (end - start != text.length()) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            if (bytes[start + i] != text.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    static int lower(int c) {
        return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
    }

    /** Whether the comma-separated list {@code bytes[start, end)} holds {@code token} (any case, spaces trimmed). */
    static boolean containsToken(byte[] bytes, int start, int end, String token) {
        int from = start;
        while (from <= end) {
            int comma = from;
            while (comma < end && bytes[comma] != ',') {
                comma++;
            }
            int s = from;
            int e = comma;
            while (s < e && isSpace(bytes[s])) {
                s++;
            }
            while (e > s && isSpace(bytes[e - 1])) {
                e--;
            }
            if (equalsIgnoreCase(bytes, s, e, token)) {
                return true;
            }
            from = comma + 1;
        }
        return false;
    }

    static boolean isSpace(int b) {
        return b == ' ' || b == '\t';
    }

    /** RFC 9110's {@code tchar}: what an HTTP method and a header name are made of. */
    static boolean isTokenChar(int b) {
        if ((b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') || (b >= '0' && b <= '9')) {
            return true;
        }
        return b > 0 && b < 0x80 && "!#$%&'*+-.^_`|~".indexOf(b) >= 0;
    }
}
