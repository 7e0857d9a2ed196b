package io.partita.processor.model;

import io.partita.annotations.Projection;
import io.partita.storage.schema.ProjectionType;

/**
 * Which attributes an index projects, in the model; the one place mapping between the annotation users write
 * ({@link Projection}), the model, and the core's {@link ProjectionType} (what CreateTable declares). The switches
 * are exhaustive, so a constant added on either side breaks the processor's compilation here.
 */
public enum ProjectionKind {
    ALL,
    KEYS_ONLY,
    INCLUDE;

    /** The model's kind of an annotation's {@code projection}. */
    public static ProjectionKind of(Projection projection) {
        return switch (projection) {
            case ALL -> ALL;
            case KEYS_ONLY -> KEYS_ONLY;
            case INCLUDE -> INCLUDE;
        };
    }

    /** The core's projection type, as a table definition or a CreateTable request declares it. */
    public ProjectionType type() {
        return switch (this) {
            case ALL -> ProjectionType.ALL;
            case KEYS_ONLY -> ProjectionType.KEYS_ONLY;
            case INCLUDE -> ProjectionType.INCLUDE;
        };
    }
}
