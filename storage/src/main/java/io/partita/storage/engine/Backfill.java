package io.partita.storage.engine;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The online backfill of a GSI added by UpdateTable: fills the index from the table's items while writes go on.
 *
 * <p>It exists so that a backfill holds off no write for longer than one short chunk. From the moment the index is
 * installed as building ({@link IndexData#building}, with every stripe lock held for an instant) every write path
 * maintains its entries under the item's stripe lock. The backfill walks the table in chunks of keys, and fills each
 * chunk under the stripe locks of that chunk alone (taken in index order, the one global order, so it cannot deadlock
 * with a transaction): it re-reads each item there and inserts the entry of the version it finds, unless the index
 * already holds it. Because both the writers' maintenance and the backfill's insert happen under the item's stripe
 * lock, the race between them cannot happen: either the backfill indexes the item's current version and every later
 * write moves that entry, or a writer indexed it first and the backfill finds the entry there. In durable mode each
 * chunk is one batch, committed before its locks are released, so a writer never reads an index entry that a
 * committed batch later overwrites. An item a walk misses was written after the walk passed it, so by a writer that
 * indexed it.
 */
final class Backfill {
    /** Items re-read and indexed under one set of stripe locks. */
    static final int CHUNK = 256;

    private Backfill() {}

    /**
     * Fills {@code index} of {@code t}; false when it stopped because the index is no longer wanted (deleted while it
     * backfilled, or its table deleted), checked under each chunk's locks. {@code chunkDone} (null: nothing) runs after each
     * chunk, with no lock held (tests hold the backfill there).
     */
    static boolean run(TableData t, IndexData index, DiskStore store, Runnable chunkDone) {
        Iterator<Map.Entry<OrderKey, Stored>> walk = t.items.all().iterator();
        List<OrderKey> keys = new ArrayList<>(CHUNK);
        while (walk.hasNext()) {
            keys.clear();
            while (keys.size() < CHUNK && walk.hasNext()) {
                keys.add(walk.next().getKey());
            }
            if (!chunk(t, index, store, keys)) {
                return false;
            }
            if (chunkDone != null) {
                chunkDone.run();
            }
        }
        return true;
    }

    private static boolean chunk(TableData t, IndexData index, DiskStore store, List<OrderKey> keys) {
        TreeSet<Integer> stripes = new TreeSet<>();
        for (OrderKey k : keys) {
            stripes.add(t.stripeOf(k));
        }
        List<ReentrantLock> held = new ArrayList<>(stripes.size());
        try {
            for (int s : stripes) {
                ReentrantLock lock = t.stripe(s);
                lock.lock();
                held.add(lock);
            }
            if (index.building == null || t.gsi(index.shape.name) != index || t.isDropped()) {
                return false;
            }
            if (store == null) {
                for (OrderKey k : keys) {
                    Stored item = t.items.get(k);
                    OrderKey entryKey = item == null ? null : index.shape.entryKey(item.item());
                    if (entryKey != null) { // null: gone, sparse, or an index key violation (not indexed)
                        index.put(entryKey, index.shape.project(item));
                    }
                }
            } else {
                fillOnDisk(t, index, store, keys);
            }
            return true;
        } finally {
            for (int i = held.size() - 1; i >= 0; i--) {
                held.get(i).unlock();
            }
        }
    }

    /** One chunk as one batch: an entry the index holds already (a writer's) is left as it is, and not counted again. */
    private static void fillOnDisk(TableData t, IndexData index, DiskStore store, List<OrderKey> keys) {
        DiskMap m = (DiskMap) index.entries;
        DiskWrite w = new DiskWrite(store);
        long count = 0;
        long bytes = 0;
        for (OrderKey k : keys) {
            Stored item = t.items.get(k);
            OrderKey entryKey = item == null ? null : index.shape.entryKey(item.item());
            if (entryKey != null && m.get(entryKey) == null) {
                Stored entry = index.shape.project(item);
                w.put(m, entryKey, entry);
                count++;
                bytes += entry.size() + IndexData.ENTRY_OVERHEAD;
            }
        }
        long c = count;
        long b = bytes;
        w.count(m.space, c, b);
        w.afterCommit(() -> {
            index.count.add(c);
            index.bytes.add(b);
        });
        w.commit();
    }
}
