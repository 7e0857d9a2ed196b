package seeds.gamescores;

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

/** A player's best result in one game; the GSI answers "top scorers of a game" without a scan. */
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
