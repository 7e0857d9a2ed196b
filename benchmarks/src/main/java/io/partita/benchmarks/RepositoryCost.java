package io.partita.benchmarks;

import io.partita.Partita;
import io.partita.benchmarks.repository.BenchItemRepository;
import io.partita.storage.Storage;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;

/**
 * CPU time and bytes allocated per operation of {@link RepositoryBench}'s repository and raw sides, on a fixed
 * amount of work, in one JVM: put, get and top-10 GSI query through the generated {@code BenchItemRepository}, and
 * the same requests pre-built and sent to the core, and the raw requests plus the mapping alone (entity → item
 * before a raw put, item → entity after a raw get or query: what a repository with no cost of its own beyond its
 * generated mapping would spend), and the raw requests plus <em>reading</em> every attribute of each returned item
 * (get and query only: by position, each value's type and value, building nothing — the floor of any decoding, since
 * the raw core returns references to stored items without touching them). Each round runs {@code ops} operations of
 * each kind on each side (the side that goes first rotates), timed in the calling thread's CPU time
 * ({@code ThreadMXBean.getCurrentThreadCpuTime}: neither JIT nor GC threads, nor other processes) and counted in
 * the thread's allocated bytes; the report is the median of the rounds after the first two (warm-up), and
 * repository/raw.
 *
 * <p>Why next to JMH: on a 2-core machine shared with other builds, throughput measures the share of the cores a
 * JVM got, and even process CPU time per operation mixes in JIT compilation of the short runs. The thread's CPU
 * time for a fixed number of operations, side by side in one JVM, is the number that moves least with the load.
 *
 * <pre>
 * java -Xms2g -Xmx2g -cp benchmarks/target/benchmarks.jar io.partita.benchmarks.RepositoryCost [rounds=7] [ops=32768] [no-reuse]
 * </pre>
 */
public final class RepositoryCost {
    private static final int N = 10_000;
    private static final int WARMUP_ROUNDS = 2;
    /** Repository, raw, raw + mapping, raw + read. */
    private static final int SIDES = 4;

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
        // a third argument "no-reuse" decodes every read (Partita.Builder.reuseDecodedEntities(false)): the first-read
        // cost
        boolean reuse = args.length < 3 || !args[2].equals("no-reuse");
        Partita db = Partita.builder(storage).reuseDecodedEntities(reuse).build();
        System.out.println("reuseDecodedEntities " + reuse);
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
        // [op][side: 0 repository, 1 raw, 2 raw + mapping, 3 raw + read][round] = {cpu ns/op, bytes/op}
        double[][][][] results = new double[kinds.length][SIDES][rounds][];
        io.partita.generated.EntityMapping<io.partita.benchmarks.repository.BenchItem> mapping = repo.mapping();
        String[] names = mapping.schema().attributeNames().toArray(new String[0]);
        Sides sides = new Sides(repo, storage, mapping, names, entities, keys, puts, gets, queries);
        Object sink = null;
        for (int round = 0; round < rounds; round++) {
            for (int o = 0; o < kinds.length; o++) {
                Op op = kinds[o];
                for (int turn = 0; turn < SIDES; turn++) {
                    int side = (round + turn) % SIDES;
                    if (side == 3 && op == Op.PUT) {
                        continue; // reading is a get's and a query's floor; a put has nothing to read
                    }
                    long cpu = THREADS.getCurrentThreadCpuTime();
                    long bytes = THREADS.getCurrentThreadAllocatedBytes();
                    for (int i = 0; i < ops; i++) {
                        int k = i & (Workload.POOL - 1);
                        sink = sides.run(op, side, k);
                    }
                    long cpuUsed = THREADS.getCurrentThreadCpuTime() - cpu;
                    long allocated = THREADS.getCurrentThreadAllocatedBytes() - bytes;
                    results[o][side][round] = new double[] {(double) cpuUsed / ops, (double) allocated / ops};
                }
            }
            System.out.printf(Locale.ROOT, "round %d done%n", round + 1);
        }
        if (sink == null || readSink == 0x7A3F_19C5) {
            throw new IllegalStateException("no result");
        }
        printTable(kinds, results);
        db.close();
    }

    /** The four sides' fixtures: the repository, the core and its pre-built requests, the mapping. */
    @SuppressWarnings("ArrayRecordComponent") // fixtures held for the run, never compared
    private record Sides(
            BenchItemRepository repo,
            Storage storage,
            io.partita.generated.EntityMapping<io.partita.benchmarks.repository.BenchItem> mapping,
            String[] names,
            RepositoryBench.Entities entities,
            RepositoryBench.Keys keys,
            PutItemRequest[] puts,
            GetItemRequest[] gets,
            QueryRequest[] queries) {
        /** One operation {@code op} on side {@code side} (0 repository, 1 raw, 2 raw + mapping, 3 raw + read). */
        Object run(Op op, int side, int k) {
            return switch (op) {
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
                                    : side == 2
                                            ? mapping.fromItem(
                                                    storage.getItem(gets[k]).item())
                                            : read(names, storage.getItem(gets[k]));
                case QUERY_GSI ->
                    side == 0
                            ? repo.gsi1(keys.g1pks[k])
                                    .limit(Workload.QUERY_PAGE)
                                    .list()
                            : side == 1
                                    ? storage.query(queries[k])
                                    : side == 2
                                            ? decodeAll(mapping, storage.query(queries[k]))
                                            : readAll(names, storage.query(queries[k]));
            };
        }
    }

    /** The Markdown table of the medians, one row per operation. */
    private static void printTable(Op[] kinds, double[][][][] results) {
        System.out.println();
        System.out.println("| operation | repository CPU ns/op | raw CPU ns/op | raw + mapping CPU ns/op "
                + "| raw + read CPU ns/op | repository / raw | repository / (raw + mapping) | repository / (raw + read) "
                + "| B/op repository / raw / raw + mapping / raw + read |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (int o = 0; o < kinds.length; o++) {
            Op op = kinds[o];
            double repoCpu = median(results[o][0], 0);
            double rawCpu = median(results[o][1], 0);
            double mappedCpu = median(results[o][2], 0);
            boolean read = op != Op.PUT;
            double readCpu = read ? median(results[o][3], 0) : Double.NaN;
            System.out.printf(
                    Locale.ROOT,
                    "| %s | %,.0f | %,.0f | %,.0f | %s | %.2fx | %.2fx | %s | %,.0f / %,.0f / %,.0f / %s |%n",
                    op,
                    repoCpu,
                    rawCpu,
                    mappedCpu,
                    read ? String.format(Locale.ROOT, "%,.0f", readCpu) : "–",
                    repoCpu / rawCpu,
                    repoCpu / mappedCpu,
                    read ? String.format(Locale.ROOT, "%.2fx", repoCpu / readCpu) : "–",
                    median(results[o][0], 1),
                    median(results[o][1], 1),
                    median(results[o][2], 1),
                    read ? String.format(Locale.ROOT, "%,.0f", median(results[o][3], 1)) : "–");
        }
    }

    /** Folded reads of {@link #read}: kept so that the reads are not optimized away. */
    private static int readSink;

    /** A raw get's item read attribute by attribute ({@link #readItem}); the response, as the other raw sides. */
    private static Object read(String[] names, io.partita.storage.api.GetItemResponse response) {
        readSink += readItem(names, response.item());
        return response;
    }

    /** A raw query's items each read attribute by attribute ({@link #readItem}). */
    private static Object readAll(String[] names, io.partita.storage.api.QueryResponse response) {
        int h = 0;
        for (java.util.Map<String, AttributeValue> item : response.items()) {
            h = h * 31 + readItem(names, item);
        }
        readSink += h;
        return response;
    }

    /**
     * The physical floor of decoding an item: every attribute of the entity read by its position, as the generated
     * decoder finds it ({@link ItemMap#get(int, String)}), and of each value what a decoder reads of it: its type and
     * its value (a string's reference, a number's {@code long}), without building anything. What a caller of the raw
     * core that used the attributes at all would pay beyond the raw request.
     */
    static int readItem(String[] names, java.util.Map<String, AttributeValue> item) {
        if (!(item instanceof ItemMap m)) {
            throw new IllegalStateException("the core returns stored items as ItemMap");
        }
        int h = 1;
        for (int i = 0; i < names.length; i++) {
            AttributeValue v = m.get(i, names[i]);
            int r;
            if (v instanceof AttributeValue.S s) {
                r = s.value() == null ? 0 : 1;
            } else if (v instanceof AttributeValue.N n) {
                r = n.fitsLong() ? (int) n.longValue() : 2;
            } else {
                r = v == null ? 3 : v.type().hashCode();
            }
            h = h * 31 + r;
        }
        return h;
    }

    /** The raw query's items decoded as the repository decodes them: the mapping's share of a query. */
    private static java.util.List<io.partita.benchmarks.repository.BenchItem> decodeAll(
            io.partita.generated.EntityMapping<io.partita.benchmarks.repository.BenchItem> mapping,
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
