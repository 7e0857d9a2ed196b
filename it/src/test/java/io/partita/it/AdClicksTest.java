package io.partita.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.Partita;
import io.partita.storage.ConditionalCheckFailedException;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import seeds.adclicks.AdClick;
import seeds.adclicks.AdClickRepository;

/** Seed 5: per-minute counters with @Version, and the scattered event-time index gathered across shards. */
class AdClicksTest {
    private final Partita db = TestDatabase.open();
    private final AdClickRepository clicks = AdClickRepository.of(db);
    private static final Instant M0 = Instant.parse("2024-05-01T12:00:00Z");

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void versionedPutsDetectConflicts() {
        AdClick stored = clicks.put(new AdClick("google", M0, 1, 10, 0));
        assertThat(stored.version()).isEqualTo(1);
        AdClick next = clicks.put(new AdClick("google", M0, 2, 20, stored.version()));
        assertThat(next.version()).isEqualTo(2);
        assertThatThrownBy(() -> clicks.put(new AdClick("google", M0, 3, 30, stored.version())))
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThat(clicks.get("google", M0)).map(AdClick::clicks).contains(2L);
    }

    @Test
    void eventsSinceTimeNGatherEveryShard() {
        String[] referrers = {"google", "bing", "ddg", "news", "mail", "social"};
        for (int m = 0; m < 5; m++) {
            for (String r : referrers) {
                clicks.put(new AdClick(r, M0.plusSeconds(60L * m), m, m * 10L, 0));
            }
        }
        assertThat(clicks.eventTimeIndex().eventTime().ge(M0.plusSeconds(180)).count())
                .isEqualTo(12);
        assertThat(clicks.eventTimeIndex().eventTime().ge(M0.plusSeconds(180)).list())
                .extracting(AdClick::eventTime)
                .isSorted()
                .hasSize(12);
        assertThat(clicks.query("bing").eventTime().lt(M0.plusSeconds(120)).list())
                .hasSize(2);
    }

    @Test
    void partialUpdateCountersWithoutReading() {
        AdClick stored = clicks.put(new AdClick("google", M0, 1, 10, 0));
        AdClick after = clicks.update("google", M0)
                .add(AdClickRepository.CLICKS, 5L)
                .expectVersion(stored.version())
                .execute();
        assertThat(after.clicks()).isEqualTo(6);
    }
}
