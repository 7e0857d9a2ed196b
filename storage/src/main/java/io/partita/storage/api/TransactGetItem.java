package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/** One read of a TransactGetItems call. */
public record TransactGetItem(
        String tableName,
        Map<String, AttributeValue> key,
        String projectionExpression,
        Map<String, String> expressionAttributeNames) {
    public TransactGetItem {
        expressionAttributeNames = expressionAttributeNames == null ? Map.of() : expressionAttributeNames;
    }

    public static TransactGetItem of(String tableName, Map<String, AttributeValue> key) {
        return new TransactGetItem(tableName, key, null, null);
    }
}
