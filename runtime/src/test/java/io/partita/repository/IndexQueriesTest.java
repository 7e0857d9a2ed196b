package io.partita.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.Cursor;
import io.partita.Page;
import io.partita.Partita;
import io.partita.generated.EntityMapping;
import io.partita.generated.QuerySpec;
import io.partita.mapping.Codecs;
import io.partita.mapping.ItemSchema;
import io.partita.mapping.KeyFormat;
import io.partita.storage.Storage;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** LSI fetches, native multi-attribute GSI keys with staged builders, and the scatter-gather seam. */
class IndexQueriesTest {
    private Partita db;

    @BeforeEach
    void open() {
        db = Partita.inMemory();
    }

    @AfterEach
    void close() {
        ((Storage) db.backend()).checkInvariants();
        db.close();
    }

    // ---- seed 001: Thread with LSI LastPostIndex INCLUDE Replies; Tags are not projected ---------------

    record ForumThread(String forumName, String subject, Instant lastPostDateTime, int replies, Set<String> tags) {}

    static final class ThreadRepository extends EntityRepository<ForumThread> {
        static final TableDefinition TABLE = TableDefinition.builder("Thread")
                .partitionKey(KeyAttribute.s("ForumName"))
                .sortKey(KeyAttribute.s("Subject"))
                .localSecondaryIndex("LastPostIndex", KeyAttribute.s("LastPostDateTime"), Projection.include("Replies"))
                .build();
        static final ItemSchema<ForumThread> SCHEMA = ItemSchema.builder(ForumThread.class)
                .attribute("ForumName", ForumThread::forumName, Codecs.STRING)
                .attribute("Subject", ForumThread::subject, Codecs.STRING)
                .attribute("LastPostDateTime", ForumThread::lastPostDateTime, Codecs.INSTANT)
                .attribute("Replies", ForumThread::replies, Codecs.PRIMITIVE_INT)
                .attribute("Tags", ForumThread::tags, Codecs.set(Codecs.STRING))
                .build(v -> new ForumThread(v.get(0), v.get(1), v.get(2), v.get(3), v.get(4)));
        static final EntityMapping<ForumThread> MAPPING = EntityMapping.builder(TABLE, SCHEMA)
                .indexKey("LastPostIndex", "lastPostDateTime", "LastPostDateTime", ForumThread::lastPostDateTime, false)
                .build();

        ThreadRepository(Partita db) {
            super(db, MAPPING);
        }

        LastPostIndexQuery lastPostIndex(String forumName) {
            return new LastPostIndexQuery(indexQuery("LastPostIndex"), forumName);
        }

        static final class LastPostIndexQuery extends ConsistentQueryBuilder<ForumThread, LastPostIndexQuery> {
            LastPostIndexQuery(QuerySpec<ForumThread> spec, String forumName) {
                super(spec);
                partitionKey("ForumName", AttributeValue.s(forumName));
            }

            SortKeyCondition<Instant, LastPostIndexQuery> lastPostDateTime() {
                return sortKey("LastPostDateTime", Codecs.INSTANT);
            }
        }
    }

    @Test
    void lsi_query_returns_entities_with_unprojected_attributes_fetched() {
        ThreadRepository threads = new ThreadRepository(db);
        Instant t0 = Instant.parse("2024-05-01T00:00:00Z");
        for (int i = 0; i < 5; i++) {
            threads.put(new ForumThread("S3", "Subject " + i, t0.plusSeconds(3600L * i), i, Set.of("tag" + i)));
        }
        List<ForumThread> window = threads.lastPostIndex("S3")
                .lastPostDateTime()
                .between(t0.plusSeconds(3600), t0.plusSeconds(3 * 3600))
                .consistentRead()
                .list();
        assertThat(window).extracting(ForumThread::subject).containsExactly("Subject 1", "Subject 2", "Subject 3");
        assertThat(window.get(0).tags()).containsExactly("tag1");
    }

    // ---- seed 003: business directory, GSI ByLocation: BusinessType + Country/State/City ----------------

    record Business(String id, String type, String country, String state, String city) {}

    static final class BusinessRepository extends EntityRepository<Business> {
        static final TableDefinition TABLE = TableDefinition.builder("Businesses")
                .partitionKey(KeyAttribute.s("Id"))
                .globalSecondaryIndex(new GlobalSecondaryIndex(
                        "ByLocation",
                        List.of(KeyAttribute.s("BusinessType")),
                        List.of(KeyAttribute.s("Country"), KeyAttribute.s("State"), KeyAttribute.s("City")),
                        Projection.all()))
                .build();
        static final ItemSchema<Business> SCHEMA = ItemSchema.builder(Business.class)
                .attribute("Id", Business::id, Codecs.STRING)
                .attribute("BusinessType", Business::type, Codecs.STRING)
                .attribute("Country", Business::country, Codecs.STRING)
                .attribute("State", Business::state, Codecs.STRING)
                .attribute("City", Business::city, Codecs.STRING)
                .build(v -> new Business(v.get(0), v.get(1), v.get(2), v.get(3), v.get(4)));

        BusinessRepository(Partita db) {
            super(db, EntityMapping.builder(TABLE, SCHEMA).build());
        }

        ByLocation byLocation(String type) {
            return new ByLocation(indexQuery("ByLocation"), type);
        }

        static final class ByLocation extends QueryBuilder<Business, ByLocation> {
            ByLocation(QuerySpec<Business> spec, String type) {
                super(spec);
                partitionKey("BusinessType", AttributeValue.s(type));
            }

            ByLocationCountry country(String country) {
                return new ByLocationCountry(this, country);
            }

            StringSortKeyCondition<ByLocation> country() {
                return stringSortKey("Country");
            }
        }

        static final class ByLocationCountry extends QueryBuilder<Business, ByLocationCountry> {
            ByLocationCountry(QueryBuilder<Business, ?> previous, String country) {
                super(previous);
                sortKeyEquals("Country", AttributeValue.s(country));
            }

            ByLocationState state(String state) {
                return new ByLocationState(this, state);
            }

            StringSortKeyCondition<ByLocationCountry> state() {
                return stringSortKey("State");
            }
        }

        static final class ByLocationState extends QueryBuilder<Business, ByLocationState> {
            ByLocationState(QueryBuilder<Business, ?> previous, String state) {
                super(previous);
                sortKeyEquals("State", AttributeValue.s(state));
            }

            StringSortKeyCondition<ByLocationState> city() {
                return stringSortKey("City");
            }
        }
    }

    @Test
    void staged_builder_over_a_native_multi_attribute_sort_key() {
        BusinessRepository directory = new BusinessRepository(db);
        directory.put(new Business("1", "CoffeeShop", "USA", "Washington", "Seattle"));
        directory.put(new Business("2", "CoffeeShop", "USA", "Washington", "Tacoma"));
        directory.put(new Business("3", "CoffeeShop", "USA", "Oregon", "Portland"));
        directory.put(new Business("4", "CoffeeShop", "Canada", "BC", "Vancouver"));
        directory.put(new Business("5", "Bakery", "USA", "Washington", "Seattle"));
        assertThat(ids(directory.byLocation("CoffeeShop").list())).containsExactly("4", "3", "1", "2");
        assertThat(ids(directory.byLocation("CoffeeShop").country("USA").list()))
                .containsExactly("3", "1", "2");
        assertThat(ids(directory
                        .byLocation("CoffeeShop")
                        .country("USA")
                        .state("Washington")
                        .list()))
                .containsExactly("1", "2");
        assertThat(ids(directory
                        .byLocation("CoffeeShop")
                        .country("USA")
                        .state()
                        .beginsWith("Wash")
                        .list()))
                .containsExactly("1", "2");
        assertThat(ids(directory
                        .byLocation("CoffeeShop")
                        .country("USA")
                        .state("Washington")
                        .city()
                        .gt("Seattle")
                        .list()))
                .containsExactly("2");
        assertThat(ids(directory.byLocation("CoffeeShop").country().lt("D").list()))
                .containsExactly("4");
        assertThat(directory.byLocation("CoffeeShop").country("USA").count()).isEqualTo(3);
    }

    // ---- seed 004: events scattered over shards of a GSI on event time ---------------------------------

    record Event(String id, Instant at) {}

    static final class EventRepository extends EntityRepository<Event> {
        static final int SHARDS = 4;
        static final TableDefinition TABLE = TableDefinition.builder("Events")
                .partitionKey(KeyAttribute.s("Id"))
                .globalSecondaryIndex(GlobalSecondaryIndex.of(
                        "ByTime", KeyAttribute.n("ByTime_shard"), KeyAttribute.s("At"), Projection.all()))
                .build();
        static final ItemSchema<Event> SCHEMA = ItemSchema.builder(Event.class)
                .attribute("Id", Event::id, Codecs.STRING)
                .attribute("At", Event::at, Codecs.INSTANT)
                .build(v -> new Event(v.get(0), v.get(1)));

        EventRepository(Partita db) {
            super(
                    db,
                    EntityMapping.builder(TABLE, SCHEMA)
                            .computed(
                                    "ByTime_shard",
                                    e -> AttributeValue.n(Math.floorMod(e.id().hashCode(), SHARDS)),
                                    "Id")
                            .indexKey("ByTime", "at", "At", Event::at, false)
                            .build());
        }

        ByTime byTime() {
            return new ByTime(indexQuery("ByTime"));
        }

        static final class ByTime extends QueryBuilder<Event, ByTime> {
            ByTime(QuerySpec<Event> spec) {
                super(spec);
                scatter(
                        "ByTime_shard",
                        IntStream.range(0, SHARDS)
                                .mapToObj(i -> (AttributeValue) AttributeValue.n(i))
                                .toList());
            }

            SortKeyCondition<Instant, ByTime> at() {
                return sortKey("At", Codecs.INSTANT);
            }
        }
    }

    @Test
    void scattered_query_merges_shards_in_sort_order_with_limits_counts_and_cursors() {
        EventRepository events = new EventRepository(db);
        Instant t0 = Instant.parse("2024-05-01T00:00:00Z");
        for (int i = 0; i < 40; i++) {
            events.put(new Event("e" + i, t0.plusSeconds(i)));
        }
        List<Event> since = events.byTime().at().ge(t0.plusSeconds(10)).list();
        assertThat(since).hasSize(30).extracting(Event::at).isSorted();
        assertThat(events.byTime()
                        .at()
                        .ge(t0.plusSeconds(10))
                        .descending()
                        .limit(3)
                        .list())
                .extracting(Event::id)
                .containsExactly("e39", "e38", "e37");
        assertThat(events.byTime().count()).isEqualTo(40);
        assertThat(events.byTime().limit(7).count()).isEqualTo(7);

        List<String> paged = new ArrayList<>();
        Page<Event> page = events.byTime().limit(7).page();
        paged.addAll(page.items().stream().map(Event::id).toList());
        while (page.hasNext()) {
            page = events.byTime()
                    .limit(7)
                    .page(Cursor.parse(page.next().orElseThrow().toString()));
            paged.addAll(page.items().stream().map(Event::id).toList());
        }
        assertThat(paged)
                .containsExactlyElementsOf(
                        IntStream.range(0, 40).mapToObj(i -> "e" + i).toList());
        assertThatThrownBy(() -> events.byTime().page(Cursor.of(java.util.Map.of("Id", AttributeValue.s("x")))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("shards");
    }

    @Test
    void template_sortable_number_ranges() {
        // a sort-key template "SCORE#{score:sortable}" over negative and positive numbers
        record Score(String player, long score) {}
        TableDefinition table = TableDefinition.builder("Scores")
                .partitionKey(KeyAttribute.s("Player"))
                .sortKey(KeyAttribute.s("SK"))
                .build();
        ItemSchema<Score> schema = ItemSchema.builder(Score.class)
                .attribute("Player", Score::player, Codecs.STRING)
                .attribute("Score", Score::score, Codecs.PRIMITIVE_LONG)
                .build(v -> new Score(v.get(0), v.get(1)));
        EntityMapping<Score> mapping = EntityMapping.builder(table, schema)
                .computedString("SK", s -> KeyFormat.join("SCORE#", KeyFormat.sortable(s.score())), "Score")
                .build();
        final class ScoreRepository extends EntityRepository<Score> {
            ScoreRepository() {
                super(db, mapping);
            }

            final class Q extends ConsistentQueryBuilder<Score, Q> {
                Q(String player) {
                    super(tableQuery());
                    partitionKey("Player", AttributeValue.s(player));
                    sortKeyBeginsWith("SK", "SCORE#");
                }

                SortKeyCondition<Long, Q> score() {
                    return templateSortKey("SK", "SCORE#", "", KeyFormat::sortable, true);
                }
            }
        }
        ScoreRepository scores = new ScoreRepository();
        for (long s : new long[] {-1000, -5, 0, 7, 1_000_000}) {
            scores.put(new Score("p", s));
        }
        assertThat(scores.new Q("p").list()).extracting(Score::score).containsExactly(-1000L, -5L, 0L, 7L, 1_000_000L);
        assertThat(scores.new Q("p").score().lt(0L).list())
                .extracting(Score::score)
                .containsExactly(-1000L, -5L);
        assertThat(scores.new Q("p").score().le(0L).list())
                .extracting(Score::score)
                .containsExactly(-1000L, -5L, 0L);
        assertThat(scores.new Q("p").score().gt(-5L).list())
                .extracting(Score::score)
                .containsExactly(0L, 7L, 1_000_000L);
        assertThat(scores.new Q("p").score().between(-5L, 7L).list())
                .extracting(Score::score)
                .containsExactly(-5L, 0L, 7L);
        assertThat(scores.new Q("p").score().eq(7L).list())
                .extracting(Score::score)
                .containsExactly(7L);
    }

    private static List<String> ids(List<Business> list) {
        return list.stream().map(Business::id).toList();
    }
}
