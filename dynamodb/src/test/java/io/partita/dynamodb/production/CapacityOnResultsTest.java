package io.partita.dynamodb.production;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Consumed;
import io.partita.Page;
import io.partita.Partita;
import io.partita.TableNameResolver;
import io.partita.storage.api.ReturnConsumedCapacity;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import seeds.adclicks.AdClick;
import seeds.adclicks.AdClickRepository;
import seeds.forum.Thread;
import seeds.forum.ThreadRepository;
import seeds.gamescores.GameScore;
import seeds.gamescores.GameScoreRepository;

/** Consumed capacity and item-collection metrics asked for on the call and read on its result. */
class CapacityOnResultsTest {
    private static final Instant T = Instant.parse("2026-01-01T00:00:00Z");

    @ParameterizedTest
    @EnumSource(Backends.class)
    void pagesOfTableAndIndexQueries(Backends backend) {
        try (Partita db =
                backend.builder().tableNames(TableNameResolver.prefix("cap-")).build()) {
            db.tables().create(GameScoreRepository.MAPPING.table());
            GameScoreRepository scores = GameScoreRepository.of(db);
            scores.put(new GameScore("u1", "Galaxy", 10, T, 1, 2));
            scores.put(new GameScore("u1", "Meteor", 20, T, 1, 2));

            Page<GameScore> page = scores.query("u1")
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                    .page();
            assertThat(page.items()).hasSize(2);
            assertThat(page.consumed().requests()).isEqualTo(1);
            assertThat(page.consumed().readCapacityUnits()).isPositive();
            assertThat(page.consumed().consumedCapacity())
                    .singleElement()
                    .satisfies(c -> assertThat(c.tableName()).isEqualTo("cap-GameScores"));

            Page<?> byIndex = scores.gameTitleIndex("Galaxy")
                    .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                    .page();
            assertThat(byIndex.consumed().capacityUnits()).isPositive();
            assertThat(byIndex.consumed().consumedCapacity().get(0).globalSecondaryIndexes())
                    .containsKey("GameTitleIndex");

            assertThat(scores.query("u1").page().consumed()).isSameAs(Consumed.NONE); // not asked: nothing
        }
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void aGatherPageSumsEveryShard(Backends backend) {
        try (Partita db = backend.builder().build()) {
            db.tables().create(AdClickRepository.MAPPING.table());
            AdClickRepository clicks = AdClickRepository.of(db);
            clicks.put(new AdClick("google", T, 1, 1, 0));
            clicks.put(new AdClick("bing", T.plusSeconds(60), 1, 1, 0));
            Page<AdClick> page = clicks.eventTimeIndex()
                    .eventTime()
                    .ge(T)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                    .page();
            assertThat(page.items()).hasSize(2);
            assertThat(page.consumed().requests()).isEqualTo(100); // one Query per shard
            assertThat(page.consumed().consumedCapacity()).hasSize(1); // summed into one table
            assertThat(page.consumed().readCapacityUnits()).isPositive();
        }
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void batchesAndTransactionsWithItemCollectionMetrics(Backends backend) {
        try (Partita db = backend.builder().build()) {
            db.tables().create(GameScoreRepository.MAPPING.table(), ThreadRepository.MAPPING.table());
            GameScoreRepository scores = GameScoreRepository.of(db);
            ThreadRepository threads = ThreadRepository.of(db);

            Consumed batch = db.batchWrite()
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                    .put(scores, new GameScore("u1", "Galaxy", 10, T, 1, 2))
                    .put(scores, new GameScore("u2", "Galaxy", 20, T, 1, 2))
                    .execute();
            assertThat(batch.writeCapacityUnits()).isGreaterThanOrEqualTo(2);
            assertThat(batch.itemCollectionMetrics()).isEmpty();

            Consumed tx = db.transaction()
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                    .returnItemCollectionMetrics()
                    .put(threads, new Thread("S3", "hello", T, 1, List.of("a")))
                    .put(scores, new GameScore("u3", "Galaxy", 30, T, 1, 2))
                    .commit();
            assertThat(tx.consumedCapacity())
                    .extracting(c -> c.tableName())
                    .containsExactlyInAnyOrder("Thread", "GameScores");
            assertThat(tx.writeCapacityUnits()).isPositive();
            if (backend == Backends.EMBEDDED) {
                // Thread has an LSI; DynamoDB Local leaves ItemCollectionMetrics out of TransactWriteItems answers
                assertThat(tx.itemCollectionMetrics()).isNotEmpty();
            }

            Consumed lsiBatch = db.batchWrite()
                    .returnItemCollectionMetrics()
                    .put(threads, new Thread("S3", "second", T, 2, List.of()))
                    .execute();
            assertThat(lsiBatch.requests()).isEqualTo(1);
            if (backend == Backends.EMBEDDED) {
                assertThat(lsiBatch.itemCollectionMetrics()).isNotEmpty(); // same omission in batches
            }
        }
    }
}
