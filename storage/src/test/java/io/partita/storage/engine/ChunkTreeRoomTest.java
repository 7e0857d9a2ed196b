package io.partita.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.value.AttributeValue;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * {@link ChunkTree}'s appends into spare room (issue 14, round 9): a chunk appended to after its last entry (at the
 * right edge, or before a later chunk's keys: two writers' ascending keys meeting in one partition) has room in its
 * keys <em>and values</em> arrays, and the next append there writes both in place, sharing them with the version
 * before; a full chunk appended to stays as it is and the entry starts the next chunk. Checked against a sorted
 * reference with every kept snapshot read again at the end, for the sharing itself, and with writers racing for the
 * same free slots in the middle of a tree while lock-free readers check every snapshot. Seeds fixed and printed;
 * {@code -Dpartita.seed=N} runs others.
 */
class ChunkTreeRoomTest {
    private static final long SEED = Long.getLong("partita.seed", 20261128_19L);
    private static final Map<String, AttributeValue> ITEM = Map.of("k", AttributeValue.s("v"));
    /** Keys of the block written first, above both ascending streams: every stream append lands mid-tree. */
    private static final int HIGH = 10_000_000;

    @Test
    void twoAscendingStreamsMeetingMidTreeWithRandomWritesMatchTheReferenceAndKeepEarlierSnapshots() {
        long seed = SEED;
        System.out.println("ChunkTreeRoomTest model seed " + seed);
        SplittableRandom rnd = new SplittableRandom(seed);
        ChunkTree tree = new ChunkTree(Chunk.EMPTY);
        TreeMap<Integer, Stored> reference = new TreeMap<>();
        for (int k = 0; k < 300; k++) {
            put(tree, reference, HIGH + 7 * k, k);
        }
        int a = 0; // stream a: ascending from 0
        int b = HIGH / 2; // stream b: ascending from the middle, below the high block
        List<Object> snapshots = new ArrayList<>();
        List<List<Stored>> expected = new ArrayList<>();
        for (int round = 0; round < 30_000; round++) {
            int op = rnd.nextInt(100);
            if (op < 35) {
                a += 1 + rnd.nextInt(2);
                put(tree, reference, a, round);
            } else if (op < 70) {
                b += 1 + rnd.nextInt(2);
                put(tree, reference, b, round);
            } else if (op < 82) {
                // overwrite near either stream's end: the chunks with room
                int k = (rnd.nextBoolean() ? a : b) - rnd.nextInt(40);
                Integer at = reference.ceilingKey(k);
                if (at != null) {
                    put(tree, reference, at, round);
                }
            } else if (op < 90) {
                put(tree, reference, rnd.nextInt(HIGH + 3_000), round); // anywhere: an insert or an overwrite
            } else {
                int k = (op < 95 ? (rnd.nextBoolean() ? a : b) - rnd.nextInt(8) : rnd.nextInt(HIGH + 3_000));
                assertThat(tree.remove(key(k))).isSameAs(reference.remove(k));
            }
            if (round % 499 == 0) {
                Object root = tree.snapshot();
                List<Stored> now = contents(root);
                assertThat(now).containsExactlyElementsOf(reference.values());
                checkStructure(root, reference);
                snapshots.add(root);
                expected.add(now);
            }
        }
        checkStructure(tree.snapshot(), reference);
        for (int s = 0; s < snapshots.size(); s++) {
            assertThat(contents(snapshots.get(s))).as("snapshot %d", s).containsExactlyElementsOf(expected.get(s));
        }
    }

    @Test
    void anAppendMidTreeSharesBothArraysAndAnOverwriteCopiesTheValuesExactly() {
        ChunkTree tree = new ChunkTree(Chunk.EMPTY);
        for (int k = 0; k < 64; k++) { // two full chunks, then the high block after them
            tree.put(key(k), new Stored(ITEM, k));
        }
        for (int k = 0; k < 100; k++) {
            tree.put(key(HIGH + k), new Stored(ITEM, k));
        }
        tree.put(key(64), new Stored(ITEM, 64)); // past a full chunk mid-tree: a new chunk of one, with room
        Object[] first = chunkOf(tree, 64);
        assertThat(ChunkTree.count(first)).isEqualTo(1);
        assertThat(ChunkTree.valueSlots(first)).hasSize(ChunkTree.LEAF_MAX);
        assertThat(ChunkTree.count(chunkOf(tree, 63))).isEqualTo(ChunkTree.LEAF_MAX);
        tree.put(key(65), new Stored(ITEM, 65));
        Object[] second = chunkOf(tree, 65);
        assertThat(ChunkTree.count(second)).isEqualTo(2);
        assertThat(ChunkTree.valueSlots(second)).isSameAs(ChunkTree.valueSlots(first));
        assertThat(ChunkTree.keys(second)).isSameAs(ChunkTree.keys(first));
        assertThat(ChunkTree.count(first)).as("the earlier version").isEqualTo(1);
        assertThat(ChunkTree.values(first)).containsExactly(new Stored(ITEM, 64));
        // an overwrite: values copied to exactly the count, the keys array shared
        tree.put(key(64), new Stored(ITEM, -64));
        Object[] third = chunkOf(tree, 64);
        assertThat(ChunkTree.valueSlots(third)).hasSize(2).isNotSameAs(ChunkTree.valueSlots(second));
        assertThat(ChunkTree.keys(third)).isSameAs(ChunkTree.keys(second));
        assertThat(ChunkTree.values(second)).containsExactly(new Stored(ITEM, 64), new Stored(ITEM, 65));
        // the next append: the key slot is still free, the values get room again
        tree.put(key(66), new Stored(ITEM, 66));
        Object[] fourth = chunkOf(tree, 66);
        assertThat(ChunkTree.keys(fourth)).isSameAs(ChunkTree.keys(third));
        assertThat(ChunkTree.valueSlots(fourth)).hasSize(ChunkTree.LEAF_MAX);
        assertThat(ChunkTree.values(fourth))
                .containsExactly(new Stored(ITEM, -64), new Stored(ITEM, 65), new Stored(ITEM, 66));
        assertThat(ChunkTree.values(third)).containsExactly(new Stored(ITEM, -64), new Stored(ITEM, 65));
        // and the one after shares both again
        tree.put(key(67), new Stored(ITEM, 67));
        assertThat(ChunkTree.valueSlots(chunkOf(tree, 67))).isSameAs(ChunkTree.valueSlots(fourth));
        assertThat(ChunkTree.size(tree.snapshot())).isEqualTo(168);
    }

    @Test
    void writersRacingForTheSameFreeSlotsMidTreeLoseNothingAndReadersSeeOnlyStatesTheyPassedThrough() throws Exception {
        long seed = SEED + 1;
        System.out.println("ChunkTreeRoomTest concurrent seed " + seed);
        SplittableRandom rnd = new SplittableRandom(seed);
        int appenders = 2;
        int ops = 20_000;
        int high = 400;
        // the high block (keys HIGH + k) is written first and overwritten; appender w appends j * appenders + w, j
        // ascending: both append to the same chunk, before the high block, and race for its free slots
        ChunkTree tree = new ChunkTree(Chunk.EMPTY);
        for (int k = 0; k < high; k++) {
            tree.put(key(HIGH + k), new Stored(ITEM, -1));
        }
        int[] overwrites = new int[ops];
        for (int j = 0; j < ops; j++) {
            overwrites[j] = rnd.nextInt(high);
        }
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<Object> kept = new ConcurrentLinkedQueue<>();
        CountDownLatch start = new CountDownLatch(1);
        AtomicBoolean done = new AtomicBoolean();
        List<Thread> writers = new ArrayList<>();
        for (int w = 0; w < appenders; w++) {
            int writer = w;
            writers.add(new Thread(() -> run(start, failures, () -> {
                for (int j = 0; j < ops; j++) {
                    int k = j * appenders + writer;
                    assertThat(tree.put(key(k), new Stored(ITEM, k))).isNull();
                }
            })));
        }
        writers.add(new Thread(() -> run(start, failures, () -> {
            for (int j = 0; j < ops; j++) {
                tree.put(key(HIGH + overwrites[j]), new Stored(ITEM, j));
            }
        })));
        List<Thread> readers = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            readers.add(new Thread(() -> run(start, failures, () -> {
                while (!done.get()) {
                    Object root = tree.snapshot();
                    checkState(contents(root), high, appenders, overwrites);
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
        List<List<Stored>> keptContents = new ArrayList<>();
        for (Object root : kept) {
            keptContents.add(contents(root));
        }
        List<Stored> all = contents(tree.snapshot());
        int appended = appenders * ops;
        assertThat(all).hasSize(appended + high);
        for (int i = 0; i < appended; i++) {
            assertThat(all.get(i).size()).isEqualTo(i);
        }
        int[] last = new int[high];
        Arrays.fill(last, -1);
        for (int j = 0; j < ops; j++) {
            last[overwrites[j]] = j;
        }
        for (int k = 0; k < high; k++) {
            assertThat(all.get(appended + k).size()).isEqualTo(last[k]);
        }
        TreeMap<Integer, Stored> reference = new TreeMap<>();
        for (int i = 0; i < appended; i++) {
            reference.put(i, all.get(i));
        }
        for (int k = 0; k < high; k++) {
            reference.put(HIGH + k, all.get(appended + k));
        }
        checkStructure(tree.snapshot(), reference);
        int i = 0;
        for (Object root : kept) {
            assertThat(contents(root)).as("kept snapshot %d read again", i).isEqualTo(keptContents.get(i));
            i++;
        }
    }

    private static void put(ChunkTree tree, java.util.NavigableMap<Integer, Stored> reference, int k, int version) {
        Stored v = new Stored(ITEM, version);
        assertThat(tree.put(key(k), v)).isSameAs(reference.put(k, v));
    }

    private static Object[] chunkOf(ChunkTree tree, int k) {
        Object n = tree.snapshot();
        while (n instanceof ChunkTree.Inner in) {
            n = in.kids[in.child(key(k))];
        }
        return (Object[]) n;
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

    /** Each appender's keys are a prefix of its log; the high block holds the overwrites of a prefix of the log. */
    private static void checkState(List<Stored> entries, int high, int appenders, int[] overwrites) {
        int appended = entries.size() - high;
        if (appended < 0) {
            throw new AssertionError("high keys missing: " + entries.size());
        }
        int[] seen = new int[appenders];
        for (int i = 0; i < appended; i++) {
            Stored e = entries.get(i);
            if (e == null) {
                throw new AssertionError("a null entry at " + i);
            }
            int k = e.size();
            int w = k % appenders;
            if (k / appenders != seen[w]) {
                throw new AssertionError("appender " + w + "'s keys are not a prefix: " + k + " after " + seen[w]);
            }
            seen[w]++;
        }
        int newest = -1;
        for (int k = 0; k < high; k++) {
            newest = Math.max(newest, entries.get(appended + k).size());
        }
        int[] last = new int[high];
        Arrays.fill(last, -1);
        for (int j = 0; j <= newest; j++) {
            last[overwrites[j]] = j;
        }
        for (int k = 0; k < high; k++) {
            if (entries.get(appended + k).size() != last[k]) {
                throw new AssertionError("high key " + k + " holds overwrite "
                        + entries.get(appended + k).size() + ", not " + last[k] + " of the prefix up to " + newest);
            }
        }
    }

    /**
     * Keys chunk by chunk are the reference's, ascending; every chunk holds 1 to {@link ChunkTree#LEAF_MAX} entries
     * (the root 0 or more), at least its count in both arrays, no null within its count; directories' sizes add up.
     */
    private static void checkStructure(Object root, java.util.SortedMap<Integer, Stored> reference) {
        List<Integer> keys = new ArrayList<>();
        List<Stored> values = new ArrayList<>();
        walk(root, true, keys, values);
        assertThat(keys).containsExactlyElementsOf(reference.keySet());
        assertThat(values).containsExactlyElementsOf(reference.values());
    }

    private static int walk(Object node, boolean isRoot, List<Integer> keys, List<Stored> values) {
        if (node instanceof ChunkTree.Inner in) {
            int total = 0;
            for (int j = 0; j < in.kids.length; j++) {
                int n = walk(in.kids[j], false, keys, values);
                assertThat(in.sizes[j]).isEqualTo(n);
                total += n;
            }
            assertThat(in.size).isEqualTo(total);
            return total;
        }
        Object[] chunk = (Object[]) node;
        int n = ChunkTree.count(chunk);
        assertThat(n).isBetween(isRoot ? 0 : 1, ChunkTree.LEAF_MAX);
        assertThat(ChunkTree.valueSlots(chunk).length).isGreaterThanOrEqualTo(n);
        assertThat(ChunkTree.keys(chunk).length).isGreaterThanOrEqualTo(n);
        for (int i = 0; i < n; i++) {
            assertThat(ChunkTree.valueSlots(chunk)[i]).isNotNull();
            keys.add(ByteBuffer.wrap(ChunkTree.keyBytes(chunk, i)).getInt());
            values.add(ChunkTree.valueSlots(chunk)[i]);
        }
        return n;
    }

    private static List<Stored> contents(Object root) {
        int size = ChunkTree.size(root);
        List<Stored> out = new ArrayList<>(size);
        if (size == 0) {
            return out;
        }
        ChunkTree.Cursor c = new ChunkTree.Cursor(root, 0);
        while (true) {
            Stored[] slots = ChunkTree.valueSlots(c.chunk);
            for (int i = c.index; i < ChunkTree.count(c.chunk); i++) {
                out.add(slots[i]);
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
