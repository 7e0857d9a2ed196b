package io.partita.storage.api;

import java.util.List;

/** A TransactWriteItems call: up to 100 actions applied all together or not at all. */
public record TransactWriteItemsRequest(
        List<TransactWriteItem> transactItems,
        String clientRequestToken,
        ReturnConsumedCapacity returnConsumedCapacity,
        boolean returnItemCollectionMetrics) {
    public TransactWriteItemsRequest {
        returnConsumedCapacity = returnConsumedCapacity == null ? ReturnConsumedCapacity.NONE : returnConsumedCapacity;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.transactItems = transactItems;
        b.clientRequestToken = clientRequestToken;
        b.returnConsumedCapacity = returnConsumedCapacity;
        b.returnItemCollectionMetrics = returnItemCollectionMetrics;
        return b;
    }

    /** Builds a {@link TransactWriteItemsRequest}; unset fields take DynamoDB's defaults. */
    public static final class Builder extends RequestBuilder<Builder> {
        private List<TransactWriteItem> transactItems;
        private String clientRequestToken;
        private boolean returnItemCollectionMetrics = false;

        private Builder() {}

        public Builder transactItems(List<TransactWriteItem> transactItems) {
            this.transactItems = transactItems;
            return this;
        }

        public Builder clientRequestToken(String clientRequestToken) {
            this.clientRequestToken = clientRequestToken;
            return this;
        }

        public Builder returnItemCollectionMetrics(boolean returnItemCollectionMetrics) {
            this.returnItemCollectionMetrics = returnItemCollectionMetrics;
            return this;
        }

        public TransactWriteItemsRequest build() {
            return new TransactWriteItemsRequest(
                    transactItems, clientRequestToken, returnConsumedCapacity, returnItemCollectionMetrics);
        }
    }
}
