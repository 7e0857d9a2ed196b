package io.partita.benchmarks;

import io.partita.storage.Storage;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.PutItemResponse;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;

/**
 * How the core's PutItem and GSI Query cost grows with the table: 1k vs 1M preloaded items, same JVM settings
 * (goal: 1M within 2x of 1k). The put pool holds {@link Workload#POOL} requests with distinct item maps at both
 * sizes (so the requests are equally cold in cache), over {@code min(n, POOL)} fresh keys: the table stays within
 * 2n items while measured; past those keys, puts overwrite.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms6g", "-Xmx6g"})
public class CoreScalingBench {

    @State(Scope.Benchmark)
    public static class Db {
        @Param({"1000", "1000000"})
        public int n;

        Storage storage;

        @Setup(Level.Trial)
        public void start() {
            storage = CoreFixture.load(n);
        }

        @TearDown(Level.Trial)
        public void stop() {
            storage.close();
        }
    }

    @State(Scope.Thread)
    public static class PutPool {
        PutItemRequest[] requests;
        int next;

        @Setup(Level.Trial)
        public void build(Db db) {
            requests = CoreFixture.puts(db.n, Workload.POOL, Math.min(db.n, Workload.POOL));
        }
    }

    @State(Scope.Thread)
    public static class QueryPool {
        QueryRequest[] requests;
        int next;

        @Setup(Level.Trial)
        public void build(Db db) {
            requests = CoreFixture.queries(db.storage, db.n);
        }
    }

    @Benchmark
    public PutItemResponse putItem(Db db, PutPool pool) {
        return db.storage.putItem(pool.requests[pool.next++ & (Workload.POOL - 1)]);
    }

    @Benchmark
    public QueryResponse queryGsi(Db db, QueryPool pool) {
        return db.storage.query(pool.requests[pool.next++ & (Workload.POOL - 1)]);
    }
}
