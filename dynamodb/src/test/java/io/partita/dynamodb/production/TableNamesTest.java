package io.partita.dynamodb.production;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import io.partita.TableNameResolver;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.schema.TableDefinition;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import seeds.adclicks.AdClick;
import seeds.adclicks.AdClickRepository;
import seeds.gamescores.GameScore;
import seeds.gamescores.GameScoreRepository;
import seeds.singletable.AppTableRepository;
import seeds.singletable.User;
import seeds.singletable.UserRepository;

/** Every kind of request goes to the resolved table; definitions and CreateTable JSON keep the logical names. */
class TableNamesTest {
    private static final Instant M0 = Instant.parse("2026-01-01T00:00:00Z");

    private static List<TableDefinition> appTables() {
        return List.of(
                GameScoreRepository.MAPPING.table(), AdClickRepository.MAPPING.table(), AppTableRepository.TABLE);
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void everyOperationUsesTheResolvedName(Backends backend) {
        try (Partita db =
                backend.builder().tableNames(TableNameResolver.prefix("dev-")).build()) {
            assertThat(db.tables().createIfMissing(appTables())).containsExactly("GameScores", "AdClicks", "App");
            assertThat(db.backend().listTables())
                    .contains("dev-GameScores", "dev-AdClicks", "dev-App")
                    .doesNotContain("GameScores", "AdClicks", "App");

            GameScoreRepository scores = GameScoreRepository.of(db);
            scores.put(new GameScore("u1", "Galaxy", 10, M0, 1, 2)); // PutItem
            assertThat(scores.get("u1", "Galaxy")).isPresent(); // GetItem
            assertThat(scores.gameTitleIndex("Galaxy").list()).hasSize(1); // Query on a GSI
            db.batchWrite(b -> b.put(scores, new GameScore("u2", "Galaxy", 20, M0, 3, 4))); // BatchWriteItem
            assertThat(db.batchGet(scores.key("u1", "Galaxy"), scores.key("u2", "Galaxy"))
                            .size())
                    .isEqualTo(2);
            db.transact(tx -> tx.put(scores, new GameScore("u3", "Galaxy", 30, M0, 5, 6))); // TransactWriteItems
            assertThat(db.transactGet(scores.key("u3", "Galaxy")).size()).isEqualTo(1); // TransactGetItems
            assertThat(scores.scanAll(2).list()).hasSize(3); // parallel Scan

            AdClickRepository clicks = AdClickRepository.of(db);
            clicks.put(new AdClick("google", M0, 1, 10, 0));
            clicks.put(new AdClick("bing", M0.plusSeconds(60), 1, 10, 0));
            assertThat(clicks.eventTimeIndex().eventTime().ge(M0).list()).hasSize(2); // gather over 100 shards

            UserRepository users = UserRepository.of(db);
            users.put(new User("u1", "a@example.com", "Ann"));
            assertThat(users.byEmail("a@example.com").list()).hasSize(1);
            assertThat(AppTableRepository.of(db).userCollection("u1").list()).hasSize(1); // item collection

            assertThat(db.backend()
                            .scan(ScanRequest.builder()
                                    .tableName("dev-GameScores")
                                    .build())
                            .count())
                    .isEqualTo(3);
            assertThat(db.backend().listTables()).doesNotContain("GameScores", "AdClicks", "App");
            assertThat(scores.tableDefinition().name()).isEqualTo("GameScores");
            assertThat(scores.createTableJson()).contains("\"GameScores\"").doesNotContain("dev-");
            assertThat(db.tableName("GameScores")).isEqualTo("dev-GameScores");
        }
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void anyFunctionOfTheLogicalName(Backends backend) {
        try (Partita db = backend.builder()
                .tableNames(TableNameResolver.of(n -> "tenant42_" + n.toLowerCase(Locale.ROOT)))
                .build()) {
            db.tables().create(GameScoreRepository.MAPPING.table());
            GameScoreRepository.of(db).put(new GameScore("u1", "Galaxy", 10, M0, 1, 2));
            assertThat(db.backend().listTables()).contains("tenant42_gamescores");
            assertThat(db.tables().check(GameScoreRepository.MAPPING.table()).matches())
                    .isTrue();
        }
    }
}
