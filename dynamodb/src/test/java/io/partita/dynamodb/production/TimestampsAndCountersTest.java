package io.partita.dynamodb.production;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.Partita;
import io.partita.storage.ConditionalCheckFailedException;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.value.AttributeValue;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import seeds.articles.Article;
import seeds.articles.ArticleRepository;
import seeds.articles.PageStats;
import seeds.articles.PageStatsRepository;

/**
 * {@code @CreatedAt}, {@code @UpdatedAt} and {@code @Counter} on the embedded core and on DynamoDB Local, with the
 * database's clock set by the test: the same requests, the same stored items, the same entities back.
 */
class TimestampsAndCountersTest {
    private static final Instant T1 = Instant.parse("2026-03-01T10:00:00.123456Z");
    private static final Instant T2 = T1.plus(Duration.ofMinutes(5));
    private static final Instant T3 = T1.plus(Duration.ofHours(2));

    /** A clock the test moves. */
    private static final class SettableClock extends Clock {
        private volatile Instant now = T1;

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    private final SettableClock clock = new SettableClock();

    private Partita open(Backends backend) {
        Partita db = backend.builder().clock(clock).build();
        db.tables().createIfMissing(ArticleRepository.TABLE, PageStatsRepository.TABLE);
        return db;
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void putStampsANewEntityAndKeepsItsCreationTimeWhenPutAgain(Backends backend) {
        try (Partita db = open(backend)) {
            ArticleRepository articles = ArticleRepository.of(db);
            Article stored = articles.put(Article.draft("a1", "ada", "Notes"));
            assertThat(stored).isEqualTo(new Article("a1", "ada", "Notes", T1, T1, 0, 1L));
            assertThat(articles.get("a1")).contains(stored);

            clock.now = T2;
            Article edited = articles.put(new Article("a1", "ada", "Notes, edited", stored.createdAt(), null, 0, 1L));
            assertThat(edited).isEqualTo(new Article("a1", "ada", "Notes, edited", T1, T2, 0, 2L));
            // the versioned put path still refuses a stale entity
            assertThatThrownBy(() -> articles.put(stored)).isInstanceOf(ConditionalCheckFailedException.class);
            assertThat(articles.get(articles.key("a1"), true)).contains(edited);
        }
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void updateSetsUpdatedAtAndCountsWithoutReading(Backends backend) {
        try (Partita db = open(backend)) {
            ArticleRepository articles = ArticleRepository.of(db);
            articles.put(Article.draft("a1", "ada", "Notes"));

            clock.now = T2;
            Article once =
                    articles.update("a1").set(ArticleRepository.TITLE, "New").execute();
            assertThat(once).isEqualTo(new Article("a1", "ada", "New", T1, T2, 1, 2L));

            clock.now = T3;
            Article twice =
                    articles.update("a1").add(ArticleRepository.VIEWS, 10L).execute();
            assertThat(twice.views()).isEqualTo(11); // the explicit amount replaces the delta
            assertThat(twice.createdAt()).isEqualTo(T1);
            assertThat(twice.updatedAt()).isEqualTo(T3);

            // an explicit value wins over the clock
            Instant backdated = T1.minus(Duration.ofDays(1));
            Article set = articles.update("a1")
                    .set(ArticleRepository.UPDATED_AT, backdated)
                    .execute();
            assertThat(set.updatedAt()).isEqualTo(backdated);
            assertThat(set.views()).isEqualTo(12);
        }
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void anUpdateThatCreatesTheItemStampsItsCreation(Backends backend) {
        try (Partita db = open(backend)) {
            ArticleRepository articles = ArticleRepository.of(db);
            Article created =
                    articles.update("a9").set(ArticleRepository.AUTHOR, "bob").execute();
            assertThat(created).isEqualTo(new Article("a9", "bob", null, T1, T1, 1, 1L));
        }
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void anIndexSortedByUpdatedAtListsTheLatestChangeFirst(Backends backend) {
        try (Partita db = open(backend)) {
            ArticleRepository articles = ArticleRepository.of(db);
            articles.put(Article.draft("a1", "ada", "First"));
            clock.now = T2;
            articles.put(Article.draft("a2", "ada", "Second"));
            clock.now = T3;
            articles.update("a1").set(ArticleRepository.TITLE, "First, revised").execute();
            assertThat(articles.byAuthor("ada").descending().list())
                    .extracting(Article::articleId)
                    .containsExactly("a1", "a2");
            assertThat(articles.byAuthor("ada").updatedAt().ge(T3).list())
                    .extracting(Article::title)
                    .containsExactly("First, revised");
        }
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void epochMillisAndCountersWithDeltaAndStart(Backends backend) {
        try (Partita db = open(backend)) {
            PageStatsRepository stats = PageStatsRepository.of(db);
            // never written: the update starts the counters from their start values
            PageStats first = stats.update("/home").execute();
            assertThat(first).isEqualTo(new PageStats("/home", T1.toEpochMilli(), T1.toEpochMilli(), 5, 999L));
            clock.now = T2;
            PageStats second = stats.update("/home").execute();
            assertThat(second).isEqualTo(new PageStats("/home", T1.toEpochMilli(), T2.toEpochMilli(), 10, 998L));
            Map<String, AttributeValue> item = db.backend()
                    .getItem(GetItemRequest.builder()
                            .tableName(db.tableName("PageStats"))
                            .key(Map.of("page", AttributeValue.s("/home")))
                            .consistentRead(true)
                            .build())
                    .item();
            assertThat(item)
                    .containsEntry("FirstSeen", AttributeValue.n(T1.toEpochMilli()))
                    .containsEntry("LastSeen", AttributeValue.n(T2.toEpochMilli()))
                    .containsEntry("credits", AttributeValue.n(998));

            // a put of a new entity: 0 / null mean "not set", so the start values and now are written
            clock.now = T3;
            assertThat(stats.put(new PageStats("/about", 0, null, 0, null)))
                    .isEqualTo(new PageStats("/about", T3.toEpochMilli(), T3.toEpochMilli(), 0, 1000L));
        }
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void transactionsAndBatchesApplyThemToo(Backends backend) {
        try (Partita db = open(backend)) {
            ArticleRepository articles = ArticleRepository.of(db);
            PageStatsRepository stats = PageStatsRepository.of(db);
            db.transact(
                    tx -> tx.put(articles, Article.draft("a1", "ada", "Notes")).update(stats.update("/a1")));
            assertThat(articles.get(articles.key("a1"), true))
                    .contains(new Article("a1", "ada", "Notes", T1, T1, 0, 1L));
            assertThat(stats.get("/a1").orElseThrow().hits()).isEqualTo(5);

            clock.now = T2;
            db.batchWrite(b -> b.put(stats, new PageStats("/b", 0, null, 0, null)));
            assertThat(stats.get("/b")).contains(new PageStats("/b", T2.toEpochMilli(), T2.toEpochMilli(), 0, 1000L));
        }
    }
}
