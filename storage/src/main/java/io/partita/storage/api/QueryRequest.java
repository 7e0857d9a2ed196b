package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/** A Query on the table or on one of its indexes: one partition, optionally narrowed by a sort-key condition. */
public record QueryRequest(
        String tableName,
        String indexName,
        String keyConditionExpression,
        String filterExpression,
        String projectionExpression,
        Map<String, String> expressionAttributeNames,
        Map<String, AttributeValue> expressionAttributeValues,
        Select select,
        Integer limit,
        boolean scanIndexForward,
        Map<String, AttributeValue> exclusiveStartKey,
        boolean consistentRead,
        ReturnConsumedCapacity returnConsumedCapacity)
        implements TableRequest.Page {
    public QueryRequest {
        expressionAttributeNames = expressionAttributeNames == null ? Map.of() : expressionAttributeNames;
        expressionAttributeValues = expressionAttributeValues == null ? Map.of() : expressionAttributeValues;
        returnConsumedCapacity = returnConsumedCapacity == null ? ReturnConsumedCapacity.NONE : returnConsumedCapacity;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder()
                .copy(this)
                .keyConditionExpression(keyConditionExpression)
                .scanIndexForward(scanIndexForward);
    }

    /** Builds a {@link QueryRequest}; unset fields take DynamoDB's defaults. */
    public static final class Builder extends PageRequestBuilder<Builder> {
        private String keyConditionExpression;
        private boolean scanIndexForward = true;

        private Builder() {}

        public Builder keyConditionExpression(String keyConditionExpression) {
            this.keyConditionExpression = keyConditionExpression;
            return this;
        }

        public Builder scanIndexForward(boolean scanIndexForward) {
            this.scanIndexForward = scanIndexForward;
            return this;
        }

        public QueryRequest build() {
            return new QueryRequest(
                    tableName,
                    indexName,
                    keyConditionExpression,
                    filterExpression,
                    projectionExpression,
                    expressionAttributeNames,
                    expressionAttributeValues,
                    select,
                    limit,
                    scanIndexForward,
                    exclusiveStartKey,
                    consistentRead,
                    returnConsumedCapacity);
        }
    }
}
