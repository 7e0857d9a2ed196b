package io.partita.benchmarks.server;

import io.partita.benchmarks.IsolatedBuild;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * {@link ServerCost} between builds, in one JVM: each class path given (a benchmarks or server jar, or directories and
 * jars joined by {@code :}) starts its own in-memory server in a class loader of its own, and one keep-alive
 * connection per server is driven as {@link ServerCost} drives it; each round sends {@code requests} of one kind to
 * every server in turn (the order reversed every other round) and takes the CPU time of that server's threads per
 * request. Machine load then moves the servers of a round alike, so the median of the rounds' ratios to the first
 * server is far steadier than two {@link ServerCost} runs compared (whose pair ratios spread 0.78–1.49× on the
 * shared machine); naming the first build again gives the spread an unchanged build shows. Printed per op: each
 * server's median CPU per request, and its median ratio to the first server's, the ratios' quartiles and how many
 * rounds were higher.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar io.partita.benchmarks.server.ServerCostPairs
 *     OLD.jar,NEW.jar,OLD.jar [rounds=16] [requests=4000]</pre>
 */
public final class ServerCostPairs {
    private static final String[] OPS = {"get", "gsiQuery", "put"};
    private static final int WARM_ROUNDS = 4;

    private ServerCostPairs() {}

    /** One build's server: its connection, pre-signed requests and the server's threads. */
    private record Subject(
            String classPath, AutoCloseable server, RawConnection connection, byte[][][] pools, long[] threads) {}

    public static void main(String[] args) throws Exception {
        ServerCost.withoutSpin();
        List<String> classPaths = IsolatedBuild.parts(args[0], ',');
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 16;
        int requests = args.length > 2 ? Integer.parseInt(args[2]) : 4_000;
        List<Subject> subjects = new ArrayList<>();
        for (String cp : classPaths) {
            subjects.add(start(cp));
        }
        double[][][] cpu = measure(subjects, rounds, requests);
        System.out.println(
                "load average " + Files.readString(Path.of("/proc/loadavg")).trim());
        for (int s = 0; s < subjects.size(); s++) {
            System.out.println(s + ": " + subjects.get(s).classPath());
        }
        for (int op = 0; op < OPS.length; op++) {
            for (int s = 0; s < subjects.size(); s++) {
                System.out.printf(Locale.ROOT, "%-9s %d %8.2f µs/req", OPS[op], s, ServerCost.median(cpu[op][s]));
                if (s > 0) {
                    double[] ratios = new double[rounds];
                    int higher = 0;
                    for (int r = 0; r < rounds; r++) {
                        ratios[r] = cpu[op][s][r] / cpu[op][0][r];
                        higher += ratios[r] > 1 ? 1 : 0;
                    }
                    Arrays.sort(ratios);
                    System.out.printf(
                            Locale.ROOT,
                            "   /0: %.3fx (quartiles %.3f–%.3f), %d of %d rounds higher",
                            ServerCost.median(ratios),
                            ratios[rounds / 4],
                            ratios[3 * rounds / 4],
                            higher,
                            rounds);
                }
                System.out.println();
            }
        }
        for (Subject s : subjects) {
            s.connection().close();
            s.server().close();
        }
    }

    /** Starts {@code classPath}'s server in a class loader of its own, fills its table and opens its connection. */
    private static Subject start(String classPath) throws Exception {
        Set<Long> before = threadIds();
        ClassLoader loader = IsolatedBuild.loader(classPath);
        Class<?> serverClass = loader.loadClass("io.partita.server.PartitaServer");
        Class<?> options = loader.loadClass("io.partita.server.PartitaServer$Options");
        Class<?> storage = loader.loadClass("io.partita.storage.Storage");
        Object o = options.getMethod("port", int.class)
                .invoke(options.getMethod("defaults").invoke(null), 0);
        Object store = storage.getMethod("inMemory").invoke(null);
        AutoCloseable server =
                (AutoCloseable) serverClass.getMethod("start", options, storage).invoke(null, o, store);
        URI endpoint = (URI) serverClass.getMethod("endpoint").invoke(server);
        RawServerBench.fill(endpoint, true);
        byte[][][] pools = RawServerBench.requests(endpoint, new SplittableRandom(42));
        RawConnection connection = new RawConnection(endpoint);
        connection.exchange(pools[0][0]); // its event loop has started: the server's threads are all there
        long[] threads = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> !before.contains(t.getId()) && ServerCost.isServerThread(t))
                .mapToLong(Thread::getId)
                .toArray();
        return new Subject(classPath, server, connection, pools, threads);
    }

    /** CPU µs per request, by op, subject and round. */
    private static double[][][] measure(List<Subject> subjects, int rounds, int requests) throws IOException {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        int n = subjects.size();
        double[][][] cpu = new double[OPS.length][n][rounds];
        for (int round = -WARM_ROUNDS; round < rounds; round++) {
            for (int op = 0; op < OPS.length; op++) {
                for (int k = 0; k < n; k++) {
                    int s = (round & 1) == 0 ? k : n - 1 - k;
                    Subject subject = subjects.get(s);
                    long cpu0 = ServerCost.sum(mx.getThreadCpuTime(subject.threads()));
                    byte[][] pool = subject.pools()[op];
                    for (int i = 0; i < requests; i++) {
                        subject.connection().exchange(pool[i & (pool.length - 1)]);
                    }
                    if (round >= 0) {
                        cpu[op][s][round] =
                                (ServerCost.sum(mx.getThreadCpuTime(subject.threads())) - cpu0) / 1e3 / requests;
                    }
                }
            }
        }
        return cpu;
    }

    private static Set<Long> threadIds() {
        Set<Long> ids = new HashSet<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            ids.add(t.getId());
        }
        return ids;
    }
}
