package io.partita.storage.engine;

import io.partita.storage.value.AttributeValue;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;

/**
 * One partition, which is also its own key (its hash and partition-key bytes, shared by every stored key of
 * the partition through {@link OrderKey#sharePartition}), so that finding it is one table slot, not a slot, a
 * node, a key object and then the partition.
 *
 * <p>A small partition is one array, replaced on each write but for an append into its free room, published by its
 * count ({@link Chunk#insert}), and an overwrite keeping the entry's size, which swaps the item in place ({@link
 * Chunk#swapItem}): {@code [int[] sizes, Map[] items, Integer count, key bytes 0 .. n-1, free slots]}. A 10-entry query reads the table slot, which mirrors
 * the partition's key bytes, this array and its sizes and items arrays (see {@link PartitionedMap}'s table), and then all of
 * them at once, and hands out the items without dereferencing them (a typed array: an {@code Object[]} slot
 * would need a type check that reads each item's header, a cache miss per entry at scale): no per-entry {@link
 * Stored} or {@link OrderKey} object is read, or kept (a small partition keeps each entry's key bytes, item and
 * size; {@link #get} and iteration build the objects they return), and a binary search compares the key bytes
 * straight from the array. A large partition is a {@link ChunkTree} whose chunks have the same layout.
 */
final class Partition extends OrderKey {
    /** The partition hash ({@link OrderKey#hash}), compared before the key bytes when probing. */
    final int hash;

    volatile Object[] small = Chunk.EMPTY;
    volatile ChunkTree large;

    /** The next partition on its map's list of partitions new since the last scan; under the map's table lock. */
    Partition nextPending;

    /** Set when the map drops the emptied partition (under its monitor); a writer that finds it set starts again. */
    boolean dropped;

    Partition(OrderKey id) {
        this(id.bytes, id.partitionEnd);
    }

    /** The partition whose key is {@code bytes} (its hash and partition-key bytes, all {@code partitionEnd} of them). */
    Partition(byte[] bytes, int partitionEnd) {
        super(bytes, partitionEnd);
        this.hash = bytes.length >= 4 ? hash() : 0;
    }

    /** True when {@code key}'s partition-key prefix is this partition's key. */
    boolean holds(byte[] key, int partitionEnd) {
        return Arrays.equals(bytes, 0, bytes.length, key, 0, partitionEnd);
    }

    /**
     * The array a reader should use, or null once the partition is a tree. Promotion publishes {@code large}
     * before clearing {@code small}, so a reader that finds neither reads {@code large}.
     */
    Object[] snapshot() {
        return large != null ? null : small;
    }

    /** A stored key's bytes as an object pointing at this partition. */
    OrderKey key(byte[] bytes) {
        OrderKey k = new OrderKey(bytes, partitionEnd);
        k.sharePartition(this);
        return k;
    }

    int size() {
        Object[] s = snapshot();
        return s != null ? Chunk.count(s) : large.size();
    }

    Stored get(OrderKey key) {
        Object[] s = snapshot();
        if (s != null) {
            int i = Chunk.find(s, key.bytes);
            return i >= 0 ? Chunk.stored(s, i) : null;
        }
        return large.get(key.bytes);
    }

    /**
     * Stores an entry; returns the size of the entry it replaced, or {@link EntryMap#ABSENT}: a small partition
     * keeps sizes apart from items, so the write builds no {@link Stored} for the old entry. Under the partition's
     * monitor while small (a large partition's writes need none: see {@link PartitionedMap}).
     */
    int putSize(OrderKey key, Stored value) {
        return putSize(key.bytes, value);
    }

    /** As {@link #putSize(OrderKey, Stored)} with the key's bytes, which an insert stores. */
    int putSize(byte[] key, Stored value) {
        ChunkTree tree = large;
        if (tree != null) {
            Stored previous = tree.overwrite(key, value); // an overwrite in place: no chunk copied
            return previous == null ? EntryMap.ABSENT : previous.size();
        }
        Object[] s = small;
        int i = Chunk.find(s, key);
        if (i >= 0) {
            int previous = Chunk.sizes(s)[i];
            if (previous == value.size()) {
                Chunk.swapItem(s, i, value); // same key and size: no chunk, items or keys copied
            } else {
                small = Chunk.replace(s, i, value);
            }
            return previous;
        }
        Object[] grown = Chunk.insert(s, -i - 1, key, value);
        if (grown == s) {
            return EntryMap.ABSENT; // appended into the chunk's room, published by its count: the same chunk
        }
        if (Chunk.count(grown) > PartitionedMap.SMALL_LIMIT) {
            large = new ChunkTree(grown);
            small = null;
        } else {
            small = grown;
        }
        return EntryMap.ABSENT;
    }

    /**
     * Replaces the entry of {@code key} (bytes to compare, never kept: see {@link EntryMap#replaceSize}) as {@link
     * #putSize} does; {@link EntryMap#ABSENT}, changing nothing, when there is none. Under the monitor while small.
     */
    int replaceSize(byte[] key, Stored value) {
        ChunkTree tree = large;
        if (tree != null) {
            Stored previous = tree.replace(key, value);
            return previous == null ? EntryMap.ABSENT : previous.size();
        }
        Object[] s = small;
        int i = Chunk.find(s, key);
        if (i < 0) {
            return EntryMap.ABSENT;
        }
        int previous = Chunk.sizes(s)[i];
        if (previous == value.size()) {
            Chunk.swapItem(s, i, value);
        } else {
            small = Chunk.replace(s, i, value);
        }
        return previous;
    }

    /** As {@link #putSize}, returning the replaced entry itself, or null. Under the monitor while small. */
    Stored put(OrderKey key, Stored value) {
        ChunkTree tree = large;
        if (tree != null) {
            return tree.put(key.bytes, value);
        }
        Stored previous = get(key); // no other writer until putSize returns: the monitor is held
        putSize(key, value);
        return previous;
    }

    /** Removes an entry; returns its size, or {@link EntryMap#ABSENT}. Under the partition's monitor while small. */
    int removeSize(OrderKey key) {
        ChunkTree tree = large;
        if (tree != null) {
            Stored previous = tree.remove(key.bytes);
            return previous == null ? EntryMap.ABSENT : previous.size();
        }
        Object[] s = small;
        int i = Chunk.find(s, key.bytes);
        if (i < 0) {
            return EntryMap.ABSENT;
        }
        int previous = Chunk.sizes(s)[i];
        small = Chunk.remove(s, i);
        return previous;
    }

    /** As {@link #removeSize}, returning the removed entry itself, or null. Under the monitor while small. */
    Stored remove(OrderKey key) {
        ChunkTree tree = large;
        if (tree != null) {
            return tree.remove(key.bytes);
        }
        Stored previous = get(key);
        if (previous != null) {
            removeSize(key);
        }
        return previous;
    }

    boolean isEmpty() {
        return size() == 0;
    }

    /** Entries in [low, high) (high null: to the end), after {@code exclusiveStart} if given, in either direction. */
    Iterator<Map.Entry<OrderKey, Stored>> range(OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward) {
        Object[] s = snapshot();
        if (s != null) {
            long bounds = bounds(s, null, low, high, exclusiveStart, forward);
            return new PartitionRanges.ArrayRange(this, s, (int) (bounds >>> 32), (int) bounds, forward);
        }
        Object root = large.snapshot();
        long bounds = bounds(null, root, low, high, exclusiveStart, forward);
        return new PartitionRanges.TreeRange(this, root, (int) (bounds >>> 32), (int) bounds, forward);
    }

    /** Visits the entries {@link #range} would return, in its order, until the visitor declines. */
    void visit(OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward, EntryMap.Visitor v) {
        Object[] s = snapshot();
        Object root = s != null ? null : large.snapshot();
        long bounds = bounds(s, root, low, high, exclusiveStart, forward);
        int from = (int) (bounds >>> 32);
        int to = (int) bounds;
        if (s != null) {
            int[] sizes = Chunk.sizes(s);
            Map<String, AttributeValue>[] items = Chunk.items(s);
            if (forward) {
                for (int i = from; i < to; i++) {
                    if (!v.visit(items[i], sizes[i])) {
                        return;
                    }
                }
            } else {
                for (int i = to - 1; i >= from; i--) {
                    if (!v.visit(items[i], sizes[i])) {
                        return;
                    }
                }
            }
            return;
        }
        if (from < to) {
            visitTree(root, from, to, forward, v);
        }
    }

    /** Visits the ranks [from, to) of a tree snapshot chunk by chunk: each is a contiguous slice, like a small partition. */
    private static void visitTree(Object root, int from, int to, boolean forward, EntryMap.Visitor v) {
        ChunkTree.Cursor c = new ChunkTree.Cursor(root, forward ? from : to - 1);
        int left = to - from;
        while (true) {
            Stored[] values = c.chunk.values;
            if (forward) {
                int end = Math.min(c.chunk.count, c.index + left);
                for (int i = c.index; i < end; i++) {
                    if (!v.visit(values[i].item(), values[i].size())) {
                        return;
                    }
                }
                left -= end - c.index;
            } else {
                int end = Math.max(-1, c.index - left);
                for (int i = c.index; i > end; i--) {
                    if (!v.visit(values[i].item(), values[i].size())) {
                        return;
                    }
                }
                left -= c.index - end;
            }
            if (left == 0) {
                return;
            }
            if (forward) {
                c.nextChunk();
            } else {
                c.previousChunk();
            }
        }
    }

    /**
     * Visits the first {@code n} entries of a small partition's items and sizes (the arrays may be longer), as one
     * run ({@link EntryMap.Visitor#visitRun}: a query's page takes a whole run at once when none of it can end the page).
     */
    static void visitAll(Map<String, AttributeValue>[] its, int[] szs, int n, boolean forward, EntryMap.Visitor v) {
        v.visitRun(its, szs, n, forward);
    }

    /**
     * The slice [from, to) of a small partition's chunk {@code s} or, when it is null, the ranks [from, to) of a
     * large partition's tree snapshot {@code root}, packed as {@code from << 32 | to}. A chunk's count is read once,
     * so that every bound is found among the same entries (an append may raise the count meanwhile). A tree's
     * right-edge chunk may grow while its bounds are found ({@link ChunkTree}), by keys after all others: the upper
     * bounds are found first, so the lower ones, found among as many entries or more, select among the same.
     */
    private static long bounds(
            Object[] s, Object root, OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward) {
        int n = s != null ? Chunk.count(s) : 0;
        // A whole-partition bound needs no search (a query on the partition key alone): fewer cache
        // misses than a binary search through the keys, which at scale are cold.
        int to = high == null || high.isPartitionEnd()
                ? (s != null ? n : ChunkTree.size(root))
                : lowerIndex(s, n, root, high, true);
        if (exclusiveStart != null && !forward) {
            to = Math.min(to, lowerIndex(s, n, root, exclusiveStart, true));
        }
        int from = low == null || low.isPartitionStart() ? 0 : lowerIndex(s, n, root, low, true);
        if (exclusiveStart != null && forward) {
            from = Math.max(from, lowerIndex(s, n, root, exclusiveStart, false));
        }
        return (long) from << 32 | (to & 0xFFFFFFFFL);
    }

    private static int lowerIndex(Object[] s, int n, Object root, OrderKey key, boolean inclusive) {
        return s != null ? Chunk.lowerIndex(s, n, key.bytes, inclusive) : ChunkTree.rank(root, key.bytes, inclusive);
    }
}
