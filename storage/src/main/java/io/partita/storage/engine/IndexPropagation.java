package io.partita.storage.engine;

import io.partita.storage.GsiPropagation;
import io.partita.storage.StorageOptions;
import java.time.Clock;
import java.util.Collection;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * How a write's GSI changes reach the GSIs. It exists because GSIs are eventually consistent and the core
 * lets tests see that: SYNC (default) applies them with the write, under its stripe lock; ASYNC queues them
 * on the table with a due time, and readers of a GSI drain what is due first. Schema changes, invariant
 * checks and {@code flushGsiPropagation} drain everything.
 */
final class IndexPropagation {
    private final Clock clock;
    private final boolean async;
    private final long delayMillis;

    IndexPropagation(StorageOptions options) {
        this.clock = options.clock();
        this.async = options.gsiPropagation() == GsiPropagation.ASYNC;
        this.delayMillis = options.gsiPropagationDelay().toMillis();
    }

    /**
     * Propagates the planned change of index {@code i} (a GSI) of a write applied at {@code nowMillis}; called under the
     * item's stripe lock, whose key scratch is {@code scratch} (null: a kept entry's key is built to find it).
     */
    void propagate(TableData table, Mutation m, int i, long nowMillis, KeyCodec.Scratch scratch) {
        // a backfilling index is changed with the write, under its stripe lock, as the backfill's inserts are: no
        // queued change can land after the backfill indexed a newer version (and nobody reads it before ACTIVE)
        IndexData index = m.index(i);
        if (async && index.building == null) {
            table.pendingGsiWrites()
                    .add(new TableData.PendingGsiWrite(
                            nowMillis + delayMillis, index, m.oldKey(i), m.newKey(i), m.newEntry(i)));
        } else if (m.keepsKey(i)) {
            index.overwrite(m.after.item(), m.newEntry(i), scratch); // the entry stays at its key: not built
        } else if (m.addsUnbuilt(i)) {
            index.insert(m.after.item(), m.newEntry(i), scratch); // the key encoded into the array stored
        } else {
            applyToIndex(index, m.oldKey(i), m.newKey(i), m.newEntry(i));
        }
    }

    /**
     * Durable mode: stages one GSI change into the write's batch, as entries (SYNC) or as pending work
     * persisted with the write (ASYNC), so a crash never separates a write from its GSI work.
     */
    void stage(DiskWrite w, TableData table, Mutation m, int i, long nowMillis) {
        IndexData index = m.index(i);
        OrderKey oldKey = m.oldKey(i);
        if (index.building != null) {
            stageBuilding(w, index, oldKey, m.newKey(i), m.newEntry(i));
            return;
        }
        int oldSize = oldKey == null ? 0 : m.oldEntry(i).size();
        if (async) {
            table.disk.stagePending(w, nowMillis + delayMillis, index, oldKey, m.newKey(i), m.newEntry(i), oldSize);
        } else {
            DiskTable.stageIndex(w, index, oldKey, m.newKey(i), m.newEntry(i), oldSize);
        }
    }

    /**
     * A change of a backfilling index, staged with the write (never pending): the old entry counts as there only if it
     * is, for the backfill may not have reached the item yet, and the counters must add up when it does.
     */
    private static void stageBuilding(
            DiskWrite w, IndexData index, OrderKey plannedOldKey, OrderKey newKey, Stored newEntry) {
        Stored old = plannedOldKey == null ? null : index.entries.get(plannedOldKey);
        OrderKey oldKey = old == null ? null : plannedOldKey;
        DiskTable.stageIndex(w, index, oldKey, newKey, newEntry, old == null ? 0 : old.size());
    }

    /** Applies the ASYNC GSI writes that are due by the clock. Cheap when nothing is pending. */
    void drainDue(TableData t) {
        if (t.disk != null) {
            t.disk.drain(false, clock.millis());
            return;
        }
        ConcurrentLinkedQueue<TableData.PendingGsiWrite> pending = t.pendingGsiWritesIfAny();
        if (pending == null || pending.isEmpty()) {
            return;
        }
        long now = clock.millis();
        synchronized (pending) {
            TableData.PendingGsiWrite p;
            while ((p = pending.peek()) != null && p.dueMillis() <= now) {
                pending.poll();
                applyToIndex(p.gsi(), p.oldKey(), p.newKey(), p.newEntry());
            }
        }
    }

    /** Applies every pending GSI write of the table, due or not. */
    static void drainAll(TableData t) {
        if (t.disk != null) {
            t.disk.drain(true, Long.MAX_VALUE);
            return;
        }
        ConcurrentLinkedQueue<TableData.PendingGsiWrite> pending = t.pendingGsiWritesIfAny();
        if (pending == null) {
            return;
        }
        synchronized (pending) {
            TableData.PendingGsiWrite p;
            while ((p = pending.poll()) != null) {
                applyToIndex(p.gsi(), p.oldKey(), p.newKey(), p.newEntry());
            }
        }
    }

    static void drainAll(Collection<TableData> tables) {
        for (TableData t : tables) {
            drainAll(t);
        }
    }

    /** Moves, adds or removes one index entry: removes the old key when it differs from the new one. */
    static void applyToIndex(IndexData index, OrderKey oldKey, OrderKey newKey, Stored newEntry) {
        if (oldKey != null && (newKey == null || !oldKey.equals(newKey))) {
            index.remove(oldKey);
        }
        if (newKey != null) {
            index.put(newKey, newEntry);
        }
    }
}
