package io.partita.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The large partition's copy-on-write B+-tree of chunks ({@link ChunkTree}) against a sorted reference: structure
 * (sorted, no duplicates, separators, sizes, fan-out bounds) after every kind of split and merge, ranks and cursors
 * in both directions, concurrent writers with lock-free readers whose every snapshot must be a state the writers
 * actually passed through, and range reads through {@link PartitionedMap} on a partition three levels deep. Fixed
 * seeds, printed.
 */
class ChunkTreeTest {
    private static final long SEED = 20261125L;

    @Test
    void randomWritesKeepTheTreeEqualToASortedReference() {
        System.out.println("ChunkTreeTest random seed " + SEED);
        Random rnd = new Random(SEED);
        ChunkTree tree = promoted();
        TreeMap<Integer, Stored> reference = new TreeMap<>();
        int keys = 6_000; // deep enough for three levels (32 x 32 entries per two levels)
        for (int round = 0; round < 60_000; round++) {
            int k = rnd.nextInt(keys);
            // phases: mostly inserts, then mostly removes (merges down to a small tree), then mixed again
            int phase = round / 20_000;
            boolean remove = phase == 1 ? rnd.nextInt(10) < 8 : rnd.nextInt(10) < 3;
            if (remove) {
                assertThat(tree.remove(key(k))).isSameAs(reference.remove(k));
            } else {
                Stored v = value(round);
                assertThat(tree.put(key(k), v)).isSameAs(reference.put(k, v));
            }
            if (round % 997 == 0) {
                checkStructure(tree.snapshot());
                assertThat(contents(tree.snapshot())).isEqualTo(new ArrayList<>(reference.values()));
                checkRanksAndCursors(tree.snapshot(), reference, rnd);
            }
            assertThat(tree.get(key(k))).isSameAs(reference.get(k));
        }
        checkStructure(tree.snapshot());
        assertThat(contents(tree.snapshot())).isEqualTo(new ArrayList<>(reference.values()));
    }

    @Test
    void ascendingInsertsLeaveFullChunksAndEveryOrderOfRemovalMergesDownToEmpty() {
        for (int order = 0; order < 3; order++) {
            ChunkTree tree = promoted();
            TreeMap<Integer, Stored> reference = new TreeMap<>();
            int n = 5_000;
            for (int k = 0; k < n; k++) {
                Stored v = value(k);
                tree.put(key(k), v);
                reference.put(k, v);
            }
            checkStructure(tree.snapshot());
            // appends at the right edge split at the end: every chunk but the last few is full
            List<Integer> chunkSizes = chunkSizes(tree.snapshot());
            long full = chunkSizes.stream().filter(s -> s == ChunkTree.LEAF_MAX).count();
            assertThat(full).as("full chunks of %s", chunkSizes).isGreaterThanOrEqualTo(chunkSizes.size() - 3L);
            List<Integer> removal = new ArrayList<>(reference.keySet());
            if (order == 1) {
                java.util.Collections.reverse(removal);
            } else if (order == 2) {
                java.util.Collections.shuffle(removal, new Random(SEED + order));
            }
            int step = 0;
            for (int k : removal) {
                assertThat(tree.remove(key(k))).isSameAs(reference.remove(k));
                assertThat(tree.remove(key(k))).isNull();
                if (++step % 250 == 0) {
                    checkStructure(tree.snapshot());
                    assertThat(contents(tree.snapshot())).isEqualTo(new ArrayList<>(reference.values()));
                }
            }
            assertThat(tree.size()).isZero();
            assertThat(tree.snapshot()).isInstanceOf(TreeChunk.class);
            Stored again = value(1);
            assertThat(tree.put(key(3), again)).isNull();
            assertThat(tree.get(key(3))).isSameAs(again);
            assertThat(tree.size()).isEqualTo(1);
        }
    }

    @Test
    void descendingInsertsSplitEvenlyAndOverwritesKeepTheShape() {
        ChunkTree tree = promoted();
        TreeMap<Integer, Stored> reference = new TreeMap<>();
        for (int k = 3_000; k > 0; k--) {
            Stored v = value(k);
            tree.put(key(k), v);
            reference.put(k, v);
        }
        checkStructure(tree.snapshot());
        List<Integer> before = chunkSizes(tree.snapshot());
        for (int k = 1; k <= 3_000; k++) {
            Stored v = value(-k);
            assertThat(tree.put(key(k), v)).isSameAs(reference.put(k, v));
        }
        assertThat(chunkSizes(tree.snapshot())).isEqualTo(before);
        assertThat(contents(tree.snapshot())).isEqualTo(new ArrayList<>(reference.values()));
    }

    @Test
    void concurrentWritersAndLockFreeReadersSeeOnlyStatesTheWritersPassedThrough() throws Exception {
        long seed = SEED + 7;
        System.out.println("ChunkTreeTest concurrent seed " + seed);
        int writers = 3; // tagged() encodes the writer as size % 3
        int ops = 20_000;
        ChunkTree tree = promoted();
        // writer w owns keys k * writers + w: its keys interleave with the others' in the same chunks
        int[][] opKey = new int[writers][ops];
        boolean[][] opRemove = new boolean[writers][ops];
        for (int w = 0; w < writers; w++) {
            Random rnd = new Random(seed + w);
            for (int j = 0; j < ops; j++) {
                opKey[w][j] = rnd.nextInt(1_500) * writers + w;
                opRemove[w][j] = rnd.nextInt(3) == 0;
            }
        }
        AtomicBoolean done = new AtomicBoolean();
        CountDownLatch start = new CountDownLatch(1);
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        List<Object> snapshots = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            threads.add(new Thread(() -> {
                try {
                    start.await();
                    for (int j = 0; j < ops; j++) {
                        if (opRemove[writer][j]) {
                            tree.remove(key(opKey[writer][j]));
                        } else {
                            tree.put(key(opKey[writer][j]), tagged(writer, j, opKey[writer][j]));
                        }
                    }
                } catch (Throwable t) {
                    failures.add(t);
                }
            }));
        }
        for (int r = 0; r < 2; r++) {
            threads.add(new Thread(() -> {
                try {
                    start.await();
                    while (!done.get()) {
                        Object root = tree.snapshot();
                        // a snapshot read twice, and read again later, is the same: nothing in it changes
                        List<Stored> first = contents(root);
                        checkStructure(root);
                        assertThat(contents(root)).isEqualTo(first);
                        if (snapshots.size() < 400) {
                            snapshots.add(root);
                        }
                    }
                } catch (Throwable t) {
                    failures.add(t);
                }
            }));
        }
        threads.forEach(Thread::start);
        start.countDown();
        for (int w = 0; w < writers; w++) {
            threads.get(w).join();
        }
        done.set(true);
        for (Thread t : threads) {
            t.join();
        }
        assertThat(failures).isEmpty();
        // the final tree is every writer's whole log replayed
        TreeMap<Integer, Stored> reference = new TreeMap<>();
        for (int w = 0; w < writers; w++) {
            reference.putAll(replay(opKey[w], opRemove[w], w, ops));
        }
        checkStructure(tree.snapshot());
        assertThat(contents(tree.snapshot())).isEqualTo(new ArrayList<>(reference.values()));
        // every snapshot holds, for each writer, exactly the state after some prefix of its log
        assertThat(snapshots).isNotEmpty();
        for (Object root : snapshots) {
            checkStructure(root);
            List<Stored> entries = contents(root);
            for (int w = 0; w < writers; w++) {
                Map<Integer, Integer> seen = new HashMap<>();
                int newest = -1;
                for (Stored s : entries) {
                    int writer = s.size() % writers;
                    if (writer == w) {
                        int j = s.size() / writers;
                        seen.put(opKeyOf(s), j);
                        newest = Math.max(newest, j);
                    }
                }
                assertThat(isPrefixState(seen, opKey[w], opRemove[w], newest))
                        .as("writer %d's entries in a snapshot are the state after a prefix of its log", w)
                        .isTrue();
            }
        }
    }

    @Test
    void rangesBoundsAndVisitsOfADeepLargePartitionMatchTheReference() {
        long seed = SEED + 11;
        System.out.println("ChunkTreeTest partition ranges seed " + seed);
        Random rnd = new Random(seed);
        PartitionedMap map = new PartitionedMap();
        TreeMap<OrderKey, Stored> reference = new TreeMap<>();
        for (int round = 0; round < 12_000; round++) {
            OrderKey k = orderKey(rnd.nextInt(5_000));
            if (round > 6_000 && rnd.nextInt(4) == 0) {
                assertThat(map.remove(k)).isEqualTo(reference.remove(k));
            } else {
                Stored v = value(round);
                assertThat(map.put(k, v)).isEqualTo(reference.put(k, v));
            }
        }
        OrderKey whole = partitionBound(false);
        OrderKey end = partitionBound(true);
        for (int check = 0; check < 300; check++) {
            int a = rnd.nextInt(5_200) - 100;
            int b = a + rnd.nextInt(3_000);
            boolean wholeLow = rnd.nextInt(5) == 0;
            boolean wholeHigh = rnd.nextInt(5) == 0;
            OrderKey low = wholeLow ? whole : orderKey(a);
            OrderKey high = wholeHigh ? end : orderKey(b);
            if (low.compareTo(high) > 0) {
                continue;
            }
            boolean forward = rnd.nextBoolean();
            OrderKey start = rnd.nextBoolean() ? orderKey(a + rnd.nextInt(Math.max(1, b - a + 200)) - 100) : null;
            NavigableMap<OrderKey, Stored> bounded = reference.subMap(low, true, high, false);
            List<Map.Entry<OrderKey, Stored>> want = new ArrayList<>();
            for (Map.Entry<OrderKey, Stored> e : (forward ? bounded : bounded.descendingMap()).entrySet()) {
                int c = start == null ? 0 : e.getKey().compareTo(start);
                if (start == null || (forward ? c > 0 : c < 0)) {
                    want.add(e);
                }
            }
            List<Map.Entry<OrderKey, Stored>> got = new ArrayList<>();
            for (Map.Entry<OrderKey, Stored> e : map.range(low, high, start, forward)) {
                got.add(Map.entry(e.getKey(), e.getValue()));
            }
            assertThat(got)
                    .as("range [%s, %s) after %s %s", low, high, start, forward ? "ascending" : "descending")
                    .isEqualTo(want);
            // visit hands out the same entries in the same order, and stops when told
            int limit = rnd.nextInt(want.size() + 2);
            List<Map<String, AttributeValue>> visited = new ArrayList<>();
            map.visit(low, high, start, forward, (item, size) -> {
                visited.add(item);
                return visited.size() < limit;
            });
            List<Map<String, AttributeValue>> wantItems = new ArrayList<>();
            for (Map.Entry<OrderKey, Stored> e : want) {
                if (wantItems.size() == Math.max(1, limit)) {
                    break;
                }
                wantItems.add(e.getValue().item());
            }
            assertThat(visited).isEqualTo(wantItems);
        }
        List<Map.Entry<OrderKey, Stored>> all = new ArrayList<>();
        for (Map.Entry<OrderKey, Stored> e : map.all()) {
            all.add(Map.entry(e.getKey(), e.getValue()));
        }
        assertThat(all).isEqualTo(new ArrayList<>(reference.entrySet()));
    }

    // ---- checks ----

    /** Sorted, no duplicates, separators route correctly, sizes add up, fan-out within bounds, uniform depth. */
    private static void checkStructure(Object root) {
        check(root, null, null, true);
    }

    /** Returns the node's height; every key lies in [low, high) (null: unbounded). */
    private static int check(Object node, byte[] low, byte[] high, boolean isRoot) {
        if (node instanceof TreeDirectory in) {
            assertThat(in.count()).isBetween(isRoot ? 2 : 1, ChunkTree.INNER_MAX);
            assertThat(in.keys.length).isEqualTo(in.count());
            assertThat(in.kids[in.count() - 1])
                    .as("the last child lives apart from the array")
                    .isNull();
            int height = -1;
            int total = 0;
            for (int j = 0; j < in.count(); j++) {
                byte[] from = j == 0 ? low : in.keys[j];
                byte[] to = j + 1 < in.count() ? in.keys[j + 1] : high;
                if (j > 1) {
                    assertThat(Arrays.compareUnsigned(in.keys[j - 1], in.keys[j]))
                            .isLessThan(0);
                }
                int h = check(in.kid(j), from, to, false);
                assertThat(height == -1 || h == height).as("uniform depth").isTrue();
                height = h;
                assertThat(in.kidSize(j)).isEqualTo(ChunkTree.size(in.kid(j)));
                total += in.kidSize(j);
            }
            assertThat(in.size()).isEqualTo(total);
            assertThat(in.height).isEqualTo(height + 1);
            return height + 1;
        }
        TreeChunk chunk = (TreeChunk) node;
        int n = chunk.count;
        assertThat(n).isBetween(isRoot ? 0 : 1, ChunkTree.LEAF_MAX);
        assertThat(chunk.values.length).isGreaterThanOrEqualTo(n);
        assertThat(Arrays.copyOf(chunk.values, n)).doesNotContainNull();
        assertThat(chunk.keys.length).isGreaterThanOrEqualTo(n);
        for (int i = 0; i < n; i++) {
            byte[] k = chunk.keyBytes(i);
            if (i > 0) {
                assertThat(Arrays.compareUnsigned(chunk.keyBytes(i - 1), k))
                        .as("strictly ascending")
                        .isLessThan(0);
            }
            if (low != null) {
                assertThat(Arrays.compareUnsigned(low, k)).isLessThanOrEqualTo(0);
            }
            if (high != null) {
                assertThat(Arrays.compareUnsigned(k, high)).isLessThan(0);
            }
        }
        return 0;
    }

    /** Every value of a snapshot in key order, read with a cursor chunk by chunk. */
    private static List<Stored> contents(Object root) {
        int size = ChunkTree.size(root);
        List<Stored> out = new ArrayList<>(size);
        if (size == 0) {
            return out;
        }
        ChunkTree.Cursor c = new ChunkTree.Cursor(root, 0);
        byte[] last = null;
        while (true) {
            for (int i = c.index; i < c.chunk.count; i++) {
                byte[] k = c.chunk.keyBytes(i);
                if (last != null) {
                    assertThat(Arrays.compareUnsigned(last, k))
                            .as("no duplicates, sorted")
                            .isLessThan(0);
                }
                last = k;
                out.add(c.chunk.values[i]);
            }
            if (out.size() == size) {
                return out;
            }
            c.nextChunk();
        }
    }

    private static List<Integer> chunkSizes(Object node) {
        List<Integer> out = new ArrayList<>();
        if (node instanceof TreeDirectory in) {
            for (int j = 0; j < in.count(); j++) {
                out.addAll(chunkSizes(in.kid(j)));
            }
        } else {
            out.add(((TreeChunk) node).count);
        }
        return out;
    }

    private static void checkRanksAndCursors(Object root, NavigableMap<Integer, Stored> reference, Random rnd) {
        List<Integer> keys = new ArrayList<>(reference.keySet());
        List<Stored> values = new ArrayList<>(reference.values());
        for (int t = 0; t < 20; t++) {
            int probe = rnd.nextInt(6_100) - 50;
            int below = reference.headMap(probe, false).size();
            int atOrBelow = reference.headMap(probe, true).size();
            assertThat(ChunkTree.rank(root, key(probe), true)).isEqualTo(below);
            assertThat(ChunkTree.rank(root, key(probe), false)).isEqualTo(atOrBelow);
            if (keys.isEmpty()) {
                continue;
            }
            // backwards from a random rank, crossing chunks
            int from = rnd.nextInt(keys.size());
            ChunkTree.Cursor c = new ChunkTree.Cursor(root, from);
            for (int r = from; r >= Math.max(0, from - 100); r--) {
                if (c.index < 0) {
                    c.previousChunk();
                }
                assertThat(c.chunk.values[c.index]).isSameAs(values.get(r));
                assertThat(c.chunk.keyBytes(c.index)).isEqualTo(key(keys.get(r)));
                c.index--;
            }
        }
    }

    // ---- the concurrent test's log replay ----

    /** A value naming its writer and log position: size = position * writers + writer, key in the item. */
    private static Stored tagged(int writer, int j, int key) {
        return new Stored(Map.of("k", AttributeValue.n(key)), j * 3 + writer);
    }

    private static int opKeyOf(Stored s) {
        return s.item().get("k").asN().intValue();
    }

    private static Map<Integer, Stored> replay(int[] keys, boolean[] removes, int writer, int count) {
        Map<Integer, Stored> state = new HashMap<>();
        for (int j = 0; j < count; j++) {
            if (removes[j]) {
                state.remove(keys[j]);
            } else {
                state.put(keys[j], tagged(writer, j, keys[j]));
            }
        }
        return state;
    }

    /**
     * True when {@code seen} (key to log position of the entry found) is the state after the writer's first p ops
     * for some p: p covers {@code newest} and may extend over the removes that follow it, never over a later put.
     */
    private static boolean isPrefixState(Map<Integer, Integer> seen, int[] keys, boolean[] removes, int newest) {
        Map<Integer, Integer> state = new HashMap<>();
        int p = 0;
        for (; p <= newest; p++) {
            if (removes[p]) {
                state.remove(keys[p]);
            } else {
                state.put(keys[p], p);
            }
        }
        while (true) {
            if (state.equals(seen)) {
                return true;
            }
            if (p >= keys.length || !removes[p]) {
                return false;
            }
            state.remove(keys[p]);
            p++;
        }
    }

    // ---- keys and values ----

    /** A tree promoted from a full small partition's chunk, as a partition becomes large. */
    private static ChunkTree promoted() {
        Object[] small = Chunk.EMPTY;
        for (int k = 0; k < PartitionedMap.SMALL_LIMIT + 1; k++) {
            small = Chunk.insert(small, k, key(-1_000 - PartitionedMap.SMALL_LIMIT + k), value(k));
        }
        ChunkTree tree = new ChunkTree(small);
        for (int k = 0; k < PartitionedMap.SMALL_LIMIT + 1; k++) {
            assertThat(tree.remove(key(-1_000 - PartitionedMap.SMALL_LIMIT + k)))
                    .isNotNull();
        }
        assertThat(tree.size()).isZero();
        return tree;
    }

    /** Sortable key bytes: a constant prefix (a partition's), then the int with its sign bit flipped. */
    private static byte[] key(int k) {
        int u = k ^ Integer.MIN_VALUE;
        return new byte[] {1, 2, 3, 4, (byte) (u >>> 24), (byte) (u >>> 16), (byte) (u >>> 8), (byte) u};
    }

    private static Stored value(int v) {
        return new Stored(ItemMap.copyOf(Map.of("v", AttributeValue.n(v))), 1);
    }

    private static OrderKey orderKey(int sort) {
        return TestKeys.key("deep", sort);
    }

    private static OrderKey partitionBound(boolean after) {
        return after ? TestKeys.partitionEnd("deep") : TestKeys.partitionStart("deep");
    }
}
