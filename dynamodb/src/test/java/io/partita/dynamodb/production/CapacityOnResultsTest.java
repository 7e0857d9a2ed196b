package io.partita.dynamodb.production;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Consumed;
import io.partita.ItemsByKey;
import io.partita.Key;
import io.partita.Page;
import io.partita.Partita;
import io.partita.Result;
import io.partita.TableNameResolver;
import io.partita.repository.AsyncMeasuredRepository;
import io.partita.repository.MeasuredRepository;
import io.partita.storage.api.ReturnConsumedCapacity;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import seeds.adclicks.AdClick;
import seeds.adclicks.AdClickRepository;
import seeds.forum.Thread;
import seeds.forum.ThreadRepository;
import seeds.gamescores.GameScore;
import seeds.gamescores.GameScoreRepository;

/**
 * Consumed capacity and item-collection metrics asked for on the call and read on its result: pages, gathers,
 * batches, transactions, single-item results ({@code repository.returnConsumedCapacity(level)}), batch and
 * transactional reads ({@link ItemsByKey#consumed()}), on the blocking and the asynchronous surface.
 */
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

    @ParameterizedTest
    @EnumSource(Backends.class)
    void singleItemResultsThroughTheMeasuredView(Backends backend) {
        try (Partita db = backend.builder().build()) {
            db.tables().create(GameScoreRepository.MAPPING.table(), ThreadRepository.MAPPING.table());
            GameScoreRepository scores = GameScoreRepository.of(db);
            MeasuredRepository<GameScore> measured = scores.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
            GameScore galaxy = new GameScore("u1", "Galaxy", 10, T, 1, 2);

            Result<GameScore> put = measured.put(galaxy);
            assertThat(put.value()).isEqualTo(galaxy);
            assertThat(put.consumed().requests()).isEqualTo(1);
            assertThat(put.consumed().writeCapacityUnits()).isPositive();

            Result<Optional<GameScore>> get = measured.get(scores.key("u1", "Galaxy"), true);
            assertThat(get.value()).contains(galaxy);
            assertThat(get.consumed().readCapacityUnits()).isPositive();
            assertThat(get.consumed().consumedCapacity())
                    .singleElement()
                    .satisfies(c -> assertThat(c.tableName()).isEqualTo("GameScores"));

            Result<GameScore> updated =
                    measured.update(scores.update("u1", "Galaxy").add(GameScoreRepository.WINS, 1));
            assertThat(updated.value().wins()).isEqualTo(2);
            assertThat(updated.consumed().writeCapacityUnits()).isPositive();

            Result<Void> deleted = measured.delete(scores.key("u1", "Galaxy"));
            assertThat(deleted.value()).isNull();
            assertThat(deleted.consumed().writeCapacityUnits()).isPositive();

            Result<GameScore> indexed = scores.returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                    .put(galaxy);
            assertThat(indexed.consumed().consumedCapacity().get(0).globalSecondaryIndexes())
                    .containsKey("GameTitleIndex");

            // item-collection metrics of a write to a table with an LSI
            ThreadRepository threads = ThreadRepository.of(db);
            Result<Thread> thread = threads.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                    .returnItemCollectionMetrics()
                    .put(new Thread("S3", "hello", T, 1, List.of("a")));
            assertThat(thread.consumed().writeCapacityUnits()).isPositive();
            if (backend == Backends.EMBEDDED) {
                // DynamoDB Local leaves ItemCollectionMetrics out of PutItem answers too
                assertThat(thread.consumed().itemCollectionMetrics()).hasSize(1);
            }

            // the plain methods ask for nothing
            assertThat(scores.returnConsumedCapacity(ReturnConsumedCapacity.NONE)
                            .get(scores.key("u1", "Galaxy"))
                            .consumed())
                    .isSameAs(Consumed.NONE);
        }
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void batchAndTransactionalReads(Backends backend) {
        try (Partita db = backend.builder().build()) {
            db.tables().create(GameScoreRepository.MAPPING.table());
            GameScoreRepository scores = GameScoreRepository.of(db);
            List<Key<GameScore>> keys = new ArrayList<>();
            for (int i = 0; i < 120; i++) {
                scores.put(new GameScore("u" + i, "Galaxy", i, T, 0, 0));
                keys.add(scores.key("u" + i, "Galaxy"));
            }
            ItemsByKey batch = db.batchGet(keys, ReturnConsumedCapacity.TOTAL);
            assertThat(batch.size()).isEqualTo(120);
            assertThat(batch.consumed().requests()).isGreaterThanOrEqualTo(2); // 100 keys per request
            assertThat(batch.consumed().readCapacityUnits()).isPositive();
            assertThat(db.batchGet(keys).consumed()).isSameAs(Consumed.NONE);

            ItemsByKey tx = db.transactGet(keys.subList(0, 3), ReturnConsumedCapacity.TOTAL);
            assertThat(tx.size()).isEqualTo(3);
            assertThat(tx.consumed().requests()).isEqualTo(1);
            assertThat(tx.consumed().readCapacityUnits()).isPositive();
        }
    }

    @ParameterizedTest
    @EnumSource(AsyncBackends.class)
    void theAsyncSurfaceCarriesCapacityToo(AsyncBackends backend) {
        try (Partita db = backend.builder().build()) {
            db.tables().create(GameScoreRepository.MAPPING.table(), AdClickRepository.MAPPING.table());
            GameScoreRepository scores = GameScoreRepository.of(db);
            AsyncMeasuredRepository<GameScore> measured =
                    scores.async().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
            GameScore galaxy = new GameScore("u1", "Galaxy", 10, T, 1, 2);
            assertThat(measured.put(galaxy).join().consumed().writeCapacityUnits())
                    .isPositive();
            Result<Optional<GameScore>> got =
                    measured.get(scores.key("u1", "Galaxy")).join();
            assertThat(got.value()).contains(galaxy);
            assertThat(got.consumed().readCapacityUnits()).isPositive();
            assertThat(measured.update(scores.update("u1", "Galaxy").add(GameScoreRepository.WINS, 1))
                            .join()
                            .consumed()
                            .writeCapacityUnits())
                    .isPositive();
            assertThat(measured.delete(galaxy).join().consumed().writeCapacityUnits())
                    .isPositive();

            Page<GameScore> page = scores.query("u1")
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                    .pageAsync()
                    .join();
            assertThat(page.consumed().requests()).isEqualTo(1);

            AdClickRepository clicks = AdClickRepository.of(db);
            clicks.put(new AdClick("google", T, 1, 1, 0));
            Page<AdClick> gathered = clicks.eventTimeIndex()
                    .eventTime()
                    .ge(T)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                    .pageAsync()
                    .join();
            assertThat(gathered.items()).hasSize(1);
            assertThat(gathered.consumed().requests()).isEqualTo(100);
            assertThat(gathered.consumed().readCapacityUnits()).isPositive();

            ItemsByKey batch = db.batchGetAsync(
                            List.of(clicks.keyOf(gathered.items().get(0))), ReturnConsumedCapacity.TOTAL)
                    .join();
            assertThat(batch.consumed().readCapacityUnits()).isPositive();
            ItemsByKey tx = db.transactGetAsync(
                            List.of(clicks.keyOf(gathered.items().get(0))), ReturnConsumedCapacity.TOTAL)
                    .join();
            assertThat(tx.consumed().readCapacityUnits()).isPositive();
            Consumed committed = db.transaction()
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                    .put(scores, galaxy)
                    .commitAsync()
                    .join();
            assertThat(committed.writeCapacityUnits()).isPositive();
            Consumed written = db.batchWrite()
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                    .put(scores, new GameScore("u2", "Galaxy", 1, T, 0, 0))
                    .executeAsync()
                    .join();
            assertThat(written.writeCapacityUnits()).isPositive();
        }
    }
}
