package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/** The result of PutItem. */
public record PutItemResponse(
        Map<String, AttributeValue> attributes,
        ConsumedCapacity consumedCapacity,
        ItemCollectionMetrics itemCollectionMetrics)
        implements TableResponse.ItemWrite {
    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder().copy(this);
    }

    /** Builds a {@link PutItemResponse}; unset fields take DynamoDB's defaults. */
    public static final class Builder extends ItemWriteResponseBuilder<Builder> {
        private Builder() {}

        public PutItemResponse build() {
            return new PutItemResponse(attributes, consumedCapacity, itemCollectionMetrics);
        }
    }
}
