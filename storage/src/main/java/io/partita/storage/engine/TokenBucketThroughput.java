package io.partita.storage.engine;

import io.partita.storage.Message;
import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.ThroughputModel;
import io.partita.storage.TransactionCanceledException;
import io.partita.storage.TransactionCanceledException.CancellationReason;
import io.partita.storage.engine.ThroughputScopes.Scope;
import io.partita.storage.engine.ThroughputScopes.TableScopes;
import io.partita.storage.expression.KeyConditionTerm;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.storage.schema.TableDefinition;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;

/**
 * The provisioned-throughput model at work (see {@link ThroughputModel} for the semantics): the token
 * buckets of every table, GSI and partition key value, and the admission of requests against them.
 *
 * <p>A request's charges are collected and admitted together: either every bucket it touches has the
 * units and all are taken, or none is taken and the request is throttled. The engine calls in after it has
 * planned a write (so the units are known) and before it applies it, so a throttled write changes nothing.
 * Reads are charged after reading (their cost depends on what they read) and before returning.
 *
 * <p>Locking: every bucket is guarded by this object's monitor, taken for the few microseconds an admission
 * lasts, inside the engine's stripe locks; nothing else is locked while holding it. One lock for the whole
 * core keeps multi-table transactions atomic and simple; the model only exists when switched on, so the
 * core's unthrottled hot path never touches it.
 *
 * <p>The buckets live in {@link ThroughputScopes}, a request's charges and their admission in
 * {@link ThroughputCharges}, and what a throttled request is told in {@link ThrottleMessages}.
 */
final class TokenBucketThroughput implements ThroughputPolicy {
    private final Clock clock;
    /** Guarded by {@code this}. */
    private final ThroughputScopes scopes;

    private final ThroughputCharges request = new ThroughputCharges();

    TokenBucketThroughput(ThroughputModel model, Clock clock) {
        this.clock = clock;
        this.scopes = new ThroughputScopes(model);
    }

    // ==== validation ==========================================================================================

    /** DynamoDB: capacity units are at least 1. Checked only when the model is on (the core ignores them otherwise). */
    @Override
    public void validate(TableDefinition d) {
        validate(d.provisionedThroughput(), "table " + d.name());
        for (GlobalSecondaryIndex g : d.globalSecondaryIndexes()) {
            validate(g, d.name());
        }
    }

    @Override
    public void validate(GlobalSecondaryIndex g, String table) {
        if (g != null) {
            validate(g.provisionedThroughput(), "global secondary index " + g.name() + " of table " + table);
        }
    }

    private static void validate(ProvisionedThroughput p, String what) {
        if (p != null && (p.readCapacityUnits() < 1 || p.writeCapacityUnits() < 1)) {
            throw Message.CapacityUnitsTooLow.exception(what, p.readCapacityUnits(), p.writeCapacityUnits());
        }
    }

    /**
     * Creates the buckets of a new table or of its GSIs when they are created, so that capacity saved for
     * burst accrues from creation on (buckets created on first use would forget the idle time before it).
     */
    @Override
    public synchronized void register(TableData t) {
        long now = nowNanos();
        TableScopes ts = scopes.of(t, now);
        for (IndexData g : t.gsis) {
            ts.scope(g, now);
        }
    }

    /** Drops the scopes of a deleted table. */
    @Override
    public synchronized void forget(TableData t) {
        scopes.forget(t);
    }

    private long nowNanos() {
        Instant i = clock.instant();
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }

    // ==== requests ============================================================================================

    /** Adds what one planned write consumes: base table and item partition (LSI units too), each touched GSI and GSI partition. */
    private void addWrite(ThroughputCharges r, Mutation m, int factor, long now) {
        TableScopes ts = scopes.of(m.table, now);
        Scope base = ts.base;
        double baseUnits = m.baseWriteUnits();
        for (int i = 0; i < m.lsiCount(); i++) {
            baseUnits += m.writeUnits(i);
        }
        baseUnits *= factor;
        Object baseLabel = m.partitionValue() != null ? m.partitionValue() : (Object) m.key;
        if (base.write != null) {
            r.add(base.write, baseUnits, base, false, true, baseLabel);
        }
        r.add(base.partition(m.key.partition(), true, now), baseUnits, base, true, true, baseLabel);
        for (int i = m.lsiCount(); i < m.indexCount(); i++) {
            int units = m.writeUnits(i);
            if (units == 0) {
                continue;
            }
            OrderKey oldKey = m.oldKey(i);
            OrderKey newKey = m.newKey(i);
            Scope g = ts.scope(m.index(i), now);
            if (g.write != null) {
                r.add(g.write, (double) factor * units, g, false, true, null);
            }
            if (oldKey != null && newKey != null && !oldKey.equals(newKey)) {
                // A key change: the delete lands in the old entry's partition, the put in the new one's.
                r.add(
                        g.partition(oldKey.partition(), true, now),
                        (double) factor * Meter.writeUnits(m.oldEntry(i).size()),
                        g,
                        true,
                        true,
                        m.before.item());
                r.add(
                        g.partition(newKey.partition(), true, now),
                        (double) factor * Meter.writeUnits(m.newEntry(i).size()),
                        g,
                        true,
                        true,
                        m.after.item());
            } else if (newKey != null) {
                r.add(
                        g.partition(newKey.partition(), true, now),
                        (double) factor * units,
                        g,
                        true,
                        true,
                        m.after.item());
            } else {
                r.add(
                        g.partition(oldKey.partition(), true, now),
                        (double) factor * units,
                        g,
                        true,
                        true,
                        m.before.item());
            }
        }
    }

    private void addRead(
            ThroughputCharges r,
            TableData t,
            IndexData index,
            OrderKey partition,
            double units,
            Object label,
            long now) {
        Scope s = scopes.of(t, now).scope(index, now);
        if (s.read != null) {
            r.add(s.read, units, s, false, false, label);
        }
        if (partition != null) {
            r.add(s.partition(partition.partition(), false, now), units, s, true, false, label);
        }
    }

    // ==== the engine's entry points ===========================================================================

    /** Charges one planned write (factor 1; BatchWriteItem items one by one); throws when throttled. */
    @Override
    public synchronized void chargeWrite(Mutation m) {
        long now = nowNanos();
        scopes.maybePrune(now);
        ThroughputCharges r = request;
        r.clear();
        addWrite(r, m, 1, now);
        int failed = r.admit(now, null);
        if (failed >= 0) {
            ProvisionedThroughputExceededException e = ThrottleMessages.throttled(r, failed, now);
            r.clear();
            throw e;
        }
        r.clear();
    }

    /**
     * Charges a read of {@code units} from a table (index null), LSI (its table's capacity) or GSI, and from
     * the partition {@code partition} falls in (null for a Scan, charged at table / index level only).
     */
    @Override
    public synchronized void chargeRead(TableData t, IndexData index, OrderKey partition, double units, Object label) {
        tryChargeRead(t, index, partition, units, label, true);
    }

    @Override
    public void chargeQuery(
            TableData t,
            IndexData index,
            OrderKey partition,
            double units,
            List<KeyConditionTerm> terms,
            KeyAttribute[] partitionKey) {
        chargeRead(t, index, partition, units, (Supplier<String>)
                () -> ThrottleMessages.partitionLabel(terms, partitionKey));
    }

    /** As {@link #chargeRead}, but returns false instead of throwing (BatchGetItem's unprocessed keys). */
    @Override
    public synchronized boolean tryChargeRead(
            TableData t, IndexData index, OrderKey partition, double units, Object label) {
        return tryChargeRead(t, index, partition, units, label, false);
    }

    private boolean tryChargeRead(
            TableData t, IndexData index, OrderKey partition, double units, Object label, boolean raise) {
        long now = nowNanos();
        scopes.maybePrune(now);
        ThroughputCharges r = request;
        r.clear();
        addRead(r, t, index, partition, units, label, now);
        int failed = r.admit(now, null);
        try {
            if (failed >= 0 && raise) {
                throw ThrottleMessages.throttled(r, failed, now);
            }
            return failed < 0;
        } finally {
            r.clear();
        }
    }

    /**
     * Charges a whole TransactWriteItems (writes at twice their units; ConditionChecks read their item at
     * twice the strongly consistent read units, as the capacity report does). When throttled, sets the
     * reasons of the actions at fault (DynamoDB's codes: {@code ProvisionedThroughputExceeded} on provisioned
     * tables and GSIs, {@code ThrottlingError} on on-demand ones), takes nothing and returns true.
     */
    @Override
    public synchronized boolean chargeTransaction(List<Transactions.WriteAction> actions) {
        long now = nowNanos();
        scopes.maybePrune(now);
        ThroughputCharges r = request;
        r.clear();
        CancellationReason[] reasons = new CancellationReason[actions.size()];
        for (int i = 0; i < reasons.length; i++) {
            Transactions.WriteAction a = actions.get(i);
            r.action = i;
            reasons[i] = a.reason;
            if (a.mutation != null) {
                addWrite(r, a.mutation, 2, now);
            } else {
                Stored s = a.table.items.get(a.key);
                addRead(r, a.table, null, a.key, Meter.transactionalReadUnits(s), s == null ? a.key : s.item(), now);
            }
        }
        if (!cancel(r, now, reasons)) {
            return false;
        }
        for (int i = 0; i < reasons.length; i++) {
            actions.get(i).reason = reasons[i];
        }
        return true;
    }

    /** Charges a whole TransactGetItems (strongly consistent reads at twice their units); as {@link #chargeTransaction}. */
    @Override
    public synchronized void chargeTransactGet(List<Transactions.GetAction> gets) {
        long now = nowNanos();
        scopes.maybePrune(now);
        ThroughputCharges r = request;
        r.clear();
        for (int i = 0; i < gets.size(); i++) {
            Transactions.GetAction g = gets.get(i);
            r.action = i;
            Stored s = g.table().items.get(g.key());
            addRead(r, g.table(), null, g.key(), Meter.transactionalReadUnits(s), s == null ? g.key() : s.item(), now);
        }
        CancellationReason[] reasons = new CancellationReason[gets.size()];
        if (cancel(r, now, reasons)) {
            throw new TransactionCanceledException(List.of(reasons));
        }
    }

    private boolean cancel(ThroughputCharges r, long now, CancellationReason[] reasons) {
        boolean[] faulty = new boolean[reasons.length];
        int failed = r.admit(now, faulty);
        try {
            if (failed < 0) {
                return false;
            }
            for (int i = 0; i < r.size; i++) {
                int a = r.actions[i];
                TokenBucket b = r.buckets[i];
                if (faulty[a] && (reasons[a] == null || reasons[a].isNone()) && !b.admits(b.pending)) {
                    reasons[a] = ThrottleMessages.cancellation(r, i, now);
                }
            }
            for (int i = 0; i < reasons.length; i++) {
                if (reasons[i] == null) {
                    reasons[i] = CancellationReason.NONE;
                }
            }
            return true;
        } finally {
            r.clear();
        }
    }
}
