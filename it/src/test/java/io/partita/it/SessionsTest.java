package io.partita.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.TimeToLiveDescription;
import io.partita.storage.value.AttributeValue;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import seeds.sessions.Session;
import seeds.sessions.SessionRepository;

/**
 * {@code @Ttl} on every backend the suite runs on (embedded, durable, DynamoDB Local, the server): opening the
 * repository creates the table with time to live enabled on {@code ExpiresAt}, the design check agrees, and an
 * {@code @Ttl Instant} is stored as a Number of whole epoch seconds.
 */
class SessionsTest {
    private final Partita db = TestDatabase.open();
    private final SessionRepository sessions = SessionRepository.of(db);

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void openingTheRepositoryCreatesTheTableWithTimeToLiveEnabled() {
        TimeToLiveDescription ttl = db.requests().describeTimeToLive("Sessions");
        assertThat(ttl.isEnabled()).as(ttl.toString()).isTrue();
        assertThat(ttl.attributeName()).isEqualTo("ExpiresAt");
        assertThat(db.tables().check(SessionRepository.MAPPING.table()).mismatches())
                .isEmpty();
    }

    @Test
    void anInstantTimeToLiveIsStoredAsEpochSeconds() {
        Instant started = Instant.parse("2026-03-01T10:15:30.250Z");
        Instant expires = Instant.parse("2099-03-01T10:15:30.750Z");
        sessions.put(new Session("u1", "s1", "laptop", started, expires));

        Session read = sessions.get("u1", "s1").orElseThrow();
        assertThat(read.startedAt()).isEqualTo(started);
        assertThat(read.expiresAt()).isEqualTo(Instant.parse("2099-03-01T10:15:30Z")); // whole seconds
        Map<String, AttributeValue> raw = db.requests()
                .getItem(GetItemRequest.builder()
                        .tableName("Sessions")
                        .key(Map.of("UserId", AttributeValue.s("u1"), "SessionId", AttributeValue.s("s1")))
                        .consistentRead(true)
                        .build())
                .item();
        assertThat(raw.get("ExpiresAt")).isEqualTo(AttributeValue.n(expires.getEpochSecond()));
        assertThat(sessions.byDevice("laptop").list()).containsExactly(read);
    }

    @Test
    void aPartialUpdateRenewsTheExpiryTime() {
        sessions.put(new Session("u1", "s1", "phone", Instant.EPOCH, Instant.parse("2099-01-01T00:00:00Z")));
        sessions.update("u1", "s1")
                .set(SessionRepository.EXPIRES_AT, Instant.parse("2100-01-01T00:00:00.900Z"))
                .execute();
        assertThat(sessions.get("u1", "s1").orElseThrow().expiresAt()).isEqualTo(Instant.parse("2100-01-01T00:00:00Z"));
    }
}
