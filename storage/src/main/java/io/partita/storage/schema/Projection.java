package io.partita.storage.schema;

import java.util.List;

/**
 * An index projection. Table keys and index keys are always projected; {@code INCLUDE} adds the named
 * non-key attributes; {@code ALL} copies every attribute.
 */
public record Projection(ProjectionType type, List<String> nonKeyAttributes) {
    public Projection {
        nonKeyAttributes = nonKeyAttributes == null ? List.of() : List.copyOf(nonKeyAttributes);
    }

    public static Projection all() {
        return new Projection(ProjectionType.ALL, List.of());
    }

    public static Projection keysOnly() {
        return new Projection(ProjectionType.KEYS_ONLY, List.of());
    }

    public static Projection include(String... attributes) {
        return new Projection(ProjectionType.INCLUDE, List.of(attributes));
    }

    public static Projection include(List<String> attributes) {
        return new Projection(ProjectionType.INCLUDE, attributes);
    }
}
