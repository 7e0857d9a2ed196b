package io.partita.annotations;

/** The part of an index key a {@link GsiKey} field fills. */
public enum KeyRole {
    /** The partition (hash) key: queries name it with equality and it decides the partition an entry lives in. */
    PARTITION,
    /** The sort (range) key: entries of one partition are ordered by it and queries may take a range on it. */
    SORT
}
