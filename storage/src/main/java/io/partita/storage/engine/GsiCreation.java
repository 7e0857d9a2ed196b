package io.partita.storage.engine;

import io.partita.storage.api.TableDescription;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.TableDefinition;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * A GSI added to a live table, as DynamoDB adds one: CREATING (the table UPDATING) while an online {@link Backfill}
 * fills it, writes going on meanwhile, then ACTIVE. It exists to keep the steps of that life apart from the rest of
 * the catalogue: the start (validated, recorded as creating), the installation as a building index that every write
 * maintains, the backfill, and the switch to ACTIVE; a deletion meanwhile cancels it and leaves nothing behind.
 * Only the installation and the switch hold every stripe lock of the table, each for an instant.
 */
final class GsiCreation {
    /**
     * Runs after each backfilled chunk, with no lock held (null: nothing): tests hold a backfill there. Null rather than
     * a no-op lambda, so that a core's first use bootstraps no lambda (FirstUseLambdaTest).
     */
    static volatile Runnable afterChunk;

    private final Catalog catalog;
    private final ThroughputPolicy throughput;
    /** The durable catalogue; null in memory. */
    private final DiskCatalog disk;

    GsiCreation(Catalog catalog, ThroughputPolicy throughput, DiskCatalog disk) {
        this.catalog = catalog;
        this.throughput = throughput;
        this.disk = disk;
    }

    /** Validates the index, reports it CREATING and hands its backfill to {@code backfill}. */
    TableDescription start(String tableName, GlobalSecondaryIndex index, Executor backfill) {
        TableData t = catalog.table(tableName);
        throughput.validate(index, tableName);
        t.lockWrites();
        try {
            t.checkNotDropped();
            TableDefinition.Builder next = t.definition.toBuilder();
            for (GlobalSecondaryIndex g : t.creatingGsis()) {
                next.globalSecondaryIndex(g);
            }
            Schemas.buildGsi(t, next.globalSecondaryIndex(index).build(), index); // validates the whole definition
            t.startCreating(index);
        } finally {
            t.unlockWrites();
        }
        try {
            backfill.execute(() -> finish(t, index));
        } catch (RuntimeException e) { // a rejected task: nothing was started
            t.doneCreating(index);
            throw e;
        }
        return Catalog.describe(t);
    }

    /** The backfill task: builds the index unless it was deleted, or its table, before or while it ran. */
    private void finish(TableData t, GlobalSecondaryIndex index) {
        try {
            if (catalog.isLive(t)) {
                build(t, index);
            }
        } catch (RuntimeException e) {
            // the table went away meanwhile (deleted, the core closed): the creation is abandoned with it
        } finally {
            t.doneCreating(index);
        }
    }

    private void build(TableData t, GlobalSecondaryIndex index) {
        t.backfillTurn.lock();
        try {
            IndexData data = install(t, index);
            if (data == null) {
                return;
            }
            boolean active = false;
            try {
                active =
                        Backfill.run(t, data, disk == null ? null : disk.store, afterChunk) && activate(t, index, data);
            } finally {
                if (!active) {
                    uninstall(t, data);
                }
            }
        } finally {
            t.backfillTurn.unlock();
        }
        throughput.register(t); // the new GSI's capacity accrues from now on
    }

    /** Installs the index as building (every write maintains it from here on); null when it is no longer wanted. */
    private IndexData install(TableData t, GlobalSecondaryIndex index) {
        t.lockWrites();
        try {
            if (!t.isCreating(index) || t.isDropped()) {
                return null;
            }
            TableDefinition next =
                    t.definition.toBuilder().globalSecondaryIndex(index).build();
            IndexData data = disk == null ? Schemas.buildGsi(t, next, index) : disk.beginGsi(t, next, index);
            data.building = index;
            IndexData[] gsis = Arrays.copyOf(t.gsis, t.gsis.length + 1);
            gsis[gsis.length - 1] = data;
            t.gsis = gsis;
            return data;
        } finally {
            t.unlockWrites();
        }
    }

    /** Makes the filled index readable and part of the definition: ACTIVE. False when it was deleted meanwhile. */
    private boolean activate(TableData t, GlobalSecondaryIndex index, IndexData data) {
        t.lockWrites();
        try {
            if (!t.isCreating(index) || t.gsi(index.name()) != data || t.isDropped()) {
                return false;
            }
            TableDefinition next =
                    t.definition.toBuilder().globalSecondaryIndex(index).build();
            if (disk != null) { // the definition now names the index: the record lists it, no longer a backfill
                disk.redefine(t, next);
            }
            t.definition = next;
            data.building = null;
            return true;
        } finally {
            t.unlockWrites();
        }
    }

    /** Takes a building index out again (its backfill stopped or failed), unless a deletion did already. */
    private void uninstall(TableData t, IndexData data) {
        t.lockWrites();
        try {
            if (!t.isDropped() && t.gsi(data.shape.name) == data) {
                drop(t, data);
            }
        } catch (RuntimeException e) {
            // the core closed: a durable catalogue still records the backfill, which the next open restarts
        } finally {
            t.unlockWrites();
        }
    }

    /** Removes a building index and its entries; the caller holds every stripe lock of the table. */
    void drop(TableData t, IndexData data) {
        List<IndexData> rest = new ArrayList<>(List.of(t.gsis));
        rest.remove(data);
        IndexData[] remaining = rest.toArray(IndexData[]::new);
        if (disk != null) {
            disk.dropGsi(t, data, remaining, t.definition);
        }
        t.gsis = remaining;
    }
}
