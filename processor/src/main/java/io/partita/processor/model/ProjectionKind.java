package io.partita.processor.model;

/** The processor's mirror of {@code io.partita.annotations.Projection} (read by name from mirrors). */
public enum ProjectionKind {
    ALL,
    KEYS_ONLY,
    INCLUDE
}
