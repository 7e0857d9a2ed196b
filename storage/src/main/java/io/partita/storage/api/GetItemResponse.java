package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/** The result of GetItem; {@code item} is null when no item has the key. */
public record GetItemResponse(Map<String, AttributeValue> item, ConsumedCapacity consumedCapacity)
        implements TableResponse {
    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.item = item;
        b.consumedCapacity = consumedCapacity;
        return b;
    }

    /** Builds a {@link GetItemResponse}; unset fields take DynamoDB's defaults. */
    public static final class Builder extends TableResponseBuilder<Builder> {
        private Map<String, AttributeValue> item;

        private Builder() {}

        public Builder item(Map<String, AttributeValue> item) {
            this.item = item;
            return this;
        }

        public GetItemResponse build() {
            return new GetItemResponse(item, consumedCapacity);
        }
    }
}
