package io.partita.benchmarks;

import io.partita.storage.DurableOptions;
import io.partita.storage.Storage;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.GetItemResponse;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.value.AttributeValue;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
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
 * Durable reads that return a projection, on the {@link Workload} table, with the decoded-item cache holding the
 * working set ({@code cache=default}: half the 256 MB budget) or not ({@code cache=4194304}: 4 MB for ~40 MB of
 * decoded items and GSI entries; {@code cache=0}: no cache). GetItem and a gsi1 Query with a two-attribute
 * ProjectionExpression, and a KEYS_ONLY gsi2 Query of ten entries. Where the entries are not cached each read decodes
 * only what it returns; read the bytes per op ({@code -prof gc}), which do not depend on the machine's load.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class DurableProjectionBench {
    static final String PROJECTION = "a, b";

    @State(Scope.Benchmark)
    public static class Db {
        @Param({"20000"})
        public int n;

        /** The decoded cache's bytes, or {@code default} (the options' default share of the budget). */
        @Param({"default", "4194304", "0"})
        public String cache;

        Path dir;
        Storage storage;

        @Setup(Level.Trial)
        public void start() throws IOException {
            dir = DurableBench.load(n);
            DurableOptions options = DurableOptions.defaults();
            if (!cache.equals("default")) {
                options = options.withDecodedCacheBytes(Long.parseLong(cache));
            }
            storage = Storage.open(dir, options);
        }

        @TearDown(Level.Trial)
        public void stop() {
            storage.close();
            DurableBench.delete(dir);
        }
    }

    @State(Scope.Thread)
    public static class Pools {
        GetItemRequest[] gets;
        QueryRequest[] queries;
        QueryRequest[] keysOnly;
        int next;

        @Setup(Level.Trial)
        public void build(Db db) {
            gets = new GetItemRequest[Workload.POOL];
            queries = new QueryRequest[Workload.POOL];
            keysOnly = new QueryRequest[Workload.POOL];
            int[] items = Workload.randomIndexes(Workload.POOL, db.n, 42);
            int[] g1 = Workload.randomIndexes(Workload.POOL, Workload.g1Partitions(db.n), 43);
            int[] g2 = Workload.randomIndexes(Workload.POOL, db.n / 100, 44);
            for (int k = 0; k < Workload.POOL; k++) {
                gets[k] = GetItemRequest.builder()
                        .tableName(Workload.TABLE)
                        .key(Workload.key(items[k]))
                        .projectionExpression(PROJECTION)
                        .build();
                queries[k] = QueryRequest.builder()
                        .tableName(Workload.TABLE)
                        .indexName(Workload.G1)
                        .keyConditionExpression("g1pk = :p")
                        .expressionAttributeValues(Map.of(":p", AttributeValue.s(Workload.g1pk(g1[k]))))
                        .projectionExpression(PROJECTION)
                        .build();
                keysOnly[k] = QueryRequest.builder()
                        .tableName(Workload.TABLE)
                        .indexName("gsi2")
                        .keyConditionExpression("g2pk = :p")
                        .expressionAttributeValues(Map.of(":p", AttributeValue.s(Workload.g2pk(g2[k]))))
                        .limit(Workload.QUERY_PAGE)
                        .build();
            }
            check(db.storage.getItem(gets[0]).item().size() == 2, "GetItem projection");
            check(db.storage.query(queries[0]).items().size() == Workload.QUERY_PAGE, "gsi1 query");
            check(db.storage.query(keysOnly[0]).items().get(0).size() == 3, "gsi2 KEYS_ONLY query");
        }

        private static void check(boolean ok, String what) {
            if (!ok) {
                throw new IllegalStateException(what + " sanity check failed");
            }
        }
    }

    /** GetItem of a random existing key, ProjectionExpression "a, b". */
    @Benchmark
    public GetItemResponse getProjected(Db db, Pools pools) {
        return db.storage.getItem(pools.gets[pools.next++ & (Workload.POOL - 1)]);
    }

    /** Query on GSI gsi1 (ALL) for a random g1pk: ten items, ProjectionExpression "a, b". */
    @Benchmark
    public QueryResponse queryGsiProjected(Db db, Pools pools) {
        return db.storage.query(pools.queries[pools.next++ & (Workload.POOL - 1)]);
    }

    /** Query on GSI gsi2 (KEYS_ONLY) for a random g2pk: the first ten of its hundred entries. */
    @Benchmark
    public QueryResponse queryKeysOnly(Db db, Pools pools) {
        return db.storage.query(pools.keysOnly[pools.next++ & (Workload.POOL - 1)]);
    }
}
