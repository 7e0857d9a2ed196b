package io.partita.benchmarks;

import io.partita.storage.Durability;
import io.partita.storage.DurableOptions;
import io.partita.storage.Storage;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.GetItemResponse;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.PutItemResponse;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
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
 * The durable core ({@code Storage.open(dir)}, RocksDB underneath) on the {@link Workload} table: the same
 * operations, data and request pools as {@link CoreBench} and {@link DynamoDbLocalBench} (whose
 * {@code -p storage=disk} is DynamoDB Local with {@code -dbPath}, SQLite on disk). {@code durability} is
 * {@link Durability#PROCESS} (the default: the write is in the log before the call returns) or
 * {@link Durability#SYNC} (fsync before returning; concurrent writers share syncs: run with {@code -t 8}).
 * Each thread puts its own keys.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class DurableBench {

    @State(Scope.Benchmark)
    public static class Db {
        @Param({"10000"})
        public int n;

        @Param({"PROCESS", "SYNC"})
        public Durability durability;

        Path dir;
        Storage storage;

        @Setup(Level.Trial)
        public void start() throws IOException {
            dir = load(n); // loaded at the default level, measured at the chosen one
            storage = Storage.open(dir, DurableOptions.defaults().withDurability(durability));
        }

        @TearDown(Level.Trial)
        public void stop() {
            storage.close();
            delete(dir);
        }
    }

    /** A new directory holding the {@link Workload} table with items 0..n-1, written at the default options. */
    static Path load(int n) throws IOException {
        Path dir = Files.createTempDirectory("partita-bench");
        try (Storage loading = Storage.open(dir)) {
            loading.createTable(Workload.tableDefinition());
            for (long i = 0; i < n; i++) {
                loading.putItem(PutItemRequest.builder()
                        .tableName(Workload.TABLE)
                        .item(Workload.item(i, n))
                        .build());
            }
        }
        return dir;
    }

    static void delete(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @State(Scope.Thread)
    public static class PutPool {
        PutItemRequest[] requests;
        int next;

        @Setup(Level.Trial)
        public void build(Db db, ThreadParams thread) {
            // each thread its own fresh keys: writers contend for the log, not for the same items
            long first = db.n + (long) thread.getThreadIndex() * Workload.POOL;
            requests = new PutItemRequest[Workload.POOL];
            for (int k = 0; k < Workload.POOL; k++) {
                requests[k] = PutItemRequest.builder()
                        .tableName(Workload.TABLE)
                        .item(Workload.item(first + k, db.n))
                        .build();
            }
        }
    }

    @State(Scope.Thread)
    public static class GetPool {
        GetItemRequest[] requests;
        int next;

        @Setup(Level.Trial)
        public void build(Db db) {
            requests = CoreFixture.gets(db.storage, db.n);
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

    /** PutItem of a fresh key (an overwrite once the pool has wrapped). */
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
