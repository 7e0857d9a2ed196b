package io.partita.processor.model;

import java.util.List;
import java.util.Optional;

/**
 * A secondary index of a table.
 *
 * @param name the index name
 * @param kind GSI or LSI
 * @param declared declared by {@code @Gsi}/{@code @Lsi}; false when implied by key fields alone
 *     (single-entity tables), in which case the projection is {@code ALL}
 * @param partitionAttribute shared tables: the declared partition-key attribute filled by templates
 * @param sortAttribute shared tables: the declared sort-key attribute filled by templates
 * @param projection what the index copies
 * @param include the INCLUDE attribute names, with the origin of each value
 * @param origin the declaring annotation, or the first key annotation of an implied index
 */
public record IndexModel(
        String name,
        IndexKind kind,
        boolean declared,
        Optional<String> partitionAttribute,
        Optional<String> sortAttribute,
        ProjectionKind projection,
        List<Included> include,
        Origin origin) {

    /** One name of {@code include}. */
    public record Included(String attribute, Origin origin) {}

    public IndexModel {
        include = List.copyOf(include);
    }

    /** Keys filled by type-level templates (index overloading) rather than by fields. */
    public boolean isOverloaded() {
        return partitionAttribute.isPresent() || sortAttribute.isPresent();
    }

    /** "@Gsi \"GameTitleIndex\"" — how messages name it. */
    public String describe() {
        return kind.annotation() + " \"" + name + "\"";
    }
}
