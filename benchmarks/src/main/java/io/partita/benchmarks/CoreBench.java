package io.partita.benchmarks;

import io.partita.storage.Storage;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.GetItemResponse;
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
import org.openjdk.jmh.infra.ThreadParams;

/**
 * The Partita storage core ({@code Storage.inMemory()}) on the {@link Workload} table: the same operations, data
 * size and request pools as {@link DynamoDbLocalBench}, method for method. {@link FloorBench} is the same work on
 * plain sorted maps. With {@code -t N} each thread puts its own fresh keys and reads its own random sequence
 * ({@link Report} runs put and get with 1, 2 and 4 threads).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class CoreBench {

    @State(Scope.Benchmark)
    public static class Db {
        @Param({"10000"})
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
        public void build(Db db, ThreadParams thread) {
            // with -t: each thread its own fresh keys, so writers meet in the structures, not on the same items
            requests = CoreFixture.puts(
                    db.n + (long) thread.getThreadIndex() * Workload.POOL, db.n, Workload.POOL, Workload.POOL);
        }
    }

    @State(Scope.Thread)
    public static class GetPool {
        GetItemRequest[] requests;
        int next;

        @Setup(Level.Trial)
        public void build(Db db, ThreadParams thread) {
            requests = CoreFixture.gets(db.storage, db.n, 42 + thread.getThreadIndex());
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

    /** PutItem of a fresh key (an overwrite once the pool of {@link Workload#POOL} keys has wrapped). */
    @Benchmark
    public PutItemResponse putItem(Db db, PutPool pool) {
        return db.storage.putItem(pool.requests[pool.next++ & (Workload.POOL - 1)]);
    }

    /** GetItem of a random existing key (eventually consistent, the default). */
    @Benchmark
    public GetItemResponse getItem(Db db, GetPool pool) {
        return db.storage.getItem(pool.requests[pool.next++ & (Workload.POOL - 1)]);
    }

    /** Query on GSI gsi1 for a random g1pk: ten items, all attributes. */
    @Benchmark
    public QueryResponse queryGsi(Db db, QueryPool pool) {
        return db.storage.query(pool.requests[pool.next++ & (Workload.POOL - 1)]);
    }
}
