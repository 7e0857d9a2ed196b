package io.partita.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * PartitionedMap's slot mirror (each table slot repeats its partition's key bytes and small snapshot, read racily,
 * checked against the partition before use and refreshed by the readers that find it stale, racing each other)
 * under concurrent writers that create and drop partitions (the
 * table fills with tombstones and is rebuilt while they write), overwrite entries and grow some partitions past
 * the small limit. Every whole-partition read must be linearizable, whichever path served it:
 *
 * <ul>
 *   <li>a writer, the only one writing its partitions, reads back every write it made at once (a stale mirror
 *       would show the previous version);
 *   <li>a reader never sees an entry of another partition (a torn slot), nor an item with another version's size,
 *       nor an entry's version go back after it saw a newer one.
 * </ul>
 *
 * Fixed seed, printed.
 */
class PartitionMirrorTest {
    private static final long SEED = 20261125_5L;
    private static final int WRITERS = 2;
    private static final int PARTITIONS = 400;
    private static final int GROWING = 3;

    @Test
    void wholePartitionReadsAreLinearizableWhileWritersChurnAndTheTableIsRebuilt() throws InterruptedException {
        System.out.println("PartitionMirrorTest seed " + SEED);
        PartitionedMap map = new PartitionedMap();
        AtomicBoolean done = new AtomicBoolean();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        Thread[] writers = new Thread[WRITERS];
        for (int w = 0; w < WRITERS; w++) {
            Random rnd = new Random(SEED + w);
            int writer = w;
            writers[w] = new Thread(() -> {
                int version = 0;
                for (int op = 0; op < 120_000 && failures.isEmpty(); op++) {
                    // a drifting window: old partitions empty out and are dropped, new ones are created
                    boolean growing = rnd.nextInt(50) == 0;
                    String partition = growing
                            ? "grow" + writer + "-" + rnd.nextInt(GROWING)
                            : "w" + writer + "-" + (op / 300 + rnd.nextInt(PARTITIONS));
                    int sort = growing ? rnd.nextInt(80) : rnd.nextInt(4);
                    OrderKey key = TestKeys.key(partition, sort);
                    if (!growing && rnd.nextInt(5) < 2) {
                        map.remove(key);
                        if (version(map, partition, sort, failures) != -1) {
                            failures.add(partition + "/" + sort + ": still there after its remove");
                        }
                    } else {
                        version++;
                        map.put(key, stored(partition, sort, version));
                        int seen = version(map, partition, sort, failures);
                        if (seen != version) {
                            failures.add(partition + "/" + sort + ": wrote version " + version + ", read " + seen);
                        }
                    }
                }
            });
        }
        Thread[] readers = new Thread[2];
        for (int r = 0; r < readers.length; r++) {
            Random rnd = new Random(SEED + 10 + r);
            readers[r] = new Thread(() -> {
                Map<String, Integer> newest = new HashMap<>();
                while (!done.get() && failures.isEmpty()) {
                    int writer = rnd.nextInt(WRITERS);
                    String partition = rnd.nextInt(20) == 0
                            ? "grow" + writer + "-" + rnd.nextInt(GROWING)
                            : "w" + writer + "-" + rnd.nextInt(PARTITIONS + 400);
                    for (Map.Entry<Integer, Integer> e :
                            read(map, partition, rnd.nextBoolean(), failures).entrySet()) {
                        String entry = partition + "/" + e.getKey();
                        Integer before = newest.put(entry, e.getValue());
                        if (before != null && before > e.getValue()) {
                            failures.add(entry + ": read version " + before + ", then " + e.getValue());
                        }
                    }
                }
            });
        }
        ReadersAgainstWriters.run(writers, readers, done);
        assertThat(failures).isEmpty();
    }

    /** Entry {@code sort}'s version in a whole-partition read, or -1 when it is absent. */
    private static int version(PartitionedMap map, String partition, int sort, ConcurrentLinkedQueue<String> failures) {
        return read(map, partition, true, failures).getOrDefault(sort, -1);
    }

    /** A whole-partition read: sort key to version, each entry checked to be the partition's and whole. */
    private static Map<Integer, Integer> read(
            PartitionedMap map, String partition, boolean forward, ConcurrentLinkedQueue<String> failures) {
        Map<Integer, Integer> versions = new HashMap<>();
        List<Integer> order = new ArrayList<>();
        map.visit(TestKeys.partitionStart(partition), TestKeys.partitionEnd(partition), null, forward, (item, size) -> {
            String p = ((AttributeValue.S) item.get("p")).value();
            int sort = (int) ((AttributeValue.N) item.get("k")).longValue();
            int version = (int) ((AttributeValue.N) item.get("v")).longValue();
            if (!p.equals(partition)) {
                failures.add(partition + ": read an entry of " + p);
            }
            if (version != size) {
                failures.add(partition + "/" + sort + ": version " + version + " with size " + size);
            }
            versions.put(sort, version);
            order.add(sort);
            return true;
        });
        for (int i = 1; i < order.size(); i++) {
            if (forward ? order.get(i - 1) >= order.get(i) : order.get(i - 1) <= order.get(i)) {
                failures.add(partition + ": entries out of order " + order);
                break;
            }
        }
        return versions;
    }

    private static Stored stored(String partition, int sort, int version) {
        return new Stored(
                ItemMap.copyOf(Map.of(
                        "p", AttributeValue.s(partition),
                        "k", AttributeValue.n(sort),
                        "v", AttributeValue.n(version))),
                version);
    }
}
