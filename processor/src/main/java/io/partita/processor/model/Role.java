package io.partita.processor.model;

import io.partita.annotations.KeyRole;

/** Partition or sort key, in the model; mapped from {@link KeyRole} here only (an exhaustive switch). */
public enum Role {
    PARTITION,
    SORT;

    /** The model's role of an annotation's {@code role}. */
    public static Role of(KeyRole role) {
        return switch (role) {
            case PARTITION -> PARTITION;
            case SORT -> SORT;
        };
    }
}
