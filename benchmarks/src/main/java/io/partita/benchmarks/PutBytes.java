package io.partita.benchmarks;

import io.partita.storage.Storage;
import io.partita.storage.api.PutItemRequest;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.concurrent.CyclicBarrier;

/**
 * Bytes allocated per PutItem, exact, and what they cost in collections, with 1 or more writer threads: for each
 * round a fresh table of 10,000 items (not measured), then each thread puts its own {@link CoreBench} stream of
 * 65,536 fresh keys (inserts) and then the same puts again (overwrites with equal items). Reports per put the bytes
 * the writer threads allocated (their allocation counters: no sampling, independent of the machine's load), their
 * CPU time, and the collections and collector pause time of the round.
 *
 * <p>Why: {@code CoreBench.putItem}'s {@code -prof gc} divides a sampled allocation rate by a throughput, and on a
 * loaded machine its pool wraps at a different point in every run, so its bytes per op mix inserts and overwrites
 * differently each time; this is the same work every run.
 *
 * <pre>
 * java -Xms2g -Xmx2g -cp benchmarks/target/benchmarks.jar io.partita.benchmarks.PutBytes [threads=1] [rounds=5]
 * </pre>
 */
public final class PutBytes {
    private static final int N = 10_000;

    private PutBytes() {}

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        PutItemRequest[][] requests = new PutItemRequest[threads][];
        for (int t = 0; t < threads; t++) {
            requests[t] = CoreFixture.puts(CoreBench.first(N, t, threads), N, Workload.POOL, Workload.POOL);
        }
        for (int round = 0; round < rounds; round++) {
            Storage storage = CoreFixture.load(N);
            CoreFixture.settle();
            long[][] out = new long[threads][];
            CyclicBarrier barrier = new CyclicBarrier(threads + 1);
            for (int t = 0; t < threads; t++) {
                PutItemRequest[] mine = requests[t];
                int slot = t;
                Thread writer = new Thread(() -> {
                    try {
                        long id = Thread.currentThread().getId();
                        barrier.await();
                        long a0 = mx.getThreadAllocatedBytes(id);
                        long c0 = mx.getCurrentThreadCpuTime();
                        for (PutItemRequest r : mine) {
                            storage.putItem(r);
                        }
                        long a1 = mx.getThreadAllocatedBytes(id);
                        long c1 = mx.getCurrentThreadCpuTime();
                        for (PutItemRequest r : mine) {
                            storage.putItem(r);
                        }
                        long a2 = mx.getThreadAllocatedBytes(id);
                        long c2 = mx.getCurrentThreadCpuTime();
                        out[slot] = new long[] {a1 - a0, a2 - a1, c1 - c0, c2 - c1};
                        barrier.await();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                writer.start();
            }
            long collections = collections();
            long pause = pauseMillis();
            barrier.await();
            long start = System.nanoTime();
            barrier.await();
            long wall = System.nanoTime() - start;
            collections = collections() - collections;
            pause = pauseMillis() - pause;
            long[] sum = new long[4];
            for (long[] o : out) {
                for (int i = 0; i < 4; i++) {
                    sum[i] += o[i];
                }
            }
            double each = (double) threads * Workload.POOL;
            System.out.printf(
                    Locale.ROOT,
                    "threads %d round %d: bytes/put insert %.0f overwrite %.0f | thread CPU ns/put insert %.0f"
                            + " overwrite %.0f | %d collections, %d ms pause = %.0f ns/put | wall %.0f ns/put%n",
                    threads,
                    round,
                    sum[0] / each,
                    sum[1] / each,
                    sum[2] / each,
                    sum[3] / each,
                    collections,
                    pause,
                    pause * 1e6 / (2 * each),
                    wall / (2 * each));
            storage.close();
        }
    }

    private static long collections() {
        long c = 0;
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            c += b.getCollectionCount();
        }
        return c;
    }

    private static long pauseMillis() {
        long c = 0;
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            c += b.getCollectionTime();
        }
        return c;
    }
}
