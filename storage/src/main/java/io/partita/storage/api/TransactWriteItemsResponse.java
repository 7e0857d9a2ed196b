package io.partita.storage.api;

import java.util.List;
import java.util.Map;

/** The result of TransactWriteItems. */
public record TransactWriteItemsResponse(
        List<ConsumedCapacity> consumedCapacity, Map<String, List<ItemCollectionMetrics>> itemCollectionMetrics) {
    public TransactWriteItemsResponse {
        consumedCapacity = consumedCapacity == null ? List.of() : consumedCapacity;
        itemCollectionMetrics = itemCollectionMetrics == null ? Map.of() : itemCollectionMetrics;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.consumedCapacity = consumedCapacity;
        b.itemCollectionMetrics = itemCollectionMetrics;
        return b;
    }

    /** Builds a {@link TransactWriteItemsResponse}; unset fields take DynamoDB's defaults. */
    public static final class Builder {
        private List<ConsumedCapacity> consumedCapacity = List.of();
        private Map<String, List<ItemCollectionMetrics>> itemCollectionMetrics = Map.of();

        private Builder() {}

        public Builder consumedCapacity(List<ConsumedCapacity> consumedCapacity) {
            this.consumedCapacity = consumedCapacity;
            return this;
        }

        public Builder itemCollectionMetrics(Map<String, List<ItemCollectionMetrics>> itemCollectionMetrics) {
            this.itemCollectionMetrics = itemCollectionMetrics;
            return this;
        }

        public TransactWriteItemsResponse build() {
            return new TransactWriteItemsResponse(consumedCapacity, itemCollectionMetrics);
        }
    }
}
