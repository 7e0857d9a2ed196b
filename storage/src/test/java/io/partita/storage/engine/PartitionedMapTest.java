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
 * skip lists) and shrink again, and every range read (both directions, with and without an exclusive start)
 * and scan must equal the reference. Fixed seed, printed.
 */
class PartitionedMapTest {
    private static final long SEED = 20261122L;

    @Test
    void rangesAndScansMatchASortedReferenceAcrossThePromotionToSkipLists() {
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
        AttributeValue pk = AttributeValue.s(partition);
        return KeyCodec.builder(OrderKey.partitionHash(pk))
                .add(pk)
                .endPartition()
                .add(AttributeValue.n(sort))
                .build();
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
