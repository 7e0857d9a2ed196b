package io.partita.benchmarks.mapping;

import io.partita.mapping.ItemSchema;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Entity to item and item to entity for the same 10-attribute order: Partita's generated
 * {@code OrderRepository.SCHEMA} ({@code toItem} / {@code fromItem}, core {@code AttributeValue}s) against the
 * Enhanced Client's {@code TableSchema.fromBean(OrderBean.class)} ({@code itemToMap(bean, false)} /
 * {@code mapToItem(map)}, SDK {@code AttributeValue}s). Each op maps one of {@value #POOL} distinct orders, taken
 * round-robin, so nothing is mapped twice in a row; the inputs of both sides are built in setup and checked equal
 * there.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Threads(1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class MappingBench {
    static final int POOL = 1024;
    private static final int MASK = POOL - 1;

    private ItemSchema<Order> partitaSchema;
    private TableSchema<OrderBean> enhancedSchema;
    private Order[] orders;
    private OrderBean[] beans;
    private Map<String, io.partita.storage.value.AttributeValue>[] partitaItems;
    private Map<String, io.partita.storage.value.AttributeValue>[] storedItems;
    private Map<String, AttributeValue>[] sdkItems;
    private int next;

    @Setup(Level.Trial)
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void setUp() {
        partitaSchema = OrderRepository.SCHEMA;
        enhancedSchema = TableSchema.fromBean(OrderBean.class);
        List<Order> list = Fixtures.orders(POOL);
        orders = list.toArray(new Order[0]);
        beans = new OrderBean[POOL];
        partitaItems = new Map[POOL];
        storedItems = new Map[POOL];
        sdkItems = new Map[POOL];
        for (int i = 0; i < POOL; i++) {
            Fixtures.checkEquivalent(orders[i], enhancedSchema);
            beans[i] = OrderBean.of(orders[i]);
            // Both inputs as plain HashMaps, as an SDK response or the core would hand them over.
            partitaItems[i] = new HashMap<>(partitaSchema.toItem(orders[i]));
            // and as the core stores and hands out what the schema wrote (an ItemMap: partitaFromStoredItem)
            storedItems[i] = partitaSchema.toItem(orders[i]);
            sdkItems[i] = new HashMap<>(enhancedSchema.itemToMap(beans[i], false));
        }
    }

    private int index() {
        int i = next;
        next = (i + 1) & MASK;
        return i;
    }

    @Benchmark
    public Map<String, io.partita.storage.value.AttributeValue> partitaToItem() {
        return partitaSchema.toItem(orders[index()]);
    }

    @Benchmark
    public Order partitaFromItem() {
        return partitaSchema.fromItem(partitaItems[index()]);
    }

    /**
     * {@link #partitaFromItem} on the item as a repository's get or query receives it from the core: the
     * {@code ItemMap} the schema wrote (not a copy into a {@code HashMap}).
     */
    @Benchmark
    public Order partitaFromStoredItem() {
        return partitaSchema.fromItem(storedItems[index()]);
    }

    @Benchmark
    public Map<String, AttributeValue> enhancedToItem() {
        return enhancedSchema.itemToMap(beans[index()], false);
    }

    @Benchmark
    public OrderBean enhancedFromItem() {
        return enhancedSchema.mapToItem(sdkItems[index()]);
    }
}
