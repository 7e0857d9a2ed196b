package io.partita.storage.engine;

import io.partita.storage.value.AttributeValue;

/** Storage keys of a string partition key and a numeric sort key, for the index-structure tests. */
final class TestKeys {
    private TestKeys() {}

    /** The key of sort value {@code sort} in {@code partition}. */
    static OrderKey key(String partition, int sort) {
        return prefix(partition).add(AttributeValue.n(sort)).build();
    }

    /** The low bound of the whole {@code partition} (before its first key). */
    static OrderKey partitionStart(String partition) {
        return prefix(partition).build();
    }

    /** The high bound of the whole {@code partition} (after its last key). */
    static OrderKey partitionEnd(String partition) {
        return prefix(partition).after().build();
    }

    private static KeyCodec.Builder prefix(String partition) {
        AttributeValue pk = AttributeValue.s(partition);
        return KeyCodec.builder(OrderKey.partitionHash(pk)).add(pk).endPartition();
    }
}
