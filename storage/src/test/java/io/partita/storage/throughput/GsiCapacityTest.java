package io.partita.storage.throughput;

import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.ThroughputModel;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.storage.schema.TableDefinition;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Seed 000: "If you perform heavy write activity on the table, but a global secondary index on that table has
 * insufficient write capacity, then the write activity on the table will be throttled."
 */
class GsiCapacityTest extends Fixture {

    private static TableDefinition gameScores(long gsiWcu) {
        return TableDefinition.builder("GameScores")
                .partitionKey(KeyAttribute.s("UserId"))
                .sortKey(KeyAttribute.s("GameTitle"))
                .provisionedThroughput(new ProvisionedThroughput(1_000, 1_000))
                .globalSecondaryIndex(new GlobalSecondaryIndex(
                        "GameTitleIndex",
                        List.of(KeyAttribute.s("GameTitle")),
                        List.of(KeyAttribute.n("TopScore")),
                        Projection.include("Wins", "Losses"),
                        new ProvisionedThroughput(1_000, gsiWcu)))
                .build();
    }

    private static Map<String, io.partita.storage.value.AttributeValue> score(String user, String title, int top) {
        return Map.of(
                "UserId", s(user), "GameTitle", s(title), "TopScore", io.partita.storage.value.AttributeValue.n(top));
    }

    @Test
    void aGsiShortOfWriteCapacityThrottlesTableWritesAndNothingIsWritten() {
        try (Storage db = core()) {
            db.createTable(gameScores(5));
            for (int i = 0; i < 5; i++) {
                put(db, "GameScores", score("u" + i, "Galaxy Invaders", i));
            }
            assertThatThrownBy(() -> put(db, "GameScores", score("u9", "Meteor Blasters", 9)))
                    .isInstanceOf(ProvisionedThroughputExceededException.class)
                    .hasMessageContaining(
                            "The level of configured provisioned throughput for one or more global secondary indexes of the table was exceeded")
                    .hasMessageContaining("IndexWriteProvisionedThroughputExceeded")
                    .hasMessageContaining("global secondary index GameTitleIndex of table GameScores");
            assertThat(get(db, "GameScores", Map.of("UserId", s("u9"), "GameTitle", s("Meteor Blasters")), true)
                            .item())
                    .isNull();
            assertThat(queryIndex(db, "GameScores", "GameTitleIndex", "GameTitle", "Meteor Blasters")
                            .count())
                    .isZero();
            assertThat(db.describeTable("GameScores").itemCount()).isEqualTo(5);
            db.checkInvariants();
        }
    }

    @Test
    void theThrottledWriteDoesNotConsumeTableCapacity() {
        try (Storage db = core()) {
            db.createTable(TableDefinition.builder("GameScores")
                    .partitionKey(KeyAttribute.s("UserId"))
                    .sortKey(KeyAttribute.s("GameTitle"))
                    .provisionedThroughput(new ProvisionedThroughput(100, 3))
                    .globalSecondaryIndex(new GlobalSecondaryIndex(
                            "GameTitleIndex",
                            List.of(KeyAttribute.s("GameTitle")),
                            List.of(KeyAttribute.n("TopScore")),
                            Projection.keysOnly(),
                            new ProvisionedThroughput(100, 1)))
                    .build());
            put(db, "GameScores", score("u1", "A", 1)); // table 1, index 1
            for (int i = 0; i < 10; i++) {
                assertThat(tryPut(db, "GameScores", score("u2", "B", 2))).isFalse(); // the index is out
            }
            // Writes that do not touch the index use the table's remaining 2 units: the refused ones took nothing.
            put(db, "GameScores", Map.of("UserId", s("u3"), "GameTitle", s("C")));
            put(db, "GameScores", Map.of("UserId", s("u4"), "GameTitle", s("D")));
            assertThat(tryPut(db, "GameScores", Map.of("UserId", s("u5"), "GameTitle", s("E"))))
                    .isFalse();
        }
    }

    @Test
    void updatesAndDeletesThatTouchTheIndexAreThrottledToo() {
        try (Storage db = core()) {
            db.createTable(gameScores(2));
            put(db, "GameScores", score("u1", "A", 1));
            put(db, "GameScores", score("u2", "A", 2));
            assertThatThrownBy(() -> db.updateItem(UpdateItemRequest.builder()
                            .tableName("GameScores")
                            .key(Map.of("UserId", s("u1"), "GameTitle", s("A")))
                            .updateExpression("SET TopScore = :t")
                            .expressionAttributeValues(Map.of(":t", io.partita.storage.value.AttributeValue.n(50)))
                            .build()))
                    .isInstanceOf(ProvisionedThroughputExceededException.class);
            assertThatThrownBy(() -> db.deleteItem(DeleteItemRequest.builder()
                            .tableName("GameScores")
                            .key(Map.of("UserId", s("u2"), "GameTitle", s("A")))
                            .build()))
                    .isInstanceOf(ProvisionedThroughputExceededException.class);
            // An update that changes nothing the index holds writes nothing to it, and passes.
            db.updateItem(UpdateItemRequest.builder()
                    .tableName("GameScores")
                    .key(Map.of("UserId", s("u1"), "GameTitle", s("A")))
                    .updateExpression("SET Notes = :o")
                    .expressionAttributeValues(Map.of(":o", s("x")))
                    .build());
            assertThat(queryIndex(db, "GameScores", "GameTitleIndex", "GameTitle", "A")
                            .count())
                    .isEqualTo(2);
            db.checkInvariants();
        }
    }

    @Test
    void aGsiWithoutItsOwnThroughputIsOnDemand() {
        try (Storage db = core()) {
            db.createTable(TableDefinition.builder("GameScores")
                    .partitionKey(KeyAttribute.s("UserId"))
                    .sortKey(KeyAttribute.s("GameTitle"))
                    .provisionedThroughput(new ProvisionedThroughput(100, 100))
                    .globalSecondaryIndex(
                            "GameTitleIndex",
                            KeyAttribute.s("GameTitle"),
                            KeyAttribute.n("TopScore"),
                            Projection.keysOnly())
                    .build());
            for (int i = 0; i < 100; i++) {
                put(db, "GameScores", score("u" + i, "T" + (i % 10), i));
            }
            assertThat(tryPut(db, "GameScores", score("x", "T0", 0)))
                    .isFalse(); // the table's 100 WCU, not the index, ran out
        }
    }

    @Test
    void inAsyncModeTheGsiIsChargedWhenTheTableIsWritten() {
        try (Storage db = Storage.inMemory(StorageOptions.defaults()
                .withClock(clock)
                .withAsyncGsiPropagation(Duration.ofSeconds(1))
                .withThroughputModel(ThroughputModel.defaults()))) {
            db.createTable(gameScores(3));
            for (int i = 0; i < 3; i++) {
                put(db, "GameScores", score("u" + i, "A", i));
            }
            assertThat(tryPut(db, "GameScores", score("u9", "A", 9))).isFalse();
            assertThat(queryIndex(db, "GameScores", "GameTitleIndex", "GameTitle", "A")
                            .count())
                    .isZero(); // not propagated yet
            clock.advance(Duration.ofSeconds(1));
            assertThat(queryIndex(db, "GameScores", "GameTitleIndex", "GameTitle", "A")
                            .count())
                    .isEqualTo(3);
            db.checkInvariants();
        }
    }

    @Test
    void aGsiAddedToALiveTableGetsItsOwnBuckets() {
        try (Storage db = core()) {
            db.createTable(TableDefinition.builder("GameScores")
                    .partitionKey(KeyAttribute.s("UserId"))
                    .sortKey(KeyAttribute.s("GameTitle"))
                    .provisionedThroughput(new ProvisionedThroughput(100, 100))
                    .build());
            db.createGlobalSecondaryIndex(
                    "GameScores",
                    new GlobalSecondaryIndex(
                            "GameTitleIndex",
                            List.of(KeyAttribute.s("GameTitle")),
                            List.of(),
                            Projection.keysOnly(),
                            new ProvisionedThroughput(10, 2)));
            put(db, "GameScores", score("u1", "A", 1));
            put(db, "GameScores", score("u2", "A", 2));
            assertThat(tryPut(db, "GameScores", score("u3", "A", 3))).isFalse();
            db.deleteGlobalSecondaryIndex("GameScores", "GameTitleIndex");
            put(db, "GameScores", score("u3", "A", 3));
            db.checkInvariants();
        }
    }
}
