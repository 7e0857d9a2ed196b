package io.partita.partiql;

import io.partita.storage.api.ConsumedCapacity;
import io.partita.storage.value.AttributeValue;
import java.util.Map;

/**
 * One statement's answer in {@code BatchExecuteStatement}: its table and the item a SELECT read, or its error
 * ({@code errorCode} one of DynamoDB's BatchStatementError codes, with the old item when asked for), and the
 * capacity it consumed when the request asked for it ({@code null} otherwise, and for a failed statement).
 */
public record BatchOutcome(
        String tableName,
        Map<String, AttributeValue> item,
        String errorCode,
        String errorMessage,
        Map<String, AttributeValue> errorItem,
        ConsumedCapacity consumedCapacity) {
    static BatchOutcome ok(String tableName, Map<String, AttributeValue> item, ConsumedCapacity consumedCapacity) {
        return new BatchOutcome(tableName, item, null, null, null, consumedCapacity);
    }

    static BatchOutcome error(String tableName, String code, String message, Map<String, AttributeValue> item) {
        return new BatchOutcome(tableName, null, code, message, item, null);
    }
}
