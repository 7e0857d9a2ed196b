package io.partita.benchmarks.server;

import io.partita.server.PartitaServer;
import io.partita.storage.Storage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;

/**
 * Throughput of two in-memory servers in one JVM that differ only in {@code partita.server.selectSpinMicros} (the
 * event loops' spin before blocking): {@link RawServerBench}'s requests and connections, rounds alternating the
 * servers (the order reversed every other round), so the machine's load moves both servers of a round alike. Per
 * connection count and operation it prints each server's median ops/s and the median of the rounds' ratios
 * (spinning / not), its quartiles and how many rounds were lower: whether the spin gains at one connection and costs
 * nothing at many is read from one run.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar io.partita.benchmarks.server.SpinPairs
 *     [spinMicros=50] [connections=1,16] [rounds=12] [millisPerRound=1000]</pre>
 */
public final class SpinPairs {
    private static final String PROPERTY = "partita.server.selectSpinMicros";
    private static final String[] OPS = {"get", "gsiQuery", "put"};
    private static final int WARM_ROUNDS = 3;

    private SpinPairs() {}

    /** A started server, its connections (as many as the largest count asked) and their request pools. */
    private record Subject(String name, PartitaServer server, RawConnection[] connections, byte[][][][] pools) {
        void close() throws IOException {
            for (RawConnection c : connections) {
                c.close();
            }
            server.close();
        }
    }

    public static void main(String[] args) throws Exception {
        long spinMicros = args.length > 0 ? Long.parseLong(args[0]) : 50;
        int[] counts = Arrays.stream((args.length > 1 ? args[1] : "1,16").split(",", -1))
                .mapToInt(Integer::parseInt)
                .toArray();
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 12;
        long millis = args.length > 3 ? Long.parseLong(args[3]) : 1_000;
        int most = Arrays.stream(counts).max().orElseThrow();
        Subject plain = start("no spin", "0", most);
        Subject spinning = start("spin " + spinMicros + " µs", Long.toString(spinMicros), most);
        Subject[] both = {plain, spinning};
        double[][][][] rates = new double[counts.length][OPS.length][2][rounds];
        for (int r = -WARM_ROUNDS; r < rounds; r++) {
            for (int c = 0; c < counts.length; c++) {
                for (int op = 0; op < OPS.length; op++) {
                    for (int k = 0; k < 2; k++) {
                        int s = ((r & 1) == 0) == (k == 0) ? 0 : 1;
                        double rate = drive(both[s], counts[c], op, millis);
                        if (r >= 0) {
                            rates[c][op][s][r] = rate;
                        }
                    }
                }
            }
        }
        System.out.println(
                "load average " + Files.readString(Path.of("/proc/loadavg")).trim());
        System.out.println(Runtime.getRuntime().availableProcessors() + " processors; " + rounds + " rounds of "
                + millis + " ms per server, operation and connection count");
        for (int c = 0; c < counts.length; c++) {
            for (int op = 0; op < OPS.length; op++) {
                report(counts[c], OPS[op], rates[c][op], both);
            }
        }
        plain.close();
        spinning.close();
    }

    private static void report(int connections, String op, double[][] rates, Subject[] both) {
        int rounds = rates[0].length;
        double[] ratios = new double[rounds];
        int lower = 0;
        for (int r = 0; r < rounds; r++) {
            ratios[r] = rates[1][r] / rates[0][r];
            lower += ratios[r] < 1 ? 1 : 0;
        }
        Arrays.sort(ratios);
        System.out.printf(
                Locale.ROOT,
                "%2d conn %-8s %s %,9.0f ops/s   %s %,9.0f ops/s   %.3fx (quartiles %.3f–%.3f), %d of %d rounds lower%n",
                connections,
                op,
                both[0].name(),
                ServerCost.median(rates[0].clone()),
                both[1].name(),
                ServerCost.median(rates[1].clone()),
                ServerCost.median(ratios),
                ratios[rounds / 4],
                ratios[3 * rounds / 4],
                lower,
                rounds);
    }

    /** Starts a server with the property set to {@code spin}, fills its table, opens its connections. */
    private static Subject start(String name, String spin, int connections) throws Exception {
        String saved = System.getProperty(PROPERTY);
        PartitaServer server;
        try {
            System.setProperty(PROPERTY, spin);
            server = PartitaServer.start(PartitaServer.Options.defaults().port(0), Storage.inMemory());
        } finally {
            if (saved == null) {
                System.clearProperty(PROPERTY);
            } else {
                System.setProperty(PROPERTY, saved);
            }
        }
        URI endpoint = server.endpoint();
        RawServerBench.fill(endpoint, true);
        RawConnection[] open = new RawConnection[connections];
        byte[][][][] pools = new byte[connections][][][];
        for (int i = 0; i < connections; i++) {
            open[i] = new RawConnection(endpoint);
            pools[i] = RawServerBench.requests(endpoint, new SplittableRandom(42 + i));
        }
        return new Subject(name, server, open, pools);
    }

    /** Requests of kind {@code op} on the first {@code connections} connections, one thread each; ops/s. */
    private static double drive(Subject s, int connections, int op, long millis) throws InterruptedException {
        CountDownLatch go = new CountDownLatch(1);
        long[] done = new long[connections];
        List<Thread> threads = new ArrayList<>();
        long[] window = new long[2];
        for (int i = 0; i < connections; i++) {
            int slot = i;
            Thread t = new Thread(() -> {
                RawConnection c = s.connections()[slot];
                byte[][] pool = s.pools()[slot][op];
                try {
                    go.await();
                    long deadline = window[1];
                    int next = 0;
                    long n = 0;
                    do {
                        for (int k = 0; k < 16; k++) {
                            next = (next + 1) & (RawServerBench.POOL - 1);
                            c.exchange(pool[next]);
                        }
                        n += 16;
                    } while (System.nanoTime() - deadline < 0);
                    done[slot] = n;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            t.start();
            threads.add(t);
        }
        window[0] = System.nanoTime();
        window[1] = window[0] + millis * 1_000_000;
        go.countDown();
        long total = 0;
        for (int i = 0; i < connections; i++) {
            threads.get(i).join();
            total += done[i];
        }
        return total * 1e9 / (System.nanoTime() - window[0]);
    }
}
