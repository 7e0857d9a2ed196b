package io.partita.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import seeds.articles.Article;
import seeds.articles.ArticleRepository;
import seeds.articles.PageStats;
import seeds.articles.PageStatsRepository;

/**
 * {@code @CreatedAt}, {@code @UpdatedAt} and {@code @Counter} on whatever database the suite runs on (embedded,
 * durable, DynamoDB Local, the server), with the system clock: stamps fall between the instants around the call.
 * The dynamodb module's {@code production.TimestampsAndCountersTest} checks exact values with a settable clock.
 */
class AutoValuesTest {
    private final Partita db = TestDatabase.open();
    private final ArticleRepository articles = ArticleRepository.of(db);
    private final PageStatsRepository stats = PageStatsRepository.of(db);

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void putStampsAndUpdateCounts() {
        Instant before = Instant.now();
        Article stored = articles.put(Article.draft("a1", "ada", "Notes"));
        Instant afterPut = Instant.now();
        assertThat(stored.createdAt()).isBetween(before, afterPut).isEqualTo(stored.updatedAt());
        assertThat(stored.views()).isZero();
        assertThat(stored.version()).isEqualTo(1L);
        assertThat(articles.get(articles.key("a1"), true)).contains(stored);

        Article updated = articles.update("a1")
                .set(ArticleRepository.TITLE, "Notes, revised")
                .execute();
        assertThat(updated.createdAt()).isEqualTo(stored.createdAt());
        assertThat(updated.updatedAt()).isAfterOrEqualTo(afterPut).isBeforeOrEqualTo(Instant.now());
        assertThat(updated.views()).isEqualTo(1);
        assertThat(articles.update("a1").execute().views()).isEqualTo(2);
        assertThat(articles.byAuthor("ada").list()).extracting(Article::title).containsExactly("Notes, revised");
    }

    @Test
    void countersWithDeltaAndStartAndEpochMillis() {
        long before = System.currentTimeMillis();
        PageStats first = stats.update("/home").execute();
        PageStats second = stats.update("/home").execute();
        long after = System.currentTimeMillis();
        assertThat(first.hits()).isEqualTo(5);
        assertThat(first.credits()).isEqualTo(999L);
        assertThat(second.hits()).isEqualTo(10);
        assertThat(second.credits()).isEqualTo(998L);
        assertThat(second.firstSeenMillis()).isEqualTo(first.firstSeenMillis()).isBetween(before, after);
        assertThat(second.lastSeenMillis()).isBetween(first.lastSeenMillis(), after);
    }
}
