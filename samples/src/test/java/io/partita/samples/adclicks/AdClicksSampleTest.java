package io.partita.samples.adclicks;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Seed 002: per-minute counters, and the scattered event-time index gathered. */
class AdClicksSampleTest {
    private final Partita db = Partita.inMemory();
    private final AdClicksSample sample = new AdClicksSample(db);
    private static final Instant T = AdClicksSample.START;

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void eventsAreCountedPerReferrerPerMinute() {
        sample.record("google", T.plusSeconds(5), true);
        sample.record("google", T.plusSeconds(59), false);
        sample.record("google", T.plusSeconds(61), false);
        assertThat(sample.clicks().get("google", T)).hasValueSatisfying(c -> {
            assertThat(c.clicks()).isEqualTo(1);
            assertThat(c.impressions()).isEqualTo(1);
        });
        assertThat(sample.clicks().get("google", T.plusSeconds(60)))
                .map(AdClick::impressions)
                .contains(1L);
    }

    @Test
    void eventsSinceTimeNAreGatheredFromEveryShardInTimeOrder() {
        sample.simulate(2000);
        Instant since = T.plusSeconds(8 * 60);
        List<AdClick> recent = sample.since(since);
        assertThat(recent).hasSize(12).allSatisfy(c -> assertThat(c.minute()).isAfterOrEqualTo(since));
        assertThat(recent).extracting(AdClick::minute).isSorted();
        assertThat(sample.countSince(since)).isEqualTo(12);
        assertThat(sample.since(T)).hasSize(60);
        long events = sample.since(T).stream()
                .mapToLong(c -> c.clicks() + c.impressions())
                .sum();
        assertThat(events).isEqualTo(2000);
    }
}
