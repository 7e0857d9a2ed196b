package io.partita.benchmarks.mapping;

import io.partita.mapping.ItemSchema;
import io.partita.storage.value.AttributeValue;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;

/**
 * {@link MappingBench}'s item → entity rows on a fixed amount of work in one JVM, timed in the calling thread's CPU
 * time and counted in its allocated bytes (as {@code benchmarks}' {@code RepositoryCost}): Partita's
 * {@code fromItem} on a {@code HashMap} (the {@code partitaFromItem} input), on the {@code ItemMap} the schema wrote
 * ({@code partitaFromStoredItem}), and the Enhanced Client's {@code mapToItem}; the side going first rotates per
 * round, and the report is the median of the rounds after two warm-up rounds. Thread CPU leaves out JIT and GC
 * threads and other processes, so it moves far less with the load of a shared machine than JMH's time per op.
 *
 * <pre>
 * java -Xms1g -Xmx1g -cp benchmarks/mapping/target/mapping-benchmarks.jar io.partita.benchmarks.mapping.FromItemCost [rounds=9] [ops=200000] [sides=hash,stored,enhanced]
 * </pre>
 *
 * The third argument runs only the named sides: {@code hash,enhanced} leaves the stored {@code ItemMap} out of the
 * JVM, so {@code fromItem} is compiled seeing one map type, as in {@code MappingBench}'s {@code partitaFromItem}
 * fork.
 */
public final class FromItemCost {
    private static final int POOL = 1024;
    private static final String[] SIDES = {"hash", "stored", "enhanced"};
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private FromItemCost() {}

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 9;
        int ops = args.length > 1 ? Integer.parseInt(args[1]) : 200_000;
        List<String> sides = List.of((args.length > 2 ? args[2] : "hash,stored,enhanced").split(","));
        ItemSchema<Order> schema = OrderRepository.SCHEMA;
        TableSchema<OrderBean> enhanced = TableSchema.fromBean(OrderBean.class);
        List<Order> orders = Fixtures.orders(POOL);
        List<Map<String, AttributeValue>> hashItems = new ArrayList<>(POOL);
        List<Map<String, AttributeValue>> storedItems = new ArrayList<>(POOL);
        List<Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>> sdkItems =
                new ArrayList<>(POOL);
        for (Order o : orders) {
            hashItems.add(new HashMap<>(schema.toItem(o)));
            storedItems.add(schema.toItem(o));
            sdkItems.add(new HashMap<>(enhanced.itemToMap(OrderBean.of(o), false)));
        }
        String[] names = {"partita, HashMap input", "partita, stored ItemMap", "enhanced mapToItem"};
        double[][] cpu = new double[3][rounds];
        double[] bytes = new double[3];
        Object[] sink = new Object[POOL]; // every result is kept (a store each, on every side), so none is elided
        for (int round = 0; round < rounds; round++) {
            for (int turn = 0; turn < 3; turn++) {
                int side = (round + turn) % 3;
                if (!sides.contains(SIDES[side])) {
                    continue;
                }
                long c = THREADS.getCurrentThreadCpuTime();
                long b = THREADS.getCurrentThreadAllocatedBytes();
                for (int i = 0; i < ops; i++) {
                    int k = i & (POOL - 1);
                    Object read = side == 0
                            ? schema.fromItem(hashItems.get(k))
                            : side == 1 ? schema.fromItem(storedItems.get(k)) : enhanced.mapToItem(sdkItems.get(k));
                    sink[k] = read;
                }
                cpu[side][round] = (THREADS.getCurrentThreadCpuTime() - c) / (double) ops;
                bytes[side] = (THREADS.getCurrentThreadAllocatedBytes() - b) / (double) ops;
            }
        }
        double[] median = new double[3];
        for (int side = 0; side < 3; side++) {
            if (!sides.contains(SIDES[side])) {
                continue;
            }
            double[] measured = Arrays.copyOfRange(cpu[side], Math.min(2, rounds - 1), rounds);
            Arrays.sort(measured);
            median[side] = measured[measured.length / 2];
            System.out.printf(
                    Locale.ROOT,
                    "%-24s %8.1f ns  %6.0f B/op  (rounds after warm-up, sorted: %s)%n",
                    names[side],
                    median[side],
                    bytes[side],
                    Arrays.toString(measured));
        }
        System.out.printf(
                Locale.ROOT,
                "enhanced / partita: HashMap input %.2fx, stored ItemMap %.2fx   (%d results kept)%n",
                median[2] / median[0],
                median[2] / median[1],
                Arrays.stream(sink).filter(java.util.Objects::nonNull).count());
    }
}
