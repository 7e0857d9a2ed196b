package io.partita.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/**
 * A small partition's appends write into its chunk's free room and publish the entry by the chunk's count (the
 * chunk is not copied), while inserts before the last entry, appends without room, removals and size-changing
 * overwrites build a new chunk, and same-size overwrites swap the item in place. Lock-free readers (whole-partition
 * visits through the table's mirror, ranges with bounds and an exclusive start through the iterators, gets) must
 * only ever see a state the writer passed through: in each cycle a partition's writer inserts a planned order of
 * keys (mostly appends, some held back and inserted in the middle later), overwriting entries between inserts,
 * then removes them in the reverse order, so every state is the first m keys of the cycle's order, each entry whole
 * (its size is its version), in key order, never one entry twice. The second test lets a cycle go past the small
 * partitions' limit, each cycle in a partition of its own, so that readers also race the promotion to a tree. Fixed
 * seed, printed.
 */
class SmallPartitionInsertRaceTest {
    /** Fixed; {@code -Dpartita.race.seed=N} runs other interleavings' plans. */
    private static final long SEED = Long.getLong("partita.race.seed", 20261129L);

    private static final int WRITERS = 2;
    private static final int PARTITIONS_PER_WRITER = 3;
    private static final int CYCLES = 1000;

    private static final int PARTITIONS = WRITERS * PARTITIONS_PER_WRITER;

    /** Whether cycles may pass the small partitions' limit (then each cycle writes a partition of its own). */
    private boolean promote;

    /** The cycle each partition's writer is in, for the readers to read that cycle's partition. */
    private final AtomicIntegerArray current = new AtomicIntegerArray(PARTITIONS);

    @Test
    void readersSeeOnlyStatesTheWriterPassedThrough() throws InterruptedException {
        System.out.println("SmallPartitionInsertRaceTest seed " + SEED);
        race();
    }

    @Test
    void readersSeeOnlyStatesTheWriterPassedThroughWhilePartitionsArePromoted() throws InterruptedException {
        System.out.println("SmallPartitionInsertRaceTest promotion seed " + SEED);
        promote = true;
        race();
    }

    private void race() throws InterruptedException {
        int partitions = PARTITIONS;
        int[][][] orders = new int[partitions][CYCLES][];
        Random plan = new Random(SEED);
        for (int p = 0; p < partitions; p++) {
            for (int c = 0; c < CYCLES; c++) {
                orders[p][c] = order(plan, promote ? PartitionedMap.SMALL_LIMIT + 8 : PartitionedMap.SMALL_LIMIT);
            }
        }
        PartitionedMap map = new PartitionedMap();
        AtomicBoolean done = new AtomicBoolean();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        Thread[] writers = new Thread[WRITERS];
        for (int w = 0; w < WRITERS; w++) {
            Random rnd = new Random(SEED + 1 + w);
            int first = w * PARTITIONS_PER_WRITER;
            writers[w] = new Thread(() -> write(map, orders, first, rnd, failures));
        }
        Thread[] readers = new Thread[2];
        for (int r = 0; r < readers.length; r++) {
            Random rnd = new Random(SEED + 100 + r);
            readers[r] = new Thread(() -> {
                while (!done.get() && failures.isEmpty()) {
                    int p = rnd.nextInt(partitions);
                    try {
                        read(map, p, orders[p], rnd, failures);
                    } catch (RuntimeException e) {
                        failures.add(name(p, current.get(p)) + ": " + e);
                    }
                }
            });
        }
        ReadersAgainstWriters.run(writers, readers, done);
        assertThat(failures).isEmpty();
        for (int p = 0; p < partitions; p++) {
            String last = name(p, CYCLES - 1);
            assertThat(map.range(TestKeys.partitionStart(last), TestKeys.partitionEnd(last), null, true)
                            .iterator()
                            .hasNext())
                    .isFalse();
        }
    }

    /**
     * A cycle's insertion order: up to the small partitions' limit of distinct sort values, mostly ascending (appends),
     * a third held back and inserted later among the others (inserts before the last entry).
     */
    private static int[] order(Random rnd, int most) {
        int n = 1 + rnd.nextInt(most);
        int[] sorted = new int[n];
        int v = 0;
        for (int i = 0; i < n; i++) {
            v += 1 + rnd.nextInt(3);
            sorted[i] = v;
        }
        int[] out = new int[n];
        int k = 0;
        List<Integer> held = new ArrayList<>();
        for (int s : sorted) {
            if (rnd.nextInt(3) == 0) {
                held.add(s);
            } else {
                out[k++] = s;
                if (!held.isEmpty() && rnd.nextBoolean()) {
                    out[k++] = held.remove(rnd.nextInt(held.size()));
                }
            }
        }
        for (int s : held) {
            out[k++] = s;
        }
        return out;
    }

    private void write(
            PartitionedMap map, int[][][] orders, int first, Random rnd, ConcurrentLinkedQueue<String> failures) {
        for (int c = 0; c < CYCLES && failures.isEmpty(); c++) {
            for (int p = first; p < first + PARTITIONS_PER_WRITER; p++) {
                int[] order = orders[p][c];
                current.set(p, c);
                String partition = name(p, c);
                int version = 1;
                for (int i = 0; i < order.length; i++) {
                    map.putSize(TestKeys.key(partition, order[i]), stored(p, c, order[i], 1, 0));
                    if (rnd.nextInt(3) == 0) {
                        // an overwrite of an entry inserted so far: the same size (swapped in place) or another one
                        int at = order[rnd.nextInt(i + 1)];
                        int size = rnd.nextBoolean() ? 1 : ++version;
                        map.putSize(TestKeys.key(partition, at), stored(p, c, at, size, version));
                    }
                }
                for (int i = order.length - 1; i >= 0; i--) {
                    map.removeSize(TestKeys.key(partition, order[i]));
                }
            }
        }
    }

    private void read(PartitionedMap map, int p, int[][] orders, Random rnd, ConcurrentLinkedQueue<String> failures) {
        String partition = name(p, current.get(p));
        boolean forward = rnd.nextBoolean();
        int kind = rnd.nextInt(4);
        if (kind == 3) {
            int sort = 1 + rnd.nextInt(3 * PartitionedMap.SMALL_LIMIT);
            Stored s = map.get(TestKeys.key(partition, sort));
            if (s != null) {
                long[] e = entry(p, s.item(), s.size(), failures);
                if (e[1] != sort) {
                    failures.add(partition + ": get of " + sort + " returned " + e[1]);
                }
            }
            return;
        }
        List<long[]> read = new ArrayList<>();
        int from = 0;
        int to = Integer.MAX_VALUE;
        if (kind == 0) {
            map.visit(
                    TestKeys.partitionStart(partition),
                    TestKeys.partitionEnd(partition),
                    null,
                    forward,
                    (item, size) -> {
                        read.add(entry(p, item, size, failures));
                        return true;
                    });
        } else {
            int low = rnd.nextInt(2 * PartitionedMap.SMALL_LIMIT);
            int high = low + 1 + rnd.nextInt(2 * PartitionedMap.SMALL_LIMIT);
            int start = rnd.nextBoolean() ? low + rnd.nextInt(high - low) : -1;
            OrderKey exclusiveStart = start < 0 ? null : TestKeys.key(partition, start);
            from = start >= 0 && forward ? start + 1 : low; // after the start, in the direction read
            to = start >= 0 && !forward ? start : high;
            OrderKey lowKey = TestKeys.key(partition, low);
            OrderKey highKey = TestKeys.key(partition, high);
            if (kind == 1) {
                map.visit(lowKey, highKey, exclusiveStart, forward, (item, size) -> {
                    read.add(entry(p, item, size, failures));
                    return true;
                });
            } else {
                for (Map.Entry<OrderKey, Stored> e : map.range(lowKey, highKey, exclusiveStart, forward)) {
                    read.add(entry(p, e.getValue().item(), e.getValue().size(), failures));
                }
            }
        }
        check(partition, orders, read, forward, from, to, failures);
    }

    /** Whether {@code read}, in the direction read, is the first m keys of its cycle's order within [low, high). */
    private static void check(
            String partition,
            int[][] orders,
            List<long[]> read,
            boolean forward,
            int low,
            int high,
            ConcurrentLinkedQueue<String> failures) {
        if (read.isEmpty()) {
            return;
        }
        int cycle = (int) read.get(0)[0];
        long[] sorts = new long[read.size()];
        for (int i = 0; i < sorts.length; i++) {
            long[] e = read.get(forward ? i : sorts.length - 1 - i);
            if (e[0] != cycle) {
                failures.add(partition + ": entries of cycles " + cycle + " and " + e[0] + " in one read");
                return;
            }
            sorts[i] = e[1];
            if (i > 0 && sorts[i] <= sorts[i - 1]) {
                failures.add(partition + ": not in key order: " + Arrays.toString(sorts));
                return;
            }
        }
        int[] order = orders[cycle];
        for (int m = 0; m <= order.length; m++) {
            long[] state = Arrays.stream(Arrays.copyOf(order, m))
                    .filter(s -> s >= low && s < high)
                    .sorted()
                    .asLongStream()
                    .toArray();
            if (Arrays.equals(state, sorts)) {
                return;
            }
        }
        failures.add(partition + " cycle " + cycle + ": no state of the writer reads " + Arrays.toString(sorts)
                + " in [" + low + ", " + high + ")");
    }

    /** {@code [cycle, sort]} of an entry read, after checking it is the partition's and whole. */
    private static long[] entry(int p, Map<String, AttributeValue> item, int size, ConcurrentLinkedQueue<String> out) {
        long partition = number(item, "p");
        long cycle = number(item, "c");
        long sort = number(item, "k");
        if (partition != p) {
            out.add("partition " + p + ": read an entry of partition " + partition);
        }
        if (number(item, "s") != size) {
            out.add("partition " + p + "/" + sort + ": item of size " + number(item, "s") + " read with size " + size);
        }
        return new long[] {cycle, sort};
    }

    private static long number(Map<String, AttributeValue> item, String name) {
        return ((AttributeValue.N) item.get(name)).longValue();
    }

    private String name(int p, int cycle) {
        return promote ? "promote-" + p + "-" + cycle : "race-" + p;
    }

    /** Entry {@code sort} of partition {@code p} in cycle {@code c}, of size {@code size}, its version {@code g}. */
    private static Stored stored(int p, int c, int sort, int size, int g) {
        return new Stored(
                ItemMap.copyOf(Map.of(
                        "p", AttributeValue.n(p),
                        "c", AttributeValue.n(c),
                        "k", AttributeValue.n(sort),
                        "s", AttributeValue.n(size),
                        "g", AttributeValue.n(g))),
                size);
    }
}
