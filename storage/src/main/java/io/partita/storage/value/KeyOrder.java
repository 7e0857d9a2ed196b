package io.partita.storage.value;

import java.util.Comparator;

/**
 * DynamoDB's order for key values: S by UTF-8 bytes, N numerically, B by unsigned bytes. Comparing strings
 * by code point is the same order as comparing their UTF-8 encodings, without encoding them.
 */
public final class KeyOrder {
    private KeyOrder() {}

    public static final Comparator<AttributeValue> SCALAR = KeyOrder::compare;

    /** Compares two key values of one scalar type (S, N or B). */
    public static int compare(AttributeValue a, AttributeValue b) {
        if (a instanceof AttributeValue.S sa && b instanceof AttributeValue.S sb) {
            if (!sa.hasSurrogates() && !sb.hasSurrogates()) {
                return sa.value().compareTo(sb.value());
            }
            return compareUtf8(sa.value(), sb.value());
        }
        if (a instanceof AttributeValue.N na && b instanceof AttributeValue.N nb) {
            return na.compareTo(nb);
        }
        if (a instanceof AttributeValue.B ba && b instanceof AttributeValue.B bb) {
            return ba.value().compareTo(bb.value());
        }
        // Different types never meet in one key position (the schema fixes the type); order by type to stay total.
        return a.type().compareTo(b.type());
    }

    /** Compares strings in UTF-8 byte order (that is, by Unicode code point). */
    public static int compareUtf8(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char ca = a.charAt(i);
            char cb = b.charAt(i);
            if (ca != cb) {
                boolean sa = Character.isSurrogate(ca);
                boolean sb = Character.isSurrogate(cb);
                if (sa == sb) {
                    return ca - cb;
                }
                // A surrogate (a code point above U+FFFF) sorts after every BMP character in UTF-8.
                return sa ? 1 : -1;
            }
        }
        return a.length() - b.length();
    }
}
