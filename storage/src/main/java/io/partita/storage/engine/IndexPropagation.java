package io.partita.storage.engine;

import io.partita.storage.GsiPropagation;
import io.partita.storage.StorageOptions;
import java.time.Clock;
import java.util.Collection;

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

    /** Propagates one planned GSI change of a write applied at {@code nowMillis}; called under the item's stripe lock. */
    void propagate(TableData table, Mutation.IndexChange c, long nowMillis) {
        if (async) {
            table.pendingGsiWrites.add(new TableData.PendingGsiWrite(nowMillis + delayMillis, c.index, c.oldKey, c.newKey, c.newEntry));
        } else {
            applyToIndex(c.index, c.oldKey, c.newKey, c.newEntry);
        }
    }

    /** Applies the ASYNC GSI writes that are due by the clock. Cheap when nothing is pending. */
    void drainDue(TableData t) {
        if (t.pendingGsiWrites.isEmpty()) {
            return;
        }
        long now = clock.millis();
        synchronized (t.pendingGsiWrites) {
            TableData.PendingGsiWrite p;
            while ((p = t.pendingGsiWrites.peek()) != null && p.dueMillis() <= now) {
                t.pendingGsiWrites.poll();
                applyToIndex(p.gsi(), p.oldKey(), p.newKey(), p.newEntry());
            }
        }
    }

    /** Applies every pending GSI write of the table, due or not. */
    static void drainAll(TableData t) {
        synchronized (t.pendingGsiWrites) {
            TableData.PendingGsiWrite p;
            while ((p = t.pendingGsiWrites.poll()) != null) {
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
