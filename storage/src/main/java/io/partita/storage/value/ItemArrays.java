package io.partita.storage.value;

import io.partita.storage.Message;

/** The checks an {@link ItemMap.Builder} makes of what it is given, kept out of the builder's own code. */
final class ItemArrays {
    private ItemArrays() {}

    /** Rejects a null attribute name or value, naming the attribute when it is the value that is null. */
    static void checkAttribute(String name, AttributeValue value) {
        if (name == null || value == null) {
            throw name == null
                    ? Message.ItemAttributeNameNull.exception()
                    : Message.ItemAttributeValueNull.exception(name);
        }
    }

    /** True when {@code names[0, size)} are exactly {@code shared}, in order (with their hash codes). */
    static boolean sameNames(String[] shared, int[] sharedHashes, String[] names, int[] hashes, int size) {
        if (shared.length != size) {
            return false;
        }
        for (int i = 0; i < size; i++) {
            if (sharedHashes[i] != hashes[i] || (shared[i] != names[i] && !shared[i].equals(names[i]))) {
                return false;
            }
        }
        return true;
    }
}
