package io.partita.benchmarks.durable;

import io.partita.benchmarks.Workload;
import io.partita.storage.DurableStorage;
import io.partita.storage.Storage;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.value.AttributeValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * The durable core's footprint on the {@link Workload} table (200-byte items, 3 GSIs + 1 LSI): bytes written
 * to disk per put, the directory's size, the time to open a directory of {@code n} items, reads of a table
 * larger than the heap, and the process's memory taken apart ({@link FootprintMemory}). Plain main, its own JVM:
 *
 * <pre>
 *   java -Xmx1g -XX:NativeMemoryTracking=summary -cp benchmarks/target/benchmarks.jar \
 *       io.partita.benchmarks.durable.DurableFootprint [n] [dir] [threads]
 * </pre>
 *
 * {@code n} defaults to 1,000,000, {@code threads} to the number of processors. Loads with BatchWriteItem (25 per
 * request) at the default durability ({@code PROCESS}: each write is in the log's file with one {@code write(2)},
 * no {@code fsync}), {@code threads} loaders writing disjoint keys, printing its progress every 10 seconds; then
 * reports memory with the store open and closed, reopens three times (timed: open plus the first GetItem) and
 * reads random items: the first reopen reads enough (up to 200,000) to fill the decoded cache past its share, so
 * every part of the budget is full when memory is reported. Bytes written are the process's {@code write_bytes}
 * and {@code wchar} from {@code /proc/self/io} (Linux).
 */
public final class DurableFootprint {
    private static final int BATCH = 25;

    private DurableFootprint() {}

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        Path dir = args.length > 1 ? Path.of(args[1]) : Files.createTempDirectory("partita-footprint");
        boolean keep = args.length > 1;
        int threads = args.length > 2
                ? Integer.parseInt(args[2])
                : Runtime.getRuntime().availableProcessors();
        FootprintMemory memory = new FootprintMemory();
        memory.report("baseline (store not opened yet)", null);
        try {
            long[] io0 = io();
            long t0 = System.nanoTime();
            try (DurableStorage db = Storage.open(dir)) {
                db.createTable(Workload.tableDefinition());
                load(db, n, threads);
                memory.report("after the load (store open)", db);
            }
            long loadNanos = System.nanoTime() - t0;
            memory.report("after the load (store closed)", null);
            long[] io1 = io();
            long dirBytes = size(dir);
            System.out.printf(
                    "loaded %,d items in %.1f s (%,.0f puts/s, BatchWriteItem of %d, %d threads, durability PROCESS)%n",
                    n, loadNanos / 1e9, n / (loadNanos / 1e9), BATCH, threads);
            System.out.printf(
                    "bytes written per put: %,d to the disk (write_bytes), %,d through write(2) (wchar); 200-byte items, 3 GSIs + 1 LSI%n",
                    (io1[0] - io0[0]) / n, (io1[1] - io0[1]) / n);
            System.out.printf(
                    "directory: %,d bytes (%,d per item), max heap %,d MB%n",
                    dirBytes, dirBytes / n, Runtime.getRuntime().maxMemory() >> 20);
            for (int round = 0; round < 3; round++) {
                reopen(dir, n, round, round == 0 ? Math.min(n, 200_000) : 20_000, memory);
            }
        } finally {
            if (!keep) {
                try (Stream<Path> s = Files.walk(dir)) {
                    s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        }
    }

    /** Loads items 0..n-1, loader {@code t} of {@code threads} taking every {@code threads}-th batch. */
    private static void load(DurableStorage db, int n, int threads) throws Exception {
        AtomicLong done = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> loaders = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int first = t;
                loaders.add(pool.submit(() -> {
                    for (long from = (long) first * BATCH; from < n; from += (long) threads * BATCH) {
                        List<WriteRequest> batch = new ArrayList<>(BATCH);
                        for (long i = from; i < Math.min(n, from + BATCH); i++) {
                            batch.add(WriteRequest.put(Workload.item(i, n)));
                        }
                        db.batchWriteItem(BatchWriteItemRequest.builder()
                                .requestItems(Map.of(Workload.TABLE, batch))
                                .build());
                        done.addAndGet(batch.size());
                    }
                    return null;
                }));
            }
            progress(db, n, done, loaders);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Prints the load's progress every 10 seconds until every loader is done; rethrows a loader's failure. */
    private static void progress(DurableStorage db, int n, AtomicLong done, List<Future<?>> loaders) throws Exception {
        long start = System.nanoTime();
        long lastTime = start;
        long lastDone = 0;
        for (Future<?> f : loaders) {
            while (true) {
                try {
                    f.get(10, TimeUnit.SECONDS);
                    break;
                } catch (TimeoutException e) {
                    long now = System.nanoTime();
                    long d = done.get();
                    double rate = (d - lastDone) / ((now - lastTime) / 1e9);
                    double overall = d / ((now - start) / 1e9);
                    System.out.printf(
                            "  load: %,d of %,d items (%.0f%%) in %,.0f s; %,.0f puts/s now, %,.0f overall; about %,.0f s left; %s%n",
                            d,
                            n,
                            100.0 * d / n,
                            (now - start) / 1e9,
                            rate,
                            overall,
                            (n - d) / Math.max(overall, 1),
                            FootprintMemory.brief(db));
                    lastTime = now;
                    lastDone = d;
                }
            }
        }
    }

    /** Opens the directory, times the open and the first read, reads {@code reads} random items, reports memory. */
    private static void reopen(Path dir, int n, int round, int reads, FootprintMemory memory)
            throws IOException, InterruptedException {
        long o0 = System.nanoTime();
        try (DurableStorage db = Storage.open(dir)) {
            db.getItem(GetItemRequest.builder()
                    .tableName(Workload.TABLE)
                    .key(Workload.key(n / 2))
                    .build());
            long opened = System.nanoTime() - o0;
            Random r = new Random(round);
            long g0 = System.nanoTime();
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
                            .expressionAttributeValues(
                                    Map.of(":p", AttributeValue.s(Workload.g1pk(r.nextInt(Workload.g1Partitions(n))))))
                            .build())
                    .count();
            System.out.printf(
                    "open %d: %,d ms to open a directory of %,d items and read one; then %,d random GetItem at %,.0f/s (cold cache), GSI query -> %d items%n",
                    round + 1, opened / 1_000_000, n, reads, reads / (gets / 1e9), q);
            memory.report("open " + (round + 1) + ", after its reads (store open)", db);
        }
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
