package io.partita.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.partita.Partita;
import io.partita.TableNameResolver;
import io.partita.storage.Storage;
import io.partita.storage.api.ReturnConsumedCapacity;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import seeds.gamescores.GameScore;
import seeds.gamescores.GameScoreRepository;

/** The binding on the embedded core (the dynamodb module runs it on DynamoDB Local too). */
class PartitaMetricsTest {
    @Test
    void requestsCapacityAndItemsAsMeters() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (Partita db = Partita.builder(Storage.inMemory())
                .tableNames(TableNameResolver.prefix("m-"))
                .listener(PartitaMetrics.of(registry))
                .consumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build()) {
            GameScoreRepository scores = GameScoreRepository.of(db);
            scores.put(new GameScore("u1", "Galaxy", 10, Instant.EPOCH, 1, 2));
            scores.put(new GameScore("u2", "Galaxy", 20, Instant.EPOCH, 1, 2));
            scores.gameTitleIndex("Galaxy").list();
        }
        Timer puts = registry.get("partita.requests")
                .tags(
                        "operation",
                        "PutItem",
                        "table",
                        "m-GameScores",
                        "index",
                        "none",
                        "outcome",
                        "success",
                        "exception",
                        "none")
                .timer();
        assertThat(puts.count()).isEqualTo(2);
        assertThat(puts.totalTime(TimeUnit.NANOSECONDS)).isPositive();
        DistributionSummary queried = registry.get("partita.items")
                .tags("operation", "Query", "index", "GameTitleIndex")
                .summary();
        assertThat(queried.totalAmount()).isEqualTo(2);
        // each put of a small item: 1 WCU on the table + 1 on GameTitleIndex
        assertThat(registry.get("partita.consumed.capacity")
                        .tags("operation", "PutItem")
                        .summary()
                        .totalAmount())
                .isEqualTo(4.0);
        assertThat(registry.find("partita.throttles").counter()).isNull();
    }
}
