package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/** A DeleteItem call. */
public record DeleteItemRequest(
        String tableName,
        Map<String, AttributeValue> key,
        String conditionExpression,
        Map<String, String> expressionAttributeNames,
        Map<String, AttributeValue> expressionAttributeValues,
        ReturnValues returnValues,
        ReturnConsumedCapacity returnConsumedCapacity,
        boolean returnItemCollectionMetrics,
        boolean returnOldItemOnConditionFailure)
        implements TableRequest.ItemWrite {
    public DeleteItemRequest {
        expressionAttributeNames = expressionAttributeNames == null ? Map.of() : expressionAttributeNames;
        expressionAttributeValues = expressionAttributeValues == null ? Map.of() : expressionAttributeValues;
        returnValues = returnValues == null ? ReturnValues.NONE : returnValues;
        returnConsumedCapacity = returnConsumedCapacity == null ? ReturnConsumedCapacity.NONE : returnConsumedCapacity;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder().copy(this).key(key);
    }

    /** Builds a {@link DeleteItemRequest}; unset fields take DynamoDB's defaults. */
    public static final class Builder extends ItemWriteRequestBuilder<Builder> {
        private Map<String, AttributeValue> key;

        private Builder() {}

        public Builder key(Map<String, AttributeValue> key) {
            this.key = key;
            return this;
        }

        public DeleteItemRequest build() {
            return new DeleteItemRequest(
                    tableName,
                    key,
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
