package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.List;
import java.util.Map;

/** One page of Query results. {@code lastEvaluatedKey} is non-null when more results may follow. */
public record QueryResponse(List<Map<String, AttributeValue>> items, int count, int scannedCount, Map<String, AttributeValue> lastEvaluatedKey, ConsumedCapacity consumedCapacity) {
    public QueryResponse {
        items = items == null ? List.of() : items;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.items = items;
        b.count = count;
        b.scannedCount = scannedCount;
        b.lastEvaluatedKey = lastEvaluatedKey;
        b.consumedCapacity = consumedCapacity;
        return b;
    }

    /** Builds a {@link QueryResponse}; unset fields take DynamoDB's defaults. */
    public static final class Builder {
        private List<Map<String, AttributeValue>> items = List.of();
        private int count = 0;
        private int scannedCount = 0;
        private Map<String, AttributeValue> lastEvaluatedKey;
        private ConsumedCapacity consumedCapacity;

        private Builder() {}

        public Builder items(List<Map<String, AttributeValue>> items) {
            this.items = items;
            return this;
        }

        public Builder count(int count) {
            this.count = count;
            return this;
        }

        public Builder scannedCount(int scannedCount) {
            this.scannedCount = scannedCount;
            return this;
        }

        public Builder lastEvaluatedKey(Map<String, AttributeValue> lastEvaluatedKey) {
            this.lastEvaluatedKey = lastEvaluatedKey;
            return this;
        }

        public Builder consumedCapacity(ConsumedCapacity consumedCapacity) {
            this.consumedCapacity = consumedCapacity;
            return this;
        }

        public QueryResponse build() {
            return new QueryResponse(items, count, scannedCount, lastEvaluatedKey, consumedCapacity);
        }
    }
}
