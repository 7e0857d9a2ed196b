package io.partita.dynamodb.production;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.Partita;
import io.partita.TableNameResolver;
import io.partita.dynamodb.DynamoDbBackend;
import io.partita.dynamodb.DynamoDbLocal;
import io.partita.spi.ForwardingBackend;
import io.partita.storage.ResourceInUseException;
import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.api.TableDescription;
import io.partita.storage.schema.TableDefinition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import seeds.forum.ThreadRepository;
import seeds.gamescores.GameScore;
import seeds.gamescores.GameScoreRepository;

/** Explicit create / create-if-missing / delete; on DynamoDB repositories never touch tables implicitly. */
class TableLifecycleTest {
    private static final TableDefinition SCORES = GameScoreRepository.MAPPING.table();
    private static final TableDefinition THREADS = ThreadRepository.MAPPING.table();

    @ParameterizedTest
    @EnumSource(Backends.class)
    void createCreateIfMissingAndDeleteOneOrAllTables(Backends backend) {
        try (Partita db =
                backend.builder().tableNames(TableNameResolver.suffix("-test")).build()) {
            assertThat(db.tables().exists(SCORES)).isFalse();
            assertThat(db.tables().create(SCORES))
                    .extracting(TableDescription::tableName)
                    .containsExactly("GameScores-test");
            assertThatThrownBy(() -> db.tables().create(SCORES)).isInstanceOf(ResourceInUseException.class);
            assertThat(db.tables().createIfMissing(SCORES, THREADS)).containsExactly("Thread");
            assertThat(db.tables().createIfMissing(SCORES, THREADS)).isEmpty();
            assertThat(db.tables().check(SCORES, THREADS).matches()).isTrue();

            db.tables().delete(SCORES);
            assertThat(db.tables().exists(SCORES)).isFalse();
            assertThatThrownBy(() -> db.tables().delete(SCORES)).isInstanceOf(ResourceNotFoundException.class);
            assertThat(db.tables().deleteIfExists(SCORES, THREADS)).containsExactly("Thread");
            assertThat(db.backend().listTables()).doesNotContain("GameScores-test", "Thread-test");
        }
    }

    @Test
    void onDynamoDbOpeningARepositorySendsNothing() {
        DynamoDbLocal.deleteAllTables();
        List<String> calls = new ArrayList<>();
        ForwardingBackend recording = new ForwardingBackend(new DynamoDbBackend(DynamoDbLocal.client())) {
            @Override
            public TableDescription describeTable(String tableName) {
                calls.add("DescribeTable " + tableName);
                return super.describeTable(tableName);
            }

            @Override
            public TableDescription createTable(TableDefinition definition) {
                calls.add("CreateTable " + definition.name());
                return super.createTable(definition);
            }
        };
        try (Partita db = Partita.builder(recording)
                .createTablesOnOpen(false)
                .retryThrottles(false)
                .build()) {
            GameScoreRepository scores = GameScoreRepository.of(db);
            assertThat(calls).isEmpty();
            // a missing table shows on the first request, as DynamoDB's own error
            assertThatThrownBy(() -> scores.get("u1", "Galaxy")).isInstanceOf(ResourceNotFoundException.class);
            assertThat(calls).isEmpty();
        }
    }

    @Test
    void partitaDynamoDbDoesNotCreateTablesOnOpen() {
        DynamoDbLocal.deleteAllTables();
        try (Partita db = io.partita.dynamodb.PartitaDynamoDb.of(DynamoDbLocal.client())) {
            assertThat(db.createsTablesOnOpen()).isFalse();
            assertThat(db.retriesThrottles()).isFalse();
            GameScoreRepository scores = GameScoreRepository.of(db);
            assertThat(DynamoDbLocal.client().listTables().tableNames()).isEmpty();
            assertThatThrownBy(() -> scores.put(new GameScore("u1", "G", 1, Instant.EPOCH, 0, 0)))
                    .isInstanceOf(ResourceNotFoundException.class);
        }
    }

    @Test
    void theEmbeddedCoreKeepsCreatingTablesOnOpen() {
        try (Partita db = Partita.inMemory()) {
            assertThat(db.createsTablesOnOpen()).isTrue();
            GameScoreRepository.of(db).put(new GameScore("u1", "G", 1, Instant.EPOCH, 0, 0));
            assertThat(db.tables().exists(SCORES)).isTrue();
        }
    }
}
