package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.List;
import java.util.Map;

/** One page of Scan results. */
public record ScanResponse(
        List<Map<String, AttributeValue>> items,
        int count,
        int scannedCount,
        Map<String, AttributeValue> lastEvaluatedKey,
        ConsumedCapacity consumedCapacity)
        implements TableResponse.Page {
    public ScanResponse {
        items = items == null ? List.of() : items;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder().copy(this);
    }

    /** Builds a {@link ScanResponse}; unset fields take DynamoDB's defaults. */
    public static final class Builder extends PageResponseBuilder<Builder> {
        private Builder() {}

        public ScanResponse build() {
            return new ScanResponse(items, count, scannedCount, lastEvaluatedKey, consumedCapacity);
        }
    }
}
