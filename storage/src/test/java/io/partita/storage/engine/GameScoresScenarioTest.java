package io.partita.storage.engine;

import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.Storage;
import io.partita.storage.TestStorage;
import io.partita.storage.ValidationException;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Seed 000 (global secondary indexes): the GameScores table and its GameTitleIndex, end to end. */
class GameScoresScenarioTest {
    private Storage db;

    @BeforeEach
    void createGameScores() {
        db = TestStorage.create();
        db.createTable(TableDefinition.builder("GameScores")
                .partitionKey(KeyAttribute.s("UserId"))
                .sortKey(KeyAttribute.s("GameTitle"))
                .globalSecondaryIndex(GlobalSecondaryIndex.of(
                        "GameTitleIndex",
                        KeyAttribute.s("GameTitle"),
                        KeyAttribute.n("TopScore"),
                        Projection.include("Wins", "Losses")))
                .build());
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
    void check() {
        db.checkInvariants();
        db.close();
    }

    private void put(String user, String title, int top, int wins, int losses) {
        db.putItem(PutItemRequest.builder()
                .tableName("GameScores")
                .item(Map.of(
                        "UserId",
                        s(user),
                        "GameTitle",
                        s(title),
                        "TopScore",
                        n(top),
                        "Wins",
                        n(wins),
                        "Losses",
                        n(losses),
                        "TopScoreDateTime",
                        s("2015-09-15:17:24:31")))
                .build());
    }

    private QueryResponse topScores(String title, boolean forward, Integer limit) {
        return db.query(QueryRequest.builder()
                .tableName("GameScores")
                .indexName("GameTitleIndex")
                .keyConditionExpression("GameTitle = :t AND TopScore > :min")
                .expressionAttributeValues(Map.of(":t", s(title), ":min", n(0)))
                .scanIndexForward(forward)
                .limit(limit)
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                .build());
    }

    @Test
    void topScoresDescendingFromTheIndexWithIncludedWinsAndLosses() {
        QueryResponse r = topScores("Galaxy Invaders", false, null);
        assertThat(r.items()).extracting(i -> i.get("UserId")).containsExactly(s("101"), s("103"));
        assertThat(r.items().get(0)).containsOnlyKeys("UserId", "GameTitle", "TopScore", "Wins", "Losses");
        assertThat(r.consumedCapacity().globalSecondaryIndexes()).containsKey("GameTitleIndex");
        assertThat(r.consumedCapacity().capacityUnits()).isEqualTo(0.5);
    }

    @Test
    void paginationFollowsLastEvaluatedKeyAcrossPages() {
        QueryResponse first = topScores("Meteor Blasters", true, 1);
        assertThat(first.items()).hasSize(1);
        assertThat(first.lastEvaluatedKey()).containsOnlyKeys("UserId", "GameTitle", "TopScore");
        QueryResponse second = db.query(QueryRequest.builder()
                .tableName("GameScores")
                .indexName("GameTitleIndex")
                .keyConditionExpression("GameTitle = :t")
                .expressionAttributeValues(Map.of(":t", s("Meteor Blasters")))
                .exclusiveStartKey(first.lastEvaluatedKey())
                .build());
        assertThat(second.items()).extracting(i -> i.get("TopScore")).containsExactly(n(1000));
    }

    @Test
    void wrongTypedIndexKeyOnUpdateIsRejectedAndChangesNothing() {
        // DynamoDB Local's UpdateItem skips this check; DynamoDB (and the core) reject it.
        assertThatThrownBy(() -> db.updateItem(UpdateItemRequest.builder()
                        .tableName("GameScores")
                        .key(Map.of("UserId", s("101"), "GameTitle", s("Starship X")))
                        .updateExpression("SET TopScore = :bad")
                        .expressionAttributeValues(Map.of(":bad", s("lots")))
                        .build()))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("TopScore")
                .hasMessageContaining("GameTitleIndex");
        assertThat(topScores("Starship X", true, null).items())
                .extracting(i -> i.get("TopScore"))
                .containsExactly(n(24), n(42));
    }

    @Test
    void removingTheSortKeyAttributeTakesTheItemOutOfTheSparseIndex() {
        db.updateItem(UpdateItemRequest.builder()
                .tableName("GameScores")
                .key(Map.of("UserId", s("101"), "GameTitle", s("Starship X")))
                .updateExpression("REMOVE TopScore")
                .build());
        List<Map<String, AttributeValue>> items =
                topScores("Starship X", true, null).items();
        assertThat(items).extracting(i -> i.get("UserId")).containsExactly(s("103"));
    }
}
