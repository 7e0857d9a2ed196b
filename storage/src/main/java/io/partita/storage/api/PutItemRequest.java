package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/** A PutItem call: writes a whole item, replacing any item with the same key. */
public record PutItemRequest(String tableName, Map<String, AttributeValue> item, String conditionExpression, Map<String, String> expressionAttributeNames, Map<String, AttributeValue> expressionAttributeValues, ReturnValues returnValues, ReturnConsumedCapacity returnConsumedCapacity, boolean returnItemCollectionMetrics, boolean returnOldItemOnConditionFailure) {
    public PutItemRequest {
        expressionAttributeNames = expressionAttributeNames == null ? Map.of() : expressionAttributeNames;
        expressionAttributeValues = expressionAttributeValues == null ? Map.of() : expressionAttributeValues;
        returnValues = returnValues == null ? ReturnValues.NONE : returnValues;
        returnConsumedCapacity = returnConsumedCapacity == null ? ReturnConsumedCapacity.NONE : returnConsumedCapacity;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.tableName = tableName;
        b.item = item;
        b.conditionExpression = conditionExpression;
        b.expressionAttributeNames = expressionAttributeNames;
        b.expressionAttributeValues = expressionAttributeValues;
        b.returnValues = returnValues;
        b.returnConsumedCapacity = returnConsumedCapacity;
        b.returnItemCollectionMetrics = returnItemCollectionMetrics;
        b.returnOldItemOnConditionFailure = returnOldItemOnConditionFailure;
        return b;
    }

    /** Builds a {@link PutItemRequest}; unset fields take DynamoDB's defaults. */
    public static final class Builder {
        private String tableName;
        private Map<String, AttributeValue> item;
        private String conditionExpression;
        private Map<String, String> expressionAttributeNames = Map.of();
        private Map<String, AttributeValue> expressionAttributeValues = Map.of();
        private ReturnValues returnValues = ReturnValues.NONE;
        private ReturnConsumedCapacity returnConsumedCapacity = ReturnConsumedCapacity.NONE;
        private boolean returnItemCollectionMetrics = false;
        private boolean returnOldItemOnConditionFailure = false;

        private Builder() {}

        public Builder tableName(String tableName) {
            this.tableName = tableName;
            return this;
        }

        public Builder item(Map<String, AttributeValue> item) {
            this.item = item;
            return this;
        }

        public Builder conditionExpression(String conditionExpression) {
            this.conditionExpression = conditionExpression;
            return this;
        }

        public Builder expressionAttributeNames(Map<String, String> expressionAttributeNames) {
            this.expressionAttributeNames = expressionAttributeNames;
            return this;
        }

        public Builder expressionAttributeValues(Map<String, AttributeValue> expressionAttributeValues) {
            this.expressionAttributeValues = expressionAttributeValues;
            return this;
        }

        public Builder returnValues(ReturnValues returnValues) {
            this.returnValues = returnValues;
            return this;
        }

        public Builder returnConsumedCapacity(ReturnConsumedCapacity returnConsumedCapacity) {
            this.returnConsumedCapacity = returnConsumedCapacity;
            return this;
        }

        public Builder returnItemCollectionMetrics(boolean returnItemCollectionMetrics) {
            this.returnItemCollectionMetrics = returnItemCollectionMetrics;
            return this;
        }

        public Builder returnOldItemOnConditionFailure(boolean returnOldItemOnConditionFailure) {
            this.returnOldItemOnConditionFailure = returnOldItemOnConditionFailure;
            return this;
        }

        public PutItemRequest build() {
            return new PutItemRequest(tableName, item, conditionExpression, expressionAttributeNames, expressionAttributeValues, returnValues, returnConsumedCapacity, returnItemCollectionMetrics, returnOldItemOnConditionFailure);
        }
    }
}
