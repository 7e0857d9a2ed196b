package io.partita.it.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.api.TimeToLiveSpecification;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import seeds.sessions.Session;
import seeds.sessions.SessionRepository;

/**
 * {@code @Ttl} through a generated repository on the embedded core, with a clock the test moves and sweeps run on
 * demand: an expired session is still returned until the sweep, then it is gone from the table, its GSI and its
 * LSI, counted as a system delete; a renewed one stays.
 */
class TimeToLiveTest {
    private static final Instant T0 = Instant.parse("2026-05-01T12:00:00Z");

    /** A clock the test moves. */
    static final class MovingClock extends Clock {
        private volatile Instant now = T0;

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    private final MovingClock clock = new MovingClock();
    private Partita db;
    private Storage storage;
    private SessionRepository sessions;

    @BeforeEach
    void open() {
        db = Partita.inMemory(StorageOptions.defaults().withClock(clock).withTimeToLiveSweepInterval(Duration.ZERO));
        storage = (Storage) db.backend();
        sessions = SessionRepository.of(db);
    }

    @AfterEach
    void close() {
        storage.checkInvariants();
        db.close();
    }

    private Session session(String id, String device, Duration ttl) {
        return new Session("u1", id, device, T0, clock.instant().plus(ttl));
    }

    @Test
    void expiredSessionsAreVisibleUntilSweptThenGoneFromEveryIndex() {
        sessions.put(session("short", "phone", Duration.ofMinutes(5)));
        sessions.put(session("long", "laptop", Duration.ofDays(30)));

        clock.advance(Duration.ofMinutes(10)); // "short" has expired, but no sweep has run
        assertThat(sessions.get("u1", "short")).isPresent();
        assertThat(sessions.byDevice("phone").list()).hasSize(1);
        assertThat(sessions.byStarted("u1").list()).hasSize(2);

        assertThat(storage.expireItems()).isEqualTo(1);
        assertThat(sessions.get("u1", "short")).isEmpty();
        assertThat(sessions.byDevice("phone").list()).isEmpty();
        assertThat(sessions.byStarted("u1").list())
                .extracting(Session::sessionId)
                .containsExactly("long");
        assertThat(storage.timeToLiveDeletedItemCount("Sessions")).isEqualTo(1);
        storage.checkInvariants();
    }

    @Test
    void aRenewedSessionDoesNotExpire() {
        sessions.put(session("s1", "phone", Duration.ofMinutes(5)));
        clock.advance(Duration.ofMinutes(4));
        sessions.update("u1", "s1")
                .set(SessionRepository.EXPIRES_AT, clock.instant().plus(Duration.ofMinutes(5)))
                .execute();
        clock.advance(Duration.ofMinutes(4));
        assertThat(storage.expireItems()).isZero();
        assertThat(sessions.get("u1", "s1")).isPresent();
        clock.advance(Duration.ofMinutes(2));
        assertThat(storage.expireItems()).isEqualTo(1);
        assertThat(sessions.get("u1", "s1")).isEmpty();
    }

    @Test
    void aNullExpiryNeverExpires() {
        sessions.put(new Session("u1", "forever", "tv", T0, null));
        clock.advance(Duration.ofDays(3650));
        assertThat(storage.expireItems()).isZero();
        assertThat(sessions.get("u1", "forever")).isPresent();
    }

    @Test
    void openingARepositoryEnablesTimeToLiveOnATableThatExistedWithoutIt() {
        try (Partita other = Partita.inMemory()) {
            other.backend().createTable(SessionRepository.MAPPING.table().withTimeToLive(null));
            assertThat(other.backend().describeTimeToLive("Sessions").isEnabled())
                    .isFalse();
            SessionRepository.of(other);
            assertThat(other.backend().describeTimeToLive("Sessions").attributeName())
                    .isEqualTo("ExpiresAt");
        }
    }

    @Test
    void disablingTimeToLiveStopsExpiry() {
        sessions.put(session("s1", "phone", Duration.ofMinutes(1)));
        db.requests().updateTimeToLive("Sessions", TimeToLiveSpecification.disable("ExpiresAt"));
        clock.advance(Duration.ofHours(1));
        assertThat(storage.expireItems()).isZero();
        assertThat(db.tables().check(SessionRepository.MAPPING.table()).mismatches())
                .singleElement()
                .satisfies(m -> assertThat(m.toString())
                        .isEqualTo(
                                "TIME_TO_LIVE Sessions: expected time to live ENABLED on ExpiresAt, found time to live"
                                        + " DISABLED"));
    }
}
