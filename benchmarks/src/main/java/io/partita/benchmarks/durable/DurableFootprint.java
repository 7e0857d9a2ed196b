package io.partita.benchmarks.durable;

import io.partita.benchmarks.Workload;
import io.partita.storage.DurableOptions;
import io.partita.storage.Storage;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.value.AttributeValue;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

/**
 * The durable core's footprint on the {@link Workload} table (200-byte items, 3 GSIs + 1 LSI): bytes written
 * to disk per put, the directory's size, the time to open a directory of {@code n} items, and reads of a table
 * larger than the heap. Plain main, its own JVM:
 *
 * <pre>
 *   java -Xmx1g -cp benchmarks/target/benchmarks.jar io.partita.benchmarks.durable.DurableFootprint [n] [dir]
 * </pre>
 *
 * {@code n} defaults to 1,000,000. Loads with BatchWriteItem (25 per request, the default durability), then
 * closes, reopens (timed: open plus the first GetItem and the first GSI query) and reads random items.
 * Bytes written are the process's {@code write_bytes} and {@code wchar} from {@code /proc/self/io} (Linux). After
 * the load and after each reopen's reads it prints the process's memory against the store's budget
 * ({@link DurableOptions#memoryBytes()}): resident set (and its peak), the heap in use after a full GC, the JVM's
 * own non-heap memory, and the rest of the resident set, which is RocksDB's (block cache, memtables, iterators)
 * plus the JVM's thread stacks and malloc arenas: an upper bound of RocksDB's share.
 */
public final class DurableFootprint {
    private DurableFootprint() {}

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        Path dir = args.length > 1 ? Path.of(args[1]) : Files.createTempDirectory("partita-footprint");
        boolean keep = args.length > 1;
        try {
            long[] io0 = io();
            long t0 = System.nanoTime();
            try (Storage db = Storage.open(dir)) {
                db.createTable(Workload.tableDefinition());
                List<WriteRequest> batch = new ArrayList<>(25);
                for (long i = 0; i < n; i++) {
                    batch.add(WriteRequest.put(Workload.item(i, n)));
                    if (batch.size() == 25 || i == n - 1) {
                        db.batchWriteItem(BatchWriteItemRequest.builder()
                                .requestItems(Map.of(Workload.TABLE, List.copyOf(batch)))
                                .build());
                        batch.clear();
                    }
                }
            }
            long loadNanos = System.nanoTime() - t0;
            memory("after the load (store closed)");
            long[] io1 = io();
            long dirBytes = size(dir);
            System.out.printf(
                    "loaded %,d items in %.1f s (%,.0f puts/s, BatchWriteItem of 25, default durability)%n",
                    n, loadNanos / 1e9, n / (loadNanos / 1e9));
            System.out.printf(
                    "bytes written per put: %,d to the disk (write_bytes), %,d through write(2) (wchar); 200-byte items, 3 GSIs + 1 LSI%n",
                    (io1[0] - io0[0]) / n, (io1[1] - io0[1]) / n);
            System.out.printf(
                    "directory: %,d bytes (%,d per item), max heap %,d MB%n",
                    dirBytes, dirBytes / n, Runtime.getRuntime().maxMemory() >> 20);
            for (int round = 0; round < 3; round++) {
                long o0 = System.nanoTime();
                try (Storage db = Storage.open(dir)) {
                    db.getItem(GetItemRequest.builder()
                            .tableName(Workload.TABLE)
                            .key(Workload.key(n / 2))
                            .build());
                    long opened = System.nanoTime() - o0;
                    Random r = new Random(round);
                    long g0 = System.nanoTime();
                    int reads = 20_000;
                    for (int i = 0; i < reads; i++) {
                        if (db.getItem(GetItemRequest.builder()
                                                .tableName(Workload.TABLE)
                                                .key(Workload.key(r.nextInt(n)))
                                                .build())
                                        .item()
                                == null) {
                            throw new IllegalStateException("missing item");
                        }
                    }
                    long gets = System.nanoTime() - g0;
                    int q = db.query(QueryRequest.builder()
                                    .tableName(Workload.TABLE)
                                    .indexName(Workload.G1)
                                    .keyConditionExpression("g1pk = :p")
                                    .expressionAttributeValues(Map.of(
                                            ":p", AttributeValue.s(Workload.g1pk(r.nextInt(Workload.g1Partitions(n))))))
                                    .build())
                            .count();
                    System.out.printf(
                            "open %d: %,d ms to open a directory of %,d items and read one; then %,.0f random GetItem/s (cold cache), GSI query -> %d items%n",
                            round + 1, opened / 1_000_000, n, reads / (gets / 1e9), q);
                    memory("open " + (round + 1) + ", after its reads (store open)");
                }
            }
        } finally {
            if (!keep) {
                try (Stream<Path> s = Files.walk(dir)) {
                    s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        }
    }

    /** Prints this process's memory: resident set, heap after a full GC, JVM non-heap, and the rest of the set. */
    static void memory(String when) throws IOException {
        System.gc();
        MemoryMXBean mx = ManagementFactory.getMemoryMXBean();
        long heapUsed = mx.getHeapMemoryUsage().getUsed();
        long heapCommitted = mx.getHeapMemoryUsage().getCommitted();
        long nonHeap = mx.getNonHeapMemoryUsage().getCommitted();
        long rss = status("VmRSS:");
        long peak = status("VmHWM:");
        System.out.printf(
                "memory %s: RSS %,d MB (peak %,d MB); heap used after GC %,d MB of %,d MB committed; JVM non-heap %,d MB;"
                        + " rest of RSS (RocksDB, thread stacks, malloc) %,d MB; budget memoryBytes %,d MB%n",
                when,
                rss >> 20,
                peak >> 20,
                heapUsed >> 20,
                heapCommitted >> 20,
                nonHeap >> 20,
                (rss - heapCommitted - nonHeap) >> 20,
                DurableOptions.defaults().memoryBytes() >> 20);
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

    /** {write_bytes, wchar} of this process. */
    static long[] io() throws IOException {
        long[] out = new long[2];
        for (String line : Files.readAllLines(Path.of("/proc/self/io"))) {
            if (line.startsWith("write_bytes:")) {
                out[0] = Long.parseLong(line.substring(12).trim());
            } else if (line.startsWith("wchar:")) {
                out[1] = Long.parseLong(line.substring(6).trim());
            }
        }
        return out;
    }

    static long size(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile)
                    .mapToLong(p -> p.toFile().length())
                    .sum();
        }
    }
}
