package seeds.articles;

import io.partita.annotations.Attribute;
import io.partita.annotations.Counter;
import io.partita.annotations.CreatedAt;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.Table;
import io.partita.annotations.UpdatedAt;

/**
 * Per-page statistics updated without reads: timestamps as epoch milliseconds (numbers), a counter of hits
 * counted in fives from 0 ({@code ADD}) and credits counted down from 1000 ({@code SET if_not_exists(...) + ...}).
 */
@Table(name = "PageStats")
public record PageStats(
        @PartitionKey String page,
        @CreatedAt @Attribute("FirstSeen") long firstSeenMillis,
        @UpdatedAt @Attribute("LastSeen") Long lastSeenMillis,
        @Counter(delta = 5) int hits,
        @Counter(delta = -1, start = 1000) Long credits) {}
