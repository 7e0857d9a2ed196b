package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/** The result of DeleteItem. */
public record DeleteItemResponse(Map<String, AttributeValue> attributes, ConsumedCapacity consumedCapacity, ItemCollectionMetrics itemCollectionMetrics) {
    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.attributes = attributes;
        b.consumedCapacity = consumedCapacity;
        b.itemCollectionMetrics = itemCollectionMetrics;
        return b;
    }

    /** Builds a {@link DeleteItemResponse}; unset fields take DynamoDB's defaults. */
    public static final class Builder {
        private Map<String, AttributeValue> attributes;
        private ConsumedCapacity consumedCapacity;
        private ItemCollectionMetrics itemCollectionMetrics;

        private Builder() {}

        public Builder attributes(Map<String, AttributeValue> attributes) {
            this.attributes = attributes;
            return this;
        }

        public Builder consumedCapacity(ConsumedCapacity consumedCapacity) {
            this.consumedCapacity = consumedCapacity;
            return this;
        }

        public Builder itemCollectionMetrics(ItemCollectionMetrics itemCollectionMetrics) {
            this.itemCollectionMetrics = itemCollectionMetrics;
            return this;
        }

        public DeleteItemResponse build() {
            return new DeleteItemResponse(attributes, consumedCapacity, itemCollectionMetrics);
        }
    }
}
