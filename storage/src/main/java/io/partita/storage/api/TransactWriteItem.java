package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/** One action of a TransactWriteItems call. Two actions of one transaction may not touch the same item. */
public sealed interface TransactWriteItem {
    String tableName();

    String conditionExpression();

    Map<String, String> expressionAttributeNames();

    Map<String, AttributeValue> expressionAttributeValues();

    boolean returnOldItemOnConditionFailure();

    record Put(
            String tableName,
            Map<String, AttributeValue> item,
            String conditionExpression,
            Map<String, String> expressionAttributeNames,
            Map<String, AttributeValue> expressionAttributeValues,
            boolean returnOldItemOnConditionFailure)
            implements TransactWriteItem {
        public Put {
            expressionAttributeNames = expressionAttributeNames == null ? Map.of() : expressionAttributeNames;
            expressionAttributeValues = expressionAttributeValues == null ? Map.of() : expressionAttributeValues;
        }
    }

    record Update(
            String tableName,
            Map<String, AttributeValue> key,
            String updateExpression,
            String conditionExpression,
            Map<String, String> expressionAttributeNames,
            Map<String, AttributeValue> expressionAttributeValues,
            boolean returnOldItemOnConditionFailure)
            implements TransactWriteItem {
        public Update {
            expressionAttributeNames = expressionAttributeNames == null ? Map.of() : expressionAttributeNames;
            expressionAttributeValues = expressionAttributeValues == null ? Map.of() : expressionAttributeValues;
        }
    }

    record Delete(
            String tableName,
            Map<String, AttributeValue> key,
            String conditionExpression,
            Map<String, String> expressionAttributeNames,
            Map<String, AttributeValue> expressionAttributeValues,
            boolean returnOldItemOnConditionFailure)
            implements TransactWriteItem {
        public Delete {
            expressionAttributeNames = expressionAttributeNames == null ? Map.of() : expressionAttributeNames;
            expressionAttributeValues = expressionAttributeValues == null ? Map.of() : expressionAttributeValues;
        }
    }

    /** Checks a condition on an item without writing it. */
    record ConditionCheck(
            String tableName,
            Map<String, AttributeValue> key,
            String conditionExpression,
            Map<String, String> expressionAttributeNames,
            Map<String, AttributeValue> expressionAttributeValues,
            boolean returnOldItemOnConditionFailure)
            implements TransactWriteItem {
        public ConditionCheck {
            expressionAttributeNames = expressionAttributeNames == null ? Map.of() : expressionAttributeNames;
            expressionAttributeValues = expressionAttributeValues == null ? Map.of() : expressionAttributeValues;
        }
    }

    static Put put(String tableName, Map<String, AttributeValue> item) {
        return new Put(tableName, item, null, null, null, false);
    }

    static Delete delete(String tableName, Map<String, AttributeValue> key) {
        return new Delete(tableName, key, null, null, null, false);
    }

    static Update update(
            String tableName,
            Map<String, AttributeValue> key,
            String updateExpression,
            Map<String, String> names,
            Map<String, AttributeValue> values) {
        return new Update(tableName, key, updateExpression, null, names, values, false);
    }

    static ConditionCheck conditionCheck(
            String tableName,
            Map<String, AttributeValue> key,
            String conditionExpression,
            Map<String, String> names,
            Map<String, AttributeValue> values) {
        return new ConditionCheck(tableName, key, conditionExpression, names, values, false);
    }
}
