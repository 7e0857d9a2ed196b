package io.partita.samples.adclicks;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Change;
import io.partita.ChangeFeed;
import io.partita.Partita;
import io.partita.StartingPosition;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Seed 002 streamed: the events' change stream, handled by ClickCounter, keeps the per-minute counters. */
class AdClickStreamSampleTest {
    private static final Instant T = AdClicksSample.START;
    private final Partita db = Partita.inMemory();
    private final AdClickStreamSample sample = new AdClickStreamSample(db);

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void theCounterHandlesEachNewEvent() throws Exception {
        ClickCounter counter = new ClickCounter(sample.counters());
        sample.events().put(new AdClickEvent("e1", "google", T.plusSeconds(5), true));
        sample.events().put(new AdClickEvent("e2", "google", T.plusSeconds(59), false));
        sample.events().put(new AdClickEvent("e3", "bing", T.plusSeconds(61), false));
        try (ChangeFeed<AdClickEvent> feed = sample.events().changes(StartingPosition.TRIM_HORIZON)) {
            List<Change<AdClickEvent>> changes = new ArrayList<>();
            while (changes.size() < 3) {
                List<Change<AdClickEvent>> polled = feed.poll(Duration.ofSeconds(10));
                assertThat(polled).as("changes within 10 s").isNotEmpty();
                changes.addAll(polled);
            }
            counter.handleBatch(changes);
        }
        assertThat(sample.counters().get("google", T)).hasValueSatisfying(c -> {
            assertThat(c.clicks()).isEqualTo(1);
            assertThat(c.impressions()).isEqualTo(1);
        });
        assertThat(sample.counters().get("bing", T.plusSeconds(60)))
                .map(AdClick::impressions)
                .contains(1L);
    }

    @Test
    void aSubscribedCounterCountsEveryStreamedEvent() throws InterruptedException {
        assertThat(sample.countStreamed(300, Duration.ofSeconds(60))).isTrue();
        long counted = AdClicksSample.REFERRERS.stream()
                .flatMap(r -> sample.counters().query(r).list().stream())
                .mapToLong(c -> c.clicks() + c.impressions())
                .sum();
        assertThat(counted).isEqualTo(300);
    }
}
