package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/** The result of UpdateItem. */
public record UpdateItemResponse(
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

    /** Builds a {@link UpdateItemResponse}; unset fields take DynamoDB's defaults. */
    public static final class Builder extends ItemWriteResponseBuilder<Builder> {
        private Builder() {}

        public UpdateItemResponse build() {
            return new UpdateItemResponse(attributes, consumedCapacity, itemCollectionMetrics);
        }
    }
}
