package io.partita.dynamodb.production;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.partita.Partita;
import io.partita.TableNameResolver;
import io.partita.micrometer.PartitaMetrics;
import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.api.ReturnConsumedCapacity;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import seeds.gamescores.GameScore;
import seeds.gamescores.GameScoreRepository;

/** The Micrometer binding on both backends: timers, items, capacity, and failures tagged by exception. */
class MicrometerBindingTest {
    @ParameterizedTest
    @EnumSource(Backends.class)
    void metersForSuccessesAndFailures(Backends backend) {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (Partita db = backend.builder()
                .tableNames(TableNameResolver.prefix("mm-"))
                .createTablesOnOpen(false)
                .listener(PartitaMetrics.of(registry))
                .consumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build()) {
            GameScoreRepository scores = GameScoreRepository.of(db);
            try {
                scores.get("u1", "Galaxy");
            } catch (ResourceNotFoundException expected) {
                // the table is not created yet: recorded as an error
            }
            db.tables().create(GameScoreRepository.MAPPING.table());
            scores.put(new GameScore("u1", "Galaxy", 10, Instant.EPOCH, 1, 2));
            scores.get("u1", "Galaxy");
        }
        assertThat(registry.get("partita.requests")
                        .tags(
                                "operation",
                                "GetItem",
                                "table",
                                "mm-GameScores",
                                "outcome",
                                "error",
                                "exception",
                                "ResourceNotFoundException")
                        .timer()
                        .count())
                .isEqualTo(1);
        assertThat(registry.get("partita.requests")
                        .tags("operation", "GetItem", "outcome", "success")
                        .timer()
                        .count())
                .isEqualTo(1);
        assertThat(registry.get("partita.items")
                        .tags("operation", "GetItem", "index", "none")
                        .summary()
                        .totalAmount())
                .isEqualTo(1);
        assertThat(registry.get("partita.consumed.capacity")
                        .tags("operation", "PutItem")
                        .summary()
                        .totalAmount())
                .isPositive();
    }
}
