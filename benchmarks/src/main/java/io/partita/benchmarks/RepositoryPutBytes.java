package io.partita.benchmarks;

import io.partita.Partita;
import io.partita.benchmarks.repository.BenchItem;
import io.partita.benchmarks.repository.BenchItemRepository;
import io.partita.storage.Storage;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;

/**
 * Bytes allocated per put through the generated repository on the in-memory core, exact and separately for inserts
 * and overwrites: per round a fresh core with {@link RepositoryBench}'s 10,000 items (not measured), then its pool of
 * 65,536 fresh entities put once (inserts), again (overwrites with equal items: what {@code repoPut} does once its
 * pool wraps) and once more with one attribute changed ({@code d}, which only the ALL-projection indexes hold, same
 * size), the calling thread's allocation counter read around each pass. Prints each round and the medians of the
 * rounds after the first.
 *
 * <p>Why: {@code RepositoryBench.repoPut}'s {@code -prof gc} mixes inserts and overwrites in proportions that depend
 * on how fast the fork ran (its pool wraps after 65,536 puts); this is the same work every run, independent of the
 * machine's load. Run it under JFR ({@code -XX:StartFlightRecording}) for the allocation sites.
 *
 * <pre>
 * java -Xms2g -Xmx2g -cp benchmarks/target/benchmarks.jar io.partita.benchmarks.RepositoryPutBytes [rounds=5]
 * </pre>
 */
public final class RepositoryPutBytes {
    private static final int N = 10_000;

    private RepositoryPutBytes() {}

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        BenchItem[] entities = new BenchItem[Workload.POOL];
        BenchItem[] changed = new BenchItem[Workload.POOL];
        for (int k = 0; k < Workload.POOL; k++) {
            entities[k] = RepositoryBench.entity(N + (long) k, N);
            changed[k] = withChangedD(entities[k]);
        }
        double[] inserts = new double[rounds];
        double[] overwrites = new double[rounds];
        double[] changes = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            try (Partita db = Partita.builder(Storage.inMemory()).build()) {
                BenchItemRepository repo = BenchItemRepository.of(db);
                for (long i = 0; i < N; i++) {
                    repo.put(RepositoryBench.entity(i, N));
                }
                long a0 = mx.getThreadAllocatedBytes(id);
                for (BenchItem e : entities) {
                    repo.put(e);
                }
                long a1 = mx.getThreadAllocatedBytes(id);
                for (BenchItem e : entities) {
                    repo.put(e);
                }
                long a2 = mx.getThreadAllocatedBytes(id);
                for (BenchItem e : changed) {
                    repo.put(e);
                }
                long a3 = mx.getThreadAllocatedBytes(id);
                inserts[round] = (a1 - a0) / (double) Workload.POOL;
                overwrites[round] = (a2 - a1) / (double) Workload.POOL;
                changes[round] = (a3 - a2) / (double) Workload.POOL;
                System.out.printf(
                        Locale.ROOT,
                        "round %d: bytes/put insert %.0f overwrite %.0f changing overwrite %.0f%n",
                        round,
                        inserts[round],
                        overwrites[round],
                        changes[round]);
            }
        }
        if (rounds > 1) {
            System.out.printf(
                    Locale.ROOT,
                    "median of rounds 1..%d: bytes/put insert %.0f overwrite %.0f changing overwrite %.0f%n",
                    rounds - 1,
                    median(inserts),
                    median(overwrites),
                    median(changes));
        }
    }

    /** {@code e} with the last character of {@code d} moved on by one letter: a change of the same size. */
    private static BenchItem withChangedD(BenchItem e) {
        String d = e.d();
        char last = d.charAt(d.length() - 1);
        String changedD = d.substring(0, d.length() - 1) + (char) (last == 'z' ? 'a' : last + 1);
        return new BenchItem(
                e.pk(), e.sk(), e.g1pk(), e.g1sk(), e.g2pk(), e.g3pk(), e.g3sk(), e.lsk(), e.a(), e.b(), changedD);
    }

    private static double median(double[] values) {
        double[] v = Arrays.copyOfRange(values, 1, values.length);
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }
}
