package io.partita.samples.gamescores;

import io.partita.annotations.Attribute;
import io.partita.annotations.Gsi;
import io.partita.annotations.GsiKey;
import io.partita.annotations.KeyRole;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.Projection;
import io.partita.annotations.SortKey;
import io.partita.annotations.Sparse;
import io.partita.annotations.Table;
import java.time.Instant;

/**
 * A player's best result in one game (seed {@code 000}, "Global secondary indexes"). {@code GameTitleIndex}
 * answers "top scorers of a game" without a scan: partition key GameTitle, sort key TopScore, and Wins/Losses
 * projected so the leaderboard never touches the table. TopScore is {@link Sparse}: a player who has not
 * scored yet is not in the index.
 */
@Table(name = "GameScores")
@Gsi(
        name = "GameTitleIndex",
        projection = Projection.INCLUDE,
        include = {"Wins", "Losses"})
public record GameScore(
        @PartitionKey @Attribute("UserId") String userId,

        @SortKey @GsiKey(index = "GameTitleIndex") @Attribute("GameTitle")
        String gameTitle,

        @Sparse @GsiKey(index = "GameTitleIndex", role = KeyRole.SORT) @Attribute("TopScore")
        Integer topScore,

        @Attribute("TopScoreDateTime") Instant topScoreDateTime,
        @Attribute("Wins") int wins,
        @Attribute("Losses") int losses) {}
