package io.partita.storage.value;

/**
 * An {@link ItemMap}'s attributes by position, for a caller that walks them with an index loop instead of {@link
 * ItemMap#forEachAttribute} and so needs no consumer object (the write path sums and checks every put's attributes
 * this way: a consumer that a call does not inline is allocated per put).
 */
public final class ItemAttributes {
    private ItemAttributes() {}

    /** The name of attribute {@code i} (0 to {@code item.size() - 1}), in the item's order. */
    public static String name(ItemMap item, int i) {
        return item.nameArray()[i];
    }

    /** The value of attribute {@code i} (0 to {@code item.size() - 1}), in the item's order. */
    public static AttributeValue value(ItemMap item, int i) {
        return item.valueArray()[i];
    }
}
