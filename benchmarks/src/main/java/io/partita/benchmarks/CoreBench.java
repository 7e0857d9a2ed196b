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
 *
 * <p>Each thread's put stream has the 1-thread stream's shape (fresh items {@code first, first + 1, ...}: each put
 * in the next of {@code gsi3}'s 64 partitions, a hundred in a row in one {@code gsi2} partition), and the streams
 * keep apart: thread {@code t} of {@code T} starts {@code t} streams further plus {@code t * 64 / T} items (see
 * {@link #first}), so threads in step write {@code gsi3} partitions {@code 64 / T} apart (32 with two threads), and
 * each thread its own table and {@code gsi2} partitions. (Until round 5 thread {@code t} started at {@code n + t * 65,536}, a multiple of
 * 64: threads in step wrote the same {@code gsi3} partition on every put, a contention the workload does not
 * have.) With one thread the stream starts at {@code n} as before.
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
            requests = CoreFixture.puts(
                    first(db.n, thread.getThreadIndex(), thread.getThreadCount()), db.n, Workload.POOL, Workload.POOL);
        }
    }

    /**
     * Keys per thread's stream: {@link Workload#POOL} rounded up to a multiple of 6,400 (of 64, {@code gsi3}'s
     * partitions, and of 100, {@code gsi2}'s items per partition): 70,400.
     */
    static final long STREAM = (Workload.POOL + 6_399) / 6_400 * 6_400L;

    /**
     * The first item of thread {@code t}'s put stream of {@code threads}: {@code n} for one thread (the 1-thread row
     * is unchanged); thread {@code t} starts {@code t} {@link #STREAM}s further (its own table, {@code gsi1} and
     * {@code gsi2} partitions) plus {@code t * 64 / threads}, so that threads walking their streams in step are
     * that many {@code gsi3} partitions apart instead of in the same one.
     */
    static long first(int n, int t, int threads) {
        return n + t * STREAM + (long) t * Workload.G3_PARTITIONS / threads;
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
