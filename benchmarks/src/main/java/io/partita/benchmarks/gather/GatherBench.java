package io.partita.benchmarks.gather;

import io.partita.Partita;
import io.partita.generated.EntityMapping;
import io.partita.generated.QuerySpec;
import io.partita.generated.Shards;
import io.partita.mapping.Codecs;
import io.partita.mapping.ItemSchema;
import io.partita.repository.EntityRepository;
import io.partita.repository.QueryBuilder;
import io.partita.repository.SortKeyCondition;
import io.partita.storage.Backend;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Gather reads (issue 4): a query on an index scattered over {@code shards} partitions vs a query on one
 * partition returning the same rows, and a gather with {@code limit(10)}.
 *
 * <p>Data: {@code rows} events, written to two tables with the same GSI {@code ByTime} (sort key {@code At}):
 * {@code Scattered} keyed by {@code ByTime_shard} ({@code Shards.of(id, shards)}, about {@code rows/shards}
 * rows per shard) and {@code Single} keyed by the constant {@code "ALL"}. Every query is the generated-code
 * path: a {@code QueryBuilder} over the embedded core, decoding entities; the gather uses the default
 * {@code GatherOptions} (shared pool, 16 requests in flight).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(
        value = 1,
        jvmArgs = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class GatherBench {
    @Param("100")
    public int shards;

    @Param("1000")
    public int rows;

    record Event(String id, Instant at, long value) {}

    static final ItemSchema<Event> SCHEMA = ItemSchema.builder(Event.class)
            .attribute("Id", Event::id, Codecs.STRING)
            .attribute("At", Event::at, Codecs.INSTANT)
            .attribute("Value", Event::value, Codecs.PRIMITIVE_LONG)
            .build(v -> new Event(v.get(0), v.get(1), v.get(2)));

    static final class Events extends EntityRepository<Event> {
        private final int shards;

        Events(Partita db, String table, int shards) {
            super(db, mapping(table, shards));
            this.shards = shards;
        }

        static EntityMapping<Event> mapping(String name, int shards) {
            KeyAttribute pk = shards > 0 ? KeyAttribute.n("ByTime_shard") : KeyAttribute.s("Bucket");
            TableDefinition table = TableDefinition.builder(name)
                    .partitionKey(KeyAttribute.s("Id"))
                    .globalSecondaryIndex(GlobalSecondaryIndex.of("ByTime", pk, KeyAttribute.s("At"), Projection.all()))
                    .build();
            EntityMapping.Builder<Event> b = EntityMapping.builder(table, SCHEMA);
            return (shards > 0
                            ? b.computed("ByTime_shard", e -> AttributeValue.n(Shards.of(e.id(), shards)), "Id")
                            : b.computed("Bucket", e -> AttributeValue.s("ALL")))
                    .build();
        }

        ByTime byTime() {
            return new ByTime(indexQuery("ByTime"), shards);
        }
    }

    public static final class ByTime extends QueryBuilder<Event, ByTime> {
        ByTime(QuerySpec<Event> spec, int shards) {
            super(spec);
            if (shards > 0) {
                scatter("ByTime_shard", Shards.numbers(shards));
            } else {
                partitionKey("Bucket", AttributeValue.s("ALL"));
            }
        }

        public SortKeyCondition<Instant, ByTime> at() {
            return sortKey("At", Codecs.INSTANT);
        }
    }

    private Partita db;
    private Events scattered;
    private Events single;
    /** Requests and items read by queries (the limit(10) check). */
    final AtomicInteger requests = new AtomicInteger();

    final AtomicLong itemsRead = new AtomicLong();

    @Setup(Level.Trial)
    public void load() {
        Backend embedded = Storage.inMemory(StorageOptions.defaults());
        db = Partita.using(counting(embedded));
        scattered = new Events(db, "Scattered", shards);
        single = new Events(db, "Single", 0);
        Instant t0 = Instant.parse("2024-05-01T00:00:00Z");
        for (int i = 0; i < rows; i++) {
            Event e = new Event("e" + i, t0.plusMillis(i), i);
            scattered.put(e);
            single.put(e);
        }
        // the limit(10) gather reads one page of at most 10 items per shard and nothing more
        requests.set(0);
        itemsRead.set(0);
        List<Event> top = scattered.byTime().descending().limit(10).list();
        if (top.size() != 10 || requests.get() != shards || itemsRead.get() > 10L * shards) {
            throw new IllegalStateException(
                    "limit(10) read " + requests.get() + " pages, " + itemsRead.get() + " items");
        }
        System.out.printf(
                "%nlimit(10) over %d shards: %d requests, %d items read of %d%n",
                shards, requests.get(), itemsRead.get(), rows);
        if (scattered.byTime().list().size() != rows || single.byTime().list().size() != rows) {
            throw new IllegalStateException("row counts differ");
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        db.close();
    }

    /** One partition, {@code rows} rows. */
    @Benchmark
    public List<Event> singlePartition() {
        return single.byTime().list();
    }

    /** Every shard gathered and merged: the same {@code rows} rows. */
    @Benchmark
    public List<Event> gather() {
        return scattered.byTime().list();
    }

    /** {@link #gather()} with every shard read on the calling thread, one after the other (no hand-off). */
    @Benchmark
    public List<Event> gatherSequential() {
        return scattered.byTime().executor(Runnable::run).list();
    }

    /** The newest 10 over every shard. */
    @Benchmark
    public List<Event> gatherLimit10() {
        return scattered.byTime().descending().limit(10).list();
    }

    /** The newest 10 of one partition (for scale). */
    @Benchmark
    public List<Event> singlePartitionLimit10() {
        return single.byTime().descending().limit(10).list();
    }

    private Backend counting(Backend delegate) {
        return (Backend) Proxy.newProxyInstance(
                Backend.class.getClassLoader(), new Class<?>[] {Backend.class}, (proxy, method, args) -> {
                    try {
                        Object result = method.invoke(delegate, args);
                        if (result instanceof QueryResponse r && args[0] instanceof QueryRequest) {
                            requests.incrementAndGet();
                            itemsRead.addAndGet(r.count());
                        }
                        return result;
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
