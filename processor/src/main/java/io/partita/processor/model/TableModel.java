package io.partita.processor.model;

import java.util.List;
import java.util.Optional;

/**
 * A table: its name, key attributes, indexes and the entities stored in it.
 *
 * @param name the table name
 * @param kind single-entity or shared
 * @param declaringType the canonical name of the type carrying {@code @Table}
 * @param partitionAttribute shared tables: the declared partition-key attribute
 * @param sortAttribute shared tables: the declared sort-key attribute
 * @param discriminator shared tables: the attribute holding each item's entity type
 * @param indexes declared and implied secondary indexes, in declaration order
 * @param entities the entities stored in the table (exactly one for a single-entity table)
 * @param sealed shared tables: the interface is {@code sealed} and every entity implements it, so item-collection
 *     queries return the interface type instead of {@code Object}
 * @param origin the {@code @Table} annotation on the declaring type
 * @param streams the {@code @ChangeStream} declarations on the declaring type and the entities, in that order;
 *     validation requires that they name one view
 */
public record TableModel(
        String name,
        TableKind kind,
        String declaringType,
        Optional<String> partitionAttribute,
        Optional<String> sortAttribute,
        String discriminator,
        List<IndexModel> indexes,
        List<EntityModel> entities,
        boolean sealed,
        Origin origin,
        List<StreamDeclaration> streams) {

    public TableModel {
        streams = List.copyOf(streams);
        indexes = List.copyOf(indexes);
        entities = List.copyOf(entities);
    }

    /** The view type of the table's change stream (the first declaration's), if it has one. */
    public Optional<String> streamView() {
        return streams.stream().map(StreamDeclaration::view).findFirst();
    }

    public boolean isShared() {
        return kind == TableKind.SHARED;
    }

    public Optional<IndexModel> index(String indexName) {
        return indexes.stream().filter(i -> i.name().equals(indexName)).findFirst();
    }

    /** Whether {@code index} is the first declaration of its name (a duplicate is reported, then ignored). */
    public boolean isFirstOfItsName(IndexModel index) {
        return index(index.name()).orElse(null) == index;
    }

    public List<IndexModel> indexes(IndexKind indexKind) {
        return indexes.stream().filter(i -> i.kind() == indexKind).toList();
    }

    /** "Thread" for a single-entity table (the entity's simple name), else the interface name. */
    public String simpleDeclaringName() {
        int dot = declaringType.lastIndexOf('.');
        return dot < 0 ? declaringType : declaringType.substring(dot + 1);
    }

    /** Whether the table has a sort key (declared attribute, or a {@code @SortKey} field). */
    public boolean hasSortKey() {
        if (isShared()) {
            return sortAttribute.isPresent();
        }
        return entities.stream().anyMatch(e -> !e.sortKeyFields().isEmpty());
    }
}
