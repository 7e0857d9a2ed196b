package io.partita.benchmarks.mapping;

/** Cold-start child doing nothing: the JVM's own start and the harness's overhead, for comparison. */
public final class ColdBaseline {
    private ColdBaseline() {}

    public static void main(String[] args) {
        long cpu0 = ColdResult.threadCpuNanos();
        long t0 = System.nanoTime();
        long wall = System.currentTimeMillis();
        Object done = "nothing";
        long t1 = System.nanoTime();
        ColdResult.print("baseline", cpu0, t0, wall, t1, done);
    }
}
