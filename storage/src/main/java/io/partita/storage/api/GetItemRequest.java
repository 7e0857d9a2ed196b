package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/** A GetItem call: reads one item by its full primary key. */
public record GetItemRequest(
        String tableName,
        Map<String, AttributeValue> key,
        boolean consistentRead,
        String projectionExpression,
        Map<String, String> expressionAttributeNames,
        ReturnConsumedCapacity returnConsumedCapacity)
        implements TableRequest.Read {
    public GetItemRequest {
        expressionAttributeNames = expressionAttributeNames == null ? Map.of() : expressionAttributeNames;
        returnConsumedCapacity = returnConsumedCapacity == null ? ReturnConsumedCapacity.NONE : returnConsumedCapacity;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder().copy(this).key(key);
    }

    /** Builds a {@link GetItemRequest}; unset fields take DynamoDB's defaults. */
    public static final class Builder extends ReadRequestBuilder<Builder> {
        private Map<String, AttributeValue> key;

        private Builder() {}

        public Builder key(Map<String, AttributeValue> key) {
            this.key = key;
            return this;
        }

        public GetItemRequest build() {
            return new GetItemRequest(
                    tableName,
                    key,
                    consistentRead,
                    projectionExpression,
                    expressionAttributeNames,
                    returnConsumedCapacity);
        }
    }
}
