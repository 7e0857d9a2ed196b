package io.partita.storage.engine;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/**
 * The ordered entries of one table or index, as the reads and the write path see them: the in-memory
 * {@link PartitionedMap} or, in durable mode, {@link DiskMap} (one key range of the on-disk store).
 * Iteration order is the {@link OrderKey} order in both.
 */
interface EntryMap {
    Stored get(OrderKey key);

    /**
     * As {@link #get(OrderKey)} for a read that needs only what {@code needs} names: the entry may then hold only
     * those attributes (with the whole entry's size). In memory, the entry itself.
     */
    default Stored get(OrderKey key, Needs needs) {
        return get(key);
    }

    /**
     * As {@link #get(OrderKey, Needs)} for a GetItem of {@code projection} (null: the whole item): a read the cache
     * answers builds nothing for what it needs.
     */
    default Stored get(
            OrderKey key,
            io.partita.storage.expression.ProjectionExpression projection,
            io.partita.storage.expression.Placeholders placeholders) {
        return get(key);
    }

    /** Stores an entry; returns the entry it replaced, or null. In durable mode writes go through {@link DiskWrite} instead. */
    Stored put(OrderKey key, Stored value);

    /** Removes an entry; returns it, or null when there was none. In durable mode writes go through {@link DiskWrite} instead. */
    Stored remove(OrderKey key);

    /** What {@link #putSize} and {@link #removeSize} return when there was no entry. */
    int ABSENT = -1;

    /**
     * As {@link #put}, returning only the replaced entry's size, or {@link #ABSENT}: what the write path needs, so a
     * map that keeps sizes apart from items (a small partition) builds no {@link Stored} for the old entry.
     */
    default int putSize(OrderKey key, Stored value) {
        Stored previous = put(key, value);
        return previous == null ? ABSENT : previous.size();
    }

    /**
     * As {@link #putSize(OrderKey, Stored)} with the key as its bytes and its partition's end ({@link OrderKey}'s
     * fields): an insert that encoded its key straight into the array the map keeps builds no key object.
     */
    default int putSize(byte[] key, int partitionEnd, Stored value) {
        return putSize(new OrderKey(key, partitionEnd), value);
    }

    /**
     * Replaces the entry whose key is {@code key} (its whole array, a key to compare with the stored ones and never
     * to keep: {@link KeyCodec#scratchKey}) when there is one: its size, or {@link #ABSENT} having changed nothing.
     * The stored key stays. A map that cannot find entries by such an array answers {@link #ABSENT}, and the
     * caller puts with a key of its own.
     */
    default int replaceSize(byte[] key, int partitionEnd, Stored value) {
        return ABSENT;
    }

    /** As {@link #remove}, returning only the removed entry's size, or {@link #ABSENT}. */
    default int removeSize(OrderKey key) {
        Stored previous = remove(key);
        return previous == null ? ABSENT : previous.size();
    }

    /**
     * The entries of one partition (named by {@code low}, a key or bound holding the whole partition key) in
     * {@code [low, high)} (high null: to the partition's end), after {@code exclusiveStart} when given,
     * ascending or descending.
     */
    Iterable<Map.Entry<OrderKey, Stored>> range(OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward);

    /**
     * The entries {@link #range} returns, in its order, handed to {@code visitor} until it returns false: what a
     * Query reads, without an entry object (or, in memory, a {@link Stored}) per entry.
     */
    default void visit(OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward, Visitor visitor) {
        for (Map.Entry<OrderKey, Stored> e : range(low, high, exclusiveStart, forward)) {
            Stored s = e.getValue();
            if (!visitor.visit(s.item(), s.size())) {
                return;
            }
        }
    }

    /** As {@link #visit}; the entries may hold only what {@code needs} names (see {@link #get(OrderKey, Needs)}). */
    default void visit(
            OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward, Needs needs, Visitor visitor) {
        visit(low, high, exclusiveStart, forward, visitor);
    }

    /** Receives entries from {@link #visit}; returns false to stop. */
    interface Visitor {
        boolean visit(Map<String, AttributeValue> item, int size);

        /**
         * Takes the first {@code n} entries of a small partition's items and sizes (the arrays may be longer), in
         * key order or reversed, as {@link #visit} would one by one until it returns false (which this default does).
         */
        default void visitRun(Map<String, AttributeValue>[] items, int[] sizes, int n, boolean forward) {
            if (forward) {
                for (int i = 0; i < n; i++) {
                    if (!visit(items[i], sizes[i])) {
                        return;
                    }
                }
            } else {
                for (int i = n - 1; i >= 0; i--) {
                    if (!visit(items[i], sizes[i])) {
                        return;
                    }
                }
            }
        }
    }

    /** Every entry, in scan order. */
    Iterable<Map.Entry<OrderKey, Stored>> all();

    /**
     * The entries whose partition hash lies in {@code [hashFrom, hashTo)} (unsigned; {@code hashTo} up to
     * 2^32), in scan order, after {@code exclusiveStart} when it is given.
     */
    Iterable<Map.Entry<OrderKey, Stored>> scan(long hashFrom, long hashTo, OrderKey exclusiveStart);

    /** As {@link #scan(long, long, OrderKey)}; the entries may hold only what {@code needs} names. */
    default Iterable<Map.Entry<OrderKey, Stored>> scan(
            long hashFrom, long hashTo, OrderKey exclusiveStart, Needs needs) {
        return scan(hashFrom, hashTo, exclusiveStart);
    }
}
