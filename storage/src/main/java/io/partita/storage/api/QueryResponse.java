package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.List;
import java.util.Map;

/** One page of Query results. {@code lastEvaluatedKey} is non-null when more results may follow. */
public record QueryResponse(
        List<Map<String, AttributeValue>> items,
        int count,
        int scannedCount,
        Map<String, AttributeValue> lastEvaluatedKey,
        ConsumedCapacity consumedCapacity)
        implements TableResponse.Page {
    public QueryResponse {
        items = items == null ? List.of() : items;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder().copy(this);
    }

    /** Builds a {@link QueryResponse}; unset fields take DynamoDB's defaults. */
    public static final class Builder extends PageResponseBuilder<Builder> {
        private Builder() {}

        public QueryResponse build() {
            return new QueryResponse(items, count, scannedCount, lastEvaluatedKey, consumedCapacity);
        }
    }
}
