package io.partita.storage.schema;

/** What each stream record of a table carries besides the item's key attributes (DynamoDB's StreamViewType). */
public enum StreamViewType {
    /** Only the key attributes of the changed item. */
    KEYS_ONLY,
    /** The item as it is after the change. */
    NEW_IMAGE,
    /** The item as it was before the change. */
    OLD_IMAGE,
    /** Both images. */
    NEW_AND_OLD_IMAGES;

    /** Whether records of this view carry the item after the change. */
    public boolean hasNewImage() {
        return this == NEW_IMAGE || this == NEW_AND_OLD_IMAGES;
    }

    /** Whether records of this view carry the item before the change. */
    public boolean hasOldImage() {
        return this == OLD_IMAGE || this == NEW_AND_OLD_IMAGES;
    }
}
