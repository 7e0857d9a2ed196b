package io.partita.storage.api;

import java.util.List;
import java.util.Map;

/** A BatchWriteItem call: up to 25 puts and deletes across tables, each atomic on its own. */
public record BatchWriteItemRequest(
        Map<String, List<WriteRequest>> requestItems,
        ReturnConsumedCapacity returnConsumedCapacity,
        boolean returnItemCollectionMetrics) {
    public BatchWriteItemRequest {
        returnConsumedCapacity = returnConsumedCapacity == null ? ReturnConsumedCapacity.NONE : returnConsumedCapacity;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.requestItems = requestItems;
        b.returnConsumedCapacity = returnConsumedCapacity;
        b.returnItemCollectionMetrics = returnItemCollectionMetrics;
        return b;
    }

    /** Builds a {@link BatchWriteItemRequest}; unset fields take DynamoDB's defaults. */
    public static final class Builder extends RequestBuilder<Builder> {
        private Map<String, List<WriteRequest>> requestItems;
        private boolean returnItemCollectionMetrics = false;

        private Builder() {}

        public Builder requestItems(Map<String, List<WriteRequest>> requestItems) {
            this.requestItems = requestItems;
            return this;
        }

        public Builder returnItemCollectionMetrics(boolean returnItemCollectionMetrics) {
            this.returnItemCollectionMetrics = returnItemCollectionMetrics;
            return this;
        }

        public BatchWriteItemRequest build() {
            return new BatchWriteItemRequest(requestItems, returnConsumedCapacity, returnItemCollectionMetrics);
        }
    }
}
