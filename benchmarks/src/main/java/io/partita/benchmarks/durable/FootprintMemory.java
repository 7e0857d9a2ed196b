package io.partita.benchmarks.durable;

import io.partita.storage.DurableMemoryUsage;
import io.partita.storage.DurableStorage;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * The process's memory taken apart for {@link DurableFootprint}: the resident set (anonymous and file-backed, and its
 * peak), the JVM's heap and its whole native memory as Native Memory Tracking counts it (run with {@code
 * -XX:NativeMemoryTracking=summary}; the same as {@code jcmd <pid> VM.native_memory summary}), what is resident
 * beyond what the JVM accounts for (RocksDB's allocations and what the C allocator keeps of memory freed), and the
 * store's own figures ({@link DurableStorage#memoryUsage()}) against its budget.
 */
final class FootprintMemory {
    private static final Pattern NMT_TOTAL = Pattern.compile("Total: reserved=(\\d+)KB, committed=(\\d+)KB");
    private static final Pattern NMT_CATEGORY =
            Pattern.compile("-\\s+(.+?) \\(reserved=(\\d+)KB, committed=(\\d+)KB\\)");

    /** The resident set before the store opened, subtracted in every later report. */
    private final long baselineRss;

    FootprintMemory() throws IOException {
        this.baselineRss = status("VmRSS:");
    }

    /** Prints the memory report; {@code store} is the open store, or null when it is closed. */
    void report(String when, DurableStorage store) throws IOException, InterruptedException {
        settleHeap();
        long rss = status("VmRSS:");
        System.out.printf(
                "memory %s:%n  RSS %,d MB (anonymous %,d, files %,d; peak %,d); %+,d MB against the baseline %,d MB"
                        + " (this JVM before the store opened)%n",
                when,
                mb(rss),
                mb(status("RssAnon:")),
                mb(status("RssFile:")),
                mb(status("VmHWM:")),
                mb(rss - baselineRss),
                mb(baselineRss));
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        MemoryUsage nonHeap = ManagementFactory.getMemoryMXBean().getNonHeapMemoryUsage();
        long[] nmt = nativeMemory();
        System.out.printf(
                "  JVM: heap used after GC %,d MB of %,d MB committed; non-heap (MemoryMXBean) %,d MB committed;%n"
                        + "  NMT committed %s; resident beyond NMT (RocksDB's native memory, C allocator) %s%n",
                mb(heap.getUsed()),
                mb(heap.getCommitted()),
                mb(nonHeap.getCommitted()),
                nmt == null ? "n/a (run with -XX:NativeMemoryTracking=summary)" : String.format("%,d MB", mb(nmt[1])),
                nmt == null
                        ? String.format(
                                "<= %,d MB (RSS - heap - non-heap)",
                                mb(rss - heap.getCommitted() - nonHeap.getCommitted()))
                        : String.format("%,d MB", mb(rss - nmt[1])));
        if (nmt != null) {
            System.out.println("  NMT committed by category (>= 4 MB): " + String.join(", ", nmtCategories()));
        }
        if (store != null) {
            store(store.memoryUsage());
        }
    }

    private static void store(DurableMemoryUsage u) {
        System.out.printf(
                "  store: budget %,d MB; decoded cache %,d MB charged (%,d entries) of %,d MB; RocksDB %,d MB of %,d MB:"
                        + " block cache %,d MB (pinned %,d MB; memtables %,d MB charged to it), table readers %,d MB;"
                        + " compactions running %d, pending %,d MB; accounted %,d MB%n",
                mb(u.budgetBytes()),
                mb(u.decodedCacheBytes()),
                u.decodedCacheEntries(),
                mb(u.budgetBytes() - u.engineBudgetBytes()),
                mb(u.engineBytes()),
                mb(u.engineBudgetBytes()),
                mb(u.blockCacheBytes()),
                mb(u.pinnedBlockCacheBytes()),
                mb(u.memtableBytes()),
                mb(u.tableReaderBytes()),
                u.runningCompactions(),
                mb(u.pendingCompactionBytes()),
                mb(u.accountedBytes()));
    }

    /** NMT's committed Java heap, in its summary's line. */
    private static final Pattern NMT_HEAP = Pattern.compile("-\\s+Java Heap \\(reserved=\\d+KB, committed=(\\d+)KB\\)");

    /**
     * A full collection, then up to 10 s for G1 to give the shrunk heap back: it uncommits concurrently, so a resident
     * set read at once still holds the heap of before (NMT's Java Heap lags the MemoryMXBean's committed heap).
     */
    private static void settleHeap() throws InterruptedException {
        System.gc();
        for (int i = 0; i < 100; i++) {
            Matcher m = NMT_HEAP.matcher(nmtSummary());
            long committed =
                    ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getCommitted();
            if (!m.find() || (Long.parseLong(m.group(1)) << 10) <= committed + (1L << 20)) {
                return;
            }
            Thread.sleep(100); // G1 uncommits on its own thread and announces nothing: a tool's poll, not a test's wait
        }
    }

    /** A one-line progress figure: RSS, its peak and the store's block cache and memtables. */
    static String brief(DurableStorage store) throws IOException {
        DurableMemoryUsage u = store.memoryUsage();
        return String.format(
                "RSS %,d MB (peak %,d); block cache %,d MB (memtables %,d), decoded cache %,d MB",
                mb(status("VmRSS:")),
                mb(status("VmHWM:")),
                mb(u.blockCacheBytes()),
                mb(u.memtableBytes()),
                mb(u.decodedCacheBytes()));
    }

    /** {reserved, committed} bytes of Native Memory Tracking's summary, or null when tracking is off. */
    private static long[] nativeMemory() {
        Matcher m = NMT_TOTAL.matcher(nmtSummary());
        return m.find() ? new long[] {Long.parseLong(m.group(1)) << 10, Long.parseLong(m.group(2)) << 10} : null;
    }

    private static List<String> nmtCategories() {
        List<String> out = new ArrayList<>();
        Matcher m = NMT_CATEGORY.matcher(nmtSummary());
        while (m.find()) {
            long committed = Long.parseLong(m.group(3)) << 10;
            if (committed >= 4L << 20) {
                out.add(String.format("%s %,d MB", m.group(1).trim(), mb(committed)));
            }
        }
        return out;
    }

    /** {@code VM.native_memory summary} through the DiagnosticCommand MBean (what jcmd calls). */
    private static String nmtSummary() {
        try {
            Object out = ManagementFactory.getPlatformMBeanServer()
                    .invoke(
                            new ObjectName("com.sun.management:type=DiagnosticCommand"),
                            "vmNativeMemory",
                            new Object[] {new String[] {"summary", "scale=KB"}},
                            new String[] {String[].class.getName()});
            return String.valueOf(out);
        } catch (JMException e) {
            return "";
        }
    }

    /** A size line of {@code /proc/self/status}, in bytes. */
    static long status(String field) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith(field)) {
                String kb = line.substring(field.length()).trim(); // "123456 kB"
                return Long.parseLong(kb.substring(0, kb.indexOf(' '))) * 1024;
            }
        }
        return 0;
    }

    static long mb(long bytes) {
        return bytes >> 20;
    }
}
