package io.partita.dynamodb.production;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.DesignMismatch;
import io.partita.DesignMismatch.Kind;
import io.partita.DesignReport;
import io.partita.Partita;
import io.partita.TableNameResolver;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.LocalSecondaryIndex;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.storage.schema.TableDefinition;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import seeds.forum.ThreadRepository;
import seeds.gamescores.GameScoreRepository;

/**
 * The design check, one test per mismatch kind, on both backends: the deployed table is created from a
 * definition that differs from the compiled one in one way, and the check must name table, index, expected and
 * found.
 */
class DesignCheckTest {
    /** GameScores: UserId/GameTitle; GSI GameTitleIndex (GameTitle, TopScore N) INCLUDE Wins, Losses. */
    private static final TableDefinition SCORES = GameScoreRepository.MAPPING.table();
    /** Thread: ForumName/Subject; LSI LastPostIndex (LastPostDateTime) INCLUDE Replies. */
    private static final TableDefinition THREADS = ThreadRepository.MAPPING.table();

    private static DesignReport deployAndCheck(Backends backend, TableDefinition deployed, TableDefinition design) {
        try (Partita db =
                backend.builder().tableNames(TableNameResolver.prefix("stage-")).build()) {
            db.tables().create(deployed);
            return db.tables().check(design);
        }
    }

    private static TableDefinition withGsi(TableDefinition t, GlobalSecondaryIndex... gsis) {
        return new TableDefinition(
                t.name(),
                t.partitionKey(),
                t.sortKey(),
                List.of(gsis),
                t.localSecondaryIndexes(),
                t.provisionedThroughput());
    }

    private static DesignMismatch only(DesignReport report) {
        assertThat(report.mismatches()).hasSize(1);
        return report.mismatches().get(0);
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void aDeploymentOfTheCompiledDesignMatches(Backends backend) {
        DesignReport report = deployAndCheck(backend, SCORES, SCORES);
        assertThat(report.matches()).as(report.toString()).isTrue();
        assertThat(report.requireMatch()).isSameAs(report);
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void missingTable(Backends backend) {
        try (Partita db =
                backend.builder().tableNames(TableNameResolver.prefix("stage-")).build()) {
            DesignMismatch m = only(db.tables().check(SCORES));
            assertThat(m.kind()).isEqualTo(Kind.MISSING_TABLE);
            assertThat(m.table()).isEqualTo("GameScores");
            assertThat(m.deployedTable()).isEqualTo("stage-GameScores");
            assertThatThrownBy(() -> db.tables().check(SCORES).requireMatch())
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("MISSING_TABLE GameScores (deployed as stage-GameScores)");
        }
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void missingGsi(Backends backend) {
        DesignMismatch m = only(deployAndCheck(backend, withGsi(SCORES), SCORES));
        assertThat(m.kind()).isEqualTo(Kind.MISSING_GSI);
        assertThat(m.index()).isEqualTo("GameTitleIndex");
        assertThat(m.expected()).contains("GameTitle S HASH", "TopScore N RANGE", "INCLUDE [Wins, Losses]");
        assertThat(m.found()).isEqualTo("none");
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void missingLsi(Backends backend) {
        TableDefinition deployed = new TableDefinition(
                THREADS.name(), THREADS.partitionKey(), THREADS.sortKey(), List.of(), List.of(), null);
        DesignMismatch m = only(deployAndCheck(backend, deployed, THREADS));
        assertThat(m.kind()).isEqualTo(Kind.MISSING_LSI);
        assertThat(m.table()).isEqualTo("Thread");
        assertThat(m.index()).isEqualTo("LastPostIndex");
        assertThat(m.expected()).contains("ForumName S HASH", "LastPostDateTime S RANGE");
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void differentKeySchemaOfAnIndex(Backends backend) {
        GlobalSecondaryIndex byTitleOnly = new GlobalSecondaryIndex(
                "GameTitleIndex",
                List.of(KeyAttribute.s("GameTitle")),
                List.of(KeyAttribute.s("UserId")),
                Projection.include("Wins", "Losses"));
        DesignMismatch m = only(deployAndCheck(backend, withGsi(SCORES, byTitleOnly), SCORES));
        assertThat(m.kind()).isEqualTo(Kind.KEY_SCHEMA);
        assertThat(m.index()).isEqualTo("GameTitleIndex");
        assertThat(m.expected()).isEqualTo("[GameTitle S HASH, TopScore N RANGE]");
        assertThat(m.found()).isEqualTo("[GameTitle S HASH, UserId S RANGE]");
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void differentKeySchemaOfTheTable(Backends backend) {
        TableDefinition noSortKey = new TableDefinition(
                SCORES.name(), SCORES.partitionKey(), null, SCORES.globalSecondaryIndexes(), List.of(), null);
        DesignMismatch m = only(deployAndCheck(backend, noSortKey, SCORES));
        assertThat(m.kind()).isEqualTo(Kind.KEY_SCHEMA);
        assertThat(m.index()).isNull();
        assertThat(m.expected()).isEqualTo("[UserId S HASH, GameTitle S RANGE]");
        assertThat(m.found()).isEqualTo("[UserId S HASH]");
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void differentKeyType(Backends backend) {
        GlobalSecondaryIndex textScore = new GlobalSecondaryIndex(
                "GameTitleIndex",
                List.of(KeyAttribute.s("GameTitle")),
                List.of(KeyAttribute.s("TopScore")),
                Projection.include("Wins", "Losses"));
        DesignMismatch m = only(deployAndCheck(backend, withGsi(SCORES, textScore), SCORES));
        assertThat(m.kind()).isEqualTo(Kind.KEY_TYPE);
        assertThat(m.index()).isEqualTo("GameTitleIndex");
        assertThat(m.expected()).contains("TopScore N RANGE");
        assertThat(m.found()).contains("TopScore S RANGE");
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void projectionLackingAnAttributeTheViewReads(Backends backend) {
        GlobalSecondaryIndex winsOnly = new GlobalSecondaryIndex(
                "GameTitleIndex",
                List.of(KeyAttribute.s("GameTitle")),
                List.of(KeyAttribute.n("TopScore")),
                Projection.include("Wins"));
        DesignMismatch m = only(deployAndCheck(backend, withGsi(SCORES, winsOnly), SCORES));
        assertThat(m.kind()).isEqualTo(Kind.PROJECTION);
        assertThat(m.index()).isEqualTo("GameTitleIndex");
        assertThat(m.expected()).isEqualTo("INCLUDE [Wins, Losses] (lacking Losses)");
        assertThat(m.found()).isEqualTo("INCLUDE [Wins]");
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void projectionOfAnLsiLackingWhatTheEntityReads(Backends backend) {
        TableDefinition keysOnly = new TableDefinition(
                THREADS.name(),
                THREADS.partitionKey(),
                THREADS.sortKey(),
                List.of(),
                List.of(new LocalSecondaryIndex(
                        "LastPostIndex", THREADS.localSecondaryIndexes().get(0).sortKey(), Projection.keysOnly())),
                null);
        DesignMismatch m = only(deployAndCheck(backend, keysOnly, THREADS));
        assertThat(m.kind()).isEqualTo(Kind.PROJECTION);
        assertThat(m.index()).isEqualTo("LastPostIndex");
        assertThat(m.expected()).contains("lacking Replies");
        assertThat(m.found()).isEqualTo("KEYS_ONLY");
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void billingModeWhenDeclared(Backends backend) {
        TableDefinition provisioned = new TableDefinition(
                SCORES.name(),
                SCORES.partitionKey(),
                SCORES.sortKey(),
                SCORES.globalSecondaryIndexes(),
                List.of(),
                new ProvisionedThroughput(5, 5));
        DesignMismatch m = only(deployAndCheck(backend, SCORES, provisioned));
        assertThat(m.kind()).isEqualTo(Kind.BILLING_MODE);
        assertThat(m.index()).isNull();
        assertThat(m.expected()).startsWith("PROVISIONED");
        assertThat(m.found()).isEqualTo("PAY_PER_REQUEST");
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void everyMismatchIsReportedAtOnce(Backends backend) {
        try (Partita db = backend.builder().build()) {
            db.tables().create(withGsi(SCORES));
            DesignReport report = db.tables().check(SCORES, THREADS);
            assertThat(report.mismatches())
                    .extracting(DesignMismatch::kind)
                    .containsExactly(Kind.MISSING_GSI, Kind.MISSING_TABLE);
        }
    }
}
