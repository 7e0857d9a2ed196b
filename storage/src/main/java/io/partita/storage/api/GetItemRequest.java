package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/** A GetItem call: reads one item by its full primary key. */
public record GetItemRequest(String tableName, Map<String, AttributeValue> key, boolean consistentRead, String projectionExpression, Map<String, String> expressionAttributeNames, ReturnConsumedCapacity returnConsumedCapacity) {
    public GetItemRequest {
        expressionAttributeNames = expressionAttributeNames == null ? Map.of() : expressionAttributeNames;
        returnConsumedCapacity = returnConsumedCapacity == null ? ReturnConsumedCapacity.NONE : returnConsumedCapacity;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.tableName = tableName;
        b.key = key;
        b.consistentRead = consistentRead;
        b.projectionExpression = projectionExpression;
        b.expressionAttributeNames = expressionAttributeNames;
        b.returnConsumedCapacity = returnConsumedCapacity;
        return b;
    }

    /** Builds a {@link GetItemRequest}; unset fields take DynamoDB's defaults. */
    public static final class Builder {
        private String tableName;
        private Map<String, AttributeValue> key;
        private boolean consistentRead = false;
        private String projectionExpression;
        private Map<String, String> expressionAttributeNames = Map.of();
        private ReturnConsumedCapacity returnConsumedCapacity = ReturnConsumedCapacity.NONE;

        private Builder() {}

        public Builder tableName(String tableName) {
            this.tableName = tableName;
            return this;
        }

        public Builder key(Map<String, AttributeValue> key) {
            this.key = key;
            return this;
        }

        public Builder consistentRead(boolean consistentRead) {
            this.consistentRead = consistentRead;
            return this;
        }

        public Builder projectionExpression(String projectionExpression) {
            this.projectionExpression = projectionExpression;
            return this;
        }

        public Builder expressionAttributeNames(Map<String, String> expressionAttributeNames) {
            this.expressionAttributeNames = expressionAttributeNames;
            return this;
        }

        public Builder returnConsumedCapacity(ReturnConsumedCapacity returnConsumedCapacity) {
            this.returnConsumedCapacity = returnConsumedCapacity;
            return this;
        }

        public GetItemRequest build() {
            return new GetItemRequest(tableName, key, consistentRead, projectionExpression, expressionAttributeNames, returnConsumedCapacity);
        }
    }
}
