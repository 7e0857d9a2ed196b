package io.partita.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.value.AttributeValue;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * {@link ChunkTree}'s write shortcuts (round 5 of issue 14): appends at the right edge that claim a free slot of a
 * shared keys array, overwrites that share the keys array and the directory's sizes, and a full right-edge chunk
 * kept as it is when an append starts the next. Checked against a sorted reference, with every kept snapshot read
 * again at the end (a later write, in place or not, must not change what an earlier snapshot holds), and with
 * writers racing for the same free slot while lock-free readers check that every snapshot is a state the writers
 * passed through. Fixed seeds, printed.
 */
class ChunkTreeAppendTest {
    private static final long SEED = 20261125_05L;
    private static final Map<String, AttributeValue> ITEM = Map.of("k", AttributeValue.s("v"));

    @Test
    void appendsOverwritesAndRemovesAtTheRightEdgeMatchTheReferenceAndLeaveEarlierSnapshotsUnchanged() {
        System.out.println("ChunkTreeAppendTest model seed " + SEED);
        Random rnd = new Random(SEED);
        ChunkTree tree = new ChunkTree(Chunk.EMPTY);
        TreeMap<Integer, Stored> reference = new TreeMap<>();
        List<Object> snapshots = new ArrayList<>();
        List<List<Stored>> expected = new ArrayList<>();
        int next = 0; // the next ascending key: an append at the right edge
        for (int round = 0; round < 20_000; round++) {
            int op = rnd.nextInt(100);
            Stored v = new Stored(ITEM, round);
            if (op < 55 || reference.isEmpty()) {
                next += 1 + rnd.nextInt(3);
                assertThat(tree.put(key(next), v)).isNull();
                reference.put(next, v);
            } else if (op < 75) {
                int k = reference.lastKey() - rnd.nextInt(Math.min(40, reference.size()));
                Integer at = reference.ceilingKey(k);
                assertThat(tree.put(key(at), v)).isSameAs(reference.put(at, v));
            } else if (op < 85) {
                int k = rnd.nextInt(next + 1);
                assertThat(tree.put(key(k), v)).isSameAs(reference.put(k, v));
            } else if (op < 95) {
                // remove near the right edge: the next append may land where a claimed slot was
                int k = reference.lastKey() - rnd.nextInt(Math.min(8, reference.size()));
                assertThat(tree.remove(key(k))).isSameAs(reference.remove(k));
            } else {
                int k = rnd.nextInt(next + 1);
                assertThat(tree.remove(key(k))).isSameAs(reference.remove(k));
            }
            if (round % 211 == 0) {
                Object root = tree.snapshot();
                List<Stored> now = contents(root);
                assertThat(now).containsExactlyElementsOf(reference.values());
                checkKeys(root, reference);
                snapshots.add(root);
                expected.add(now);
            }
        }
        assertThat(contents(tree.snapshot())).containsExactlyElementsOf(reference.values());
        for (int s = 0; s < snapshots.size(); s++) {
            assertThat(contents(snapshots.get(s))).as("snapshot %d", s).containsExactlyElementsOf(expected.get(s));
        }
    }

    @Test
    void anAppendAtTheRightEdgeSharesTheChunksArraysAndAnOverwriteSharesKeysAndSizes() {
        ChunkTree tree = new ChunkTree(Chunk.EMPTY);
        for (int k = 0; k < 100; k++) {
            tree.put(key(k), new Stored(ITEM, k));
        }
        // 100 ascending keys: three full chunks and a fourth of four entries, with room for more
        TreeDirectory before = (TreeDirectory) tree.snapshot();
        TreeChunk edge = (TreeChunk) before.kid(before.count() - 1);
        assertThat(edge.count).isEqualTo(4);
        tree.put(key(100), new Stored(ITEM, 100));
        TreeDirectory appended = (TreeDirectory) tree.snapshot();
        TreeChunk grown = (TreeChunk) appended.kid(appended.count() - 1);
        assertThat(grown.count).isEqualTo(5);
        assertThat(grown.keys).isSameAs(edge.keys);
        assertThat(grown.values).as("the append shares the values array too").isSameAs(edge.values);
        assertThat(edge.count).as("the earlier snapshot's chunk").isEqualTo(4);
        assertThat(appended.kid(0)).isSameAs(before.kid(0));
        assertThat(appended.kids)
                .as("a right-edge write shares the directory's arrays")
                .isSameAs(before.kids);
        assertThat(appended.sizes).isSameAs(before.sizes);
        // an overwrite: new values, the same keys array, the same sizes array in the directory
        tree.put(key(50), new Stored(ITEM, -50));
        TreeDirectory overwritten = (TreeDirectory) tree.snapshot();
        assertThat(overwritten.sizes).isSameAs(appended.sizes);
        int j = overwritten.child(key(50));
        assertThat(((TreeChunk) overwritten.kid(j)).keys).isSameAs(((TreeChunk) appended.kid(j)).keys);
        assertThat(((TreeChunk) overwritten.kid(j)).values).isNotSameAs(((TreeChunk) appended.kid(j)).values);
        assertThat(tree.get(key(50))).isEqualTo(new Stored(ITEM, -50));
        assertThat(ChunkTree.size(overwritten)).isEqualTo(101);
    }

    @Test
    void writersRacingForTheSameFreeSlotLoseNothingAndReadersSeeOnlyStatesTheyPassedThrough() throws Exception {
        long seed = SEED + 1;
        System.out.println("ChunkTreeAppendTest concurrent seed " + seed);
        Random rnd = new Random(seed);
        int appenders = 3;
        int ops = 4_000;
        int prefilled = 500;
        // keys below BASE are prefilled and overwritten; appender w appends BASE + j * appenders + w, j ascending,
        // so all appenders write the tree's right-edge chunk at once and race for its free slots
        int base = prefilled;
        ChunkTree tree = new ChunkTree(Chunk.EMPTY);
        for (int k = 0; k < prefilled; k++) {
            tree.put(key(k), new Stored(ITEM, -1));
        }
        int[] overwriteKeys = new int[ops];
        for (int j = 0; j < ops; j++) {
            overwriteKeys[j] = rnd.nextInt(prefilled);
        }
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<Object> kept = new ConcurrentLinkedQueue<>();
        List<List<Stored>> keptContents = new ArrayList<>();
        CountDownLatch start = new CountDownLatch(1);
        AtomicBoolean done = new AtomicBoolean();
        List<Thread> writers = new ArrayList<>();
        for (int w = 0; w < appenders; w++) {
            int writer = w;
            writers.add(new Thread(() -> run(start, failures, () -> {
                for (int j = 0; j < ops; j++) {
                    int k = base + j * appenders + writer;
                    assertThat(tree.put(key(k), new Stored(ITEM, k))).isNull();
                }
            })));
        }
        writers.add(new Thread(() -> run(start, failures, () -> {
            for (int j = 0; j < ops; j++) {
                tree.put(key(overwriteKeys[j]), new Stored(ITEM, j));
            }
        })));
        List<Thread> readers = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            readers.add(new Thread(() -> run(start, failures, () -> {
                while (!done.get()) {
                    Object root = tree.snapshot();
                    checkState(contents(root), prefilled, base, appenders, overwriteKeys);
                    if (kept.size() < 300) {
                        kept.add(root);
                    }
                }
            })));
        }
        writers.forEach(Thread::start);
        readers.forEach(Thread::start);
        start.countDown();
        for (Thread t : writers) {
            t.join();
        }
        done.set(true);
        for (Thread t : readers) {
            t.join();
        }
        assertThat(failures).isEmpty();
        for (Object root : kept) {
            keptContents.add(contents(root));
        }
        // every appended key is there, once, in order, with its value; every prefilled key holds its last overwrite
        List<Stored> all = contents(tree.snapshot());
        assertThat(all).hasSize(prefilled + appenders * ops);
        for (int i = 0; i < appenders * ops; i++) {
            assertThat(all.get(prefilled + i).size()).isEqualTo(base + i);
        }
        int[] last = new int[prefilled];
        Arrays.fill(last, -1);
        for (int j = 0; j < ops; j++) {
            last[overwriteKeys[j]] = j;
        }
        for (int k = 0; k < prefilled; k++) {
            assertThat(all.get(k).size()).isEqualTo(last[k]);
        }
        assertThat(keptContents).isNotEmpty();
        int i = 0;
        for (Object root : kept) {
            assertThat(contents(root)).as("kept snapshot %d read again", i).isEqualTo(keptContents.get(i));
            i++;
        }
    }

    private interface Body {
        void run() throws Exception;
    }

    private static void run(CountDownLatch start, ConcurrentLinkedQueue<Throwable> failures, Body body) {
        try {
            start.await();
            body.run();
        } catch (Throwable t) {
            failures.add(t);
        }
    }

    /**
     * A snapshot of the concurrent test: the prefilled keys hold the overwrites of one prefix of the overwriter's
     * log, and each appender's keys are one prefix of its own.
     */
    private static void checkState(List<Stored> entries, int prefilled, int base, int appenders, int[] overwrites) {
        // plain checks (a reader checks thousands of snapshots): the message names what failed
        if (entries.size() < prefilled) {
            throw new AssertionError("prefilled keys missing: " + entries.size());
        }
        int newest = -1;
        for (int k = 0; k < prefilled; k++) {
            newest = Math.max(newest, entries.get(k).size());
        }
        int[] last = new int[prefilled];
        Arrays.fill(last, -1);
        for (int j = 0; j <= newest; j++) {
            last[overwrites[j]] = j;
        }
        for (int k = 0; k < prefilled; k++) {
            if (entries.get(k).size() != last[k]) {
                throw new AssertionError("prefilled key " + k + " holds overwrite "
                        + entries.get(k).size() + ", not " + last[k] + " of the prefix up to " + newest);
            }
        }
        int[] seen = new int[appenders];
        for (int i = prefilled; i < entries.size(); i++) {
            int k = entries.get(i).size();
            int w = (k - base) % appenders;
            if ((k - base) / appenders != seen[w]) {
                throw new AssertionError("appender " + w + "'s keys are not a prefix: " + k + " after " + seen[w]);
            }
            seen[w]++;
        }
    }

    /** The keys of a snapshot, chunk by chunk, are the reference's; no chunk shows more keys than values. */
    private static void checkKeys(Object root, java.util.SortedMap<Integer, Stored> reference) {
        List<Integer> keys = new ArrayList<>();
        int size = ChunkTree.size(root);
        if (size > 0) {
            ChunkTree.Cursor c = new ChunkTree.Cursor(root, 0);
            while (true) {
                for (int i = c.index; i < c.chunk.count; i++) {
                    keys.add(ByteBuffer.wrap(c.chunk.keyBytes(i)).getInt());
                }
                if (keys.size() == size) {
                    break;
                }
                c.nextChunk();
            }
        }
        assertThat(keys).containsExactlyElementsOf(reference.keySet());
    }

    private static List<Stored> contents(Object root) {
        int size = ChunkTree.size(root);
        List<Stored> out = new ArrayList<>(size);
        if (size == 0) {
            return out;
        }
        ChunkTree.Cursor c = new ChunkTree.Cursor(root, 0);
        while (true) {
            Stored[] values = c.chunk.values;
            for (int i = c.index; i < c.chunk.count; i++) {
                out.add(values[i]);
            }
            if (out.size() == size) {
                return out;
            }
            c.nextChunk();
        }
    }

    private static byte[] key(int k) {
        return ByteBuffer.allocate(4).putInt(k).array();
    }
}
