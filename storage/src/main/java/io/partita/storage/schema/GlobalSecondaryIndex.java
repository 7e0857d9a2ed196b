package io.partita.storage.schema;

import java.util.List;

/**
 * A global secondary index: its own partition space with a partition key of 1 to 4 attributes and an
 * optional sort key of 1 to 4 attributes (DynamoDB's multi-attribute keys; each attribute keeps its type).
 */
public record GlobalSecondaryIndex(
        String name,
        List<KeyAttribute> partitionKey,
        List<KeyAttribute> sortKey,
        Projection projection,
        ProvisionedThroughput provisionedThroughput) {
    public GlobalSecondaryIndex {
        partitionKey = partitionKey == null ? List.of() : List.copyOf(partitionKey);
        sortKey = sortKey == null ? List.of() : List.copyOf(sortKey);
        projection = projection == null ? Projection.all() : projection;
    }

    public GlobalSecondaryIndex(
            String name, List<KeyAttribute> partitionKey, List<KeyAttribute> sortKey, Projection projection) {
        this(name, partitionKey, sortKey, projection, null);
    }

    public static GlobalSecondaryIndex of(
            String name, KeyAttribute partitionKey, KeyAttribute sortKey, Projection projection) {
        return new GlobalSecondaryIndex(
                name, List.of(partitionKey), sortKey == null ? List.of() : List.of(sortKey), projection);
    }
}
