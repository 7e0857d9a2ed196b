package io.partita.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.Cursor;
import io.partita.MissingIndexKeyException;
import io.partita.Page;
import io.partita.Partita;
import io.partita.storage.ConditionalCheckFailedException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import seeds.gamescores.GameScore;
import seeds.gamescores.GameScoreGameTitleIndexView;
import seeds.gamescores.GameScoreRepository;

/** Seed 1: the GameScores leaderboard through its generated repository. */
class GameScoresTest {
    private final Partita db = TestDatabase.open();
    private final GameScoreRepository scores = GameScoreRepository.of(db);
    private static final Instant T = Instant.parse("2024-05-01T12:00:00Z");

    @AfterEach
    void close() {
        db.close();
    }

    private static GameScore score(String user, String game, Integer top, int wins) {
        return new GameScore(user, game, top, T, wins, 10 - wins);
    }

    @Test
    void putGetDeleteByKeyParts() {
        scores.put(score("u1", "Meteor Blasters", 1200, 7));
        assertThat(scores.get("u1", "Meteor Blasters")).contains(score("u1", "Meteor Blasters", 1200, 7));
        assertThat(scores.get("u1", "Other")).isEmpty();
        scores.delete("u1", "Meteor Blasters");
        assertThat(scores.get("u1", "Meteor Blasters")).isEmpty();
    }

    @Test
    void ofIsIdempotentAndTheTableDefinitionMatchesTheDesign() {
        GameScoreRepository again = GameScoreRepository.of(db);
        assertThat(again.tableDefinition()).isEqualTo(GameScoreRepository.TABLE);
        assertThat(GameScoreRepository.TABLE.name()).isEqualTo("GameScores");
        assertThat(GameScoreRepository.TABLE.partitionKey().name()).isEqualTo("UserId");
        assertThat(GameScoreRepository.TABLE.globalSecondaryIndexes())
                .singleElement()
                .satisfies(g -> assertThat(g.projection().nonKeyAttributes()).containsExactly("Wins", "Losses"));
        assertThat(scores.createTableJson()).contains("GameTitleIndex").contains("TopScore");
    }

    @Test
    void baseQueryWithSortKeyCondition() {
        scores.put(score("u1", "Meteor Blasters", 1, 1));
        scores.put(score("u1", "Meteor Storm", 2, 1));
        scores.put(score("u1", "Galaxy Invaders", 3, 1));
        scores.put(score("u2", "Meteor Blasters", 4, 1));
        List<GameScore> mine =
                scores.query("u1").gameTitle().beginsWith("Meteor").list();
        assertThat(mine).extracting(GameScore::gameTitle).containsExactly("Meteor Blasters", "Meteor Storm");
        assertThat(scores.query("u1").consistentRead().descending().list())
                .extracting(GameScore::gameTitle)
                .containsExactly("Meteor Storm", "Meteor Blasters", "Galaxy Invaders");
        assertThat(scores.query("u1").count()).isEqualTo(3);
        assertThat(scores.query("u1").gameTitle("Galaxy Invaders").first())
                .map(GameScore::topScore)
                .contains(3);
    }

    @Test
    void topScorersThroughTheIncludeViewDescendingWithLimit() {
        for (int i = 0; i < 20; i++) {
            scores.put(score("u" + i, "Meteor Blasters", i * 100, i % 10));
        }
        scores.put(score("x", "Other", 5000, 1));
        List<GameScoreGameTitleIndexView> top = scores.gameTitleIndex("Meteor Blasters")
                .topScore()
                .gt(1000)
                .descending()
                .limit(3)
                .list();
        assertThat(top).extracting(GameScoreGameTitleIndexView::topScore).containsExactly(1900, 1800, 1700);
        assertThat(top.get(0)).isEqualTo(new GameScoreGameTitleIndexView("u19", "Meteor Blasters", 1900, 9, 1));
    }

    @Test
    void sparseTopScoreLeavesTheItemOutOfTheIndex() {
        scores.put(score("u1", "Meteor Blasters", null, 0));
        assertThat(scores.get("u1", "Meteor Blasters")).map(GameScore::topScore).isEmpty();
        assertThat(scores.gameTitleIndex("Meteor Blasters").list()).isEmpty();
    }

    @Test
    void aNullNonSparseIndexKeyIsAWriteTimeErrorAndNothingIsWritten() {
        assertThatThrownBy(() -> scores.put(score("u1", null, 1, 0))).isInstanceOf(MissingIndexKeyException.class);
        assertThat(scores.query("u1").list()).isEmpty();
    }

    @Test
    void paginationWithCursorsThatSurviveToString() {
        for (int i = 0; i < 7; i++) {
            scores.put(score("p", "Game " + i, i, 0));
        }
        List<String> seen = new ArrayList<>();
        Page<GameScore> page = scores.query("p").limit(3).page();
        seen.addAll(page.items().stream().map(GameScore::gameTitle).toList());
        while (page.next().isPresent()) {
            Cursor c = Cursor.parse(page.next().get().toString());
            page = scores.query("p").limit(3).page(c);
            seen.addAll(page.items().stream().map(GameScore::gameTitle).toList());
        }
        assertThat(seen).hasSize(7).doesNotHaveDuplicates().isSorted();
    }

    @Test
    void conditionalWritesAndPartialUpdates() {
        scores.put(score("u1", "G", 10, 1));
        assertThatThrownBy(() -> scores.put(score("u1", "G", 20, 1), GameScoreRepository.TOP_SCORE.gt(100)))
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThat(scores.get("u1", "G")).map(GameScore::topScore).contains(10);
        scores.put(score("u1", "G", 20, 1), GameScoreRepository.TOP_SCORE.lt(100));
        GameScore updated = scores.update("u1", "G")
                .set(GameScoreRepository.WINS, 5)
                .add(GameScoreRepository.TOP_SCORE, 1)
                .execute();
        assertThat(updated.wins()).isEqualTo(5);
        assertThat(updated.topScore()).isEqualTo(21);
        assertThat(updated.topScoreDateTime()).isEqualTo(T);
        assertThat(scores.gameTitleIndex("G").topScore().eq(21).list()).hasSize(1);
    }

    @Test
    void removingTheSparseTopScoreTakesTheItemOutOfTheIndex() {
        scores.put(score("u1", "G", 10, 1));
        scores.update("u1", "G").remove(GameScoreRepository.TOP_SCORE).execute();
        assertThat(scores.gameTitleIndex("G").list()).isEmpty();
    }
}
