package io.partita.benchmarks.server;

import io.partita.server.PartitaServer;
import io.partita.storage.Storage;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * What one request costs the server, measured so that machine load hardly moves it: the CPU time and the bytes
 * allocated by the server's own threads (Netty's event loops and, when it offloads, its operation pool) per request,
 * over one keep-alive connection driven as {@link RawServerBench} drives it (the same table, items and pre-signed
 * get, GSI query and put requests). Each round sends {@code requests} of one kind, the three kinds alternate, and the
 * median of the rounds after the first three (JIT warm-up) is printed. Wall-clock throughput is not measured here.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar io.partita.benchmarks.server.ServerCost [rounds=9] [requests=20000]</pre>
 */
public final class ServerCost {
    private static final String[] OPS = {"get", "gsiQuery", "put"};
    private static final int WARM_ROUNDS = 3;

    private ServerCost() {}

    /**
     * The event loops' spin before blocking (on by default, server/README "Threading") is CPU time spent waiting for
     * the next request, not work for this one: the server's threads are measured without it, unless
     * {@code -Dpartita.server.selectSpinMicros} names a budget.
     */
    static void withoutSpin() {
        if (System.getProperty("partita.server.selectSpinMicros") == null) {
            System.setProperty("partita.server.selectSpinMicros", "0");
        }
    }

    public static void main(String[] args) throws Exception {
        withoutSpin();
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 9;
        int requests = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        try (PartitaServer server =
                PartitaServer.start(PartitaServer.Options.defaults().port(0), Storage.inMemory())) {
            URI endpoint = server.endpoint();
            RawServerBench.fill(endpoint, true);
            byte[][][] pools = RawServerBench.requests(endpoint, new SplittableRandom(42));
            List<double[]> bytes = new ArrayList<>();
            List<double[]> cpu = new ArrayList<>();
            for (int op = 0; op < OPS.length; op++) {
                bytes.add(new double[rounds]);
                cpu.add(new double[rounds]);
            }
            try (RawConnection c = new RawConnection(endpoint)) {
                for (int round = 0; round < WARM_ROUNDS + rounds; round++) {
                    for (int op = 0; op < OPS.length; op++) {
                        long[] ids = serverThreads();
                        long cpu0 = sum(threads.getThreadCpuTime(ids));
                        long bytes0 = sum(threads.getThreadAllocatedBytes(ids));
                        byte[][] pool = pools[op];
                        for (int i = 0; i < requests; i++) {
                            c.exchange(pool[i & (pool.length - 1)]);
                        }
                        long[] after = serverThreads();
                        if (!Arrays.equals(ids, after)) {
                            round--; // a server thread started or stopped meanwhile: measure this round again
                            break;
                        }
                        if (round >= WARM_ROUNDS) {
                            cpu.get(op)[round - WARM_ROUNDS] =
                                    (sum(threads.getThreadCpuTime(ids)) - cpu0) / (double) requests;
                            bytes.get(op)[round - WARM_ROUNDS] =
                                    (sum(threads.getThreadAllocatedBytes(ids)) - bytes0) / (double) requests;
                        }
                    }
                }
            }
            System.out.printf(Locale.ROOT, "%-9s %14s %16s%n", "op", "server B/req", "server CPU/req");
            for (int op = 0; op < OPS.length; op++) {
                System.out.printf(
                        Locale.ROOT,
                        "%-9s %14.0f %13.2f µs%n",
                        OPS[op],
                        median(bytes.get(op)),
                        median(cpu.get(op)) / 1000);
            }
        }
    }

    /** The server's threads: Netty's event loops and the operation pool, in id order. */
    private static long[] serverThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(ServerCost::isServerThread)
                .mapToLong(Thread::getId)
                .sorted()
                .toArray();
    }

    /** Whether {@code t} is one of a server's: a Netty event loop or an operation-pool thread. */
    static boolean isServerThread(Thread t) {
        return t.getName().startsWith("nioEventLoopGroup") || t.getName().startsWith("partita-server-op-");
    }

    /** The sum of the values, a negative one (a thread's counter not available) counted as 0. */
    static long sum(long[] values) {
        long s = 0;
        for (long v : values) {
            s += Math.max(0, v);
        }
        return s;
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
