package io.partita.benchmarks.server;

import java.io.IOException;
import java.net.URI;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The servers measured with a load generator that costs little itself (issue 30's measure): each JMH thread owns
 * one keep-alive connection and writes pre-built, pre-signed requests ({@link SignedRequests}), reading each
 * answer by its length ({@link RawConnection}) — no SDK, no marshalling, no signing in the measured loop. The same
 * three servers as {@link ServerBench}: Partita ({@code partita}), DynamoDB Local 2.6.1's HTTP server
 * ({@code local}) and a do-nothing floor answering fixed valid responses ({@code floor}); put, get and a GSI query
 * (10 items). Run with {@code -t 1} and {@code -t 16} (16 connections).
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar RawServerBench -f 1 -wi 3 -w 2s -i 3 -r 3s -t 16</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class RawServerBench {
    static final int ITEMS = BenchServers.ITEMS;
    static final int GROUPS = BenchServers.GROUPS;
    /** Pre-built requests per thread and operation, cycled through. */
    static final int POOL = 1_024;

    @Param({"partita", "local", "floor"})
    public String server;

    private AutoCloseable running;
    URI endpoint;
    private final AtomicInteger threads = new AtomicInteger();

    @Setup(Level.Trial)
    public void start() throws Exception {
        BenchServers.Running r = BenchServers.start(server);
        running = r.server();
        endpoint = r.endpoint();
        fill(endpoint, !server.equals("floor"));
    }

    /** Creates the table (unless the server answers without one) and puts its {@link #ITEMS} items. */
    static void fill(URI endpoint, boolean createTable) throws IOException {
        if (createTable) {
            BenchServers.createTable(endpoint);
        }
        try (RawConnection c = new RawConnection(endpoint)) {
            for (int i = 0; i < ITEMS; i++) {
                c.exchange(SignedRequests.build(endpoint, "PutItem", put(i)));
            }
        }
    }

    /** {@link #POOL} signed gets, GSI queries and puts, in that order, drawn from {@code random}. */
    static byte[][][] requests(URI endpoint, SplittableRandom random) {
        byte[][] puts = new byte[POOL][];
        byte[][] gets = new byte[POOL][];
        byte[][] queries = new byte[POOL][];
        for (int i = 0; i < POOL; i++) {
            puts[i] = SignedRequests.build(endpoint, "PutItem", put(random.nextInt(ITEMS)));
            gets[i] = SignedRequests.build(
                    endpoint,
                    "GetItem",
                    "{\"TableName\":\"Bench\",\"Key\":{\"pk\":{\"S\":\"k" + random.nextInt(ITEMS) + "\"}}}");
            queries[i] = SignedRequests.build(
                    endpoint,
                    "Query",
                    "{\"TableName\":\"Bench\",\"IndexName\":\"ByG\",\"KeyConditionExpression\":\"g = :g\","
                            + "\"ExpressionAttributeValues\":{\":g\":{\"S\":\"g" + random.nextInt(GROUPS)
                            + "\"}},\"Limit\":10}");
        }
        return new byte[][][] {gets, queries, puts};
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        running.close();
    }

    /** One thread's connection and request pools; each thread draws its own seeded sequence. */
    @State(Scope.Thread)
    public static class Client {
        RawConnection connection;
        byte[][] puts;
        byte[][] gets;
        byte[][] queries;
        int next;

        @Setup(Level.Trial)
        public void open(RawServerBench bench) throws IOException {
            connection = new RawConnection(bench.endpoint);
            byte[][][] pools = requests(bench.endpoint, new SplittableRandom(42 + bench.threads.getAndIncrement()));
            gets = pools[0];
            queries = pools[1];
            puts = pools[2];
        }

        @TearDown(Level.Trial)
        public void close() throws IOException {
            connection.close();
        }

        int send(byte[][] pool) throws IOException {
            next = (next + 1) & (POOL - 1);
            return connection.exchange(pool[next]);
        }
    }

    @Benchmark
    public int put(Client c) throws IOException {
        return c.send(c.puts);
    }

    @Benchmark
    public int get(Client c) throws IOException {
        return c.send(c.gets);
    }

    @Benchmark
    public int gsiQuery(Client c) throws IOException {
        return c.send(c.queries);
    }

    static String put(int i) {
        return "{\"TableName\":\"Bench\",\"Item\":" + BenchServers.item(i) + "}";
    }
}
