package io.partita.storage.engine;

import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.value.AttributeValue;
import java.util.Map;

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
        counted(entries.putSize(key, entry), entry);
    }

    /** Counts {@code entry}, stored where an entry of size {@code previous} was (or {@link EntryMap#ABSENT}). */
    private void counted(int previous, Stored entry) {
        if (previous == EntryMap.ABSENT) {
            count.increment();
            bytes.add(entry.size() + ENTRY_OVERHEAD);
        } else if (entry.size() != previous) { // the same size, the common overwrite: no counter write
            bytes.add(entry.size() - previous);
        }
    }

    /**
     * As {@link #put} at the item's entry key, for a write that keeps it: the entry is found by the key written into
     * {@code s}, the writing stripe's scratch ({@link IndexShape#scratchEntryKey}), which nothing keeps, and replaced;
     * the key is built only when the entry is not there (a backfilling index that has not reached the item), when it
     * cannot be found that way, or with no scratch ({@code s} null).
     */
    void overwrite(Map<String, AttributeValue> item, Stored entry, KeyCodec.Scratch s) {
        byte[] key = s == null ? null : shape.scratchEntryKey(item, s);
        int previous = key == null ? EntryMap.ABSENT : entries.replaceSize(key, s.partitionEnd, entry);
        if (previous == EntryMap.ABSENT) {
            put(shape.entryKey(item), entry);
        } else if (entry.size() != previous) {
            bytes.add(entry.size() - previous);
        }
    }

    /**
     * As {@link #put} at the item's entry key, for a write that adds the entry: the key is encoded straight into the
     * array the map keeps ({@link IndexShape#newEntryKey}, its partition's end carried in {@code s}, the writing
     * stripe's scratch), so no key object is built; a key that cannot be written that way, or no scratch ({@code s}
     * null), is built as a key.
     */
    void insert(Map<String, AttributeValue> item, Stored entry, KeyCodec.Scratch s) {
        byte[] key = s == null ? null : shape.newEntryKey(item, s);
        if (key == null) {
            put(shape.entryKey(item), entry);
            return;
        }
        counted(entries.putSize(key, s.partitionEnd, entry), entry);
    }

    void remove(OrderKey key) {
        int previous = entries.removeSize(key);
        if (previous != EntryMap.ABSENT) {
            count.decrement();
            bytes.add(-(previous + ENTRY_OVERHEAD));
        }
    }
}
