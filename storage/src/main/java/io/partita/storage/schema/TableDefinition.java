package io.partita.storage.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Everything CreateTable takes: the key schema (typed, so attribute definitions are implied), the indexes
 * with their projections, and optional provisioned throughput.
 */
public record TableDefinition(
        String name,
        KeyAttribute partitionKey,
        KeyAttribute sortKey,
        List<GlobalSecondaryIndex> globalSecondaryIndexes,
        List<LocalSecondaryIndex> localSecondaryIndexes,
        ProvisionedThroughput provisionedThroughput) {
    public TableDefinition {
        globalSecondaryIndexes = globalSecondaryIndexes == null ? List.of() : List.copyOf(globalSecondaryIndexes);
        localSecondaryIndexes = localSecondaryIndexes == null ? List.of() : List.copyOf(localSecondaryIndexes);
    }

    public Optional<KeyAttribute> sortKeyAttribute() {
        return Optional.ofNullable(sortKey);
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    public Builder toBuilder() {
        Builder b = new Builder(name)
                .partitionKey(partitionKey)
                .sortKey(sortKey)
                .provisionedThroughput(provisionedThroughput);
        b.gsis.addAll(globalSecondaryIndexes);
        b.lsis.addAll(localSecondaryIndexes);
        return b;
    }

    public static final class Builder {
        private final String name;
        private KeyAttribute partitionKey;
        private KeyAttribute sortKey;
        private final List<GlobalSecondaryIndex> gsis = new ArrayList<>();
        private final List<LocalSecondaryIndex> lsis = new ArrayList<>();
        private ProvisionedThroughput provisionedThroughput;

        private Builder(String name) {
            this.name = name;
        }

        public Builder partitionKey(KeyAttribute key) {
            this.partitionKey = key;
            return this;
        }

        public Builder sortKey(KeyAttribute key) {
            this.sortKey = key;
            return this;
        }

        public Builder globalSecondaryIndex(GlobalSecondaryIndex gsi) {
            gsis.add(gsi);
            return this;
        }

        public Builder globalSecondaryIndex(
                String indexName, KeyAttribute partitionKey, KeyAttribute sortKey, Projection projection) {
            return globalSecondaryIndex(GlobalSecondaryIndex.of(indexName, partitionKey, sortKey, projection));
        }

        public Builder localSecondaryIndex(String indexName, KeyAttribute sortKey, Projection projection) {
            lsis.add(new LocalSecondaryIndex(indexName, sortKey, projection));
            return this;
        }

        public Builder provisionedThroughput(ProvisionedThroughput throughput) {
            this.provisionedThroughput = throughput;
            return this;
        }

        public TableDefinition build() {
            return new TableDefinition(name, partitionKey, sortKey, gsis, lsis, provisionedThroughput);
        }
    }
}
