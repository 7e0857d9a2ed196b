package io.partita.benchmarks.gather;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * CPU time and bytes allocated per operation of {@link GatherBench}'s {@code gather} (100 shards, 1,000 rows) and
 * {@code singlePartition} (the same rows in one partition), on a fixed amount of work in one JVM: each round runs
 * {@code ops} of each (the side going first alternates), timed in the calling thread's CPU time
 * ({@code ThreadMXBean.getCurrentThreadCpuTime}: neither JIT nor GC threads, nor other processes) and counted in the
 * thread's allocated bytes; the report is the median of the rounds after the first three (warm-up), and
 * gather / single. Once the backend's pace is learned (the first gathers) every shard request runs on the calling
 * thread, so its CPU time holds the whole gather.
 *
 * <pre>
 * java -Xms1g -Xmx1g -cp benchmarks/target/benchmarks.jar io.partita.benchmarks.gather.GatherCost [rounds=9] [ops=400]
 * </pre>
 */
public final class GatherCost {
    private static final int WARMUP_ROUNDS = 3;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private GatherCost() {}

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 9;
        int ops = args.length > 1 ? Integer.parseInt(args[1]) : 400;
        GatherBench bench = new GatherBench();
        bench.shards = 100;
        bench.rows = 1000;
        bench.load();
        List<Supplier<List<?>>> sides = List.of(bench::gather, bench::singlePartition);
        double[][] cpu = new double[2][rounds];
        double[][] bytes = new double[2][rounds];
        long sink = 0;
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < 2; k++) {
                int side = (r + k) % 2;
                Supplier<List<?>> op = sides.get(side);
                long c0 = THREADS.getCurrentThreadCpuTime();
                long b0 = THREADS.getCurrentThreadAllocatedBytes();
                for (int i = 0; i < ops; i++) {
                    sink += op.get().size();
                }
                cpu[side][r] = (THREADS.getCurrentThreadCpuTime() - c0) / (double) ops;
                bytes[side][r] = (THREADS.getCurrentThreadAllocatedBytes() - b0) / (double) ops;
            }
            System.out.printf(
                    Locale.ROOT,
                    "round %d: gather %,.0f ns %,.0f B, single %,.0f ns %,.0f B%n",
                    r + 1,
                    cpu[0][r],
                    bytes[0][r],
                    cpu[1][r],
                    bytes[1][r]);
        }
        bench.close();
        double g = median(cpu[0]);
        double s = median(cpu[1]);
        System.out.printf(
                Locale.ROOT,
                "%nmedian of rounds %d-%d: gather %,.0f ns/op %,.0f B/op, single partition %,.0f ns/op %,.0f B/op,"
                        + " gather / single %.2fx CPU, %.2fx bytes (%d)%n",
                WARMUP_ROUNDS + 1,
                rounds,
                g,
                median(bytes[0]),
                s,
                median(bytes[1]),
                g / s,
                median(bytes[0]) / median(bytes[1]),
                sink);
    }

    private static double median(double[] values) {
        double[] measured = Arrays.copyOfRange(values, WARMUP_ROUNDS, values.length);
        Arrays.sort(measured);
        int n = measured.length;
        return n % 2 == 1 ? measured[n / 2] : (measured[n / 2 - 1] + measured[n / 2]) / 2;
    }
}
