package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.List;
import java.util.Map;

/** The result of TransactGetItems: one entry per request, in order; an entry is null when the item does not exist. */
public record TransactGetItemsResponse(
        List<Map<String, AttributeValue>> responses, List<ConsumedCapacity> consumedCapacity) {
    public TransactGetItemsResponse {
        responses = responses == null ? List.of() : responses;
        consumedCapacity = consumedCapacity == null ? List.of() : consumedCapacity;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.responses = responses;
        b.consumedCapacity = consumedCapacity;
        return b;
    }

    /** Builds a {@link TransactGetItemsResponse}; unset fields take DynamoDB's defaults. */
    public static final class Builder {
        private List<Map<String, AttributeValue>> responses = List.of();
        private List<ConsumedCapacity> consumedCapacity = List.of();

        private Builder() {}

        public Builder responses(List<Map<String, AttributeValue>> responses) {
            this.responses = responses;
            return this;
        }

        public Builder consumedCapacity(List<ConsumedCapacity> consumedCapacity) {
            this.consumedCapacity = consumedCapacity;
            return this;
        }

        public TransactGetItemsResponse build() {
            return new TransactGetItemsResponse(responses, consumedCapacity);
        }
    }
}
