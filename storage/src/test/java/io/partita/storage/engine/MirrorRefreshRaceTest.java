package io.partita.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;

/**
 * PartitionedMap's slot mirror (the table slot repeats its partition's small snapshot, read racily, checked against the
 * partition before use and refreshed by the readers that find it stale, racing each other) where it is most contended:
 * a few small partitions, one writer changing them all the time (appends into shared arrays, inserts, removes,
 * overwrites that keep or change the size), and several readers that all find the mirror stale after each write and
 * race to refresh it. Every whole-partition read must return a state the partition was in while the read ran: the
 * writer records a digest of each state (keys, versions and sizes) before applying it and counts the writes it has
 * applied, and a reader checks that the digest of what it read is one of the states from its start to its end. A torn
 * mirror (arrays or count of different versions) or a stale one is a state that was never there, or not then.
 *
 * <p>Fixed seed, printed.
 */
class MirrorRefreshRaceTest {
    private static final long SEED = 20261125_7L;
    private static final int PARTITIONS = 3;
    private static final int WRITES = 60_000;
    private static final int KEYS = 48; // below the small limit: the mirror serves every read
    private static final int READERS = 3;

    @Test
    void everyReadIsAStateOfItsPartitionDuringTheRead() throws InterruptedException {
        System.out.println("MirrorRefreshRaceTest seed " + SEED);
        PartitionedMap map = new PartitionedMap();
        // per partition: writes applied, and the digest of the state after write j (j = 0: the first entry's)
        AtomicLongArray applied = new AtomicLongArray(PARTITIONS);
        AtomicLongArray[] digests = new AtomicLongArray[PARTITIONS];
        List<TreeMap<Integer, Integer>> models = new ArrayList<>();
        for (int p = 0; p < PARTITIONS; p++) {
            digests[p] = new AtomicLongArray(WRITES + 2);
            TreeMap<Integer, Integer> model = new TreeMap<>();
            model.put(0, 0);
            models.add(model);
            digests[p].set(0, digest(model));
            map.put(TestKeys.key(name(p), 0), stored(p, 0, 0));
        }
        AtomicBoolean done = new AtomicBoolean();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        Thread writer = new Thread(() -> {
            Random rnd = new Random(SEED);
            int version = 0;
            for (int op = 0; op < WRITES && failures.isEmpty(); op++) {
                int p = rnd.nextInt(PARTITIONS);
                TreeMap<Integer, Integer> model = models.get(p);
                int roll = rnd.nextInt(10);
                int key;
                boolean remove = false;
                if (roll < 4 && model.lastKey() < KEYS - 1) {
                    key = model.lastKey() + 1; // an append: the arrays' free slot, shared with the version before
                } else if (roll < 6 && model.size() > 1) {
                    key = new ArrayList<>(model.keySet()).get(rnd.nextInt(model.size()));
                    remove = true;
                } else {
                    key = rnd.nextInt(KEYS); // an insert or an overwrite (of the same size one time in four)
                }
                version++;
                long j = applied.get(p) + 1;
                if (remove) {
                    model.remove(key);
                } else {
                    model.put(key, version);
                }
                digests[p].set((int) j, digest(model));
                OrderKey k = TestKeys.key(name(p), key);
                if (remove) {
                    map.remove(k);
                } else {
                    map.put(k, stored(p, key, version));
                }
                applied.set(p, j);
            }
        });
        Thread[] readers = new Thread[READERS];
        for (int r = 0; r < READERS; r++) {
            Random rnd = new Random(SEED + 1 + r);
            readers[r] = new Thread(() -> {
                while (!done.get() && failures.isEmpty()) {
                    int p = rnd.nextInt(PARTITIONS);
                    long from = applied.get(p);
                    SortedMap<Integer, Integer> read = read(map, p, rnd.nextBoolean(), failures);
                    long to = applied.get(p) + 1; // a write in progress may already be visible
                    long d = digest(read);
                    boolean found = false;
                    for (long j = from; j <= to && j <= WRITES + 1 && !found; j++) {
                        found = digests[p].get((int) j) == d;
                    }
                    if (!found) {
                        failures.add(name(p) + ": read " + read + ", not a state of writes " + from + " to " + to);
                    }
                }
            });
        }
        ReadersAgainstWriters.run(new Thread[] {writer}, readers, done);
        assertThat(failures).isEmpty();
    }

    private static String name(int p) {
        return "part" + p;
    }

    /** Sizes repeat (one in four versions has its predecessor's), so some overwrites share the sizes array. */
    private static int size(int version) {
        return 100 + version / 4;
    }

    /** Keys, versions and sizes of a state, in key order. */
    private static long digest(SortedMap<Integer, Integer> state) {
        long h = 17;
        for (Map.Entry<Integer, Integer> e : state.entrySet()) {
            h = (h * 0x9E3779B97F4A7C15L) ^ e.getKey();
            h = (h * 0x9E3779B97F4A7C15L) ^ e.getValue();
            h = (h * 0x9E3779B97F4A7C15L) ^ size(e.getValue());
        }
        return h;
    }

    /** A whole-partition read as key to version; entries checked to be the partition's, whole and in order. */
    private static SortedMap<Integer, Integer> read(
            PartitionedMap map, int p, boolean forward, ConcurrentLinkedQueue<String> failures) {
        TreeMap<Integer, Integer> state = new TreeMap<>();
        List<Integer> order = new ArrayList<>();
        String partition = name(p);
        map.visit(TestKeys.partitionStart(partition), TestKeys.partitionEnd(partition), null, forward, (item, size) -> {
            if (item == null) {
                failures.add(partition + ": a null item");
                return false;
            }
            String owner = ((AttributeValue.S) item.get("p")).value();
            int key = (int) ((AttributeValue.N) item.get("k")).longValue();
            int version = (int) ((AttributeValue.N) item.get("v")).longValue();
            if (!owner.equals(partition)) {
                failures.add(partition + ": read an entry of " + owner);
            }
            if (size != size(version)) {
                failures.add(partition + "/" + key + ": version " + version + " with size " + size);
            }
            state.put(key, version);
            order.add(key);
            return true;
        });
        for (int i = 1; i < order.size(); i++) {
            if (forward ? order.get(i - 1) >= order.get(i) : order.get(i - 1) <= order.get(i)) {
                failures.add(partition + ": entries out of order " + order);
                break;
            }
        }
        return state;
    }

    private static Stored stored(int p, int key, int version) {
        return new Stored(
                ItemMap.copyOf(Map.of(
                        "p", AttributeValue.s(name(p)),
                        "k", AttributeValue.n(key),
                        "v", AttributeValue.n(version))),
                size(version));
    }
}
