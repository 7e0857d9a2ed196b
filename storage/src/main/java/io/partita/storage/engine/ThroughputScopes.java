package io.partita.storage.engine;

import io.partita.storage.ThroughputModel;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.ProvisionedThroughput;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;

/**
 * The token buckets of the provisioned-throughput model: per table and per GSI a level bucket (when
 * provisioned) and one bucket per partition key value, created on first use and dropped again when idle.
 * Guarded by the owning {@link TokenBucketThroughput}'s monitor.
 */
final class ThroughputScopes {
    /** Partition buckets kept before full (idle) ones are dropped; a dropped bucket is recreated full. */
    private static final int PRUNE_THRESHOLD = 4096;

    private final ThroughputModel model;
    private final double burstSeconds;
    private final double partitionBurstSeconds;
    /** Scopes of each table by table id. */
    private final HashMap<Long, TableScopes> tables = new HashMap<>();

    private int partitionBuckets;
    private int pruneAt = PRUNE_THRESHOLD;

    ThroughputScopes(ThroughputModel model) {
        this.model = model;
        this.burstSeconds = model.burstWindow().toNanos() / 1e9;
        this.partitionBurstSeconds = model.partitionBurstWindow().toNanos() / 1e9;
    }

    /** One table's or one GSI's buckets: its own level (null when on demand) and its partitions'. */
    final class Scope {
        final String table;
        /** Null for the base table (whose scope LSIs share). */
        final String index;

        final KeyAttribute[] partitionKey;
        final boolean provisioned;
        final TokenBucket read;
        final TokenBucket write;
        final HashMap<OrderKey, TokenBucket> readPartitions = new HashMap<>();
        final HashMap<OrderKey, TokenBucket> writePartitions = new HashMap<>();

        Scope(String table, String index, KeyAttribute[] partitionKey, ProvisionedThroughput p, long now) {
            this.table = table;
            this.index = index;
            this.partitionKey = partitionKey;
            this.provisioned = p != null;
            this.read = p == null ? null : level(p.readCapacityUnits(), now);
            this.write = p == null ? null : level(p.writeCapacityUnits(), now);
        }

        /** A table or GSI bucket: saves up to the burst window, starts with one second of capacity. */
        private TokenBucket level(long unitsPerSecond, long now) {
            double capacity = Math.max(unitsPerSecond * burstSeconds, 1);
            return new TokenBucket(unitsPerSecond, capacity, Math.min(capacity, (double) unitsPerSecond), now);
        }

        /** The bucket of one partition key value; an idle partition starts full. */
        TokenBucket partition(OrderKey partition, boolean write, long now) {
            HashMap<OrderKey, TokenBucket> map = write ? writePartitions : readPartitions;
            TokenBucket b = map.get(partition);
            if (b == null) {
                double rate = write ? model.partitionWriteUnitsPerSecond() : model.partitionReadUnitsPerSecond();
                double capacity = rate * partitionBurstSeconds;
                b = new TokenBucket(rate, capacity, capacity, now);
                map.put(partition, b);
                partitionBuckets++;
            }
            return b;
        }

        String describe() {
            return index == null ? "table " + table : "global secondary index " + index + " of table " + table;
        }
    }

    /** A table's base scope (shared by its LSIs) and the scopes of its GSIs. */
    final class TableScopes {
        final TableData table;
        final Scope base;
        final IdentityHashMap<IndexData, Scope> gsis = new IdentityHashMap<>();

        TableScopes(TableData t, long now) {
            this.table = t;
            this.base = new Scope(
                    t.shape.name,
                    null,
                    new KeyAttribute[] {t.shape.partitionKey},
                    t.definition.provisionedThroughput(),
                    now);
        }

        Scope scope(IndexData index, long now) {
            if (index == null || !index.shape.global) {
                return base; // LSIs share their table's capacity and partitions
            }
            Scope s = gsis.get(index);
            if (s == null) {
                GlobalSecondaryIndex def = null;
                for (GlobalSecondaryIndex g : table.definition.globalSecondaryIndexes()) {
                    if (g.name().equals(index.shape.name)) {
                        def = g;
                    }
                }
                s = new Scope(
                        table.shape.name,
                        index.shape.name,
                        index.shape.partitionKey,
                        def == null ? null : def.provisionedThroughput(),
                        now);
                if (def != null) { // a GSI still being published may lack its definition for an instant: do not cache
                    gsis.put(index, s);
                }
            }
            return s;
        }
    }

    TableScopes of(TableData t, long now) {
        TableScopes s = tables.get(t.id);
        if (s == null) {
            s = new TableScopes(t, now);
            tables.put(t.id, s);
        }
        return s;
    }

    void forget(TableData t) {
        tables.remove(t.id);
    }

    /** Drops partition buckets that are full (idle): a new bucket for their partition would be the same. */
    void maybePrune(long now) {
        if (partitionBuckets < pruneAt) {
            return;
        }
        int kept = 0;
        for (TableScopes ts : tables.values()) {
            kept += prune(ts.base, now);
            for (Scope s : ts.gsis.values()) {
                kept += prune(s, now);
            }
        }
        partitionBuckets = kept;
        pruneAt = Math.max(PRUNE_THRESHOLD, 2 * kept);
    }

    private static int prune(Scope s, long now) {
        int kept = 0;
        for (HashMap<OrderKey, TokenBucket> map : List.of(s.readPartitions, s.writePartitions)) {
            for (Iterator<TokenBucket> it = map.values().iterator(); it.hasNext(); ) {
                TokenBucket b = it.next();
                b.refill(now);
                if (b.isFull()) {
                    it.remove();
                } else {
                    kept++;
                }
            }
        }
        return kept;
    }
}
