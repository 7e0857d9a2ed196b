package io.partita.benchmarks;

import io.partita.storage.Storage;
import io.partita.storage.api.PutItemRequest;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * CPU time per PutItem, core and floor ({@link FloorBench.Maps}), on a fixed amount of work: for each round a
 * fresh table of 10,000 items (not measured), then 65,536 puts of fresh keys (inserts), then the same 65,536 puts
 * again (overwrites with equal items). Reports process CPU time (all threads: the caller, GC, JIT) and GC time per
 * put, the median of the rounds after the first two (warm-up).
 *
 * <p>Why not only JMH: {@code CoreBench.putItem} measures whatever mix of inserts and overwrites the machine's speed
 * gives (its pool of 65,536 fresh keys wraps after 0.6 s on a quiet machine, after several seconds on a loaded one),
 * and on a machine shared with other builds its throughput measures the share of the cores it got. A fixed amount
 * of work timed in CPU time moves much less with the load.
 *
 * <pre>
 * java -Xms2g -Xmx2g -cp benchmarks/target/benchmarks.jar io.partita.benchmarks.PutCost [rounds=7]
 * </pre>
 */
public final class PutCost {
    private static final int N = 10_000;

    private PutCost() {}

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        PutItemRequest[] requests = CoreFixture.puts(N, Workload.POOL);
        List<double[]> core = new ArrayList<>();
        List<double[]> floor = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            core.add(core(requests));
            floor.add(floor(requests));
        }
        report("core ", core);
        report("floor", floor);
        double[] c = medians(core);
        double[] f = medians(floor);
        System.out.printf(
                Locale.ROOT,
                "RESULT core/floor CPU per put: insert %.2fx, overwrite %.2fx%n",
                c[0] / f[0],
                c[2] / f[2]);
    }

    /** {insert CPU ns/op, insert GC ns/op, overwrite CPU ns/op, overwrite GC ns/op}. */
    private static double[] core(PutItemRequest[] requests) {
        Storage storage = CoreFixture.load(N);
        double[] out = new double[4];
        for (int phase = 0; phase < 2; phase++) {
            System.gc();
            long cpu = cpu();
            long gc = gcMillis();
            for (PutItemRequest r : requests) {
                storage.putItem(r);
            }
            out[phase * 2] = (double) (cpu() - cpu) / requests.length;
            out[phase * 2 + 1] = (gcMillis() - gc) * 1e6 / requests.length;
        }
        storage.close();
        return out;
    }

    private static double[] floor(PutItemRequest[] requests) {
        FloorBench.Maps maps = new FloorBench.Maps();
        for (long i = 0; i < N; i++) {
            maps.put(Workload.item(i, N));
        }
        double[] out = new double[4];
        for (int phase = 0; phase < 2; phase++) {
            System.gc();
            long cpu = cpu();
            long gc = gcMillis();
            for (PutItemRequest r : requests) {
                maps.put(r.item());
            }
            out[phase * 2] = (double) (cpu() - cpu) / requests.length;
            out[phase * 2 + 1] = (gcMillis() - gc) * 1e6 / requests.length;
        }
        return out;
    }

    private static void report(String what, List<double[]> rounds) {
        for (double[] r : rounds) {
            System.out.printf(
                    Locale.ROOT,
                    "%s insert %,8.0f ns CPU/put (GC pause %,7.0f)   overwrite %,8.0f ns CPU/put (GC pause %,7.0f)%n",
                    what,
                    r[0],
                    r[1],
                    r[2],
                    r[3]);
        }
        double[] m = medians(rounds);
        System.out.printf(
                Locale.ROOT,
                "%s MEDIAN insert %,.0f ns CPU/put (GC pause %,.0f), overwrite %,.0f ns CPU/put (GC pause %,.0f)%n",
                what,
                m[0],
                m[1],
                m[2],
                m[3]);
    }

    /** Medians over the rounds after the first two. */
    private static double[] medians(List<double[]> rounds) {
        List<double[]> warm = rounds.size() > 2 ? rounds.subList(2, rounds.size()) : rounds;
        double[] out = new double[4];
        for (int k = 0; k < 4; k++) {
            double[] v = new double[warm.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = warm.get(i)[k];
            }
            Arrays.sort(v);
            out[k] = v[v.length / 2];
        }
        return out;
    }

    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static long gcMillis() {
        long total = 0;
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            total += Math.max(0, b.getCollectionTime());
        }
        return total;
    }
}
