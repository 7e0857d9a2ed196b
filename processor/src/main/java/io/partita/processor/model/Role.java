package io.partita.processor.model;

/** Partition or sort key: the processor's mirror of {@code io.partita.annotations.KeyRole}. */
public enum Role {
    PARTITION,
    SORT
}
