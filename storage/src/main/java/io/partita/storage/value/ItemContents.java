package io.partita.storage.value;

/**
 * Whether two items read and print alike, cheaply: the write path uses it to leave a stored item (and its index
 * entries) in place when a put or update would replace it with an equal one.
 */
public final class ItemContents {
    private ItemContents() {}

    /**
     * True when {@code b} holds the same attribute names as {@code a} in the same order and, for each, the same value
     * object or an equal scalar (string, number, binary, boolean, null): the two items read and print alike, so a
     * write that replaces one with the other changes nothing. Lists, maps and sets count only when they are the same
     * object (their equality ignores the order they print in). False may still be an equal item.
     */
    public static boolean same(ItemMap a, ItemMap b) {
        if (a == b) {
            return true;
        }
        String[] n = a.nameArray();
        String[] on = b.nameArray();
        if (n.length != on.length) {
            return false;
        }
        AttributeValue[] v = a.valueArray();
        AttributeValue[] ov = b.valueArray();
        for (int i = 0; i < n.length; i++) {
            if (n != on && !n[i].equals(on[i])) {
                return false;
            }
            AttributeValue x = v[i];
            if (x != ov[i] && !(isScalar(x) && x.equals(ov[i]))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isScalar(AttributeValue v) {
        return v instanceof AttributeValue.S
                || v instanceof AttributeValue.N
                || v instanceof AttributeValue.B
                || v instanceof AttributeValue.Bool
                || v instanceof AttributeValue.Null;
    }
}
