package io.partita.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * An overwrite that keeps an entry's size in a small partition swaps the item in place ({@link Chunk#swapItem}): the
 * partition keeps its chunk and arrays, and readers of the partition (whole-partition visits, ranges, gets) see each
 * entry's old item or its new one with the size both have, never a mix, and never an older item after a newer one.
 * Fixed seed, printed.
 */
class SmallPartitionSwapTest {
    private static final long SEED = 20261128L;
    private static final int ENTRIES = 6;

    @Test
    void anOverwriteOfTheSameSizeKeepsTheChunkAndAnotherSizeReplacesIt() {
        Partition p = new Partition(TestKeys.partitionStart("p").partition());
        for (int e = 0; e < ENTRIES; e++) {
            p.putSize(TestKeys.key("p", e), stored(e, 0));
        }
        Object[] chunk = p.small;
        Stored seventh = stored(2, 7);
        assertThat(p.putSize(TestKeys.key("p", 2), seventh)).isEqualTo(size(2));
        assertThat(p.small).isSameAs(chunk);
        assertThat(generation(p.get(TestKeys.key("p", 2)).item())).isEqualTo(7);
        Stored bigger = new Stored(stored(2, 8).item(), size(2) + 1);
        assertThat(p.putSize(TestKeys.key("p", 2), bigger)).isEqualTo(size(2));
        assertThat(p.small).isNotSameAs(chunk);
        assertThat(Chunk.items(chunk)[2]).isSameAs(seventh.item()); // the replaced chunk is left as it was
        assertThat(p.get(TestKeys.key("p", 2)).size()).isEqualTo(size(2) + 1);
    }

    @Test
    void readersSeeTheOldOrTheNewItemWithItsSizeAndNeverGoBack() throws InterruptedException {
        System.out.println("SmallPartitionSwapTest seed " + SEED);
        PartitionedMap map = new PartitionedMap();
        for (int e = 0; e < ENTRIES; e++) {
            map.put(TestKeys.key("p", e), stored(e, 0));
        }
        AtomicBoolean done = new AtomicBoolean();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        Random wr = new Random(SEED);
        Thread[] writers = {
            new Thread(() -> {
                long[] generations = new long[ENTRIES];
                for (int i = 0; i < 300_000; i++) {
                    int e = wr.nextInt(ENTRIES);
                    map.putSize(TestKeys.key("p", e), stored(e, ++generations[e]));
                }
            })
        };
        Thread[] readers = new Thread[2];
        for (int r = 0; r < readers.length; r++) {
            Random rnd = new Random(SEED + 1 + r);
            readers[r] = new Thread(() -> {
                long[] last = new long[ENTRIES];
                while (!done.get() && failures.isEmpty()) {
                    if (rnd.nextBoolean()) {
                        int[] at = {0};
                        map.visit(
                                TestKeys.partitionStart("p"), TestKeys.partitionEnd("p"), null, true, (item, size) -> {
                                    check(item, size, at[0]++, last, failures);
                                    return true;
                                });
                    } else {
                        int e = rnd.nextInt(ENTRIES);
                        Stored s = map.get(TestKeys.key("p", e));
                        check(s.item(), s.size(), e, last, failures);
                    }
                }
            });
        }
        ReadersAgainstWriters.run(writers, readers, done);
        assertThat(failures).isEmpty();
    }

    private static void check(
            Map<String, AttributeValue> item,
            int size,
            int entry,
            long[] last,
            ConcurrentLinkedQueue<String> failures) {
        long entryOf = ((AttributeValue.N) item.get("e")).longValue();
        long g = generation(item);
        if (entryOf != entry || size != size(entry)) {
            failures.add("entry " + entry + ": item " + item + " with size " + size);
        }
        if (g < last[entry]) {
            failures.add("entry " + entry + ": generation " + g + " after " + last[entry]);
        }
        last[entry] = g;
    }

    private static long generation(Map<String, AttributeValue> item) {
        return ((AttributeValue.N) item.get("g")).longValue();
    }

    private static int size(int entry) {
        return 100 + entry;
    }

    /** Entry {@code e}'s item of generation {@code g}; every generation of one entry has the same size. */
    private static Stored stored(int e, long g) {
        return new Stored(ItemMap.copyOf(Map.of("e", AttributeValue.n(e), "g", AttributeValue.n(g))), size(e));
    }
}
