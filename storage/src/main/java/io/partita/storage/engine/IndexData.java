package io.partita.storage.engine;

import io.partita.storage.schema.GlobalSecondaryIndex;

/** The entries of one secondary index, ordered by (index key, table key), with live counters. */
final class IndexData {
    /** DynamoDB's per-entry storage overhead for index entries. */
    static final int ENTRY_OVERHEAD = 100;

    final IndexShape shape;
    final EntryMap entries;
    final Tally count = new Tally();
    final Tally bytes = new Tally();
    /**
     * The definition of a GSI whose online backfill is running ({@link Backfill}): every write maintains its
     * entries already, but it is not readable, not validated against and not yet part of the table's definition.
     * Null once the index is ACTIVE (and for every LSI). Changed only with every stripe lock of the table held.
     */
    volatile GlobalSecondaryIndex building;

    IndexData(IndexShape shape) {
        this(shape, new PartitionedMap());
    }

    IndexData(IndexShape shape, EntryMap entries) {
        this.shape = shape;
        this.entries = entries;
    }

    void put(OrderKey key, Stored entry) {
        int previous = entries.putSize(key, entry);
        if (previous == EntryMap.ABSENT) {
            count.increment();
            bytes.add(entry.size() + ENTRY_OVERHEAD);
        } else if (entry.size() != previous) { // the same size, the common overwrite: no counter write
            bytes.add(entry.size() - previous);
        }
    }

    void remove(OrderKey key) {
        int previous = entries.removeSize(key);
        if (previous != EntryMap.ABSENT) {
            count.decrement();
            bytes.add(-(previous + ENTRY_OVERHEAD));
        }
    }
}
