package io.partita.storage.api;

import java.util.Map;

/** A BatchGetItem call: up to 100 keys across tables. */
public record BatchGetItemRequest(
        Map<String, KeysAndAttributes> requestItems, ReturnConsumedCapacity returnConsumedCapacity) {
    public BatchGetItemRequest {
        returnConsumedCapacity = returnConsumedCapacity == null ? ReturnConsumedCapacity.NONE : returnConsumedCapacity;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.requestItems = requestItems;
        b.returnConsumedCapacity = returnConsumedCapacity;
        return b;
    }

    /** Builds a {@link BatchGetItemRequest}; unset fields take DynamoDB's defaults. */
    public static final class Builder extends RequestBuilder<Builder> {
        private Map<String, KeysAndAttributes> requestItems;

        private Builder() {}

        public Builder requestItems(Map<String, KeysAndAttributes> requestItems) {
            this.requestItems = requestItems;
            return this;
        }

        public BatchGetItemRequest build() {
            return new BatchGetItemRequest(requestItems, returnConsumedCapacity);
        }
    }
}
