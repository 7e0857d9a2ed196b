package io.partita.benchmarks.mapping;

import java.lang.management.ManagementFactory;

/**
 * Prints one cold-start child's result line. Called only after the measured section, so the management classes it
 * loads are not in the measurement (they are in the loaded-class count, equally for every variant).
 */
final class ColdResult {
    private ColdResult() {}

    static void print(String variant, long mainNanos, long mainWallMillis, long doneNanos, Object check) {
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        int classes = ManagementFactory.getClassLoadingMXBean().getLoadedClassCount();
        System.out.println("COLD variant=" + variant + " firstUseNs=" + (doneNanos - mainNanos) + " jvmToMainMs="
                + (mainWallMillis - jvmStart) + " loadedClasses=" + classes + " check=" + (check != null));
    }
}
