package io.partita.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.Cursor;
import io.partita.GatherException;
import io.partita.GatherOptions;
import io.partita.Page;
import io.partita.Partita;
import io.partita.generated.EntityMapping;
import io.partita.generated.QuerySpec;
import io.partita.generated.Shards;
import io.partita.mapping.Codecs;
import io.partita.mapping.ItemSchema;
import io.partita.storage.Backend;
import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Gather queries over scattered GSIs: merge order, limits, cursors, counts, laziness, failures. */
class GatherTest {
    private static final Instant T0 = Instant.parse("2024-05-01T00:00:00Z");

    record Event(String id, Instant at, String filler) {}

    static final ItemSchema<Event> SCHEMA = ItemSchema.builder(Event.class)
            .attribute("Id", Event::id, Codecs.STRING)
            .attribute("At", Event::at, Codecs.INSTANT)
            .attribute("Filler", Event::filler, Codecs.STRING)
            .build(v -> new Event(v.get(0), v.get(1), v.get(2)));

    /** ByTime scattered over {@code shards} (or, with 0 shards, one constant partition "ALL"). */
    static final class Events extends EntityRepository<Event> {
        final int shards;

        Events(Partita db, String table, int shards) {
            super(db, mapping(table, shards));
            this.shards = shards;
        }

        private static EntityMapping<Event> mapping(String name, int shards) {
            KeyAttribute pk = shards > 0 ? KeyAttribute.n("ByTime_shard") : KeyAttribute.s("Bucket");
            TableDefinition table = TableDefinition.builder(name)
                    .partitionKey(KeyAttribute.s("Id"))
                    .globalSecondaryIndex(GlobalSecondaryIndex.of("ByTime", pk, KeyAttribute.s("At"), Projection.all()))
                    .build();
            EntityMapping.Builder<Event> b =
                    EntityMapping.builder(table, SCHEMA).indexKey("ByTime", "at", "At", Event::at, false);
            return shards > 0
                    ? b.computed("ByTime_shard", e -> AttributeValue.n(Shards.of(e.id(), shards)), "Id")
                            .build()
                    : b.computed("Bucket", e -> AttributeValue.s("ALL")).build();
        }

        ByTime byTime() {
            return new ByTime(indexQuery("ByTime"), shards);
        }

        static final class ByTime extends QueryBuilder<Event, ByTime> {
            ByTime(QuerySpec<Event> spec, int shards) {
                super(spec);
                if (shards > 0) {
                    scatter("ByTime_shard", Shards.numbers(shards));
                } else {
                    partitionKey("Bucket", AttributeValue.s("ALL"));
                }
            }

            SortKeyCondition<Instant, ByTime> at() {
                return sortKey("At", Codecs.INSTANT);
            }
        }
    }

    private static List<String> ids(List<Event> events) {
        return events.stream().map(Event::id).toList();
    }

    /** Every page of a query, cursors passed as text. */
    private static List<String> paged(Function<Cursor, Page<Event>> query) {
        List<String> out = new ArrayList<>();
        Cursor cursor = null;
        for (int guard = 0; guard < 10_000; guard++) {
            Page<Event> page = query.apply(cursor);
            out.addAll(ids(page.items()));
            if (!page.hasNext()) {
                return out;
            }
            cursor = Cursor.parse(page.next().orElseThrow().toString());
        }
        throw new AssertionError("paging does not end");
    }

    // ---- the property: a gather returns what one unsharded partition returns ------------------------------

    @Property(tries = 40)
    void merged_shards_read_like_one_partition(
            @ForAll long seed,
            @ForAll @IntRange(min = 2, max = 24) int shards,
            @ForAll @IntRange(min = 0, max = 120) int count,
            @ForAll @IntRange(min = 1, max = 4) int concurrency) {
        Random random = new Random(seed);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try (Partita db = Partita.inMemory()) {
            db.gatherOptions(new GatherOptions(random.nextBoolean() ? pool : Runnable::run, concurrency));
            Events sharded = new Events(db, "Sharded", shards);
            Events plain = new Events(db, "Plain", 0);
            for (int i = 0; i < count; i++) {
                // few distinct times: many ties, which the table key breaks
                Event e = new Event("e" + random.nextInt(1000), T0.plusSeconds(random.nextInt(15)), "x");
                sharded.put(e);
                plain.put(e);
            }
            Instant from = T0.plusSeconds(random.nextInt(8));
            Instant to = from.plusSeconds(random.nextInt(8));
            int limit = 1 + random.nextInt(25);
            int pageSize = 1 + random.nextInt(12);

            assertThat(ids(sharded.byTime().list()))
                    .isEqualTo(ids(plain.byTime().list()));
            assertThat(ids(sharded.byTime().descending().list()))
                    .isEqualTo(ids(plain.byTime().descending().list()));
            assertThat(ids(sharded.byTime().at().between(from, to).list()))
                    .isEqualTo(ids(plain.byTime().at().between(from, to).list()));
            assertThat(ids(sharded.byTime()
                            .at()
                            .ge(from)
                            .descending()
                            .limit(limit)
                            .list()))
                    .isEqualTo(ids(plain.byTime()
                            .at()
                            .ge(from)
                            .descending()
                            .limit(limit)
                            .list()));
            assertThat(sharded.byTime().at().lt(to).stream()
                            .limit(limit)
                            .map(Event::id)
                            .toList())
                    .isEqualTo(plain.byTime().at().lt(to).stream()
                            .limit(limit)
                            .map(Event::id)
                            .toList());
            assertThat(sharded.byTime().count()).isEqualTo(plain.byTime().count());
            assertThat(sharded.byTime().limit(limit).count())
                    .isEqualTo(plain.byTime().limit(limit).count());
            assertThat(sharded.byTime().first().map(Event::id))
                    .isEqualTo(plain.byTime().first().map(Event::id));
            boolean descending = random.nextBoolean();
            assertThat(paged(c -> {
                        Events.ByTime q = sharded.byTime().limit(pageSize);
                        return (descending ? q.descending() : q).page(c);
                    }))
                    .isEqualTo(ids(
                            descending
                                    ? plain.byTime().descending().list()
                                    : plain.byTime().list()));
        } finally {
            pool.shutdownNow();
        }
    }

    // ---- limits, laziness -----------------------------------------------------------------------------------

    @Test
    void limit_reads_one_page_per_shard_and_each_asks_only_for_the_limit() {
        AtomicInteger queries = new AtomicInteger();
        List<Integer> limits = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (Partita db =
                Partita.using(recording(Storage.inMemory(StorageOptions.defaults()), queries, limits, null))) {
            Events events = new Events(db, "Events", 100);
            for (int i = 0; i < 3000; i++) {
                events.put(new Event("e" + i, T0.plusSeconds(i), "x"));
            }
            queries.set(0);
            limits.clear();
            List<Event> top = events.byTime().descending().limit(10).list();
            assertThat(ids(top))
                    .containsExactly(
                            "e2999", "e2998", "e2997", "e2996", "e2995", "e2994", "e2993", "e2992", "e2991", "e2990");
            assertThat(queries.get()).isEqualTo(100); // the first page of each shard, nothing more
            assertThat(limits).allMatch(l -> l == 10);

            queries.set(0);
            assertThat(events.byTime().first().map(Event::id)).contains("e0");
            assertThat(queries.get()).isEqualTo(100);
        }
    }

    @Test
    void stream_is_lazy_with_one_page_of_prefetch_per_shard() {
        AtomicInteger queries = new AtomicInteger();
        String filler = "f".repeat(20_000); // about 50 items per 1 MB page
        try (Partita db = Partita.using(recording(Storage.inMemory(StorageOptions.defaults()), queries, null, null))) {
            Events events = new Events(db, "Events", 4);
            for (int i = 0; i < 600; i++) {
                events.put(new Event("e" + i, T0.plusSeconds(i), filler));
            }
            queries.set(0);
            try (Stream<Event> s = events.byTime().stream()) {
                assertThat(s.findFirst().map(Event::id)).contains("e0");
            }
            assertThat(queries.get()).isBetween(4, 8); // first pages, plus at most one prefetched page per shard
            queries.set(0);
            assertThat(events.byTime().list()).hasSize(600);
            assertThat(queries.get()).isGreaterThanOrEqualTo(12);
        }
    }

    // ---- failures ---------------------------------------------------------------------------------------------

    @Test
    void a_failing_shard_fails_the_whole_query_with_its_cause() {
        AtomicInteger queries = new AtomicInteger();
        AttributeValue bad = AttributeValue.n(7);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (Partita db = Partita.using(recording(Storage.inMemory(StorageOptions.defaults()), queries, null, bad))) {
            db.retryPolicy(io.partita.RetryPolicy.none());
            Events events = new Events(db, "Events", 20);
            for (int i = 0; i < 200; i++) {
                events.put(new Event("e" + i, T0.plusSeconds(i), "x"));
            }
            for (GatherOptions options : List.of(new GatherOptions(Runnable::run, 1), new GatherOptions(pool, 4))) {
                db.gatherOptions(options);
                assertThatThrownBy(() -> events.byTime().list())
                        .isInstanceOf(GatherException.class)
                        .hasMessageContaining("Shard 7 of 20")
                        .hasCauseInstanceOf(ProvisionedThroughputExceededException.class)
                        .satisfies(
                                e -> assertThat(((GatherException) e).shard()).isEqualTo(7));
                assertThatThrownBy(() -> events.byTime().count())
                        .isInstanceOf(GatherException.class)
                        .hasCauseInstanceOf(ProvisionedThroughputExceededException.class);
                assertThatThrownBy(() -> events.byTime().limit(5).page()).isInstanceOf(GatherException.class);
            }
            // sequentially, the shards after the failed one are never read
            db.gatherOptions(new GatherOptions(Runnable::run, 1));
            queries.set(0);
            assertThatThrownBy(() -> events.byTime().list()).isInstanceOf(GatherException.class);
            assertThat(queries.get()).isEqualTo(8);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void per_query_executor_and_concurrency_override_the_database_defaults() {
        AtomicInteger ran = new AtomicInteger();
        try (Partita db = Partita.inMemory()) {
            Events events = new Events(db, "Events", 8);
            for (int i = 0; i < 50; i++) {
                events.put(new Event("e" + i, T0.plusSeconds(i), "x"));
            }
            List<Event> all = events.byTime()
                    .executor(r -> {
                        ran.incrementAndGet();
                        r.run();
                    })
                    .concurrency(2)
                    .list();
            assertThat(all).hasSize(50).extracting(Event::at).isSorted();
            assertThat(ran.get()).isBetween(1, 8);
            assertThatThrownBy(() -> events.byTime().concurrency(0)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void cursors_capture_every_shard_position_and_resume_across_instances() {
        try (Partita db = Partita.inMemory()) {
            Events events = new Events(db, "Events", 5);
            for (int i = 0; i < 23; i++) {
                events.put(new Event("e" + i, T0.plusSeconds(i), "x"));
            }
            Page<Event> first = events.byTime().limit(10).page();
            assertThat(ids(first.items()))
                    .containsExactlyElementsOf(java.util.stream.IntStream.range(0, 10)
                            .mapToObj(i -> "e" + i)
                            .toList());
            Cursor cursor = first.next().orElseThrow();
            assertThat(cursor.positions()).hasSize(5);
            Page<Event> second = events.byTime().limit(10).page(Cursor.parse(cursor.toString()));
            Page<Event> third = events.byTime().limit(10).page(second.next().orElseThrow());
            assertThat(ids(third.items())).containsExactly("e20", "e21", "e22");
            assertThat(third.hasNext()).isFalse();
        }
    }

    /** Counts queries, records their limits, and throttles every query on {@code failing} shard value. */
    static Backend recording(Backend delegate, AtomicInteger queries, List<Integer> limits, AttributeValue failing) {
        return new CountingBackend(delegate, queries) {
            @Override
            public QueryResponse query(QueryRequest r) {
                if (limits != null) {
                    limits.add(r.limit());
                }
                if (failing != null && r.expressionAttributeValues().containsValue(failing)) {
                    queries.incrementAndGet();
                    throw new ProvisionedThroughputExceededException("throttled (test)");
                }
                return super.query(r);
            }

            @Override
            public void close() {
                delegate.close();
            }
        };
    }
}
