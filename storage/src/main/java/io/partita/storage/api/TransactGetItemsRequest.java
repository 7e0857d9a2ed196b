package io.partita.storage.api;

import java.util.List;

/** A TransactGetItems call: up to 100 reads served from one consistent snapshot. */
public record TransactGetItemsRequest(
        List<TransactGetItem> transactItems, ReturnConsumedCapacity returnConsumedCapacity) {
    public TransactGetItemsRequest {
        returnConsumedCapacity = returnConsumedCapacity == null ? ReturnConsumedCapacity.NONE : returnConsumedCapacity;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.transactItems = transactItems;
        b.returnConsumedCapacity = returnConsumedCapacity;
        return b;
    }

    /** Builds a {@link TransactGetItemsRequest}; unset fields take DynamoDB's defaults. */
    public static final class Builder extends RequestBuilder<Builder> {
        private List<TransactGetItem> transactItems;

        private Builder() {}

        public Builder transactItems(List<TransactGetItem> transactItems) {
            this.transactItems = transactItems;
            return this;
        }

        public TransactGetItemsRequest build() {
            return new TransactGetItemsRequest(transactItems, returnConsumedCapacity);
        }
    }
}
