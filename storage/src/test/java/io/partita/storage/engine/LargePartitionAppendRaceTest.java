package io.partita.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * An insert at a large partition's right edge appends into its chunk in place ({@link TreeChunk#appendInPlace}),
 * published by the chunk's count, while another writer of the partition inserts and removes keys among the newest
 * (so it seals and copies the very chunk being appended to: {@link TreeChunk#seal}), by the engine's write and by
 * {@link ChunkTree#put}. Checked: no append and no churn is lost; readers' whole-partition visits are in key order and
 * hold every append published before they started; gets find every such append; and a range whose bounds lie past
 * the newest entry, found while appends land below them, returns no entry outside its bounds (a range fixes its upper
 * bounds first: see {@link Partition}). Fixed seeds, printed; bounded runs.
 */
class LargePartitionAppendRaceTest {
    /** Fixed; {@code -Dpartita.race.seed=N} runs other interleavings' plans. */
    private static final long SEED = Long.getLong("partita.race.seed", 20261129L);
    /** Entries before the race: even sort keys 0, 2, ... (a tree of several chunks). */
    private static final int ENTRIES = 200;

    private static final int RUNS = 2;
    private static final int APPENDS = 20_000;

    @Test
    void appendsInPlaceAreNeverLostAndReadersSeeThemInOrderAndWithinBounds() throws InterruptedException {
        for (int run = 0; run < RUNS; run++) {
            long seed = SEED + 31L * run;
            System.out.println("LargePartitionAppendRaceTest seed " + seed);
            oneRun(seed);
        }
    }

    private static void oneRun(long seed) throws InterruptedException {
        PartitionedMap map = new PartitionedMap();
        for (int e = 0; e < ENTRIES; e++) {
            map.putSize(TestKeys.key("p", 2 * e), stored(2 * e));
        }
        AtomicInteger appended = new AtomicInteger(); // appends returned so far
        AtomicBoolean done = new AtomicBoolean();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        Thread appender = new Thread(() -> {
            for (int j = 0; j < APPENDS && failures.isEmpty(); j++) {
                int sort = 2 * (ENTRIES + j);
                if (map.putSize(TestKeys.key("p", sort), stored(sort)) != EntryMap.ABSENT) {
                    failures.add("append " + sort + " found an entry");
                }
                appended.set(j + 1);
            }
        });
        // the churn: odd keys a little below the newest append (in the chunk it appends to), inserted and removed
        TreeMap<Integer, Boolean> churned = new TreeMap<>();
        Random cr = new Random(seed);
        Thread churn = new Thread(() -> {
            while (appended.get() < APPENDS && failures.isEmpty()) {
                int sort = 2 * (ENTRIES + Math.max(0, appended.get() - cr.nextInt(12))) + 1;
                OrderKey k = TestKeys.key("p", sort);
                int op = cr.nextInt(6);
                if (op < 2) {
                    map.removeSize(k);
                    churned.remove(sort);
                } else if (op < 4) {
                    map.putSize(k, stored(sort));
                    churned.put(sort, true);
                } else {
                    map.put(k, stored(sort)); // ChunkTree.put: a copy, or an append sharing the arrays
                    churned.put(sort, true);
                }
            }
        });
        Thread[] readers = new Thread[2];
        for (int r = 0; r < readers.length; r++) {
            Random rnd = new Random(seed + 1 + r);
            readers[r] = new Thread(() -> {
                while (!done.get() && failures.isEmpty()) {
                    int published = appended.get();
                    int kind = rnd.nextInt(4);
                    if (kind == 0) {
                        wholePartition(map, published, failures);
                    } else if (kind == 1) {
                        pastTheNewest(map, published, rnd.nextInt(4), failures);
                    } else if (published > 0) {
                        int sort = 2 * (ENTRIES + rnd.nextInt(published));
                        Stored s = map.get(TestKeys.key("p", sort));
                        if (s == null || sort(s.item()) != sort) {
                            failures.add("append " + sort + " published, get found " + s);
                        }
                    }
                }
            });
        }
        ReadersAgainstWriters.run(new Thread[] {appender, churn}, readers, done);
        assertThat(failures).isEmpty();
        int[] count = {0};
        int[] previous = {-1};
        map.visit(TestKeys.partitionStart("p"), TestKeys.partitionEnd("p"), null, true, (item, s) -> {
            int sort = sort(item);
            assertThat(sort).isGreaterThan(previous[0]);
            previous[0] = sort;
            count[0]++;
            return true;
        });
        assertThat(count[0]).isEqualTo(ENTRIES + APPENDS + churned.size());
        for (int j = 0; j < APPENDS; j++) {
            assertThat(map.get(TestKeys.key("p", 2 * (ENTRIES + j)))).isNotNull();
        }
        for (Integer sort : churned.keySet()) {
            assertThat(map.get(TestKeys.key("p", sort))).as("churned %d", sort).isNotNull();
        }
    }

    /** A whole-partition visit: in key order, and every append published before it started is there. */
    private static void wholePartition(PartitionedMap map, int published, ConcurrentLinkedQueue<String> failures) {
        int[] previous = {-1};
        int[] evens = {0};
        map.visit(TestKeys.partitionStart("p"), TestKeys.partitionEnd("p"), null, true, (item, s) -> {
            int sort = sort(item);
            if (sort <= previous[0]) {
                failures.add("visit: " + sort + " after " + previous[0]);
                return false;
            }
            if (sort % 2 == 0) {
                if (sort != 2 * evens[0]) {
                    failures.add("visit: even key " + sort + " where " + 2 * evens[0] + " was due");
                    return false;
                }
                evens[0]++;
            }
            previous[0] = sort;
            return true;
        });
        if (evens[0] < ENTRIES + published) {
            failures.add("visit: " + evens[0] + " even keys, " + (ENTRIES + published) + " published");
        }
    }

    /**
     * A range bounded just past the newest published append, while appends land below the bound: forward from a
     * low bound, or backward below an exclusive start key, every entry returned is within its bounds.
     */
    private static void pastTheNewest(PartitionedMap map, int published, int ahead, ConcurrentLinkedQueue<String> f) {
        int bound = 2 * (ENTRIES + published + ahead);
        if (ahead % 2 == 0) {
            map.visit(TestKeys.key("p", bound), TestKeys.partitionEnd("p"), null, true, (item, s) -> {
                if (sort(item) < bound) {
                    f.add("range from " + bound + " returned " + sort(item));
                }
                return true;
            });
        } else {
            OrderKey low = TestKeys.key("p", Math.max(0, bound - 16));
            map.visit(low, TestKeys.partitionEnd("p"), TestKeys.key("p", bound), false, (item, s) -> {
                if (sort(item) >= bound || sort(item) < bound - 16) {
                    f.add("range below " + bound + " from " + (bound - 16) + " returned " + sort(item));
                }
                return true;
            });
        }
    }

    private static int sort(Map<String, AttributeValue> item) {
        return (int) ((AttributeValue.N) item.get("e")).longValue();
    }

    private static Stored stored(int sort) {
        return new Stored(ItemMap.copyOf(Map.of("e", AttributeValue.n(sort))), 100);
    }
}
