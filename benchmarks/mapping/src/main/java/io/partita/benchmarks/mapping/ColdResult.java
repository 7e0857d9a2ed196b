package io.partita.benchmarks.mapping;

import java.io.FileInputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;

/**
 * Prints one cold-start child's result line. Called only after the measured section, so the management classes it
 * loads are not in the measurement (they are in the loaded-class count, equally for every variant).
 */
final class ColdResult {
    private ColdResult() {}

    /**
     * The calling thread's CPU time so far in nanoseconds (Linux: {@code /proc/thread-self/schedstat}), or -1 where
     * that file is missing. The thread yields first: the kernel brings a running thread's count up to date when it
     * leaves the processor, so the file read alone would show it as of the last scheduler tick (up to 4 ms old).
     * Uses nothing the JVM's start has not loaded (no management beans, whose start would load and link much of
     * what the first use then finds ready).
     */
    @SuppressWarnings("ThreadPriorityCheck") // the yield is for the kernel's accounting, not for scheduling
    static long threadCpuNanos() {
        Thread.yield();
        byte[] b = new byte[64];
        int n;
        try (FileInputStream in = new FileInputStream("/proc/thread-self/schedstat")) {
            n = in.read(b);
        } catch (IOException e) {
            return -1;
        }
        long v = 0;
        for (int i = 0; i < n && b[i] >= '0' && b[i] <= '9'; i++) {
            v = v * 10 + (b[i] - '0');
        }
        return v;
    }

    /**
     * Prints the line {@link ColdStart} reads: {@code cpuStart} is {@link #threadCpuNanos} taken before {@code
     * mainNanos}, the main thread's CPU time from then to here (-1 where it cannot be read) is the first use's.
     */
    static void print(
            String variant, long cpuStart, long mainNanos, long mainWallMillis, long doneNanos, Object check) {
        long cpuEnd = threadCpuNanos();
        long cpu = cpuStart < 0 || cpuEnd < 0 ? -1 : cpuEnd - cpuStart;
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        int classes = ManagementFactory.getClassLoadingMXBean().getLoadedClassCount();
        System.out.println("COLD variant=" + variant + " firstUseNs=" + (doneNanos - mainNanos) + " cpuNs=" + cpu
                + " jvmToMainMs=" + (mainWallMillis - jvmStart) + " loadedClasses=" + classes + " check="
                + (check != null));
    }
}
