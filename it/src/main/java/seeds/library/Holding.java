package seeds.library;

import io.partita.annotations.GsiKey;
import io.partita.annotations.KeyRole;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.Scatter;
import io.partita.annotations.Table;

/**
 * A copy of a book held by a branch library. Two indexes have a multi-attribute partition key, whose parts are
 * given in named stages, so two Strings cannot be swapped without a compile error:
 *
 * <ul>
 *   <li>ByBranchGenre: the holdings of one branch and genre, newest first by year
 *       ({@code byBranchGenre().branch("Central").genre("SF").year().ge(2000)});
 *   <li>ByShelf: the holdings on one shelf of a branch by title, write-sharded over 4 shards (the shard is one more
 *       partition-key part, hidden from the query: {@code byShelf().branch("Central").shelf("A1")}).
 * </ul>
 */
@Table(name = "Holdings")
@Scatter(index = "ByShelf", shards = 4, by = "holdingId")
public record Holding(
        @PartitionKey String holdingId,

        @GsiKey(index = "ByBranchGenre", order = 0) @GsiKey(index = "ByShelf", order = 0)
        String branch,

        @GsiKey(index = "ByBranchGenre", order = 1) String genre,
        @GsiKey(index = "ByShelf", order = 1) String shelf,

        @GsiKey(index = "ByBranchGenre", role = KeyRole.SORT)
        int year,

        @GsiKey(index = "ByShelf", role = KeyRole.SORT) String title) {}
