package io.partita.storage.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Everything CreateTable takes: the key schema (typed, so attribute definitions are implied), the indexes
 * with their projections, and optional provisioned throughput; plus the table's time-to-live attribute, if
 * its items expire.
 *
 * <p>{@code timeToLiveAttribute} (null: none) names the Number attribute holding each item's expiry time in
 * epoch seconds. DynamoDB's CreateTable does not take it: {@link io.partita.storage.Backend#createTable} creates
 * the table and then enables TTL on that attribute (UpdateTimeToLive); the core's DescribeTable reports the
 * attribute while TTL is enabled.
 *
 * <p>{@code streamSpecification} (null: {@link StreamSpecification#DISABLED}) says whether the table writes a change
 * stream (DynamoDB Streams) and which images its records carry; CreateTable takes it, UpdateTable changes it
 * ({@link io.partita.storage.Backend#updateStreamSpecification}).
 */
public record TableDefinition(
        String name,
        KeyAttribute partitionKey,
        KeyAttribute sortKey,
        List<GlobalSecondaryIndex> globalSecondaryIndexes,
        List<LocalSecondaryIndex> localSecondaryIndexes,
        ProvisionedThroughput provisionedThroughput,
        String timeToLiveAttribute,
        StreamSpecification streamSpecification) {
    public TableDefinition {
        streamSpecification = streamSpecification == null ? StreamSpecification.DISABLED : streamSpecification;
        globalSecondaryIndexes = globalSecondaryIndexes == null ? List.of() : List.copyOf(globalSecondaryIndexes);
        localSecondaryIndexes = localSecondaryIndexes == null ? List.of() : List.copyOf(localSecondaryIndexes);
    }

    /** A definition without a stream. */
    public TableDefinition(
            String name,
            KeyAttribute partitionKey,
            KeyAttribute sortKey,
            List<GlobalSecondaryIndex> globalSecondaryIndexes,
            List<LocalSecondaryIndex> localSecondaryIndexes,
            ProvisionedThroughput provisionedThroughput,
            String timeToLiveAttribute) {
        this(
                name,
                partitionKey,
                sortKey,
                globalSecondaryIndexes,
                localSecondaryIndexes,
                provisionedThroughput,
                timeToLiveAttribute,
                StreamSpecification.DISABLED);
    }

    /** A definition without a time-to-live attribute or a stream. */
    public TableDefinition(
            String name,
            KeyAttribute partitionKey,
            KeyAttribute sortKey,
            List<GlobalSecondaryIndex> globalSecondaryIndexes,
            List<LocalSecondaryIndex> localSecondaryIndexes,
            ProvisionedThroughput provisionedThroughput) {
        this(name, partitionKey, sortKey, globalSecondaryIndexes, localSecondaryIndexes, provisionedThroughput, null);
    }

    public Optional<KeyAttribute> sortKeyAttribute() {
        return Optional.ofNullable(sortKey);
    }

    /** The time-to-live attribute, when the table's items expire. */
    public Optional<String> timeToLive() {
        return Optional.ofNullable(timeToLiveAttribute);
    }

    /** The same definition under another table name (deployed names, see the runtime's table-name resolver). */
    public TableDefinition withName(String newName) {
        return new TableDefinition(
                newName,
                partitionKey,
                sortKey,
                globalSecondaryIndexes,
                localSecondaryIndexes,
                provisionedThroughput,
                timeToLiveAttribute,
                streamSpecification);
    }

    /** The same definition with another time-to-live attribute (null: none). */
    public TableDefinition withTimeToLive(String attribute) {
        return new TableDefinition(
                name,
                partitionKey,
                sortKey,
                globalSecondaryIndexes,
                localSecondaryIndexes,
                provisionedThroughput,
                attribute,
                streamSpecification);
    }

    /** The same definition with another stream specification (null: disabled). */
    public TableDefinition withStreamSpecification(StreamSpecification specification) {
        return new TableDefinition(
                name,
                partitionKey,
                sortKey,
                globalSecondaryIndexes,
                localSecondaryIndexes,
                provisionedThroughput,
                timeToLiveAttribute,
                specification);
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    public Builder toBuilder() {
        Builder b = new Builder(name)
                .partitionKey(partitionKey)
                .sortKey(sortKey)
                .provisionedThroughput(provisionedThroughput)
                .timeToLive(timeToLiveAttribute)
                .streamSpecification(streamSpecification);
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
        private String timeToLiveAttribute;
        private StreamSpecification streamSpecification;

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

        /**
         * The attribute holding each item's expiry time (a Number of epoch seconds); null for none. Creating the
         * table enables time to live on it.
         */
        public Builder timeToLive(String attribute) {
            this.timeToLiveAttribute = attribute;
            return this;
        }

        /** The table's stream (null: none). Creating the table opens the stream when it is enabled. */
        public Builder streamSpecification(StreamSpecification specification) {
            this.streamSpecification = specification;
            return this;
        }

        /** Enables the table's stream with records carrying {@code viewType}. */
        public Builder stream(StreamViewType viewType) {
            return streamSpecification(StreamSpecification.enabled(viewType));
        }

        public TableDefinition build() {
            return new TableDefinition(
                    name,
                    partitionKey,
                    sortKey,
                    gsis,
                    lsis,
                    provisionedThroughput,
                    timeToLiveAttribute,
                    streamSpecification);
        }
    }
}
