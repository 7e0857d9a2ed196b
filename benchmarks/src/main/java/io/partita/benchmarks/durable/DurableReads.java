package io.partita.benchmarks.durable;

import io.partita.benchmarks.Workload;
import io.partita.storage.DurableStorage;
import io.partita.storage.Storage;
import io.partita.storage.api.GetItemRequest;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import java.util.function.IntSupplier;

/**
 * Random GetItems on a directory {@link DurableFootprint} loaded and kept: first over all {@code n} items (more than
 * the memory budget holds, so reads reach RocksDB's files), then over a working set of 10,000 items (the decoded
 * cache's case). One thread, fixed seed. Plain main, its own JVM:
 *
 * <pre>
 *   java -Xmx1g -cp benchmarks/target/benchmarks.jar io.partita.benchmarks.durable.DurableReads DIR n
 * </pre>
 */
public final class DurableReads {
    private static final int HOT = 10_000;

    private DurableReads() {}

    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        int n = Integer.parseInt(args[1]);
        long o0 = System.nanoTime();
        try (DurableStorage db = Storage.open(dir)) {
            System.out.printf(Locale.ROOT, "open: %,d ms%n", (System.nanoTime() - o0) / 1_000_000);
            Random r = new Random(42);
            for (int pass = 1; pass <= 2; pass++) {
                time(db, "random over all " + n + " items, pass " + pass, 100_000, () -> r.nextInt(n));
            }
            int[] hot = new int[HOT];
            for (int i = 0; i < hot.length; i++) {
                hot[i] = r.nextInt(n);
            }
            for (int pass = 1; pass <= 3; pass++) {
                time(db, "random over " + HOT + " items, pass " + pass, 1_000_000, () -> hot[r.nextInt(HOT)]);
            }
        }
    }

    private static void time(DurableStorage db, String what, int reads, IntSupplier keys) {
        long t0 = System.nanoTime();
        for (int i = 0; i < reads; i++) {
            GetItemRequest get = GetItemRequest.builder()
                    .tableName(Workload.TABLE)
                    .key(Workload.key(keys.getAsInt()))
                    .build();
            if (db.getItem(get).item() == null) {
                throw new IllegalStateException("missing item: " + get.key());
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.out.printf(Locale.ROOT, "%s: %,d GetItem at %,.0f/s%n", what, reads, reads / seconds);
    }
}
