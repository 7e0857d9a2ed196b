package io.partita.storage.engine;

import io.partita.storage.value.AttributeValue;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * The invariant checker ({@code Storage.checkInvariants}): proves that every index of a table holds exactly the entries its base items imply (no lost, duplicate
 * or orphan entries, projections exact), and that counters and item-collection sizes add up. Called with
 * the table's writes held off ({@link TableData#lockWrites}) and no pending GSI work.
 */
final class Invariants {
    private Invariants() {}

    /** Checks every table, each with its writes held off, after draining its pending GSI work. */
    static void checkAll(Collection<TableData> tables) {
        for (TableData t : tables) {
            t.lockWrites();
            try {
                IndexPropagation.drainAll(t);
                check(t);
            } finally {
                t.unlockWrites();
            }
        }
    }

    static void check(TableData t) {
        Map<AttributeValue, Long> collections = new HashMap<>();
        checkItems(t, collections);
        for (IndexData index : t.allIndexes()) {
            if (index.building == null) { // a backfilling index holds only part of its entries until it is ACTIVE
                checkIndex(t, index, collections);
            }
        }
        if (t.lsis.length > 0) {
            Map<AttributeValue, Long> recorded = new HashMap<>();
            if (t.disk != null) {
                recorded.putAll(t.disk.collectionSizes());
            } else {
                t.collectionSizes.forEach((k, v) -> recorded.put(k, v.get()));
            }
            if (!recorded.equals(collections)) {
                fail(
                        t,
                        "item-collection sizes recorded " + recorded + " differ from the sizes the items imply "
                                + collections);
            }
        }
    }

    /**
     * Every item is stored under the key its attributes give, and the table's counters add up; the items' bytes
     * go into {@code collections} (per partition key value) when the table has local indexes.
     */
    private static void checkItems(TableData t, Map<AttributeValue, Long> collections) {
        long count = 0;
        long bytes = 0;
        for (Map.Entry<OrderKey, Stored> e : t.items.all()) {
            Stored s = e.getValue();
            OrderKey expectedKey = t.shape.itemKey(s.item());
            if (!expectedKey.equals(e.getKey())) {
                fail(t, "item stored under key " + e.getKey() + " but its attributes give " + expectedKey);
            }
            count++;
            bytes += s.size();
            if (t.lsis.length > 0) {
                collections.merge(s.item().get(t.shape.partitionKey.name()), (long) s.size(), Long::sum);
            }
        }
        if (count != t.itemCount.sum() || bytes != t.itemBytes.sum()) {
            fail(
                    t,
                    "counters say " + t.itemCount.sum() + " items / " + t.itemBytes.sum() + " bytes, table holds "
                            + count + " / " + bytes);
        }
    }

    /**
     * The index holds exactly the entries the table's items imply, in order and projected exactly, and its counters
     * add up; a local index's entries go into {@code collections}.
     */
    private static void checkIndex(TableData t, IndexData index, Map<AttributeValue, Long> collections) {
        TreeMap<OrderKey, Stored> expected = new TreeMap<>();
        for (Map.Entry<OrderKey, Stored> itemEntry : t.items.all()) {
            Stored s = itemEntry.getValue();
            OrderKey k = index.shape.entryKey(s.item());
            if (k != null) {
                Stored entry = index.shape.project(s);
                expected.put(k, entry);
                if (!index.shape.global) {
                    collections.merge(
                            s.item().get(t.shape.partitionKey.name()),
                            (long) entry.size() + IndexData.ENTRY_OVERHEAD,
                            Long::sum);
                }
            }
        }
        long entryBytes = compareEntries(t, index, expected);
        if (index.count.sum() != expected.size() || index.bytes.sum() != entryBytes) {
            fail(
                    t,
                    "index " + index.shape.name + " counters say " + index.count.sum() + " entries / "
                            + index.bytes.sum() + " bytes, index holds " + expected.size() + " / " + entryBytes);
        }
    }

    /**
     * Walks the index's entries beside the expected ones, in key order: no lost, misplaced, altered or orphan entry.
     * Returns the entries' bytes.
     */
    private static long compareEntries(TableData t, IndexData index, Map<OrderKey, Stored> expected) {
        Iterator<Map.Entry<OrderKey, Stored>> actual = index.entries.all().iterator();
        long entryBytes = 0;
        for (Map.Entry<OrderKey, Stored> want : expected.entrySet()) {
            if (!actual.hasNext()) {
                fail(t, "index " + index.shape.name + " lacks the entry " + want.getKey());
            }
            Map.Entry<OrderKey, Stored> got = actual.next();
            if (!got.getKey().equals(want.getKey())) {
                fail(
                        t,
                        "index " + index.shape.name + " has entry " + got.getKey() + " where " + want.getKey()
                                + " belongs");
            }
            if (!got.getValue().item().equals(want.getValue().item())
                    || got.getValue().size() != want.getValue().size()) {
                fail(
                        t,
                        "index " + index.shape.name + " entry " + got.getKey() + " holds "
                                + got.getValue().item() + " but its item projects to "
                                + want.getValue().item());
            }
            entryBytes += got.getValue().size() + IndexData.ENTRY_OVERHEAD;
        }
        if (actual.hasNext()) {
            fail(
                    t,
                    "index " + index.shape.name + " has an orphan entry "
                            + actual.next().getKey());
        }
        return entryBytes;
    }

    private static void fail(TableData t, String message) {
        throw new IllegalStateException("Invariant violated in table " + t.shape.name + ": " + message);
    }
}
