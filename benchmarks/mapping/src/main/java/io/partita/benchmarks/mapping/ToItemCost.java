package io.partita.benchmarks.mapping;

import io.partita.mapping.ItemSchema;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@link MappingBench}'s entity → item rows on a fixed amount of work in one JVM, timed in the calling thread's CPU
 * time and counted in its allocated bytes, as {@link FromItemCost} does for the other direction: Partita's generated
 * {@code toItem} and the Enhanced Client's {@code itemToMap(bean, false)} over the same 1,024 orders; the side going
 * first alternates per round, and the report is the median of the rounds after two warm-up rounds. Thread CPU leaves
 * out JIT and GC threads and other processes, so it moves far less with the load of a shared machine than JMH's time
 * per op.
 *
 * <pre>
 * java -Xms1g -Xmx1g -cp benchmarks/mapping/target/mapping-benchmarks.jar io.partita.benchmarks.mapping.ToItemCost [rounds=9] [ops=200000]
 * </pre>
 */
public final class ToItemCost {
    private static final int POOL = 1024;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private ToItemCost() {}

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 9;
        int ops = args.length > 1 ? Integer.parseInt(args[1]) : 200_000;
        ItemSchema<Order> schema = OrderRepository.SCHEMA;
        software.amazon.awssdk.enhanced.dynamodb.TableSchema<OrderBean> enhanced =
                software.amazon.awssdk.enhanced.dynamodb.TableSchema.fromBean(OrderBean.class);
        List<Order> orders = Fixtures.orders(POOL);
        OrderBean[] beans = new OrderBean[POOL];
        for (int i = 0; i < POOL; i++) {
            Fixtures.checkEquivalent(orders.get(i), enhanced);
            beans[i] = OrderBean.of(orders.get(i));
        }
        Order[] entities = orders.toArray(new Order[0]);
        String[] names = {"partita toItem", "enhanced itemToMap"};
        double[][] cpu = new double[2][rounds];
        double[] bytes = new double[2];
        Object[] sink = new Object[POOL]; // every result is kept (a store each, on both sides), so none is elided
        for (int round = 0; round < rounds; round++) {
            for (int turn = 0; turn < 2; turn++) {
                int side = (round + turn) % 2;
                long c = THREADS.getCurrentThreadCpuTime();
                long b = THREADS.getCurrentThreadAllocatedBytes();
                for (int i = 0; i < ops; i++) {
                    int k = i & (POOL - 1);
                    sink[k] = side == 0 ? schema.toItem(entities[k]) : enhanced.itemToMap(beans[k], false);
                }
                cpu[side][round] = (THREADS.getCurrentThreadCpuTime() - c) / (double) ops;
                bytes[side] = (THREADS.getCurrentThreadAllocatedBytes() - b) / (double) ops;
            }
        }
        double[] median = new double[2];
        for (int side = 0; side < 2; side++) {
            double[] measured = Arrays.copyOfRange(cpu[side], Math.min(2, rounds - 1), rounds);
            Arrays.sort(measured);
            median[side] = measured[measured.length / 2];
            System.out.printf(
                    Locale.ROOT,
                    "%-20s %8.1f ns  %6.0f B/op  (rounds after warm-up, sorted: %s)%n",
                    names[side],
                    median[side],
                    bytes[side],
                    Arrays.toString(measured));
        }
        System.out.printf(
                Locale.ROOT,
                "enhanced / partita: %.2fx   (%d results kept)%n",
                median[1] / median[0],
                Arrays.stream(sink).filter(java.util.Objects::nonNull).count());
    }
}
