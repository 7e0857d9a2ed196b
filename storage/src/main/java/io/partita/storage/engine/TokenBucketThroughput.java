package io.partita.storage.engine;

import io.partita.storage.Message;
import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.ThroughputModel;
import io.partita.storage.TransactionCanceledException;
import io.partita.storage.TransactionCanceledException.CancellationReason;
import io.partita.storage.expression.KeyConditionTerm;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
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
 */
final class TokenBucketThroughput implements ThroughputPolicy {
    /** Partition buckets kept before full (idle) ones are dropped; a dropped bucket is recreated full. */
    private static final int PRUNE_THRESHOLD = 4096;

    private final ThroughputModel model;
    private final Clock clock;
    private final double burstSeconds;
    private final double partitionBurstSeconds;
    /** Scopes of each table by table id; guarded by {@code this}. */
    private final HashMap<Long, TableScopes> tables = new HashMap<>();

    private final Request request = new Request();
    private int partitionBuckets;
    private int pruneAt = PRUNE_THRESHOLD;

    TokenBucketThroughput(ThroughputModel model, Clock clock) {
        this.model = model;
        this.clock = clock;
        this.burstSeconds = model.burstWindow().toNanos() / 1e9;
        this.partitionBurstSeconds = model.partitionBurstWindow().toNanos() / 1e9;
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

    // ==== scopes ==============================================================================================

    /** One table's or one GSI's buckets: its own level (null when on demand) and its partitions'. */
    private final class Scope {
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

    private final class TableScopes {
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

    private TableScopes scopes(TableData t, long now) {
        TableScopes s = tables.get(t.id);
        if (s == null) {
            s = new TableScopes(t, now);
            tables.put(t.id, s);
        }
        return s;
    }

    /**
     * Creates the buckets of a new table or of its GSIs when they are created, so that capacity saved for
     * burst accrues from creation on (buckets created on first use would forget the idle time before it).
     */
    @Override
    public synchronized void register(TableData t) {
        long now = nowNanos();
        TableScopes ts = scopes(t, now);
        for (IndexData g : t.gsis) {
            ts.scope(g, now);
        }
    }

    /** Drops the scopes of a deleted table. */
    @Override
    public synchronized void forget(TableData t) {
        tables.remove(t.id);
    }

    /** Drops partition buckets that are full (idle): a new bucket for their partition would be the same. */
    private void maybePrune(long now) {
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

    private long nowNanos() {
        Instant i = clock.instant();
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }

    // ==== requests ============================================================================================

    /** The charges of one request; reused under the lock. */
    private static final class Request {
        int size;
        TokenBucket[] buckets = new TokenBucket[16];
        double[] units = new double[16];
        Scope[] scopes = new Scope[16];
        boolean[] partitionLevel = new boolean[16];
        boolean[] writes = new boolean[16];
        Object[] labels = new Object[16];
        int[] actions = new int[16];
        int action;

        void clear() {
            Arrays.fill(buckets, 0, size, null);
            Arrays.fill(scopes, 0, size, null);
            Arrays.fill(labels, 0, size, null);
            size = 0;
            action = 0;
        }

        void add(TokenBucket bucket, double amount, Scope scope, boolean partition, boolean write, Object label) {
            if (size == buckets.length) {
                int n = size * 2;
                buckets = Arrays.copyOf(buckets, n);
                units = Arrays.copyOf(units, n);
                scopes = Arrays.copyOf(scopes, n);
                partitionLevel = Arrays.copyOf(partitionLevel, n);
                writes = Arrays.copyOf(writes, n);
                labels = Arrays.copyOf(labels, n);
                actions = Arrays.copyOf(actions, n);
            }
            buckets[size] = bucket;
            units[size] = amount;
            scopes[size] = scope;
            partitionLevel[size] = partition;
            writes[size] = write;
            labels[size] = label;
            actions[size] = action;
            size++;
        }
    }

    /** Adds what one planned write consumes: base table and item partition (LSI units too), each touched GSI and GSI partition. */
    private void addWrite(Request r, Mutation m, int factor, long now) {
        TableScopes ts = scopes(m.table, now);
        Scope base = ts.base;
        double baseUnits = m.baseWriteUnits();
        for (Mutation.IndexChange c : m.lsiChanges()) {
            baseUnits += c.writeUnits();
        }
        baseUnits *= factor;
        Object baseLabel = m.partitionValue != null ? m.partitionValue : (Object) m.key;
        if (base.write != null) {
            r.add(base.write, baseUnits, base, false, true, baseLabel);
        }
        r.add(base.partition(m.key.partition(), true, now), baseUnits, base, true, true, baseLabel);
        for (Mutation.IndexChange c : m.gsiChanges()) {
            int units = c.writeUnits();
            if (units == 0) {
                continue;
            }
            Scope g = ts.scope(c.index, now);
            if (g.write != null) {
                r.add(g.write, (double) factor * units, g, false, true, null);
            }
            if (c.oldKey != null && c.newKey != null && !c.oldKey.equals(c.newKey)) {
                // A key change: the delete lands in the old entry's partition, the put in the new one's.
                r.add(
                        g.partition(c.oldKey.partition(), true, now),
                        (double) factor * Meter.writeUnits(c.oldEntry().size()),
                        g,
                        true,
                        true,
                        m.before.item());
                r.add(
                        g.partition(c.newKey.partition(), true, now),
                        (double) factor * Meter.writeUnits(c.newEntry.size()),
                        g,
                        true,
                        true,
                        m.after.item());
            } else if (c.newKey != null) {
                r.add(
                        g.partition(c.newKey.partition(), true, now),
                        (double) factor * units,
                        g,
                        true,
                        true,
                        m.after.item());
            } else {
                r.add(
                        g.partition(c.oldKey.partition(), true, now),
                        (double) factor * units,
                        g,
                        true,
                        true,
                        m.before.item());
            }
        }
    }

    private void addRead(
            Request r, TableData t, IndexData index, OrderKey partition, double units, Object label, long now) {
        Scope s = scopes(t, now).scope(index, now);
        if (s.read != null) {
            r.add(s.read, units, s, false, false, label);
        }
        if (partition != null) {
            r.add(s.partition(partition.partition(), false, now), units, s, true, false, label);
        }
    }

    /**
     * Admits the request: takes every charge when every bucket holds its (summed) units. Otherwise takes
     * nothing and returns the index of the first charge whose bucket fell short; with {@code faulty}, also
     * marks every action that charged a bucket that fell short.
     */
    private int admit(Request r, long now, boolean[] faulty) {
        int n = r.size;
        for (int i = 0; i < n; i++) {
            r.buckets[i].refill(now);
            r.buckets[i].pending = 0;
        }
        for (int i = 0; i < n; i++) {
            r.buckets[i].pending += r.units[i];
        }
        int first = -1;
        for (int i = 0; i < n; i++) {
            if (!r.buckets[i].admits(r.buckets[i].pending)) {
                if (first < 0) {
                    first = i;
                }
                if (faulty == null) {
                    break;
                }
                faulty[r.actions[i]] = true;
            }
        }
        if (first < 0) {
            for (int i = 0; i < n; i++) {
                r.buckets[i].take(r.units[i]);
            }
        }
        return first;
    }

    // ==== the engine's entry points ===========================================================================

    /** Charges one planned write (factor 1; BatchWriteItem items one by one); throws when throttled. */
    @Override
    public synchronized void chargeWrite(Mutation m) {
        long now = nowNanos();
        maybePrune(now);
        Request r = request;
        r.clear();
        addWrite(r, m, 1, now);
        int failed = admit(r, now, null);
        if (failed >= 0) {
            ProvisionedThroughputExceededException e = throttled(r, failed, now);
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
        chargeRead(t, index, partition, units, (Supplier<String>) () -> partitionLabel(terms, partitionKey));
    }

    /** "a = v" for each partition key attribute of a query's key condition (throttling messages). */
    private static String partitionLabel(List<KeyConditionTerm> terms, KeyAttribute[] pk) {
        List<String> parts = new ArrayList<>();
        for (KeyAttribute k : pk) {
            for (KeyConditionTerm term : terms) {
                if (term.attribute().equals(k.name())) {
                    parts.add(k.name() + " = " + term.low());
                }
            }
        }
        return String.join(", ", parts);
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
        maybePrune(now);
        Request r = request;
        r.clear();
        addRead(r, t, index, partition, units, label, now);
        int failed = admit(r, now, null);
        try {
            if (failed >= 0 && raise) {
                throw throttled(r, failed, now);
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
        maybePrune(now);
        Request r = request;
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
        maybePrune(now);
        Request r = request;
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

    private boolean cancel(Request r, long now, CancellationReason[] reasons) {
        boolean[] faulty = new boolean[reasons.length];
        int failed = admit(r, now, faulty);
        try {
            if (failed < 0) {
                return false;
            }
            for (int i = 0; i < r.size; i++) {
                int a = r.actions[i];
                TokenBucket b = r.buckets[i];
                if (faulty[a] && (reasons[a] == null || reasons[a].isNone()) && !b.admits(b.pending)) {
                    reasons[a] = r.scopes[i].provisioned
                            ? new CancellationReason(
                                    "ProvisionedThroughputExceeded",
                                    provisionedSentence(r.scopes[i]) + detail(r, i, now),
                                    null)
                            : new CancellationReason(
                                    "ThrottlingError", onDemandSentence(r.scopes[i]) + detail(r, i, now), null);
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

    // ==== messages ============================================================================================

    private ProvisionedThroughputExceededException throttled(Request r, int i, long now) {
        Scope s = r.scopes[i];
        String sentence = r.partitionLevel[i] ? Message.HotPartition.format() : provisionedSentence(s);
        return new ProvisionedThroughputExceededException(sentence + detail(r, i, now));
    }

    private static String provisionedSentence(Scope s) {
        return s.index == null ? Message.TableThroughputExceeded.format() : Message.IndexThroughputExceeded.format();
    }

    private static String onDemandSentence(Scope s) {
        return s.index == null ? Message.TableThrottled.format() : Message.IndexThrottled.format();
    }

    /** " [IndexWriteKeyRangeThroughputExceeded: global secondary index X of table T, partition key a = {S: "v"}: ...]" */
    private String detail(Request r, int i, long now) {
        Scope s = r.scopes[i];
        boolean write = r.writes[i];
        TokenBucket b = r.buckets[i];
        StringBuilder sb = new StringBuilder(" [");
        sb.append(s.index == null ? "Table" : "Index")
                .append(write ? "Write" : "Read")
                .append(r.partitionLevel[i] ? "KeyRangeThroughputExceeded" : "ProvisionedThroughputExceeded")
                .append(": ")
                .append(s.describe());
        if (r.partitionLevel[i]) {
            sb.append(", partition key ").append(label(s, r.labels[i]));
        }
        sb.append(String.format(
                ": needs %s %s units, %s available of %s units/s%s]",
                units(b.pending),
                write ? "write" : "read",
                units(Math.max(0, b.available(now))),
                units(b.ratePerSecond()),
                r.partitionLevel[i]
                        ? " per partition key value"
                        : s.index == null ? " provisioned" : " provisioned for the index"));
        return sb.toString();
    }

    private static String units(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format("%.2f", v);
    }

    @SuppressWarnings("unchecked")
    private static String label(Scope s, Object label) {
        if (label instanceof Supplier<?> supplier) {
            return String.valueOf(supplier.get());
        }
        if (label instanceof AttributeValue v) {
            return s.partitionKey[0].name() + " = " + v;
        }
        if (label instanceof Map<?, ?> item) {
            List<String> parts = new ArrayList<>(s.partitionKey.length);
            for (KeyAttribute k : s.partitionKey) {
                parts.add(k.name() + " = " + ((Map<String, AttributeValue>) item).get(k.name()));
            }
            return String.join(", ", parts);
        }
        return label instanceof OrderKey k ? "of encoded partition " + k.partition() : String.valueOf(label);
    }
}
