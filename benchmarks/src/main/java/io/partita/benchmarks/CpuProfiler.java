package io.partita.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * CPU time of the whole benchmark JVM (benchmark threads, GC, JIT) per operation: {@code -prof
 * io.partita.benchmarks.CpuProfiler}. On a machine shared with other processes, throughput measures how much of
 * the cores this JVM was given; CPU time per operation measures what one operation costs, and moves far less
 * with the load (it still rises somewhat with cache pollution and context switches). JIT compilation is counted
 * too, so read it from warmed-up iterations. Reported as {@code cpu.time.norm} in ns/op.
 */
public final class CpuProfiler implements InternalProfiler {
    private long before;

    @Override
    public String getDescription() {
        return "process CPU time per operation (ns/op): benchmark threads, GC and JIT";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        before = cpuNanos();
    }

    @Override
    public Collection<? extends Result<?>> afterIteration(
            BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
        long cpu = cpuNanos() - before;
        long ops = result.getMetadata().getAllOps();
        double perOp = ops == 0 ? Double.NaN : (double) cpu / ops;
        return List.of(new ScalarResult("cpu.time.norm", perOp, "ns/op", AggregationPolicy.AVG));
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
