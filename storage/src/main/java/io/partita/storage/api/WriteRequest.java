package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/** One write of a BatchWriteItem: a put of a whole item, or a delete by key. */
public sealed interface WriteRequest {
    record Put(Map<String, AttributeValue> item) implements WriteRequest {}

    record Delete(Map<String, AttributeValue> key) implements WriteRequest {}

    static WriteRequest put(Map<String, AttributeValue> item) {
        return new Put(item);
    }

    static WriteRequest delete(Map<String, AttributeValue> key) {
        return new Delete(key);
    }
}
