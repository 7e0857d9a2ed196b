package io.partita.dynamodb.production;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import io.partita.RequestEvent;
import io.partita.RetryPolicy;
import io.partita.TableNameResolver;
import io.partita.storage.Storage;
import io.partita.storage.api.ReturnConsumedCapacity;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import seeds.adclicks.AdClick;
import seeds.adclicks.AdClickRepository;
import seeds.gamescores.GameScore;
import seeds.gamescores.GameScoreRepository;

/** The listener on the database sees every request: operation, deployed table, index, capacity, items, attempts. */
class RequestListenerTest {
    private static final Instant T = Instant.parse("2026-01-01T00:00:00Z");

    /** A database on {@code backend} (tables prefixed {@code obs-}, capacity asked for) that reports to {@code events}. */
    private static Partita observed(Backends backend, List<RequestEvent> events) {
        return backend.builder()
                .tableNames(TableNameResolver.prefix("obs-"))
                .listener(events::add)
                .consumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build();
    }

    /**
     * One request of each data-plane operation on GameScores: PutItem, GetItem, UpdateItem, Query (one item, on
     * GameTitleIndex), BatchWriteItem, BatchGetItem, TransactWriteItems, TransactGetItems, DeleteItem.
     */
    private static void eachOperationOnce(Partita db) {
        GameScoreRepository scores = GameScoreRepository.of(db);
        scores.put(new GameScore("u1", "Galaxy", 10, T, 1, 2));
        scores.get("u1", "Galaxy");
        scores.update("u1", "Galaxy").add(GameScoreRepository.WINS, 1).execute();
        assertThat(scores.gameTitleIndex("Galaxy").list()).hasSize(1);
        db.batchWrite(b -> b.put(scores, new GameScore("u2", "Galaxy", 20, T, 3, 4)));
        db.batchGet(scores.key("u1", "Galaxy"), scores.key("u2", "Galaxy"));
        db.transact(tx -> tx.put(scores, new GameScore("u3", "Galaxy", 30, T, 5, 6)));
        db.transactGet(scores.key("u3", "Galaxy"));
        scores.delete("u3", "Galaxy");
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void aGatherReportsOneQueryPerShard(Backends backend) {
        List<RequestEvent> events = new CopyOnWriteArrayList<>();
        try (Partita db = observed(backend, events)) {
            db.tables().create(GameScoreRepository.MAPPING.table(), AdClickRepository.MAPPING.table());
            eachOperationOnce(db);
            AdClickRepository clicks = AdClickRepository.of(db);
            clicks.put(new AdClick("google", T, 1, 1, 0));
            events.clear();
            assertThat(clicks.eventTimeIndex().eventTime().ge(T).list()).hasSize(1);
            assertThat(events)
                    .hasSize(100)
                    .allSatisfy(
                            e -> { // a gather: one Query per shard
                                assertThat(e.operation()).isEqualTo("Query");
                                assertThat(e.index()).isEqualTo("EventTimeIndex");
                                assertThat(e.table()).isEqualTo("obs-AdClicks");
                            });
            assertThat(events.stream().mapToInt(RequestEvent::itemCount).sum()).isEqualTo(1);
            assertThat(events.stream().mapToDouble(RequestEvent::capacityUnits).sum())
                    .isGreaterThan(0);
        }
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void eachOperationOnceWithTableIndexItemsAndCapacity(Backends backend) {
        List<RequestEvent> events = new CopyOnWriteArrayList<>();
        try (Partita db = observed(backend, events)) {
            db.tables().create(GameScoreRepository.MAPPING.table());
            eachOperationOnce(db);
        }
        assertThat(events)
                .extracting(RequestEvent::operation)
                .containsExactly(
                        "PutItem",
                        "GetItem",
                        "UpdateItem",
                        "Query",
                        "BatchWriteItem",
                        "BatchGetItem",
                        "TransactWriteItems",
                        "TransactGetItems",
                        "DeleteItem");
        assertThat(events).allSatisfy(e -> {
            assertThat(e.table()).isEqualTo("obs-GameScores");
            assertThat(e.succeeded()).isTrue();
            assertThat(e.attempts()).isEqualTo(1);
            assertThat(e.throttles()).isZero();
            assertThat(e.latency()).isPositive();
            assertThat(e.capacityUnits()).as(e.operation()).isGreaterThan(0);
        });
        assertThat(events.get(3).index()).isEqualTo("GameTitleIndex");
        assertThat(events).extracting(RequestEvent::itemCount).containsExactly(1, 1, 1, 1, 1, 2, 1, 1, 1);
    }

    @Test
    void attemptsAndThrottlesOfPartitasOwnRetries() {
        ThrottledCore throttlingTwice = new ThrottledCore(2);
        List<RequestEvent> events = new CopyOnWriteArrayList<>();
        try (Partita db = Partita.builder(throttlingTwice)
                .listener(events::add)
                .retryPolicy(RetryPolicy.defaults().withSleeper(d -> {}))
                .build()) {
            GameScoreRepository.of(db).put(new GameScore("u1", "Galaxy", 1, T, 0, 0));
        }
        assertThat(events).singleElement().satisfies(e -> {
            assertThat(e.operation()).isEqualTo("PutItem");
            assertThat(e.attempts()).isEqualTo(3);
            assertThat(e.throttles()).isEqualTo(2);
        });
    }

    @Test
    void slowRequestsAreLoggedOnlyWhenAThresholdIsSet() {
        List<LogRecord> records = new CopyOnWriteArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord r) {
                records.add(r);
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        Logger jul = Logger.getLogger("io.partita.requests");
        jul.addHandler(handler);
        try {
            try (Partita db = Partita.inMemory()) {
                GameScoreRepository.of(db).put(new GameScore("u1", "Galaxy", 1, T, 0, 0));
            }
            assertThat(records).isEmpty(); // silent by default
            try (Partita db = Partita.builder(Storage.inMemory())
                    .slowRequestThreshold(Duration.ZERO)
                    .build()) {
                GameScoreRepository.of(db).put(new GameScore("u1", "Galaxy", 1, T, 0, 0));
            }
            assertThat(records).singleElement().satisfies(r -> {
                assertThat(r.getLevel()).isEqualTo(Level.WARNING);
                assertThat(r.getMessage()).startsWith("slow request");
            });
        } finally {
            jul.removeHandler(handler);
        }
    }
}
