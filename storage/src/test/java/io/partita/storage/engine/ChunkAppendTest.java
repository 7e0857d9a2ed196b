package io.partita.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A small partition's write shortcuts: an append writes into the chunk's free slot and publishes it by the chunk's
 * count (the same chunk, nothing copied), and an overwrite that keeps the size shares the sizes array. Checked
 * against a sorted reference with every kept chunk read again at the end, up to the count it had when kept (a later
 * write must not change what an earlier read of a chunk holds), and with writers appending, overwriting and emptying
 * partitions while
 * lock-free readers check that every whole-partition read is a state the writer passed through: a prefix of its
 * appends, each entry whole (its size is its item's version), nothing past the chunk's count. Fixed seeds, printed.
 */
class ChunkAppendTest {
    private static final long SEED = 20261125_06L;

    @Test
    void appendsOverwritesInsertsAndRemovesMatchTheReferenceAndLeaveEarlierChunksUnchanged() {
        System.out.println("ChunkAppendTest model seed " + SEED);
        Random rnd = new Random(SEED);
        Object[] chunk = Chunk.EMPTY;
        TreeMap<Integer, Stored> reference = new TreeMap<>();
        List<Object[]> kept = new ArrayList<>();
        List<Integer> keptCounts = new ArrayList<>();
        List<List<Stored>> expected = new ArrayList<>();
        int next = 0;
        for (int round = 0; round < 40_000; round++) {
            int op = rnd.nextInt(100);
            Stored v = stored("p", 0, rnd.nextInt(3) == 0 ? round : 7);
            if (reference.size() >= PartitionedMap.SMALL_LIMIT) {
                // a small partition never holds more: start again from empty, as a dropped one does
                chunk = Chunk.EMPTY;
                reference.clear();
                next = 0;
            }
            if (op < 55 || reference.isEmpty()) {
                next += 1 + rnd.nextInt(3);
                chunk = put(chunk, next, v);
                reference.put(next, v);
            } else if (op < 80) {
                Integer at = reference.ceilingKey(rnd.nextInt(next + 1));
                at = at == null ? reference.lastKey() : at;
                chunk = put(chunk, at, v);
                reference.put(at, v);
            } else if (op < 88) {
                int k = rnd.nextInt(next + 1);
                chunk = put(chunk, k, v);
                reference.put(k, v);
            } else {
                int k = rnd.nextBoolean() ? reference.lastKey() : rnd.nextInt(next + 1);
                int i = Chunk.find(chunk, key(k));
                if (i >= 0) {
                    chunk = Chunk.remove(chunk, i);
                }
                reference.remove(k);
            }
            assertThat(entries(chunk)).isEqualTo(new ArrayList<>(reference.values()));
            if (round % 97 == 0) {
                kept.add(chunk);
                keptCounts.add(Chunk.count(chunk));
                expected.add(new ArrayList<>(reference.values()));
            }
        }
        for (int i = 0; i < kept.size(); i++) {
            assertThat(entries(kept.get(i), keptCounts.get(i)))
                    .as("kept chunk %d", i)
                    .isEqualTo(expected.get(i));
        }
    }

    @Test
    void anAppendKeepsTheChunkAndAnOverwriteOfTheSameSizeSharesTheSizes() {
        Object[] a = Chunk.EMPTY;
        for (int k = 0; k < 5; k++) {
            a = put(a, k, stored("p", k, 1));
        }
        assertThat(Chunk.capacity(a)).isEqualTo(8);
        Object[] b = put(a, 9, stored("p", 9, 1));
        assertThat(b).isSameAs(a);
        assertThat(Chunk.count(b)).isEqualTo(6);
        Object[] full = Chunk.EMPTY;
        for (int k = 0; k < 4; k++) {
            full = put(full, k, stored("p", k, 1));
        }
        Object[] grown = put(full, 4, stored("p", 4, 1)); // no room left: a new chunk with room, the old one as it was
        assertThat(grown).isNotSameAs(full);
        assertThat(Chunk.count(full)).isEqualTo(4);
        assertThat(Chunk.capacity(grown)).isEqualTo(8);
        Object[] c = put(b, 3, stored("p", 3, 1));
        assertThat(Chunk.sizes(c)).isSameAs(Chunk.sizes(b));
        assertThat(Chunk.items(c)).isNotSameAs(Chunk.items(b));
        Object[] d = put(c, 3, stored("p", 3, 2));
        assertThat(Chunk.sizes(d)).isNotSameAs(Chunk.sizes(c));
        Object[] e = put(d, 6, stored("p", 6, 1)); // in the middle: new arrays, with the room d had
        assertThat(e).isNotSameAs(d);
        assertThat(Chunk.items(e)).hasSize(8);
        assertThat(Chunk.count(d)).isEqualTo(6);
        Object[] f = put(e, 7, stored("p", 7, 1)); // fills the room
        assertThat(Chunk.capacity(f)).isEqualTo(Chunk.count(f));
        Object[] g = put(f, 8, stored("p", 8, 1)); // in the middle of a full chunk: exact arrays
        assertThat(Chunk.items(g)).hasSize(9);
        assertThat(Chunk.capacity(g)).isEqualTo(9);
        assertThat(Chunk.roomFor(5)).isEqualTo(8);
        assertThat(Chunk.roomFor(PartitionedMap.SMALL_LIMIT + 1)).isEqualTo(PartitionedMap.SMALL_LIMIT + 1);
    }

    private static final int WRITERS = 2;
    private static final int PARTITIONS = 6;

    @Test
    void readersSeeAPrefixOfTheAppendsWithWholeEntriesWhileWritersAppendOverwriteAndEmptyPartitions()
            throws InterruptedException {
        System.out.println("ChunkAppendTest race seed " + SEED);
        PartitionedMap map = new PartitionedMap();
        AtomicBoolean done = new AtomicBoolean();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        Thread[] writers = new Thread[WRITERS];
        for (int w = 0; w < WRITERS; w++) {
            Random rnd = new Random(SEED + w);
            int writer = w;
            writers[w] = new Thread(() -> {
                int[] length = new int[PARTITIONS];
                int version = 1;
                for (int op = 0; op < 200_000 && failures.isEmpty(); op++) {
                    int p = rnd.nextInt(PARTITIONS);
                    String partition = "w" + writer + "-" + p;
                    int r = rnd.nextInt(100);
                    if (length[p] >= PartitionedMap.SMALL_LIMIT || r < 3) {
                        // empty it from the end (the partition is dropped) and start again
                        for (int k = length[p] - 1; k >= 0; k--) {
                            map.remove(TestKeys.key(partition, k));
                        }
                        length[p] = 0;
                    } else if (r < 70 || length[p] == 0) {
                        map.put(TestKeys.key(partition, length[p]), stored(partition, length[p], version++));
                        length[p]++;
                    } else {
                        int k = rnd.nextInt(length[p]);
                        int v = rnd.nextBoolean() ? version++ : 1;
                        map.put(TestKeys.key(partition, k), stored(partition, k, v));
                    }
                }
            });
        }
        Thread[] readers = new Thread[2];
        for (int r = 0; r < readers.length; r++) {
            Random rnd = new Random(SEED + 10 + r);
            readers[r] = new Thread(() -> {
                while (!done.get() && failures.isEmpty()) {
                    String partition = "w" + rnd.nextInt(WRITERS) + "-" + rnd.nextInt(PARTITIONS);
                    boolean forward = rnd.nextBoolean();
                    List<Integer> sorts = new ArrayList<>();
                    try {
                        if (rnd.nextInt(4) == 0) {
                            // the iterator path, over a range from the partition's start
                            for (Map.Entry<OrderKey, Stored> e : map.range(
                                    TestKeys.partitionStart(partition),
                                    TestKeys.partitionEnd(partition),
                                    null,
                                    forward)) {
                                sorts.add(check(
                                        partition,
                                        e.getValue().item(),
                                        e.getValue().size(),
                                        failures));
                            }
                        } else {
                            map.visit(
                                    TestKeys.partitionStart(partition),
                                    TestKeys.partitionEnd(partition),
                                    null,
                                    forward,
                                    (item, size) -> {
                                        sorts.add(check(partition, item, size, failures));
                                        return true;
                                    });
                        }
                    } catch (RuntimeException e) {
                        failures.add(partition + ": " + e);
                    }
                    for (int i = 0; i < sorts.size(); i++) {
                        int want = forward ? i : sorts.size() - 1 - i;
                        if (sorts.get(i) != want) {
                            failures.add(partition + ": not a prefix of the appends: " + sorts);
                            break;
                        }
                    }
                }
            });
        }
        ReadersAgainstWriters.run(writers, readers, done);
        assertThat(failures).isEmpty();
    }

    /** The entry's sort value, after checking it is the partition's and whole (its size is its version). */
    private static int check(
            String partition, Map<String, AttributeValue> item, int size, ConcurrentLinkedQueue<String> failures) {
        String p = ((AttributeValue.S) item.get("p")).value();
        int sort = (int) ((AttributeValue.N) item.get("k")).longValue();
        int version = (int) ((AttributeValue.N) item.get("v")).longValue();
        if (!p.equals(partition)) {
            failures.add(partition + ": read an entry of " + p);
        }
        if (version != size) {
            failures.add(partition + "/" + sort + ": version " + version + " with size " + size);
        }
        return sort;
    }

    private static Object[] put(Object[] chunk, int k, Stored v) {
        int i = Chunk.find(chunk, key(k));
        return i >= 0 ? Chunk.replace(chunk, i, v) : Chunk.insert(chunk, -i - 1, key(k), v);
    }

    private static List<Stored> entries(Object[] chunk) {
        return entries(chunk, Chunk.count(chunk));
    }

    private static List<Stored> entries(Object[] chunk, int count) {
        List<Stored> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(Chunk.stored(chunk, i));
        }
        return out;
    }

    private static byte[] key(int k) {
        return TestKeys.key("p", k).bytes;
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
