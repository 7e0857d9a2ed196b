package io.partita.samples.gamescores;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Page;
import io.partita.Partita;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The facts seed 000 states about GameTitleIndex. */
class GameScoresSampleTest {
    private final Partita db = Partita.inMemory();
    private final GameScoresSample sample = new GameScoresSample(db);

    @BeforeEach
    void load() {
        assertThat(sample.loadFixtures()).isEqualTo(13);
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void topScoresComeHighestFirstWithTheProjectedWinsAndLosses() {
        List<GameScoreGameTitleIndexView> top = sample.top("Galaxy Invaders", 2);
        assertThat(top).extracting(GameScoreGameTitleIndexView::userId).containsExactly("101", "103");
        assertThat(top).extracting(GameScoreGameTitleIndexView::topScore).containsExactly(5842, 2317);
        assertThat(GameScoresSample.winRatio(top.get(1))).isEqualTo(40 / 3.0);
        assertThat(sample.top("Meteor Blasters", 10))
                .extracting(GameScoreGameTitleIndexView::topScore)
                .containsExactly(1000, 723);
    }

    @Test
    void theRepositoryQueryReportsTheCapacityItConsumedOnTheIndexAlone() {
        Page<GameScoreGameTitleIndexView> page = sample.topMeasured("Galaxy Invaders", 3);
        assertThat(page.items())
                .extracting(GameScoreGameTitleIndexView::userId)
                .containsExactlyElementsOf(sample.top("Galaxy Invaders", 3).stream()
                        .map(GameScoreGameTitleIndexView::userId)
                        .toList());
        assertThat(page.consumed().consumedCapacity()).singleElement().satisfies(c -> {
            assertThat(c.globalSecondaryIndexes()).containsOnlyKeys("GameTitleIndex");
            assertThat(c.table() == null ? 0 : c.table().readCapacityUnits()).isZero();
            assertThat(c.total().readCapacityUnits()).isPositive();
        });
    }

    @Test
    void cometQuestHasFourItemsInTheTableAndThreeInTheSparseIndex() {
        assertThat(sample.itemsInTable("Comet Quest")).isEqualTo(4);
        assertThat(sample.itemsInIndex("Comet Quest")).isEqualTo(3);
        assertThat(sample.scores()
                        .gameTitleIndex("Comet Quest")
                        .topScore()
                        .eq(0)
                        .list())
                .extracting(GameScoreGameTitleIndexView::userId)
                .containsExactlyInAnyOrder("123", "201", "301");
        assertThat(sample.scores().get("400", "Comet Quest"))
                .hasValueSatisfying(s -> assertThat(s.topScore()).isNull());
    }

    @Test
    void fixturesDecodeToEntities() {
        assertThat(sample.scores().get("101", "Galaxy Invaders")).hasValueSatisfying(s -> {
            assertThat(s.topScore()).isEqualTo(5842);
            assertThat(s.topScoreDateTime()).hasToString("2015-09-15T17:24:31Z");
        });
    }
}
