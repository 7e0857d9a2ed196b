package io.partita.storage.api;

import java.util.List;
import java.util.Map;

/** The result of BatchWriteItem: writes not processed (throttled) are returned for a retry. */
public record BatchWriteItemResponse(
        Map<String, List<WriteRequest>> unprocessedItems,
        List<ConsumedCapacity> consumedCapacity,
        Map<String, List<ItemCollectionMetrics>> itemCollectionMetrics) {
    public BatchWriteItemResponse {
        unprocessedItems = unprocessedItems == null ? Map.of() : unprocessedItems;
        consumedCapacity = consumedCapacity == null ? List.of() : consumedCapacity;
        itemCollectionMetrics = itemCollectionMetrics == null ? Map.of() : itemCollectionMetrics;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.unprocessedItems = unprocessedItems;
        b.consumedCapacity = consumedCapacity;
        b.itemCollectionMetrics = itemCollectionMetrics;
        return b;
    }

    /** Builds a {@link BatchWriteItemResponse}; unset fields take DynamoDB's defaults. */
    public static final class Builder {
        private Map<String, List<WriteRequest>> unprocessedItems = Map.of();
        private List<ConsumedCapacity> consumedCapacity = List.of();
        private Map<String, List<ItemCollectionMetrics>> itemCollectionMetrics = Map.of();

        private Builder() {}

        public Builder unprocessedItems(Map<String, List<WriteRequest>> unprocessedItems) {
            this.unprocessedItems = unprocessedItems;
            return this;
        }

        public Builder consumedCapacity(List<ConsumedCapacity> consumedCapacity) {
            this.consumedCapacity = consumedCapacity;
            return this;
        }

        public Builder itemCollectionMetrics(Map<String, List<ItemCollectionMetrics>> itemCollectionMetrics) {
            this.itemCollectionMetrics = itemCollectionMetrics;
            return this;
        }

        public BatchWriteItemResponse build() {
            return new BatchWriteItemResponse(unprocessedItems, consumedCapacity, itemCollectionMetrics);
        }
    }
}
