package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/** An UpdateItem call: edits attributes of one item in place (creating it if absent) with an update expression. */
public record UpdateItemRequest(
        String tableName,
        Map<String, AttributeValue> key,
        String updateExpression,
        String conditionExpression,
        Map<String, String> expressionAttributeNames,
        Map<String, AttributeValue> expressionAttributeValues,
        ReturnValues returnValues,
        ReturnConsumedCapacity returnConsumedCapacity,
        boolean returnItemCollectionMetrics,
        boolean returnOldItemOnConditionFailure)
        implements TableRequest.ItemWrite {
    public UpdateItemRequest {
        expressionAttributeNames = expressionAttributeNames == null ? Map.of() : expressionAttributeNames;
        expressionAttributeValues = expressionAttributeValues == null ? Map.of() : expressionAttributeValues;
        returnValues = returnValues == null ? ReturnValues.NONE : returnValues;
        returnConsumedCapacity = returnConsumedCapacity == null ? ReturnConsumedCapacity.NONE : returnConsumedCapacity;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder().copy(this).key(key).updateExpression(updateExpression);
    }

    /** Builds a {@link UpdateItemRequest}; unset fields take DynamoDB's defaults. */
    public static final class Builder extends ItemWriteRequestBuilder<Builder> {
        private Map<String, AttributeValue> key;
        private String updateExpression;

        private Builder() {}

        public Builder key(Map<String, AttributeValue> key) {
            this.key = key;
            return this;
        }

        public Builder updateExpression(String updateExpression) {
            this.updateExpression = updateExpression;
            return this;
        }

        public UpdateItemRequest build() {
            return new UpdateItemRequest(
                    tableName,
                    key,
                    updateExpression,
                    conditionExpression,
                    expressionAttributeNames,
                    expressionAttributeValues,
                    returnValues,
                    returnConsumedCapacity,
                    returnItemCollectionMetrics,
                    returnOldItemOnConditionFailure);
        }
    }
}
