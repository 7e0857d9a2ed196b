package io.partita.annotations;

/**
 * What each record of a table's change stream carries besides the item's key (DynamoDB's {@code StreamViewType}).
 * A change feed's {@code Change.oldValue()} and {@code newValue()} are empty where the view has no such image.
 */
public enum StreamView {
    /** Only the key of the changed item: a feed's changes have no values. */
    KEYS_ONLY,
    /** The item as it is after the change (none for a deletion). */
    NEW_IMAGE,
    /** The item as it was before the change (none for an insertion). */
    OLD_IMAGE,
    /** Both: the item before and after the change. */
    NEW_AND_OLD_IMAGES
}
