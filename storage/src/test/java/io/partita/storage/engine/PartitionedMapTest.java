package io.partita.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * PartitionedMap against a TreeMap of every entry: partitions grow past the copy-on-write limit (becoming
 * B+-trees of chunks, {@code ChunkTree}) and shrink again, and every range read (both directions, with and without
 * an exclusive start) and scan must equal the reference. Fixed seed, printed.
 */
class PartitionedMapTest {
    private static final long SEED = 20261122L;

    @Test
    void rangesAndScansMatchASortedReferenceAcrossThePromotionToChunkTrees() {
        System.out.println("PartitionedMapTest seed " + SEED);
        Random rnd = new Random(SEED);
        PartitionedMap map = new PartitionedMap();
        TreeMap<OrderKey, Stored> reference = new TreeMap<>();
        String[] partitions = {"a", "b", "c", "d"};
        int[] sizes = {5, 40, 70, 200}; // below, near and above the limit of 64
        for (int round = 0; round < 20_000; round++) {
            int p = rnd.nextInt(partitions.length);
            OrderKey key = key(partitions[p], rnd.nextInt(sizes[p] * 2));
            if (rnd.nextInt(3) == 0) {
                assertThat(map.remove(key)).isEqualTo(reference.remove(key));
            } else {
                Stored value = new Stored(ItemMap.copyOf(Map.of("v", AttributeValue.n(round))), 1);
                assertThat(map.put(key, value)).isEqualTo(reference.put(key, value));
            }
            if (round % 50 == 0) {
                checkRange(map, reference, partitions[rnd.nextInt(partitions.length)], rnd);
            }
            if (round % 1000 == 0) {
                assertThat(list(map.all())).isEqualTo(new ArrayList<>(reference.entrySet()));
            }
        }
        assertThat(list(map.all())).isEqualTo(new ArrayList<>(reference.entrySet()));
    }

    @Test
    void wholePartitionBoundsReadEveryEntryOfSmallAndLargePartitions() {
        PartitionedMap map = new PartitionedMap();
        TreeMap<OrderKey, Stored> reference = new TreeMap<>();
        for (String partition : new String[] {"small", "large"}) {
            int size = partition.equals("small") ? 5 : 200; // below and above the copy-on-write limit of 64
            for (int i = 0; i < size; i++) {
                Stored value = new Stored(ItemMap.copyOf(Map.of("v", AttributeValue.n(i))), 1);
                map.put(key(partition, i), value);
                reference.put(key(partition, i), value);
            }
            OrderKey low = TestKeys.partitionStart(partition);
            OrderKey high = TestKeys.partitionEnd(partition);
            assertThat(low.isPartitionStart()).isTrue();
            assertThat(high.isPartitionEnd()).isTrue();
            assertThat(key(partition, 3).isPartitionStart()).isFalse();
            assertThat(key(partition, 3).isPartitionEnd()).isFalse();
            NavigableMap<OrderKey, Stored> expected = reference.subMap(low, true, high, false);
            assertThat(expected).hasSize(size);
            assertThat(list(map.range(low, high, null, true))).isEqualTo(new ArrayList<>(expected.entrySet()));
            assertThat(list(map.range(low, high, null, false)))
                    .isEqualTo(new ArrayList<>(expected.descendingMap().entrySet()));
            OrderKey start = key(partition, 2);
            assertThat(list(map.range(low, high, start, true)))
                    .isEqualTo(new ArrayList<>(expected.tailMap(start, false).entrySet()));
            assertThat(list(map.range(low, high, start, false)))
                    .isEqualTo(new ArrayList<>(
                            expected.headMap(start, false).descendingMap().entrySet()));
        }
    }

    @Test
    void aLargePartitionTakesConcurrentWritersAndStaysUsableWhenEmptied() throws InterruptedException {
        PartitionedMap map = new PartitionedMap();
        int perThread = 3_000;
        Thread[] writers = new Thread[2];
        for (int t = 0; t < writers.length; t++) {
            int first = t * perThread;
            writers[t] = new Thread(() -> {
                for (int i = first; i < first + perThread; i++) {
                    map.put(key("hot", i), new Stored(ItemMap.copyOf(Map.of("v", AttributeValue.n(i))), 1));
                }
            });
            writers[t].start();
        }
        for (Thread w : writers) {
            w.join();
        }
        assertThat(list(map.all())).hasSize(2 * perThread);
        for (int i = 0; i < 2 * perThread; i++) {
            assertThat(map.get(key("hot", i))).as("entry %d", i).isNotNull();
        }
        for (int i = 0; i < 2 * perThread; i++) {
            assertThat(map.remove(key("hot", i))).isNotNull();
        }
        assertThat(list(map.all())).isEmpty();
        assertThat(list(map.range(key("hot", 0), null, null, true))).isEmpty();
        Stored again = new Stored(ItemMap.copyOf(Map.of("v", AttributeValue.n(7))), 1);
        assertThat(map.put(key("hot", 7), again)).isNull();
        assertThat(map.get(key("hot", 7))).isSameAs(again);
        assertThat(list(map.all())).hasSize(1);
    }

    private static void checkRange(
            PartitionedMap map, NavigableMap<OrderKey, Stored> reference, String partition, Random rnd) {
        int a = rnd.nextInt(420);
        int b = a + rnd.nextInt(420);
        OrderKey low = bound(partition, a);
        OrderKey high = bound(partition, b);
        boolean forward = rnd.nextBoolean();
        OrderKey start = rnd.nextBoolean() ? key(partition, a + rnd.nextInt(Math.max(1, b - a))) : null;
        NavigableMap<OrderKey, Stored> expected = reference.subMap(low, true, high, false);
        if (start != null) {
            expected = forward ? expected.tailMap(start, false) : expected.headMap(start, false);
        }
        List<Map.Entry<OrderKey, Stored>> want =
                new ArrayList<>((forward ? expected : expected.descendingMap()).entrySet());
        assertThat(list(map.range(low, high, start, forward)))
                .as("range [%d, %d) of %s after %s %s", a, b, partition, start, forward ? "ascending" : "descending")
                .isEqualTo(want);
        assertThat(map.get(key(partition, a))).isEqualTo(reference.get(key(partition, a)));
    }

    private static OrderKey key(String partition, int sort) {
        return TestKeys.key(partition, sort);
    }

    private static OrderKey bound(String partition, int sort) {
        return key(partition, sort); // an exact key is a valid inclusive low / exclusive high bound
    }

    private static List<Map.Entry<OrderKey, Stored>> list(Iterable<Map.Entry<OrderKey, Stored>> entries) {
        List<Map.Entry<OrderKey, Stored>> out = new ArrayList<>();
        for (Map.Entry<OrderKey, Stored> e : entries) {
            out.add(Map.entry(e.getKey(), e.getValue()));
        }
        return Collections.unmodifiableList(out);
    }
}
