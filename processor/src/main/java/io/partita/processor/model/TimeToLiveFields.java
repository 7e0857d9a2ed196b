package io.partita.processor.model;

import java.util.Optional;

/** The {@code @Ttl} fields of a table: where its time-to-live attribute comes from. */
public final class TimeToLiveFields {
    private TimeToLiveFields() {}

    /** The entity's first stored {@code @Ttl} field, if any. */
    public static Optional<FieldModel> field(EntityModel e) {
        return e.storedFields().stream().filter(f -> f.ttl().isPresent()).findFirst();
    }

    /**
     * The table's time-to-live attribute: the attribute of the first entity's {@code @Ttl} field (validation makes
     * every entity that has one agree), or empty when no entity of the table has one.
     */
    public static Optional<String> attribute(TableModel table) {
        return table.entities().stream()
                .map(TimeToLiveFields::field)
                .flatMap(Optional::stream)
                .map(FieldModel::attributeName)
                .findFirst();
    }
}
