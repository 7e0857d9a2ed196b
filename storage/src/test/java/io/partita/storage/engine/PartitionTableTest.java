package io.partita.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * PartitionedMap's partition table (open addressing over the partitions, tombstones for dropped ones, resized under
 * a lock while readers probe without one) and its slots' mirror of each small partition's snapshot, against
 * HashMap / TreeMap references: many partitions created and dropped (the table grows, fills with tombstones and is
 * rebuilt), then concurrent readers while writers churn. Fixed seeds, printed.
 */
class PartitionTableTest {
    private static final long SEED = 20261125L;

    @Test
    void manyPartitionsCreatedAndDroppedMatchTheReferences() {
        System.out.println("PartitionTableTest seed " + SEED);
        Random rnd = new Random(SEED);
        PartitionedMap map = new PartitionedMap();
        TreeMap<OrderKey, Stored> reference = new TreeMap<>();
        Map<String, Integer> perPartition = new HashMap<>();
        for (int round = 0; round < 60_000; round++) {
            // a drifting window of partition names: old ones empty out and are dropped, new ones appear
            int base = round / 40;
            String partition = "p" + (base + rnd.nextInt(300));
            int sizeBound = partition.hashCode() % 7 == 0 ? 90 : 6; // some partitions grow past the small limit
            OrderKey key = key(partition, rnd.nextInt(sizeBound));
            if (rnd.nextInt(5) < 2) {
                Stored removed = reference.remove(key);
                assertThat(map.remove(key)).isEqualTo(removed);
                if (removed != null) {
                    perPartition.merge(partition, -1, Integer::sum);
                }
            } else {
                Stored value = new Stored(ItemMap.copyOf(Map.of("v", AttributeValue.n(round))), round);
                Stored previous = reference.put(key, value);
                assertThat(map.put(key, value)).isEqualTo(previous);
                if (previous == null) {
                    perPartition.merge(partition, 1, Integer::sum);
                }
            }
            if (round % 97 == 0) {
                String probe = "p" + (base + rnd.nextInt(400) - 50);
                OrderKey k = key(probe, rnd.nextInt(sizeBound));
                assertThat(map.get(k)).isEqualTo(reference.get(k));
                assertThat(visit(map, probe, rnd.nextBoolean() ? 1 : 0))
                        .isEqualTo(expectedItems(reference, probe, perPartition.getOrDefault(probe, 0)));
            }
            if (round % 5_000 == 0) {
                assertThat(list(map.all())).isEqualTo(new ArrayList<>(reference.entrySet()));
            }
        }
        assertThat(list(map.all())).isEqualTo(new ArrayList<>(reference.entrySet()));
        for (OrderKey k : new ArrayList<>(reference.keySet())) {
            assertThat(map.remove(k)).isEqualTo(reference.remove(k));
        }
        assertThat(list(map.all())).isEmpty();
    }

    /**
     * A workload that keeps creating and emptying partitions (a queue keyed by a fresh id, a session table) leaves
     * a tombstone per dropped partition: the table must stay sized by its live partitions (tombstones reused, or
     * cleared by a rebuild at the live count), never grow with every partition it ever held. Here 200,000
     * partitions come and go with at most 65 alive at a time, each read whole (its slot's mirror filled) right
     * after its put; every read answers as the reference does.
     */
    @Test
    void createAndDropChurnKeepsTheTableSizedByItsLivePartitions() {
        long seed = SEED + 2;
        System.out.println("PartitionTableTest churn seed " + seed);
        Random rnd = new Random(seed);
        PartitionedMap map = new PartitionedMap();
        Map<String, Integer> live = new HashMap<>(); // partition -> its one entry's sort key
        int maxSlots = 0;
        for (int p = 0; p < 200_000; p++) {
            String name = "c" + p;
            int sort = rnd.nextInt(10);
            OrderKey k = key(name, sort);
            Stored value = new Stored(ItemMap.copyOf(Map.of("v", AttributeValue.n(p))), p);
            assertThat(map.put(k, value)).isNull();
            live.put(name, sort);
            assertThat(map.get(k)).isEqualTo(value);
            assertThat(visit(map, name, p & 1)).containsExactly(value.item()); // fills this slot's mirror
            if (live.size() > 64) { // drop a random live partition: its only entry removed
                String victim = new ArrayList<>(live.keySet()).get(rnd.nextInt(live.size()));
                OrderKey vk = key(victim, live.remove(victim));
                assertThat(map.remove(vk)).isNotNull();
                assertThat(map.get(vk)).isNull();
                assertThat(visit(map, victim, 1)).isEmpty();
            }
            maxSlots = Math.max(maxSlots, map.tableSlots());
        }
        assertThat(map.livePartitions()).isEqualTo(64);
        // rebuilt for at least four slots per live partition (64 or 65 live): 512 slots; never more than that
        assertThat(maxSlots).isLessThanOrEqualTo(512);
        for (Map.Entry<String, Integer> e : live.entrySet()) {
            assertThat(map.get(key(e.getKey(), e.getValue()))).isNotNull();
        }
    }

    /**
     * Readers never see an entry's item with another version's size (each item's "v" equals its size), never miss
     * a partition that stays (one entry each, never removed) while other partitions are created, dropped and the
     * table rebuilt, and read whole partitions of the churned ones as some consistent state.
     */
    @Test
    void concurrentReadersSeeConsistentSnapshotsWhileWritersChurn() throws InterruptedException {
        long seed = SEED + 1;
        System.out.println("PartitionTableTest concurrent seed " + seed);
        PartitionedMap map = new PartitionedMap();
        int stable = 200;
        for (int p = 0; p < stable; p++) {
            map.put(key("stable" + p, 0), stored(p + 1));
        }
        AtomicBoolean done = new AtomicBoolean();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        Thread[] writers = new Thread[2];
        for (int w = 0; w < writers.length; w++) {
            Random rnd = new Random(seed + w);
            String prefix = "churn" + w + "-";
            writers[w] = new Thread(() -> {
                for (int i = 0; i < 200_000; i++) {
                    String partition = prefix + rnd.nextInt(500);
                    OrderKey key = key(partition, rnd.nextInt(4));
                    if (rnd.nextBoolean()) {
                        map.remove(key);
                    } else {
                        map.put(key, stored(1 + rnd.nextInt(1_000_000)));
                    }
                    // overwrites in the stable partitions: a new item and size at the same index
                    if (i % 7 == 0) {
                        map.put(key("stable" + rnd.nextInt(stable), 0), stored(2 + i));
                    }
                }
            });
        }
        Thread[] readers = new Thread[2];
        for (int r = 0; r < readers.length; r++) {
            Random rnd = new Random(seed + 10 + r);
            readers[r] = new Thread(() -> {
                while (!done.get() && failures.isEmpty()) {
                    String partition = rnd.nextBoolean()
                            ? "stable" + rnd.nextInt(stable)
                            : "churn" + rnd.nextInt(2) + "-" + rnd.nextInt(500);
                    OrderKey low = TestKeys.partitionStart(partition);
                    OrderKey high = TestKeys.partitionEnd(partition);
                    int[] seen = {0};
                    map.visit(low, high, null, rnd.nextBoolean(), (item, size) -> {
                        seen[0]++;
                        if (((AttributeValue.N) item.get("v")).longValue() != size) {
                            failures.add(partition + ": item " + item + " with size " + size);
                        }
                        return true;
                    });
                    if (partition.startsWith("stable") && seen[0] != 1) {
                        failures.add(partition + ": " + seen[0] + " entries, expected 1");
                    }
                    if (seen[0] > 4) {
                        failures.add(partition + ": " + seen[0] + " entries, at most 4 written");
                    }
                    if (partition.startsWith("stable") && map.get(key(partition, 0)) == null) {
                        failures.add(partition + ": get found nothing");
                    }
                }
            });
        }
        ReadersAgainstWriters.run(writers, readers, done);
        assertThat(failures).isEmpty();
        for (int p = 0; p < stable; p++) {
            assertThat(map.get(key("stable" + p, 0))).isNotNull();
        }
    }

    private static OrderKey key(String partition, int sort) {
        return TestKeys.key(partition, sort);
    }

    private static List<Map.Entry<OrderKey, Stored>> list(Iterable<Map.Entry<OrderKey, Stored>> entries) {
        List<Map.Entry<OrderKey, Stored>> out = new ArrayList<>();
        for (Map.Entry<OrderKey, Stored> e : entries) {
            out.add(Map.entry(e.getKey(), e.getValue()));
        }
        return out;
    }

    private static Stored stored(int v) {
        return new Stored(ItemMap.copyOf(Map.of("v", AttributeValue.n(v))), v);
    }

    /** The items of a whole partition through {@link PartitionedMap#visit}, forward (1) or backward (0). */
    private static List<Map<String, AttributeValue>> visit(PartitionedMap map, String partition, int forward) {
        OrderKey low = TestKeys.partitionStart(partition);
        OrderKey high = TestKeys.partitionEnd(partition);
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        map.visit(low, high, null, forward == 1, (item, size) -> out.add(item));
        if (forward == 0) {
            Collections.reverse(out);
        }
        return out;
    }

    private static List<Map<String, AttributeValue>> expectedItems(
            NavigableMap<OrderKey, Stored> reference, String partition, int count) {
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        for (Map.Entry<OrderKey, Stored> e : reference.entrySet()) {
            if (e.getKey().partition().equals(key(partition, 0).partition())) {
                out.add(e.getValue().item());
            }
        }
        assertThat(out).hasSize(count);
        return out;
    }
}
