package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/** A Scan over the table or an index, optionally one segment of a parallel scan. */
public record ScanRequest(
        String tableName,
        String indexName,
        String filterExpression,
        String projectionExpression,
        Map<String, String> expressionAttributeNames,
        Map<String, AttributeValue> expressionAttributeValues,
        Select select,
        Integer limit,
        Map<String, AttributeValue> exclusiveStartKey,
        boolean consistentRead,
        Integer segment,
        Integer totalSegments,
        ReturnConsumedCapacity returnConsumedCapacity)
        implements TableRequest.Page {
    public ScanRequest {
        expressionAttributeNames = expressionAttributeNames == null ? Map.of() : expressionAttributeNames;
        expressionAttributeValues = expressionAttributeValues == null ? Map.of() : expressionAttributeValues;
        returnConsumedCapacity = returnConsumedCapacity == null ? ReturnConsumedCapacity.NONE : returnConsumedCapacity;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder().copy(this).segment(segment).totalSegments(totalSegments);
    }

    /** Builds a {@link ScanRequest}; unset fields take DynamoDB's defaults. */
    public static final class Builder extends PageRequestBuilder<Builder> {
        private Integer segment;
        private Integer totalSegments;

        private Builder() {}

        public Builder segment(Integer segment) {
            this.segment = segment;
            return this;
        }

        public Builder totalSegments(Integer totalSegments) {
            this.totalSegments = totalSegments;
            return this;
        }

        public ScanRequest build() {
            return new ScanRequest(
                    tableName,
                    indexName,
                    filterExpression,
                    projectionExpression,
                    expressionAttributeNames,
                    expressionAttributeValues,
                    select,
                    limit,
                    exclusiveStartKey,
                    consistentRead,
                    segment,
                    totalSegments,
                    returnConsumedCapacity);
        }
    }
}
