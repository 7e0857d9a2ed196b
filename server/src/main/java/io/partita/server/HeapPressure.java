package io.partita.server;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;

/**
 * Whether the heap is nearly full of live data: the heap in use right after the last collections (each heap pool's
 * collection usage, summed) above {@link #threshold} of the maximum heap. While it is, the server answers new
 * requests with {@code ThrottlingException} (which the SDKs retry with back-off) instead of taking work that would
 * end in an {@code OutOfMemoryError}. Sampled by {@link #sample()} once a second off the request path; a request
 * reads one volatile flag. The threshold is {@code -Dpartita.server.heapThreshold} (default 0.9).
 */
final class HeapPressure {
    static final double DEFAULT_THRESHOLD = 0.9;

    private final double threshold;
    private volatile boolean high;
    /** Set by tests: the sampled state is ignored while it is non-null. */
    private volatile Boolean forced;

    HeapPressure(double threshold) {
        if (!(threshold > 0 && threshold <= 1)) {
            throw new IllegalArgumentException("the heap threshold is a fraction in (0, 1], got " + threshold);
        }
        this.threshold = threshold;
    }

    static HeapPressure fromSystemProperty() {
        String v = System.getProperty("partita.server.heapThreshold");
        return new HeapPressure(v == null ? DEFAULT_THRESHOLD : Double.parseDouble(v));
    }

    /** Whether requests are to be throttled now. */
    boolean high() {
        Boolean f = forced;
        return f != null ? f : high;
    }

    /** Reads the heap pools' usage after their last collection and updates {@link #high()}. */
    void sample() {
        long max = Runtime.getRuntime().maxMemory();
        if (max == Long.MAX_VALUE) {
            high = false;
            return;
        }
        long live = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.isCollectionUsageThresholdSupported()) {
                MemoryUsage afterGc = pool.getCollectionUsage();
                if (afterGc != null) {
                    live += afterGc.getUsed();
                }
            }
        }
        high = live > threshold * max;
    }

    /** Tests: {@code true} or {@code false} overrides the samples; {@code null} returns to them. */
    void force(Boolean state) {
        forced = state;
    }
}
