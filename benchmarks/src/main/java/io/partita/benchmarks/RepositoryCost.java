package io.partita.benchmarks;

import io.partita.Partita;
import io.partita.benchmarks.repository.BenchItemRepository;
import io.partita.storage.Storage;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;

/**
 * CPU time and bytes allocated per operation of {@link RepositoryBench}'s repository and raw sides, on a fixed
 * amount of work, in one JVM: put, get and top-10 GSI query through the generated {@code BenchItemRepository}, and
 * the same requests pre-built and sent to the core, and the raw requests plus the mapping alone (entity → item
 * before a raw put, item → entity after a raw get or query: what a repository with no cost of its own beyond its
 * generated mapping would spend). Each round runs {@code ops} operations of each kind on each
 * side (the side that goes first alternates), timed in the calling thread's CPU time
 * ({@code ThreadMXBean.getCurrentThreadCpuTime}: neither JIT nor GC threads, nor other processes) and counted in
 * the thread's allocated bytes; the report is the median of the rounds after the first two (warm-up), and
 * repository/raw.
 *
 * <p>Why next to JMH: on a 2-core machine shared with other builds, throughput measures the share of the cores a
 * JVM got, and even process CPU time per operation mixes in JIT compilation of the short runs. The thread's CPU
 * time for a fixed number of operations, side by side in one JVM, is the number that moves least with the load.
 *
 * <pre>
 * java -Xms2g -Xmx2g -cp benchmarks/target/benchmarks.jar io.partita.benchmarks.RepositoryCost [rounds=7] [ops=32768]
 * </pre>
 */
public final class RepositoryCost {
    private static final int N = 10_000;
    private static final int WARMUP_ROUNDS = 2;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private RepositoryCost() {}

    /** What one round measures, each side the same number of operations. */
    private enum Op {
        PUT,
        GET,
        QUERY_GSI
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int ops = args.length > 1 ? Integer.parseInt(args[1]) : 32_768;
        Storage storage = Storage.inMemory();
        Partita db = Partita.builder(storage).build();
        BenchItemRepository repo = BenchItemRepository.of(db);
        for (long i = 0; i < N; i++) {
            repo.put(RepositoryBench.entity(i, N));
        }
        RepositoryBench.Keys keys = new RepositoryBench.Keys();
        keys.build();
        RepositoryBench.Entities entities = new RepositoryBench.Entities();
        entities.build();
        PutItemRequest[] puts = CoreFixture.puts(N, Workload.POOL);
        GetItemRequest[] gets = CoreFixture.gets(storage, N);
        QueryRequest[] queries = CoreFixture.queries(storage, N);
        for (int k = 0; k < queries.length; k++) {
            queries[k] = queries[k].toBuilder().limit(Workload.QUERY_PAGE).build();
        }
        Op[] kinds = Op.values();
        // [op][side: 0 repository, 1 raw, 2 raw + mapping][round] = {cpu ns/op, bytes/op}
        double[][][][] results = new double[kinds.length][3][rounds][];
        io.partita.repository.EntityMapping<io.partita.benchmarks.repository.BenchItem> mapping = repo.mapping();
        Object sink = null;
        for (int round = 0; round < rounds; round++) {
            for (int o = 0; o < kinds.length; o++) {
                Op op = kinds[o];
                for (int turn = 0; turn < 3; turn++) {
                    int side = (round + turn) % 3;
                    long cpu = THREADS.getCurrentThreadCpuTime();
                    long bytes = THREADS.getCurrentThreadAllocatedBytes();
                    for (int i = 0; i < ops; i++) {
                        int k = i & (Workload.POOL - 1);
                        sink = switch (op) {
                            case PUT ->
                                side == 0
                                        ? repo.put(entities.entities[k])
                                        : side == 1
                                                ? storage.putItem(puts[k])
                                                : storage.putItem(PutItemRequest.builder()
                                                        .tableName(Workload.TABLE)
                                                        .item(mapping.toItem(entities.entities[k]))
                                                        .build());
                            case GET ->
                                side == 0
                                        ? repo.get(keys.pks[k], keys.sks[k])
                                        : side == 1
                                                ? storage.getItem(gets[k])
                                                : mapping.fromItem(
                                                        storage.getItem(gets[k]).item());
                            case QUERY_GSI ->
                                side == 0
                                        ? repo.gsi1(keys.g1pks[k])
                                                .limit(Workload.QUERY_PAGE)
                                                .list()
                                        : side == 1
                                                ? storage.query(queries[k])
                                                : decodeAll(mapping, storage.query(queries[k]));
                        };
                    }
                    long cpuUsed = THREADS.getCurrentThreadCpuTime() - cpu;
                    long allocated = THREADS.getCurrentThreadAllocatedBytes() - bytes;
                    results[o][side][round] = new double[] {(double) cpuUsed / ops, (double) allocated / ops};
                }
            }
            System.out.printf(Locale.ROOT, "round %d done%n", round + 1);
        }
        if (sink == null) {
            throw new IllegalStateException("no result");
        }
        System.out.println();
        System.out.println("| operation | repository CPU ns/op | raw CPU ns/op | raw + mapping CPU ns/op "
                + "| repository / raw | repository / (raw + mapping) | B/op repository / raw / raw + mapping |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|");
        for (int o = 0; o < kinds.length; o++) {
            Op op = kinds[o];
            double repoCpu = median(results[o][0], 0);
            double rawCpu = median(results[o][1], 0);
            double mappedCpu = median(results[o][2], 0);
            System.out.printf(
                    Locale.ROOT,
                    "| %s | %,.0f | %,.0f | %,.0f | %.2fx | %.2fx | %,.0f / %,.0f / %,.0f |%n",
                    op,
                    repoCpu,
                    rawCpu,
                    mappedCpu,
                    repoCpu / rawCpu,
                    repoCpu / mappedCpu,
                    median(results[o][0], 1),
                    median(results[o][1], 1),
                    median(results[o][2], 1));
        }
        db.close();
    }

    /** The raw query's items decoded as the repository decodes them: the mapping's share of a query. */
    private static java.util.List<io.partita.benchmarks.repository.BenchItem> decodeAll(
            io.partita.repository.EntityMapping<io.partita.benchmarks.repository.BenchItem> mapping,
            io.partita.storage.api.QueryResponse response) {
        java.util.List<io.partita.benchmarks.repository.BenchItem> out =
                new java.util.ArrayList<>(response.items().size());
        for (java.util.Map<String, io.partita.storage.value.AttributeValue> item : response.items()) {
            out.add(mapping.fromItem(item));
        }
        return out;
    }

    /** The median of column {@code column} over the rounds after the warm-up ones. */
    private static double median(double[][] rounds, int column) {
        int from = Math.min(WARMUP_ROUNDS, rounds.length - 1);
        double[] v = new double[rounds.length - from];
        for (int i = from; i < rounds.length; i++) {
            v[i - from] = rounds[i][column];
        }
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }
}
