package io.partita.benchmarks;

import io.partita.storage.Storage;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.value.AttributeValue;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * CPU time of the calling thread per GSI Query (10 items, {@code CoreScalingBench.queryGsi}'s requests) on a table
 * of {@code n} items, next to the same query on two <em>floors</em>: one load, then rounds of 65,536 queries each,
 * timed with the thread's own CPU time (no GC or JIT threads, which a read's young garbage and a 1M-item heap make
 * noisy), median of the rounds after the first two.
 *
 * <p>The floors hold the same {@code gsi1} partitions (the ten stored item references of each {@code g1pk}, in
 * {@code g1sk} order, filled during the load right after each put, so their arrays lie among the core's objects as
 * the core's own do) in the plainest structures, and answer the same random partition choice with a list of the
 * same item references, without validation, expressions, capacity or a response object:
 *
 * <ul>
 *   <li>{@code floor: open addressing}: one flat {@code Object[]} of {@code [key bytes, items]} slots (linear
 *       probing, at most a quarter full), a lookup compares the key bytes; two dependent loads reach the items, as
 *       in the core (its slot, then the key bytes and items array at once);
 *   <li>{@code floor: HashMap}: a {@code java.util.HashMap<String, Object[]>} keyed by the {@code g1pk} string
 *       (table slot, node, key string and its bytes, items array).
 * </ul>
 *
 * <p>Several table sizes (comma-separated) are loaded into the one JVM and measured in alternating order each
 * round, so machine load hits them alike; the summary then gives, for the largest against the smallest size, each
 * side's ratio (of medians, and the median of the same round's ratios), its extra CPU per query (the difference of
 * medians: what the larger table's cache and TLB misses cost), and core / floor at each size.
 *
 * <pre>
 * java -Xms6g -Xmx6g -cp benchmarks/target/benchmarks.jar io.partita.benchmarks.QueryCost 1000,1000000 [rounds=9]
 * java -Xms6g -Xmx6g -XX:+UseTransparentHugePages -cp ... io.partita.benchmarks.QueryCost 1000,1000000 9
 * java -Xms2g -Xmx2g -cp benchmarks/target/benchmarks.jar io.partita.benchmarks.QueryCost 1000 9
 * </pre>
 */
public final class QueryCost {
    private static final String[] SIDES = {"core", "floor: open addressing", "floor: HashMap"};

    private QueryCost() {}

    public static void main(String[] args) {
        int[] sizes =
                Arrays.stream(args[0].split(",")).mapToInt(Integer::parseInt).toArray();
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 9;
        Table[] tables = new Table[sizes.length];
        for (int s = 0; s < sizes.length; s++) {
            tables[s] = new Table(sizes[s]);
        }
        CoreFixture.settle();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        // perQuery[table][side][round]
        double[][][] perQuery = new double[sizes.length][SIDES.length][rounds];
        long sink = 0;
        for (int round = 0; round < rounds; round++) {
            StringBuilder line = new StringBuilder("round " + round + ":");
            for (int k = 0; k < sizes.length; k++) {
                int s = round % 2 == 0 ? k : sizes.length - 1 - k;
                for (int j = 0; j < SIDES.length; j++) {
                    int side = (j + round) % SIDES.length;
                    long cpu = threads.getCurrentThreadCpuTime();
                    sink += tables[s].run(side);
                    perQuery[s][side][round] =
                            (double) (threads.getCurrentThreadCpuTime() - cpu) / tables[s].requests.length;
                }
            }
            for (int s = 0; s < sizes.length; s++) {
                line.append(String.format(Locale.ROOT, "  n=%d", sizes[s]));
                for (int side = 0; side < SIDES.length; side++) {
                    line.append(String.format(Locale.ROOT, " %.0f", perQuery[s][side][round]));
                }
            }
            System.out.println(line.append(" ns/query (core, open addressing, HashMap)"));
        }
        int first = Math.min(2, rounds - 1);
        for (int s = 0; s < sizes.length; s++) {
            double[] core = measured(perQuery[s][0], first);
            System.out.printf(
                    Locale.ROOT,
                    "RESULT n=%d query CPU (thread) median %.0f ns, min %.0f ns (%d items read)%n",
                    sizes[s],
                    core[core.length / 2],
                    core[0],
                    sink);
            for (int side = 1; side < SIDES.length; side++) {
                double[] floor = measured(perQuery[s][side], first);
                System.out.printf(
                        Locale.ROOT,
                        "RESULT n=%d %s CPU (thread) median %.0f ns, min %.0f ns%n",
                        sizes[s],
                        SIDES[side],
                        floor[floor.length / 2],
                        floor[0]);
            }
        }
        if (sizes.length > 1) {
            summary(sizes, perQuery, first);
        }
        for (Table t : tables) {
            t.storage.close();
        }
    }

    /** The Markdown table of the largest size against the smallest: per side, and core against each floor. */
    private static void summary(int[] sizes, double[][][] perQuery, int first) {
        int small = 0;
        int large = 0;
        for (int s = 1; s < sizes.length; s++) {
            small = sizes[s] < sizes[small] ? s : small;
            large = sizes[s] > sizes[large] ? s : large;
        }
        System.out.printf(
                Locale.ROOT,
                "%n| thread CPU per query, median (min) | n = %,d | n = %,d | %,d / %,d: of medians (paired) | extra"
                        + " at %,d |%n|---|---:|---:|---:|---:|%n",
                sizes[small],
                sizes[large],
                sizes[large],
                sizes[small],
                sizes[large]);
        for (int side = 0; side < SIDES.length; side++) {
            double[] a = measured(perQuery[small][side], first);
            double[] b = measured(perQuery[large][side], first);
            double[] paired = new double[a.length];
            for (int r = 0; r < paired.length; r++) {
                paired[r] = perQuery[large][side][first + r] / perQuery[small][side][first + r];
            }
            Arrays.sort(paired);
            double ma = a[a.length / 2];
            double mb = b[b.length / 2];
            System.out.printf(
                    Locale.ROOT,
                    "| %s | %.0f (%.0f) ns | %.0f (%.0f) ns | %.2f× (%.2f×) | %+.0f ns |%n",
                    SIDES[side],
                    ma,
                    a[0],
                    mb,
                    b[0],
                    mb / ma,
                    paired[paired.length / 2],
                    mb - ma);
        }
        for (int side = 1; side < SIDES.length; side++) {
            System.out.printf(
                    Locale.ROOT,
                    "| core / %s | %.2f× | %.2f× | | |%n",
                    SIDES[side],
                    median(perQuery[small][0], first) / median(perQuery[small][side], first),
                    median(perQuery[large][0], first) / median(perQuery[large][side], first));
        }
    }

    private static double[] measured(double[] rounds, int first) {
        double[] m = Arrays.copyOfRange(rounds, first, rounds.length);
        Arrays.sort(m);
        return m;
    }

    private static double median(double[] rounds, int first) {
        double[] m = measured(rounds, first);
        return m[m.length / 2];
    }

    /** One loaded table of {@code n} items, its floors and the requests, all answering the same partitions. */
    private static final class Table {
        final Storage storage;
        final QueryRequest[] requests;
        final OpenAddressing flat;
        final HashMap<String, Object[]> map = new HashMap<>();
        /** Per request: its {@code :p} string (the request's own object), its UTF-8 bytes and their hash. */
        final String[] keys;

        final byte[][] keyBytes;
        final int[] hashes;

        Table(int n) {
            flat = new OpenAddressing(Workload.g1Partitions(n));
            storage = CoreFixture.load(n, (core, i) -> add(core, i));
            requests = CoreFixture.queries(storage, n);
            keys = new String[requests.length];
            keyBytes = new byte[requests.length][];
            hashes = new int[requests.length];
            for (int k = 0; k < requests.length; k++) {
                keys[k] = ((AttributeValue.S)
                                requests[k].expressionAttributeValues().get(":p"))
                        .value();
                keyBytes[k] = keys[k].getBytes(StandardCharsets.UTF_8);
                hashes[k] = OpenAddressing.hash(keyBytes[k]);
            }
            for (int k = 0; k < 16; k++) { // the floors return the core's own item references, in its order
                List<Map<String, AttributeValue>> expected =
                        storage.query(requests[k]).items();
                List<Object> a = flat.query(keyBytes[k], hashes[k]);
                List<Object> b = MapFloor.query(map, keys[k]);
                for (int e = 0; e < expected.size(); e++) {
                    if (a.size() != expected.size()
                            || b.size() != expected.size()
                            || a.get(e) != expected.get(e)
                            || b.get(e) != expected.get(e)) {
                        throw new IllegalStateException("floor sanity check failed for " + keys[k]);
                    }
                }
            }
        }

        /** Right after item {@code i}'s put: its stored reference into both floors ({@code g1sk = i} ascends). */
        private void add(Storage core, long i) {
            Map<String, AttributeValue> stored = core.getItem(GetItemRequest.builder()
                            .tableName(Workload.TABLE)
                            .key(Workload.key(i))
                            .build())
                    .item();
            String g1pk = ((AttributeValue.S) stored.get("g1pk")).value();
            flat.append(g1pk.getBytes(StandardCharsets.UTF_8), stored);
            Object[] items = map.get(g1pk);
            map.put(g1pk, MapFloor.append(items, stored));
        }

        /** One round of {@code side} over every request; the number of items returned. */
        long run(int side) {
            long sink = 0;
            switch (side) {
                case 0:
                    for (QueryRequest r : requests) {
                        sink += storage.query(r).count();
                    }
                    break;
                case 1:
                    for (int k = 0; k < keyBytes.length; k++) {
                        sink += flat.query(keyBytes[k], hashes[k]).size();
                    }
                    break;
                default:
                    for (String key : keys) {
                        sink += MapFloor.query(map, key).size();
                    }
                    break;
            }
            return sink;
        }
    }

    /** The {@code HashMap<String, Object[]>} floor: a partition's items in an exact array, grown by copy. */
    private static final class MapFloor {
        private MapFloor() {}

        static Object[] append(Object[] items, Object item) {
            Object[] grown = items == null ? new Object[1] : Arrays.copyOf(items, items.length + 1);
            grown[grown.length - 1] = item;
            return grown;
        }

        static List<Object> query(Map<String, Object[]> map, String key) {
            Object[] items = map.get(key);
            return items == null ? List.of() : list(items);
        }
    }

    /** The items as a new list, as the core's page collects them (one by one, no element dereferenced). */
    static List<Object> list(Object[] items) {
        List<Object> out = new ArrayList<>(items.length);
        for (Object item : items) {
            out.add(item);
        }
        return out;
    }

    /**
     * The open-addressing floor: {@code [key bytes, items]} slots in one flat array sized for a quarter-full table,
     * linear probing; a partition's items in an exact array, grown by copy (copy-on-write, as a lock-free reader
     * would need).
     */
    private static final class OpenAddressing {
        private final Object[] table;
        private final int mask;

        OpenAddressing(int partitions) {
            int capacity = 16;
            while (capacity < 4L * partitions) {
                capacity <<= 1;
            }
            table = new Object[2 * capacity];
            mask = capacity - 1;
        }

        static int hash(byte[] key) {
            int h = Arrays.hashCode(key) * 0x9E3779B9;
            return h ^ (h >>> 16);
        }

        void append(byte[] key, Object item) {
            for (int i = hash(key) & mask; ; i = (i + 1) & mask) {
                byte[] k = (byte[]) table[2 * i];
                if (k == null) {
                    table[2 * i] = key;
                    table[2 * i + 1] = MapFloor.append(null, item);
                    return;
                }
                if (Arrays.equals(k, key)) {
                    table[2 * i + 1] = MapFloor.append((Object[]) table[2 * i + 1], item);
                    return;
                }
            }
        }

        List<Object> query(byte[] key, int h) {
            Object[] t = table;
            for (int i = h & mask; ; i = (i + 1) & mask) {
                byte[] k = (byte[]) t[2 * i];
                if (k == null) {
                    return List.of();
                }
                if (Arrays.equals(k, key)) {
                    return list((Object[]) t[2 * i + 1]);
                }
            }
        }
    }
}
