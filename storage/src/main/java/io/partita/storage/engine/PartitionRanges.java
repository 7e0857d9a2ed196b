package io.partita.storage.engine;

import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;

/** The iterators of a {@link PartitionedMap}'s ranges and scans: over a small partition, a large one, and partitions in turn. */
final class PartitionRanges {
    private PartitionRanges() {}

    /**
     * Iterates a slice of a small partition's array, below the count read when the range was opened: those slots
     * never change (an append writes past them, see {@link Chunk}), so iteration needs no lock.
     */
    static final class ArrayRange implements Iterator<Map.Entry<OrderKey, Stored>> {
        private final Partition p;
        private final Object[] s;
        private final int from;
        private final int to;
        private final boolean forward;
        private int next;

        ArrayRange(Partition p, Object[] s, int from, int to, boolean forward) {
            this.p = p;
            this.s = s;
            this.from = from;
            this.to = to;
            this.forward = forward;
            this.next = forward ? from : to - 1;
        }

        @Override
        public boolean hasNext() {
            return forward ? next < to : next >= from;
        }

        @Override
        public Map.Entry<OrderKey, Stored> next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            int i = next;
            next += forward ? 1 : -1;
            return new SimpleImmutableEntry<>(p.key(Chunk.keyBytes(s, i)), Chunk.stored(s, i));
        }
    }

    /**
     * Iterates the ranks [from, to) of a large partition's tree snapshot, chunk by chunk; the snapshot never
     * changes, so iteration needs no lock and sees the partition as it was when the range was opened.
     */
    static final class TreeRange implements Iterator<Map.Entry<OrderKey, Stored>> {
        private final Partition p;
        private final boolean forward;
        private final ChunkTree.Cursor cursor;
        private int left;

        TreeRange(Partition p, Object root, int from, int to, boolean forward) {
            this.p = p;
            this.forward = forward;
            this.left = Math.max(0, to - from);
            this.cursor = left == 0 ? null : new ChunkTree.Cursor(root, forward ? from : to - 1);
        }

        @Override
        public boolean hasNext() {
            return left > 0;
        }

        @Override
        public Map.Entry<OrderKey, Stored> next() {
            ChunkTree.Cursor c = cursor;
            if (left == 0 || c == null) {
                throw new NoSuchElementException();
            }
            if (forward ? c.index == c.chunk.count : c.index < 0) {
                if (forward) {
                    c.nextChunk();
                } else {
                    c.previousChunk();
                }
            }
            int i = c.index;
            c.index += forward ? 1 : -1;
            left--;
            return new SimpleImmutableEntry<>(p.key(c.chunk.keyBytes(i)), c.chunk.values[i]);
        }
    }

    static final class Flattening implements Iterator<Map.Entry<OrderKey, Stored>> {
        private Iterator<Map.Entry<OrderKey, Stored>> current;
        private final Iterator<Partition> partitions;

        Flattening(Iterator<Map.Entry<OrderKey, Stored>> first, Iterator<Partition> partitions) {
            this.current = first;
            this.partitions = partitions;
        }

        @Override
        public boolean hasNext() {
            while (!current.hasNext()) {
                if (!partitions.hasNext()) {
                    return false;
                }
                current = partitions.next().range(null, null, null, true);
            }
            return true;
        }

        @Override
        public Map.Entry<OrderKey, Stored> next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return current.next();
        }
    }
}
