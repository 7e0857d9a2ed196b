package io.partita.benchmarks;

import io.partita.Partita;
import io.partita.benchmarks.repository.BenchBean;
import io.partita.benchmarks.repository.BenchItem;
import io.partita.benchmarks.repository.BenchItemRepository;
import io.partita.storage.Storage;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.GetItemResponse;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.PutItemResponse;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.value.AttributeValue;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbIndex;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;

/**
 * Issue 14's repository layer: put, get and top-10 GSI query of the {@link Workload} item through the generated
 * {@code BenchItemRepository} on the embedded core ({@code repo*}), the same requests sent raw to the same core
 * ({@code raw*}, pre-built {@code io.partita.storage.api} requests, no mapping), and the same operations through
 * the AWS SDK v2 Enhanced Client on DynamoDB Local 2.6.1 in process ({@code enhanced*}). {@link RepositoryReport}
 * prints repository/raw and repository/Enhanced from one run.
 *
 * <p>Each side builds from plain values what its user would: the repository an entity (put) or key strings (get,
 * query), the Enhanced Client a bean or a {@code Key}; the raw side gets pre-built requests, so its number is the
 * core alone.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-Djmh.shutdownTimeout=1", "-Djmh.shutdownTimeout.step=1"})
public class RepositoryBench {

    /** The embedded core with {@code n} items, a {@link Partita} on it (defaults) and the generated repository. */
    @State(Scope.Benchmark)
    public static class Core {
        @Param({"10000"})
        public int n;

        Storage storage;
        Partita db;
        BenchItemRepository repo;
        /** The entity's attribute names in schema order: what {@code rawRead*} read each item by. */
        String[] names;

        @Setup(Level.Trial)
        public void start() {
            storage = Storage.inMemory();
            db = Partita.builder(storage).build();
            repo = BenchItemRepository.of(db); // creates table Bench from the generated definition
            names = repo.mapping().schema().attributeNames().toArray(new String[0]);
            for (long i = 0; i < n; i++) {
                repo.put(entity(i, n));
            }
        }

        @TearDown(Level.Trial)
        public void stop() {
            db.close();
        }
    }

    /** DynamoDB Local with the {@link Workload} table and items, and the Enhanced Client's view of it. */
    @State(Scope.Benchmark)
    public static class Enhanced {
        DynamoDbLocalBench.Db local;
        DynamoDbTable<BenchBean> table;
        DynamoDbIndex<BenchBean> gsi1;

        @Setup(Level.Trial)
        public void start() throws java.io.IOException {
            local = new DynamoDbLocalBench.Db();
            local.n = 10_000;
            local.storage = "memory";
            local.start();
            DynamoDbEnhancedClient client = DynamoDbEnhancedClient.builder()
                    .dynamoDbClient(local.client)
                    .build();
            table = client.table(Workload.TABLE, TableSchema.fromBean(BenchBean.class));
            gsi1 = table.index(Workload.G1);
        }

        @TearDown(Level.Trial)
        public void stop() {
            local.stop();
        }
    }

    /** Keys and g1 partitions drawn with the same seeds as {@link CoreBench} and {@link DynamoDbLocalBench}. */
    @State(Scope.Thread)
    public static class Keys {
        String[] pks;
        String[] sks;
        String[] g1pks;
        int nextGet;
        int nextQuery;

        @Setup(Level.Trial)
        public void build() {
            int n = 10_000;
            int[] idx = Workload.randomIndexes(Workload.POOL, n, 42);
            pks = new String[Workload.POOL];
            sks = new String[Workload.POOL];
            for (int k = 0; k < Workload.POOL; k++) {
                pks[k] = Workload.pk(idx[k]);
                sks[k] = Workload.sk(idx[k]);
            }
            int[] g = Workload.randomIndexes(Workload.POOL, Workload.g1Partitions(n), 43);
            g1pks = new String[Workload.POOL];
            for (int k = 0; k < Workload.POOL; k++) {
                g1pks[k] = Workload.g1pk(g[k]);
            }
        }
    }

    /** Fresh entities (and the same values as beans) for the keys {@code n .. n+POOL-1}. */
    @State(Scope.Thread)
    public static class Entities {
        BenchItem[] entities;
        BenchBean[] beans;
        int next;

        @Setup(Level.Trial)
        public void build() {
            int n = 10_000;
            entities = new BenchItem[Workload.POOL];
            beans = new BenchBean[Workload.POOL];
            for (int k = 0; k < Workload.POOL; k++) {
                entities[k] = entity(n + (long) k, n);
                beans[k] = BenchBean.of(entities[k]);
            }
        }
    }

    /**
     * Entities equal to the preloaded items ({@code 0 .. n-1}): each put is an overwrite with an equal item, whatever
     * the fork's rate ({@link Entities} inserts until its pool of 65,536 wraps, which a slow fork never reaches).
     */
    @State(Scope.Thread)
    public static class Overwrites {
        BenchItem[] entities;
        int next;

        @Setup(Level.Trial)
        public void build(Core core) {
            entities = new BenchItem[core.n];
            for (int k = 0; k < core.n; k++) {
                entities[k] = entity(k, core.n);
            }
        }
    }

    /** The raw core's pre-built requests: the same puts, gets and (Limit 10) queries. */
    @State(Scope.Thread)
    public static class RawRequests {
        PutItemRequest[] puts;
        GetItemRequest[] gets;
        QueryRequest[] queries;
        int nextPut;
        int nextGet;
        int nextQuery;

        @Setup(Level.Trial)
        public void build(Core core) {
            puts = CoreFixture.puts(core.n, Workload.POOL);
            gets = CoreFixture.gets(core.storage, core.n);
            QueryRequest[] q = CoreFixture.queries(core.storage, core.n);
            queries = new QueryRequest[q.length];
            for (int k = 0; k < q.length; k++) {
                queries[k] = q[k].toBuilder().limit(Workload.QUERY_PAGE).build();
            }
        }
    }

    /** The workload's item {@code i} as a {@link BenchItem}. */
    static BenchItem entity(long i, int n) {
        Map<String, AttributeValue> item = Workload.item(i, n);
        return new BenchItem(
                s(item, "pk"),
                s(item, "sk"),
                s(item, "g1pk"),
                i,
                s(item, "g2pk"),
                s(item, "g3pk"),
                s(item, "g3sk"),
                (i * 7919) % 100_000,
                s(item, "a"),
                i % 1000,
                s(item, "d"));
    }

    private static String s(Map<String, AttributeValue> item, String name) {
        return item.get(name).asS();
    }

    // ---- put ---------------------------------------------------------------------------------------------

    @Benchmark
    public BenchItem repoPut(Core core, Entities pool) {
        return core.repo.put(pool.entities[pool.next++ & (Workload.POOL - 1)]);
    }

    @Benchmark
    public BenchItem repoOverwrite(Core core, Overwrites pool) {
        BenchItem e = pool.entities[pool.next];
        pool.next = pool.next + 1 == pool.entities.length ? 0 : pool.next + 1;
        return core.repo.put(e);
    }

    @Benchmark
    public PutItemResponse rawPut(Core core, RawRequests pool) {
        return core.storage.putItem(pool.puts[pool.nextPut++ & (Workload.POOL - 1)]);
    }

    @Benchmark
    public BenchBean enhancedPut(Enhanced ddb, Entities pool) {
        BenchBean bean = pool.beans[pool.next++ & (Workload.POOL - 1)];
        ddb.table.putItem(bean);
        return bean;
    }

    // ---- get ---------------------------------------------------------------------------------------------

    @Benchmark
    public Optional<BenchItem> repoGet(Core core, Keys keys) {
        int k = keys.nextGet++ & (Workload.POOL - 1);
        return core.repo.get(keys.pks[k], keys.sks[k]);
    }

    @Benchmark
    public GetItemResponse rawGet(Core core, RawRequests pool) {
        return core.storage.getItem(pool.gets[pool.nextGet++ & (Workload.POOL - 1)]);
    }

    /**
     * The raw get plus reading every attribute of the item (each value's type and value, building nothing; see
     * {@code RepositoryCost.readItem}): the floor of any decoding, since {@link #rawGet} does not touch the item.
     */
    @Benchmark
    public int rawReadGet(Core core, RawRequests pool) {
        return RepositoryCost.readItem(
                core.names,
                core.storage
                        .getItem(pool.gets[pool.nextGet++ & (Workload.POOL - 1)])
                        .item());
    }

    @Benchmark
    public BenchBean enhancedGet(Enhanced ddb, Keys keys) {
        int k = keys.nextGet++ & (Workload.POOL - 1);
        return ddb.table.getItem(
                Key.builder().partitionValue(keys.pks[k]).sortValue(keys.sks[k]).build());
    }

    // ---- top-10 GSI query --------------------------------------------------------------------------------

    @Benchmark
    public List<BenchItem> repoQueryGsi(Core core, Keys keys) {
        return core.repo
                .gsi1(keys.g1pks[keys.nextQuery++ & (Workload.POOL - 1)])
                .limit(Workload.QUERY_PAGE)
                .list();
    }

    @Benchmark
    public QueryResponse rawQueryGsi(Core core, RawRequests pool) {
        return core.storage.query(pool.queries[pool.nextQuery++ & (Workload.POOL - 1)]);
    }

    /** The raw query plus reading every attribute of each of its items, as {@link #rawReadGet}. */
    @Benchmark
    public int rawReadQueryGsi(Core core, RawRequests pool) {
        int h = 0;
        for (Map<String, AttributeValue> item : core.storage
                .query(pool.queries[pool.nextQuery++ & (Workload.POOL - 1)])
                .items()) {
            h = h * 31 + RepositoryCost.readItem(core.names, item);
        }
        return h;
    }

    @Benchmark
    public List<BenchBean> enhancedQueryGsi(Enhanced ddb, Keys keys) {
        String g1pk = keys.g1pks[keys.nextQuery++ & (Workload.POOL - 1)];
        return ddb.gsi1
                .query(QueryEnhancedRequest.builder()
                        .queryConditional(QueryConditional.keyEqualTo(
                                Key.builder().partitionValue(g1pk).build()))
                        .limit(Workload.QUERY_PAGE)
                        .build())
                .iterator()
                .next()
                .items();
    }
}
