package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.List;
import java.util.Map;

/** The keys to read from one table in a BatchGetItem, with an optional projection. */
public record KeysAndAttributes(
        List<Map<String, AttributeValue>> keys,
        String projectionExpression,
        Map<String, String> expressionAttributeNames,
        boolean consistentRead) {
    public KeysAndAttributes {
        keys = keys == null ? List.of() : keys;
        expressionAttributeNames = expressionAttributeNames == null ? Map.of() : expressionAttributeNames;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.keys = keys;
        b.projectionExpression = projectionExpression;
        b.expressionAttributeNames = expressionAttributeNames;
        b.consistentRead = consistentRead;
        return b;
    }

    /** Builds a {@link KeysAndAttributes}; unset fields take DynamoDB's defaults. */
    public static final class Builder {
        private List<Map<String, AttributeValue>> keys = List.of();
        private String projectionExpression;
        private Map<String, String> expressionAttributeNames = Map.of();
        private boolean consistentRead = false;

        private Builder() {}

        public Builder keys(List<Map<String, AttributeValue>> keys) {
            this.keys = keys;
            return this;
        }

        public Builder projectionExpression(String projectionExpression) {
            this.projectionExpression = projectionExpression;
            return this;
        }

        public Builder expressionAttributeNames(Map<String, String> expressionAttributeNames) {
            this.expressionAttributeNames = expressionAttributeNames;
            return this;
        }

        public Builder consistentRead(boolean consistentRead) {
            this.consistentRead = consistentRead;
            return this;
        }

        public KeysAndAttributes build() {
            return new KeysAndAttributes(keys, projectionExpression, expressionAttributeNames, consistentRead);
        }
    }
}
