package seeds.articles;

import io.partita.annotations.Counter;
import io.partita.annotations.CreatedAt;
import io.partita.annotations.GsiKey;
import io.partita.annotations.KeyRole;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.Table;
import io.partita.annotations.UpdatedAt;
import io.partita.annotations.Version;
import java.time.Instant;

/**
 * Access patterns: article by id; an author's articles, most recently changed first (GSI ByAuthor, sorted by the
 * automatic {@code updatedAt}). The repository writes {@code createdAt}, {@code updatedAt} and counts {@code views}
 * on every update; edits are optimistic ({@code @Version}).
 */
@Table(name = "Articles")
public record Article(
        @PartitionKey String articleId,
        @GsiKey(index = "ByAuthor") String author,
        String title,
        @CreatedAt Instant createdAt,

        @GsiKey(index = "ByAuthor", role = KeyRole.SORT) @UpdatedAt
        Instant updatedAt,

        @Counter long views,
        @Version Long version) {

    /** A new article: no timestamps, no views, no version yet (the repository fills them in). */
    public static Article draft(String articleId, String author, String title) {
        return new Article(articleId, author, title, null, null, 0, null);
    }
}
