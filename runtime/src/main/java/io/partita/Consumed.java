package io.partita;

import io.partita.storage.api.Capacity;
import io.partita.storage.api.ConsumedCapacity;
import io.partita.storage.api.ItemCollectionMetrics;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the requests behind one result consumed, summed per table: capacity units (total, and with
 * {@code INDEXES} the table's and each index's share) and the item-collection metrics writes returned. A page of a
 * gather query sums every shard request that fed it; a batch or transaction every request it sent.
 *
 * <pre>{@code
 * Page<GameScore> page = scores.query("u1").returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).page();
 * double rcu = page.consumed().readCapacityUnits();
 * }</pre>
 *
 * Empty (zero) unless the call asked for it.
 */
public final class Consumed {
    /** Nothing consumed, or nothing asked for. */
    public static final Consumed NONE = new Consumed(List.of(), List.of(), 0);

    private final List<ConsumedCapacity> capacity;
    private final List<ItemCollectionMetrics> itemCollectionMetrics;
    private final int requests;

    private Consumed(List<ConsumedCapacity> capacity, List<ItemCollectionMetrics> metrics, int requests) {
        this.capacity = List.copyOf(capacity);
        this.itemCollectionMetrics = List.copyOf(metrics);
        this.requests = requests;
    }

    /** Consumed capacity per table (one entry per table, summed over the requests). */
    public List<ConsumedCapacity> consumedCapacity() {
        return capacity;
    }

    /** The item-collection metrics the writes returned (tables with an LSI, when asked for). */
    public List<ItemCollectionMetrics> itemCollectionMetrics() {
        return itemCollectionMetrics;
    }

    /** How many requests the result took. */
    public int requests() {
        return requests;
    }

    public double capacityUnits() {
        return capacity.stream().mapToDouble(ConsumedCapacity::capacityUnits).sum();
    }

    public double readCapacityUnits() {
        return capacity.stream()
                .mapToDouble(ConsumedCapacity::readCapacityUnits)
                .sum();
    }

    public double writeCapacityUnits() {
        return capacity.stream()
                .mapToDouble(ConsumedCapacity::writeCapacityUnits)
                .sum();
    }

    @Override
    public String toString() {
        return "Consumed[" + requests + " requests, " + capacityUnits() + " capacity units, " + capacity + "]";
    }

    /** What one single-item request consumed ({@code null}s are fine: nothing reported). */
    public static Consumed of(ConsumedCapacity capacity, ItemCollectionMetrics itemCollection) {
        return new Consumed(
                capacity == null ? List.of() : List.of(capacity),
                itemCollection == null ? List.of() : List.of(itemCollection),
                1);
    }

    /** Sums {@code capacities} per table. */
    public static List<ConsumedCapacity> sum(Collection<ConsumedCapacity> capacities) {
        Map<String, ConsumedCapacity> byTable = new LinkedHashMap<>();
        for (ConsumedCapacity c : capacities) {
            if (c != null) {
                byTable.merge(c.tableName(), c, Consumed::plus);
            }
        }
        return new ArrayList<>(byTable.values());
    }

    private static ConsumedCapacity plus(ConsumedCapacity a, ConsumedCapacity b) {
        return new ConsumedCapacity(
                a.tableName(),
                plus(a.total(), b.total()),
                plus(a.table(), b.table()),
                plus(a.globalSecondaryIndexes(), b.globalSecondaryIndexes()),
                plus(a.localSecondaryIndexes(), b.localSecondaryIndexes()));
    }

    private static Capacity plus(Capacity a, Capacity b) {
        return a == null ? b : b == null ? a : a.plus(b);
    }

    private static Map<String, Capacity> plus(Map<String, Capacity> a, Map<String, Capacity> b) {
        if (b.isEmpty()) {
            return a;
        }
        Map<String, Capacity> sum = new HashMap<>(a);
        b.forEach((index, c) -> sum.merge(index, c, Capacity::plus));
        return sum;
    }

    /** Collects what several requests consumed (thread-safe: a gather's shards report from several threads). */
    public static final class Accumulator {
        private final List<ConsumedCapacity> capacity = new ArrayList<>();
        private final List<ItemCollectionMetrics> metrics = new ArrayList<>();
        private int requests;

        /** Adds one request's report ({@code null}s are fine). */
        public synchronized Accumulator add(
                Collection<ConsumedCapacity> consumed, Collection<ItemCollectionMetrics> itemCollections) {
            requests++;
            if (consumed != null) {
                consumed.forEach(c -> {
                    if (c != null) {
                        capacity.add(c);
                    }
                });
            }
            if (itemCollections != null) {
                metrics.addAll(itemCollections);
            }
            return this;
        }

        /** Adds one request's consumed capacity. */
        public Accumulator add(ConsumedCapacity consumed) {
            return add(consumed == null ? null : List.of(consumed), null);
        }

        public synchronized Consumed result() {
            return new Consumed(sum(capacity), metrics, requests);
        }
    }
}
