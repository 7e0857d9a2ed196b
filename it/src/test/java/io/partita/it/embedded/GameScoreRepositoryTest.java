package io.partita.it.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.Condition;
import io.partita.Cursor;
import io.partita.MissingIndexKeyException;
import io.partita.Page;
import io.partita.Partita;
import io.partita.spi.ForwardingBackend;
import io.partita.storage.Backend;
import io.partita.storage.ConditionalCheckFailedException;
import io.partita.storage.Storage;
import io.partita.storage.ValidationException;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.value.AttributeValue;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import seeds.gamescores.GameScore;
import seeds.gamescores.GameScoreGameTitleIndexView;
import seeds.gamescores.GameScoreRepository;

/**
 * Every capability of a generated single-table repository, against the embedded core (seed 000's data), on the
 * processor's real output for {@code seeds.gamescores.GameScore}.
 */
class GameScoreRepositoryTest {
    private static final Instant T = Instant.parse("2015-09-15T17:24:31Z");
    private Partita db;
    private GameScoreRepository scores;

    @BeforeEach
    void open() {
        db = Partita.inMemory();
        scores = GameScoreRepository.of(db);
        put("101", "Galaxy Invaders", 5842, 21, 72);
        put("101", "Meteor Blasters", 1000, 12, 3);
        put("101", "Starship X", 24, 4, 9);
        put("102", "Alien Adventure", 192, 32, 192);
        put("102", "Galaxy Invaders", 0, 0, 5);
        put("103", "Attack Ships", 3, 1, 8);
        put("103", "Galaxy Invaders", 2317, 40, 3);
        put("103", "Meteor Blasters", 723, 22, 12);
        put("103", "Starship X", 42, 4, 19);
    }

    @AfterEach
    void close() {
        ((Storage) db.backend()).checkInvariants();
        db.close();
    }

    private void put(String user, String title, Integer top, int wins, int losses) {
        scores.put(new GameScore(user, title, top, T, wins, losses));
    }

    @Test
    void of_creates_the_table_once_and_reopening_is_harmless() {
        assertThat(db.backend().listTables()).containsExactly("GameScores");
        GameScoreRepository again = GameScoreRepository.of(db);
        assertThat(again.get("101", "Starship X")).isPresent();
        assertThat(again.tableDefinition().name()).isEqualTo("GameScores");
    }

    @Test
    void put_get_delete_round_trip() {
        assertThat(scores.get("101", "Meteor Blasters"))
                .contains(new GameScore("101", "Meteor Blasters", 1000, T, 12, 3));
        assertThat(scores.get(scores.key("101", "Meteor Blasters"), true)).isPresent();
        scores.delete("101", "Meteor Blasters");
        assertThat(scores.get("101", "Meteor Blasters")).isEmpty();
        assertThat(scores.get("nobody", "nothing")).isEmpty();
    }

    @Test
    void base_table_query_with_sort_key_conditions() {
        assertThat(titles(scores.query("101").list()))
                .containsExactly("Galaxy Invaders", "Meteor Blasters", "Starship X");
        assertThat(titles(scores.query("101").gameTitle().beginsWith("Meteor").list()))
                .containsExactly("Meteor Blasters");
        assertThat(titles(scores.query("103").gameTitle().lt("Meteor Blasters").list()))
                .containsExactly("Attack Ships", "Galaxy Invaders");
        assertThat(titles(scores.query("103").gameTitle().le("Meteor Blasters").list()))
                .hasSize(3);
        assertThat(titles(scores.query("103").gameTitle().gt("Galaxy Invaders").list()))
                .containsExactly("Meteor Blasters", "Starship X");
        assertThat(titles(scores.query("103").gameTitle().ge("Galaxy Invaders").list()))
                .hasSize(3);
        assertThat(titles(scores.query("103").gameTitle().eq("Starship X").list()))
                .containsExactly("Starship X");
        assertThat(titles(scores.query("103").gameTitle().between("B", "N").list()))
                .containsExactly("Galaxy Invaders", "Meteor Blasters");
        assertThat(titles(scores.query("103")
                        .descending()
                        .limit(2)
                        .consistentRead()
                        .list()))
                .containsExactly("Starship X", "Meteor Blasters");
    }

    @Test
    void gsi_query_returns_projection_views_top_n_descending() {
        List<GameScoreGameTitleIndexView> top = scores.gameTitleIndex("Galaxy Invaders")
                .topScore()
                .gt(0)
                .descending()
                .limit(10)
                .list();
        assertThat(top)
                .containsExactly(
                        new GameScoreGameTitleIndexView("101", "Galaxy Invaders", 5842, 21, 72),
                        new GameScoreGameTitleIndexView("103", "Galaxy Invaders", 2317, 40, 3));
        assertThat(scores.gameTitleIndex("Galaxy Invaders").list()).hasSize(3);
        assertThat(scores.gameTitleIndex("Meteor Blasters")
                        .topScore()
                        .between(700, 1000)
                        .list())
                .extracting(v -> v.userId())
                .containsExactly("103", "101");
    }

    @Test
    void first_count_and_stream() {
        assertThat(scores.gameTitleIndex("Galaxy Invaders").descending().first())
                .map(GameScoreGameTitleIndexView::topScore)
                .contains(5842);
        assertThat(scores.gameTitleIndex("Nope").first()).isEmpty();
        assertThat(scores.gameTitleIndex("Galaxy Invaders").count()).isEqualTo(3);
        assertThat(scores.gameTitleIndex("Galaxy Invaders").limit(2).count()).isEqualTo(2);
        assertThat(scores.query("103").gameTitle().ge("M").count()).isEqualTo(2);
        assertThat(scores.query("103").stream().map(GameScore::gameTitle).collect(Collectors.toList()))
                .hasSize(4);
    }

    @Test
    void stream_is_lazy_page_by_page() {
        for (int i = 0; i < 50; i++) {
            put("bulk", String.format("Game %03d", i), i, i, i);
        }
        AtomicInteger requests = new AtomicInteger();
        Partita counting = Partita.using(countingQueries(db.backend(), requests));
        GameScoreRepository viaCounting = GameScoreRepository.of(counting);
        List<GameScore> firstFive = viaCounting.query("bulk").limit(5).stream().toList();
        assertThat(firstFive).hasSize(5);
        assertThat(requests.get()).isEqualTo(1);
        requests.set(0);
        assertThat(viaCounting.query("bulk").stream().limit(3).toList()).hasSize(3);
        assertThat(requests.get()).isEqualTo(1);
    }

    @Test
    void pages_and_cursors_walk_the_whole_result() {
        for (int i = 0; i < 25; i++) {
            put("pager", String.format("Game %02d", i), i, i, i);
        }
        List<String> seen = new ArrayList<>();
        Page<GameScore> page = scores.query("pager").limit(10).page();
        int pages = 1;
        seen.addAll(titles(page.items()));
        while (page.hasNext()) {
            Cursor cursor = Cursor.parse(page.next().orElseThrow().toString());
            page = scores.query("pager").limit(10).page(cursor);
            seen.addAll(titles(page.items()));
            pages++;
        }
        assertThat(seen).hasSize(25).isSorted().doesNotHaveDuplicates();
        assertThat(pages).isBetween(3, 4);
    }

    @Test
    void null_sparse_index_key_leaves_the_item_out_of_the_index() {
        put("104", "Galaxy Invaders", null, 0, 0);
        assertThat(scores.get("104", "Galaxy Invaders").orElseThrow().topScore())
                .isNull();
        assertThat(scores.gameTitleIndex("Galaxy Invaders").list())
                .extracting(GameScoreGameTitleIndexView::userId)
                .containsExactly("102", "103", "101")
                .doesNotContain("104");
        Map<String, AttributeValue> raw = db.backend()
                .getItem(GetItemRequest.builder()
                        .tableName("GameScores")
                        .key(Map.of(
                                "UserId", AttributeValue.s("104"), "GameTitle", AttributeValue.s("Galaxy Invaders")))
                        .build())
                .item();
        assertThat(raw).doesNotContainKey("TopScore");
    }

    @Test
    void null_non_sparse_index_key_is_refused_naming_field_and_index() {
        assertThatThrownBy(() -> scores.put(new GameScore("105", null, 10, T, 1, 1)))
                .isInstanceOf(MissingIndexKeyException.class)
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("GameScore.gameTitle is null")
                .hasMessageContaining("GameTitleIndex")
                .satisfies(e -> {
                    MissingIndexKeyException m = (MissingIndexKeyException) e;
                    assertThat(m.fieldName()).isEqualTo("gameTitle");
                    assertThat(m.indexName()).isEqualTo("GameTitleIndex");
                });
        assertThat(scores.query("105").list()).isEmpty();
    }

    @Test
    void conditional_put_and_delete() {
        GameScore better = new GameScore("101", "Starship X", 99, T, 5, 9);
        assertThatThrownBy(() -> scores.put(better, GameScoreRepository.TOP_SCORE.gt(1000)))
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThat(scores.get("101", "Starship X")).map(GameScore::topScore).contains(24);
        scores.put(better, GameScoreRepository.TOP_SCORE.lt(99));
        assertThat(scores.get("101", "Starship X")).map(GameScore::topScore).contains(99);

        GameScore fresh = new GameScore("999", "New", 1, T, 0, 0);
        scores.put(fresh, GameScoreRepository.USER_ID.notExists());
        assertThatThrownBy(() -> scores.put(fresh, GameScoreRepository.USER_ID.notExists()))
                .isInstanceOf(ConditionalCheckFailedException.class);

        assertThatThrownBy(() -> scores.delete(scores.key("999", "New"), GameScoreRepository.WINS.gt(0)))
                .isInstanceOf(ConditionalCheckFailedException.class);
        scores.delete(
                scores.key("999", "New"),
                Condition.expression("#w = :zero", Map.of("#w", "Wins"), Map.of(":zero", AttributeValue.n(0))));
        assertThat(scores.get("999", "New")).isEmpty();
    }

    @Test
    void partial_update_without_read_modify_write() {
        GameScore updated = scores.update("101", "Starship X")
                .set(GameScoreRepository.TOP_SCORE, 4000)
                .add(GameScoreRepository.WINS, 1)
                .remove(GameScoreRepository.TOP_SCORE_DATE_TIME)
                .when(GameScoreRepository.TOP_SCORE.lt(4000))
                .execute();
        assertThat(updated).isEqualTo(new GameScore("101", "Starship X", 4000, null, 5, 9));
        assertThat(scores.gameTitleIndex("Starship X").descending().first())
                .map(GameScoreGameTitleIndexView::topScore)
                .contains(4000);
        assertThatThrownBy(() -> scores.update("101", "Starship X")
                        .set(GameScoreRepository.TOP_SCORE, 1)
                        .when(GameScoreRepository.TOP_SCORE.lt(10))
                        .execute())
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThatThrownBy(() -> scores.update("nobody", "x")
                        .add(GameScoreRepository.WINS, 1)
                        .ifExists()
                        .execute())
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThat(scores.get("nobody", "x")).isEmpty();
    }

    @Test
    void update_refuses_key_and_non_sparse_index_key_changes() {
        assertThatThrownBy(() -> scores.update("101", "Starship X").set(GameScoreRepository.USER_ID, "x"))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("table key");
        assertThatThrownBy(() -> scores.update("101", "Starship X").remove(GameScoreRepository.GAME_TITLE))
                .isInstanceOf(ValidationException.class);
        // TopScore is @Sparse: removing it is allowed and takes the item out of the index
        scores.update("101", "Starship X").remove(GameScoreRepository.TOP_SCORE).execute();
        assertThat(scores.gameTitleIndex("Starship X").list())
                .extracting(GameScoreGameTitleIndexView::userId)
                .containsExactly("103");
        assertThatThrownBy(() -> scores.update("101", "Starship X").execute())
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> scores.update("101", "Starship X")
                        .add(GameScoreRepository.WINS, 1)
                        .add(GameScoreRepository.WINS, 2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("already");
    }

    @Test
    void filters_apply_after_the_key_condition() {
        assertThat(scores.query("103").filter(GameScoreRepository.WINS.ge(22)).list())
                .extracting(GameScore::gameTitle)
                .containsExactly("Galaxy Invaders", "Meteor Blasters");
    }

    @Test
    void a_sort_key_condition_is_set_once() {
        GameScoreRepository.Query q = scores.query("101").gameTitle().gt("A");
        assertThatThrownBy(() -> q.gameTitle().lt("Z")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void create_table_json_is_available_from_the_repository() {
        assertThat(scores.createTableJson())
                .contains("\"TableName\": \"GameScores\"")
                .contains("GameTitleIndex");
    }

    /** A backend that counts queries and forwards everything else (closing it does not close the delegate). */
    private static Backend countingQueries(Backend delegate, AtomicInteger queries) {
        return new ForwardingBackend(delegate) {
            @Override
            public QueryResponse query(QueryRequest request) {
                queries.incrementAndGet();
                return super.query(request);
            }

            @Override
            public void close() {}
        };
    }

    private static List<String> titles(List<GameScore> list) {
        return list.stream().map(GameScore::gameTitle).toList();
    }
}
