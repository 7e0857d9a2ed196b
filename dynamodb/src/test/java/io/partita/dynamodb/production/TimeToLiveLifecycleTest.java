package io.partita.dynamodb.production;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.DesignMismatch;
import io.partita.DesignMismatch.Kind;
import io.partita.Partita;
import io.partita.TableNameResolver;
import io.partita.storage.api.TimeToLiveDescription;
import io.partita.storage.api.TimeToLiveSpecification;
import io.partita.storage.schema.TableDefinition;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import seeds.sessions.SessionRepository;

/**
 * {@code @Ttl} and the table lifecycle on both backends: create and create-if-missing enable time to live
 * (UpdateTimeToLive after CreateTable), DescribeTimeToLive shows it, and the design check reports a table where it
 * is disabled or on another attribute (DynamoDB Local keeps the setting but does not delete expired items, so
 * expiry itself is tested on the embedded core only).
 */
class TimeToLiveLifecycleTest {
    /** Sessions: UserId/SessionId, GSI ByDevice, LSI ByStarted, TTL on ExpiresAt. */
    private static final TableDefinition SESSIONS = SessionRepository.MAPPING.table();

    @ParameterizedTest
    @EnumSource(Backends.class)
    void createEnablesTimeToLive(Backends backend) {
        try (Partita db =
                backend.builder().tableNames(TableNameResolver.prefix("stage-")).build()) {
            assertThat(SESSIONS.timeToLive()).contains("ExpiresAt");
            db.tables().create(SESSIONS);
            TimeToLiveDescription ttl = db.requests().describeTimeToLive("Sessions");
            assertThat(ttl.isEnabled()).as(ttl.toString()).isTrue();
            assertThat(ttl.attributeName()).isEqualTo("ExpiresAt");
            assertThat(db.backend().describeTimeToLive("stage-Sessions").attributeName())
                    .isEqualTo("ExpiresAt");
            assertThat(db.tables().check(SESSIONS).matches()).isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void createIfMissingEnablesTimeToLive(Backends backend) {
        try (Partita db = backend.builder().build()) {
            assertThat(db.tables().createIfMissing(SESSIONS)).containsExactly("Sessions");
            assertThat(db.requests().describeTimeToLive("Sessions").isEnabled()).isTrue();
            assertThat(db.tables().createIfMissing(SESSIONS)).isEmpty();
            assertThat(db.tables().check(SESSIONS).matches()).isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void timeToLiveDisabled(Backends backend) {
        try (Partita db =
                backend.builder().tableNames(TableNameResolver.prefix("stage-")).build()) {
            db.tables().create(SESSIONS.withTimeToLive(null));
            DesignMismatch m = only(db, SESSIONS);
            assertThat(m.kind()).isEqualTo(Kind.TIME_TO_LIVE);
            assertThat(m.table()).isEqualTo("Sessions");
            assertThat(m.deployedTable()).isEqualTo("stage-Sessions");
            assertThat(m.index()).isNull();
            assertThat(m.expected()).isEqualTo("time to live ENABLED on ExpiresAt");
            assertThat(m.found()).isEqualTo("time to live DISABLED");
        }
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void timeToLiveOnAnotherAttribute(Backends backend) {
        try (Partita db = backend.builder().build()) {
            db.tables().create(SESSIONS.withTimeToLive(null));
            db.requests().updateTimeToLive("Sessions", TimeToLiveSpecification.enable("ttl"));
            DesignMismatch m = only(db, SESSIONS);
            assertThat(m.kind()).isEqualTo(Kind.TIME_TO_LIVE);
            assertThat(m.found()).isEqualTo("time to live ENABLED on ttl");
        }
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void aDesignWithoutTimeToLiveDoesNotAskForIt(Backends backend) {
        try (Partita db = backend.builder().build()) {
            db.tables().create(SESSIONS);
            assertThat(db.tables().check(SESSIONS.withTimeToLive(null)).matches())
                    .isTrue();
        }
    }

    private static DesignMismatch only(Partita db, TableDefinition design) {
        var report = db.tables().check(design);
        assertThat(report.mismatches()).hasSize(1);
        return report.mismatches().get(0);
    }
}
