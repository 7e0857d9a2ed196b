package io.partita.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * An overwrite in a large partition stores the new entry into its chunk's slot in place ({@link ChunkTree#overwrite},
 * {@link TreeSwap}) while other writers of the partition copy the same chunks without a lock (inserts, removals,
 * splits and merges). Checked: no overwrite is lost (each entry ends at its writer's last generation, and every
 * overwrite finds the entry it replaces), the churn ends as its log says, and readers (gets and whole-partition
 * visits) see each entry's old or new item with its own size, never an older generation after a newer one. Fixed
 * seeds, printed; a few bounded runs, the invariants checked after each.
 */
class LargePartitionSwapTest {
    /** Fixed; {@code -Dpartita.race.seed=N} runs other interleavings' plans. */
    private static final long SEED = Long.getLong("partita.race.seed", 20261129L);
    /** Entries overwritten in place: even sort keys 0, 2, ...; the churn inserts and removes the odd ones between. */
    private static final int ENTRIES = 300;

    private static final int RUNS = 3;
    private static final int OVERWRITES = 40_000;
    private static final int CHURN = 30_000;

    @Test
    void anOverwriteKeepsTheChunkAndReturnsTheEntryItReplaced() {
        Partition p = new Partition(TestKeys.partitionStart("p").partition());
        for (int e = 0; e < ENTRIES; e++) {
            p.putSize(TestKeys.key("p", 2 * e), stored(2 * e, 0));
        }
        assertThat(p.large).isNotNull();
        Object before = p.large.snapshot();
        Stored first = p.get(TestKeys.key("p", 20));
        assertThat(p.putSize(TestKeys.key("p", 20), stored(20, 1))).isEqualTo(size(20));
        Object after = p.large.snapshot();
        assertThat(after).isSameAs(before); // the same tree: nothing copied
        assertThat(generation(p.get(TestKeys.key("p", 20)).item())).isEqualTo(1);
        assertThat(p.large.put(TestKeys.key("p", 20).bytes, first)).isNotNull(); // put copies the path
        assertThat(p.large.snapshot()).isNotSameAs(after);
        assertThat(p.get(TestKeys.key("p", 20))).isSameAs(first);
        assertThat(p.putSize(TestKeys.key("p", 21), stored(21, 0))).isEqualTo(EntryMap.ABSENT);
        assertThat(p.size()).isEqualTo(ENTRIES + 1);
    }

    @Test
    void overwritesInPlaceAreNeverLostAndReadersNeverGoBack() throws InterruptedException {
        for (int run = 0; run < RUNS; run++) {
            long seed = SEED + 31L * run;
            System.out.println("LargePartitionSwapTest seed " + seed);
            oneRun(seed);
        }
    }

    private static void oneRun(long seed) throws InterruptedException {
        PartitionedMap map = new PartitionedMap();
        for (int e = 0; e < ENTRIES; e++) {
            map.putSize(TestKeys.key("p", 2 * e), stored(2 * e, 0));
        }
        AtomicBoolean done = new AtomicBoolean();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        long[][] last = new long[2][ENTRIES];
        Thread[] writers = new Thread[3];
        for (int w = 0; w < 2; w++) {
            // writer w owns the entries e with e % 2 == w: its keys interleave with the other's in every chunk
            int writer = w;
            Random rnd = new Random(seed + writer);
            writers[w] = new Thread(() -> {
                for (int i = 0; i < OVERWRITES && failures.isEmpty(); i++) {
                    int e = 2 * rnd.nextInt(ENTRIES / 2) + writer;
                    int previous = map.putSize(TestKeys.key("p", 2 * e), stored(2 * e, ++last[writer][e]));
                    if (previous != size(2 * e)) {
                        failures.add("entry " + 2 * e + ": overwrite found size " + previous);
                    }
                }
            });
        }
        // the churn's log, replayed afterwards: odd keys inserted (and overwritten by copy) and removed
        int[] churnKey = new int[CHURN];
        boolean[] churnRemove = new boolean[CHURN];
        Random cr = new Random(seed + 2);
        for (int i = 0; i < CHURN; i++) {
            churnKey[i] = 2 * cr.nextInt(ENTRIES) + 1;
            churnRemove[i] = cr.nextInt(5) < 2;
        }
        writers[2] = new Thread(() -> {
            for (int i = 0; i < CHURN && failures.isEmpty(); i++) {
                OrderKey k = TestKeys.key("p", churnKey[i]);
                if (churnRemove[i]) {
                    map.removeSize(k);
                } else {
                    map.put(k, stored(churnKey[i], i));
                }
            }
        });
        Thread[] readers = new Thread[2];
        for (int r = 0; r < readers.length; r++) {
            Random rnd = new Random(seed + 3 + r);
            readers[r] = new Thread(() -> {
                long[] seen = new long[2 * ENTRIES];
                while (!done.get() && failures.isEmpty()) {
                    if (rnd.nextInt(8) == 0) {
                        map.visit(TestKeys.partitionStart("p"), TestKeys.partitionEnd("p"), null, true, (item, s) -> {
                            check(item, s, -1, seen, failures);
                            return true;
                        });
                    } else {
                        int sort = 2 * rnd.nextInt(ENTRIES);
                        Stored s = map.get(TestKeys.key("p", sort));
                        if (s == null) {
                            failures.add("entry " + sort + " missing");
                        } else {
                            check(s.item(), s.size(), sort, seen, failures);
                        }
                    }
                }
            });
        }
        ReadersAgainstWriters.run(writers, readers, done);
        assertThat(failures).isEmpty();
        for (int e = 0; e < ENTRIES; e++) {
            Stored s = map.get(TestKeys.key("p", 2 * e));
            assertThat(generation(s.item()))
                    .as("entry %d's last overwrite", 2 * e)
                    .isEqualTo(last[e % 2][e]);
        }
        TreeMap<Integer, Long> churned = new TreeMap<>();
        for (int i = 0; i < CHURN; i++) {
            if (churnRemove[i]) {
                churned.remove(churnKey[i]);
            } else {
                churned.put(churnKey[i], (long) i);
            }
        }
        for (int e = 0; e < ENTRIES; e++) {
            Stored s = map.get(TestKeys.key("p", 2 * e + 1));
            Long g = churned.get(2 * e + 1);
            assertThat(s == null ? null : generation(s.item()))
                    .as("churned entry %d", 2 * e + 1)
                    .isEqualTo(g);
        }
        int[] count = {0};
        map.visit(TestKeys.partitionStart("p"), TestKeys.partitionEnd("p"), null, true, (item, s) -> ++count[0] > 0);
        assertThat(count[0]).isEqualTo(ENTRIES + churned.size());
    }

    /** An entry read: its own item and size, and for an overwritten one no older generation than this reader saw. */
    private static void check(
            Map<String, AttributeValue> item, int size, int expected, long[] seen, ConcurrentLinkedQueue<String> f) {
        int entry = (int) ((AttributeValue.N) item.get("e")).longValue();
        if ((expected >= 0 && entry != expected) || size != size(entry)) {
            f.add("entry " + expected + ": item " + item + " with size " + size);
            return;
        }
        if (entry % 2 == 0) {
            long g = generation(item);
            if (g < seen[entry]) {
                f.add("entry " + entry + ": generation " + g + " after " + seen[entry]);
            }
            seen[entry] = g;
        }
    }

    private static long generation(Map<String, AttributeValue> item) {
        return ((AttributeValue.N) item.get("g")).longValue();
    }

    private static int size(int sort) {
        return 100 + sort;
    }

    /** Entry {@code sort}'s item of generation {@code g}; every generation of one entry has the same size. */
    private static Stored stored(int sort, long g) {
        return new Stored(ItemMap.copyOf(Map.of("e", AttributeValue.n(sort), "g", AttributeValue.n(g))), size(sort));
    }
}
