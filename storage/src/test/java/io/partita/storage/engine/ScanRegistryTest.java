package io.partita.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/**
 * The scan registry of {@link PartitionedMap}: a new partition is queued by the write that creates it and moved into
 * the scan order by the next scan. Scans (whole, by hash segment, page by page) against a sorted reference while
 * partitions are created and dropped between them; the queue stays bounded without scans; and with concurrent
 * writers (creating and dropping partitions) and scanners, every scan is in strict key order and holds every item
 * whose put returned before it began and was never removed. Seeds printed.
 */
class ScanRegistryTest {
    private static final long SEED = 20261125L;

    @Test
    void scansBySegmentAndPageMatchASortedReferenceWhilePartitionsComeAndGo() {
        System.out.println("ScanRegistryTest model seed " + SEED);
        Random rnd = new Random(SEED);
        PartitionedMap map = new PartitionedMap();
        TreeMap<OrderKey, Stored> reference = new TreeMap<>();
        for (int round = 0; round < 30_000; round++) {
            String partition = "p" + rnd.nextInt(400);
            OrderKey key = TestKeys.key(partition, rnd.nextInt(rnd.nextInt(10) == 0 ? 100 : 3));
            if (rnd.nextInt(5) < 2) {
                assertThat(map.remove(key)).isEqualTo(reference.remove(key));
            } else {
                Stored value = value(round);
                assertThat(map.put(key, value)).isEqualTo(reference.put(key, value));
            }
            if (rnd.nextInt(200) == 0) {
                assertThat(list(map.all().iterator(), Integer.MAX_VALUE))
                        .isEqualTo(entries(reference, 0, 1L << 32, null));
            }
            if (rnd.nextInt(100) == 0) {
                checkSegmentByPages(map, reference, rnd);
            }
            if (rnd.nextInt(500) == 0) {
                assertThat(map.scanPartitions()).as("partitions in scan order").isEqualTo(map.livePartitions());
            }
        }
        assertThat(list(map.all().iterator(), Integer.MAX_VALUE)).isEqualTo(entries(reference, 0, 1L << 32, null));
        assertThat(map.scanPartitions()).isEqualTo(map.livePartitions());
    }

    @Test
    void partitionsCreatedAndEmptiedWithoutAScanAreNotKeptForIt() {
        PartitionedMap map = new PartitionedMap();
        for (int i = 0; i < 50; i++) {
            map.put(TestKeys.key("kept" + i, 0), value(i));
        }
        for (int i = 0; i < 20_000; i++) {
            OrderKey key = TestKeys.key("gone" + i, 0);
            map.put(key, value(i));
            assertThat(map.pendingPartitions()).isLessThanOrEqualTo(2 * map.livePartitions() + 64);
            map.remove(key);
        }
        assertThat(map.livePartitions()).isEqualTo(50);
        assertThat(map.scanPartitions()).isEqualTo(50);
        assertThat(map.pendingPartitions()).isZero();
        assertThat(list(map.all().iterator(), Integer.MAX_VALUE)).hasSize(50);
    }

    @Test
    void concurrentScansSeeEveryItemCommittedBeforeThemInKeyOrder() throws InterruptedException {
        long seed = SEED + 1;
        System.out.println("ScanRegistryTest concurrent seed " + seed);
        PartitionedMap map = new PartitionedMap();
        int writers = 3;
        int perWriter = 4_000;
        // committed[w]: writer w's permanent items 0 .. committed[w] - 1 are in the map (published after the put)
        OrderKey[][] keys = new OrderKey[writers][perWriter];
        for (int w = 0; w < writers; w++) {
            for (int i = 0; i < perWriter; i++) {
                keys[w][i] = permanent(w, i);
            }
        }
        AtomicIntegerArray committed = new AtomicIntegerArray(writers);
        AtomicBoolean done = new AtomicBoolean();
        AtomicInteger scanCount = new AtomicInteger();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            Random rnd = new Random(seed * 31 + w);
            threads.add(new Thread(() -> {
                try {
                    for (int i = 0; i < perWriter; i++) {
                        // a permanent item, in a new partition most of the time (four items per partition)
                        map.put(keys[writer][i], value(writer * 1_000_000 + i));
                        committed.set(writer, i + 1);
                        while (scanCount.get() < i / 10 && failures.isEmpty()) {
                            Thread.onSpinWait(); // keep the scans interleaved with the writes: 400 scans over the run
                        }
                        // a transient partition: created, written, emptied (dropped) again
                        OrderKey t = TestKeys.key("t" + writer + "-" + rnd.nextInt(50), rnd.nextInt(3));
                        map.put(t, value(-1));
                        map.remove(t);
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            }));
        }
        int[] scans = new int[2];
        for (int s = 0; s < 2; s++) {
            int scanner = s;
            Random rnd = new Random(seed * 17 + s);
            threads.add(new Thread(() -> {
                try {
                    while (!done.get()) {
                        int[] before = new int[writers];
                        for (int w = 0; w < writers; w++) {
                            before[w] = committed.get(w);
                        }
                        // a sixteenth of the hash space (a parallel scan's segment), whole or page by page
                        long from = (long) rnd.nextInt(16) << 28;
                        long to = from + (1L << 28);
                        List<Map.Entry<OrderKey, Stored>> seen = new ArrayList<>();
                        int pageSize = rnd.nextBoolean() ? Integer.MAX_VALUE : 1 + rnd.nextInt(40);
                        OrderKey start = null;
                        while (true) {
                            List<Map.Entry<OrderKey, Stored>> page =
                                    list(map.scan(from, to, start).iterator(), pageSize);
                            seen.addAll(page);
                            if (page.size() < pageSize) {
                                break;
                            }
                            start = page.get(page.size() - 1).getKey();
                        }
                        checkScan(seen, before, from, to, keys);
                        scans[scanner]++;
                        scanCount.incrementAndGet();
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            }));
        }
        ReadersAgainstWriters.run(
                threads.subList(0, writers).toArray(Thread[]::new),
                threads.subList(writers, threads.size()).toArray(Thread[]::new),
                done);
        assertThat(failures).isEmpty();
        System.out.println("ScanRegistryTest concurrent scans " + scans[0] + " + " + scans[1]);
        int[] all = new int[writers];
        Arrays.fill(all, perWriter);
        List<Map.Entry<OrderKey, Stored>> last = list(map.all().iterator(), Integer.MAX_VALUE);
        checkScan(last, all, 0, 1L << 32, keys);
        assertThat(last).hasSize(writers * perWriter);
        assertThat(map.scanPartitions()).isEqualTo(map.livePartitions());
    }

    /**
     * Strictly ascending keys in the segment [from, to), and every permanent item below {@code before} whose hash lies
     * in the segment.
     */
    private static void checkScan(
            List<Map.Entry<OrderKey, Stored>> seen, int[] before, long from, long to, OrderKey[][] keys) {
        boolean[][] found = new boolean[before.length][];
        for (int w = 0; w < before.length; w++) {
            found[w] = new boolean[before[w]];
        }
        OrderKey previous = null;
        for (Map.Entry<OrderKey, Stored> e : seen) {
            if (previous != null && previous.compareTo(e.getKey()) >= 0) {
                throw new AssertionError("scan out of order: " + previous + " then " + e.getKey());
            }
            previous = e.getKey();
            long h = Integer.toUnsignedLong(e.getKey().hash());
            if (h < from || h >= to) {
                throw new AssertionError("scan of [" + from + ", " + to + ") returned hash " + h);
            }
            if (e.getValue().item().containsKey("pk")) {
                continue; // a transient item, caught between its put and its remove
            }
            int v = Integer.parseInt(((AttributeValue.N) e.getValue().item().get("v")).text());
            int w = v / 1_000_000;
            int i = v % 1_000_000;
            if (!e.getKey().equals(keys[w][i])) {
                throw new AssertionError("scan returned " + e.getKey() + " with the value of " + keys[w][i]);
            }
            if (i < found[w].length) {
                found[w][i] = true;
            }
        }
        for (int w = 0; w < before.length; w++) {
            for (int i = 0; i < before[w]; i++) {
                long h = Integer.toUnsignedLong(keys[w][i].hash());
                if (h >= from && h < to && !found[w][i]) {
                    throw new AssertionError(
                            "scan missed writer " + w + "'s item " + i + ", committed before it began");
                }
            }
        }
    }

    private static OrderKey permanent(int writer, int i) {
        return TestKeys.key("w" + writer + "-" + i / 4, i % 4);
    }

    private static void checkSegmentByPages(PartitionedMap map, NavigableMap<OrderKey, Stored> reference, Random rnd) {
        long a = rnd.nextLong() >>> 32;
        long b = a + (rnd.nextLong() >>> 32) / 2;
        long to = Math.min(b, 1L << 32);
        int pageSize = 1 + rnd.nextInt(20);
        List<Map.Entry<OrderKey, Stored>> got = new ArrayList<>();
        OrderKey start = null;
        while (true) {
            List<Map.Entry<OrderKey, Stored>> page = list(map.scan(a, to, start).iterator(), pageSize);
            assertThat(page).isEqualTo(entries(reference, a, to, start).subList(0, page.size()));
            got.addAll(page);
            if (page.size() < pageSize) {
                break;
            }
            start = page.get(page.size() - 1).getKey();
        }
        assertThat(got)
                .as("segment [%d, %d) by pages of %d", a, to, pageSize)
                .isEqualTo(entries(reference, a, to, null));
    }

    private static List<Map.Entry<OrderKey, Stored>> entries(
            NavigableMap<OrderKey, Stored> reference, long from, long to, OrderKey exclusiveStart) {
        List<Map.Entry<OrderKey, Stored>> out = new ArrayList<>();
        for (Map.Entry<OrderKey, Stored> e : reference.entrySet()) {
            long h = Integer.toUnsignedLong(e.getKey().hash());
            if (h >= from && h < to && (exclusiveStart == null || e.getKey().compareTo(exclusiveStart) > 0)) {
                out.add(Map.entry(e.getKey(), e.getValue()));
            }
        }
        return out;
    }

    private static Stored value(int v) {
        return v < 0
                ? new Stored(ItemMap.copyOf(Map.of("pk", AttributeValue.s("transient"))), 1)
                : new Stored(ItemMap.copyOf(Map.of("v", AttributeValue.n(v))), 1);
    }

    private static List<Map.Entry<OrderKey, Stored>> list(Iterator<Map.Entry<OrderKey, Stored>> it, int limit) {
        List<Map.Entry<OrderKey, Stored>> out = new ArrayList<>();
        while (out.size() < limit && it.hasNext()) {
            Map.Entry<OrderKey, Stored> e = it.next();
            out.add(Map.entry(e.getKey(), e.getValue()));
        }
        return out;
    }
}
