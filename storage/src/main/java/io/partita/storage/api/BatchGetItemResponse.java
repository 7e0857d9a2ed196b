package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.List;
import java.util.Map;

/** The result of BatchGetItem: items per table, and keys not processed (throttled). */
public record BatchGetItemResponse(
        Map<String, List<Map<String, AttributeValue>>> responses,
        Map<String, KeysAndAttributes> unprocessedKeys,
        List<ConsumedCapacity> consumedCapacity) {
    public BatchGetItemResponse {
        responses = responses == null ? Map.of() : responses;
        unprocessedKeys = unprocessedKeys == null ? Map.of() : unprocessedKeys;
        consumedCapacity = consumedCapacity == null ? List.of() : consumedCapacity;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.responses = responses;
        b.unprocessedKeys = unprocessedKeys;
        b.consumedCapacity = consumedCapacity;
        return b;
    }

    /** Builds a {@link BatchGetItemResponse}; unset fields take DynamoDB's defaults. */
    public static final class Builder {
        private Map<String, List<Map<String, AttributeValue>>> responses = Map.of();
        private Map<String, KeysAndAttributes> unprocessedKeys = Map.of();
        private List<ConsumedCapacity> consumedCapacity = List.of();

        private Builder() {}

        public Builder responses(Map<String, List<Map<String, AttributeValue>>> responses) {
            this.responses = responses;
            return this;
        }

        public Builder unprocessedKeys(Map<String, KeysAndAttributes> unprocessedKeys) {
            this.unprocessedKeys = unprocessedKeys;
            return this;
        }

        public Builder consumedCapacity(List<ConsumedCapacity> consumedCapacity) {
            this.consumedCapacity = consumedCapacity;
            return this;
        }

        public BatchGetItemResponse build() {
            return new BatchGetItemResponse(responses, unprocessedKeys, consumedCapacity);
        }
    }
}
