package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/** A Query on the table or on one of its indexes: one partition, optionally narrowed by a sort-key condition. */
public record QueryRequest(String tableName, String indexName, String keyConditionExpression, String filterExpression, String projectionExpression, Map<String, String> expressionAttributeNames, Map<String, AttributeValue> expressionAttributeValues, Select select, Integer limit, boolean scanIndexForward, Map<String, AttributeValue> exclusiveStartKey, boolean consistentRead, ReturnConsumedCapacity returnConsumedCapacity) {
    public QueryRequest {
        expressionAttributeNames = expressionAttributeNames == null ? Map.of() : expressionAttributeNames;
        expressionAttributeValues = expressionAttributeValues == null ? Map.of() : expressionAttributeValues;
        returnConsumedCapacity = returnConsumedCapacity == null ? ReturnConsumedCapacity.NONE : returnConsumedCapacity;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.tableName = tableName;
        b.indexName = indexName;
        b.keyConditionExpression = keyConditionExpression;
        b.filterExpression = filterExpression;
        b.projectionExpression = projectionExpression;
        b.expressionAttributeNames = expressionAttributeNames;
        b.expressionAttributeValues = expressionAttributeValues;
        b.select = select;
        b.limit = limit;
        b.scanIndexForward = scanIndexForward;
        b.exclusiveStartKey = exclusiveStartKey;
        b.consistentRead = consistentRead;
        b.returnConsumedCapacity = returnConsumedCapacity;
        return b;
    }

    /** Builds a {@link QueryRequest}; unset fields take DynamoDB's defaults. */
    public static final class Builder {
        private String tableName;
        private String indexName;
        private String keyConditionExpression;
        private String filterExpression;
        private String projectionExpression;
        private Map<String, String> expressionAttributeNames = Map.of();
        private Map<String, AttributeValue> expressionAttributeValues = Map.of();
        private Select select;
        private Integer limit;
        private boolean scanIndexForward = true;
        private Map<String, AttributeValue> exclusiveStartKey;
        private boolean consistentRead = false;
        private ReturnConsumedCapacity returnConsumedCapacity = ReturnConsumedCapacity.NONE;

        private Builder() {}

        public Builder tableName(String tableName) {
            this.tableName = tableName;
            return this;
        }

        public Builder indexName(String indexName) {
            this.indexName = indexName;
            return this;
        }

        public Builder keyConditionExpression(String keyConditionExpression) {
            this.keyConditionExpression = keyConditionExpression;
            return this;
        }

        public Builder filterExpression(String filterExpression) {
            this.filterExpression = filterExpression;
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

        public Builder expressionAttributeValues(Map<String, AttributeValue> expressionAttributeValues) {
            this.expressionAttributeValues = expressionAttributeValues;
            return this;
        }

        public Builder select(Select select) {
            this.select = select;
            return this;
        }

        public Builder limit(Integer limit) {
            this.limit = limit;
            return this;
        }

        public Builder scanIndexForward(boolean scanIndexForward) {
            this.scanIndexForward = scanIndexForward;
            return this;
        }

        public Builder exclusiveStartKey(Map<String, AttributeValue> exclusiveStartKey) {
            this.exclusiveStartKey = exclusiveStartKey;
            return this;
        }

        public Builder consistentRead(boolean consistentRead) {
            this.consistentRead = consistentRead;
            return this;
        }

        public Builder returnConsumedCapacity(ReturnConsumedCapacity returnConsumedCapacity) {
            this.returnConsumedCapacity = returnConsumedCapacity;
            return this;
        }

        public QueryRequest build() {
            return new QueryRequest(tableName, indexName, keyConditionExpression, filterExpression, projectionExpression, expressionAttributeNames, expressionAttributeValues, select, limit, scanIndexForward, exclusiveStartKey, consistentRead, returnConsumedCapacity);
        }
    }
}
