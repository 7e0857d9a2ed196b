package io.partita.benchmarks;

import io.partita.storage.Storage;
import io.partita.storage.api.QueryRequest;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

/**
 * CPU time of the calling thread per GSI Query (10 items, {@code CoreScalingBench.queryGsi}'s requests) on a table
 * of {@code n} items: one load, then rounds of 65,536 queries each, timed with the thread's own CPU time (no GC or
 * JIT threads, which a read's young garbage and a 1M-item heap make noisy), median of the rounds after the first
 * two. Run it once per table size and jar, alternating before and after.
 *
 * <pre>
 * java -Xms6g -Xmx6g -cp benchmarks/target/benchmarks.jar io.partita.benchmarks.QueryCost 1000000 [rounds=9]
 * </pre>
 */
public final class QueryCost {
    private QueryCost() {}

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 9;
        Storage storage = CoreFixture.load(n);
        QueryRequest[] requests = CoreFixture.queries(storage, n);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[] perQuery = new double[rounds];
        long sink = 0;
        for (int round = 0; round < rounds; round++) {
            long cpu = threads.getCurrentThreadCpuTime();
            for (QueryRequest r : requests) {
                sink += storage.query(r).count();
            }
            perQuery[round] = (double) (threads.getCurrentThreadCpuTime() - cpu) / requests.length;
            System.out.printf(Locale.ROOT, "round %d: %.0f ns/query%n", round, perQuery[round]);
        }
        double[] measured = Arrays.copyOfRange(perQuery, Math.min(2, rounds - 1), rounds);
        Arrays.sort(measured);
        System.out.printf(
                Locale.ROOT,
                "RESULT n=%d query CPU (thread) median %.0f ns, min %.0f ns (%d items read)%n",
                n,
                measured[measured.length / 2],
                measured[0],
                sink);
        storage.close();
    }
}
