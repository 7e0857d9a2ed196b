package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/** A PutItem call: writes a whole item, replacing any item with the same key. */
public record PutItemRequest(
        String tableName,
        Map<String, AttributeValue> item,
        String conditionExpression,
        Map<String, String> expressionAttributeNames,
        Map<String, AttributeValue> expressionAttributeValues,
        ReturnValues returnValues,
        ReturnConsumedCapacity returnConsumedCapacity,
        boolean returnItemCollectionMetrics,
        boolean returnOldItemOnConditionFailure)
        implements TableRequest.ItemWrite {
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
        return new Builder().copy(this).item(item);
    }

    /** Builds a {@link PutItemRequest}; unset fields take DynamoDB's defaults. */
    public static final class Builder extends ItemWriteRequestBuilder<Builder> {
        private Map<String, AttributeValue> item;

        private Builder() {}

        public Builder item(Map<String, AttributeValue> item) {
            this.item = item;
            return this;
        }

        public PutItemRequest build() {
            return new PutItemRequest(
                    tableName,
                    item,
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
