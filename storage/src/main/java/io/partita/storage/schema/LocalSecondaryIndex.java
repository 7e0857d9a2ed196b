package io.partita.storage.schema;

/** A local secondary index: the table's partition key with one alternate sort key attribute. */
public record LocalSecondaryIndex(String name, KeyAttribute sortKey, Projection projection) {
    public LocalSecondaryIndex {
        projection = projection == null ? Projection.all() : projection;
    }
}
