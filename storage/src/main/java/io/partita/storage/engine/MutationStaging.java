package io.partita.storage.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Durable writes of planned {@link Mutation}s: a change staged into an atomic batch (the item, its LSI entries, its
 * GSI entries or pending GSI work, the counters, the item collection's size and the stream record), and a
 * transaction's changes applied together.
 */
final class MutationStaging {
    private MutationStaging() {}

    /**
     * Applies several planned changes (a transaction's) together: in memory one after the other, in durable
     * mode as one atomic batch, so recovery sees all of them or none. Null entries are skipped.
     */
    static void applyAll(List<Mutation> mutations, IndexPropagation propagation, long nowMillis) {
        DiskWrite w = null;
        // in table order: a durable batch holds each stream's lock until it is committed, and two transactions
        // taking the locks of two tables' streams in opposite orders would wait for each other
        for (Mutation m : inTableOrder(mutations)) {
            if (m == null) {
                continue;
            }
            if (m.table.disk == null) {
                m.apply(propagation, nowMillis);
            } else {
                if (w == null) {
                    w = new DiskWrite(m.table.disk.store);
                }
                try {
                    stage(m, w, propagation, nowMillis);
                } catch (RuntimeException | Error e) {
                    w.abandon();
                    throw e;
                }
            }
        }
        if (w != null) {
            w.commit();
        }
    }

    /**
     * The mutations stably ordered by table id when any of their tables has a stream (an insertion sort: a
     * transaction has at most 100 actions); as they are otherwise, with no copy.
     */
    private static List<Mutation> inTableOrder(List<Mutation> mutations) {
        boolean streams = false;
        for (Mutation m : mutations) {
            streams |= m != null && m.table.stream != null;
        }
        if (!streams) {
            return mutations;
        }
        List<Mutation> out = new ArrayList<>(mutations.size());
        for (Mutation m : mutations) {
            if (m == null) {
                continue;
            }
            int at = out.size();
            while (at > 0 && out.get(at - 1).table.id > m.table.id) {
                at--;
            }
            out.add(at, m);
        }
        return out;
    }

    /** Stages {@code m} into a durable batch: item, LSI entries, GSI entries or pending GSI work, counters, collection size. */
    static void stage(Mutation m, DiskWrite w, IndexPropagation propagation, long nowMillis) {
        TableData table = m.table;
        Stored before = m.before;
        Stored after = m.after;
        DiskMap items = (DiskMap) table.items;
        if (after != null) {
            if (!m.sameContent()) {
                w.put(items, m.key, after);
            }
        } else if (before != null) {
            w.delete(items, m.key);
        }
        long dc = before == null && after != null ? 1 : before != null && after == null ? -1 : 0;
        long db = (long) (after == null ? 0 : after.size()) - (before == null ? 0 : before.size());
        if (dc != 0 || db != 0) {
            w.count(items.space, dc, db);
            w.afterCommit(() -> {
                table.itemCount.add(dc);
                table.itemBytes.add(db);
            });
        }
        int lsis = m.lsiCount();
        for (int i = 0; i < lsis; i++) {
            if (m.touchesIndex(i)) {
                OrderKey oldKey = m.oldKey(i);
                DiskTable.stageIndex(
                        w,
                        m.index(i),
                        oldKey,
                        m.newKey(i),
                        m.newEntry(i),
                        oldKey == null ? 0 : m.oldEntry(i).size());
            }
        }
        for (int i = lsis; i < m.indexCount(); i++) {
            if (m.touchesIndex(i)) {
                propagation.stage(w, table, m, i, nowMillis);
            }
        }
        long delta = m.collectionDelta();
        if (lsis > 0 && delta != 0) {
            w.add(table.disk.collectionKey(m.partitionValue()), delta);
        }
        StreamData stream = table.stream;
        if (stream != null) {
            stream.append(m, nowMillis, w);
        }
    }
}
