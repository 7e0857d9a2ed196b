package io.partita.repository;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import io.partita.progress.Progress;
import io.partita.repository.GatherTest.Event;
import io.partita.repository.GatherTest.Events;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A parallel scan reports through the progress-listener hook: items delivered, and the end with the total. */
class ScanProgressListenerTest {
    @Test
    void theLastEventIsFinishedWithEveryItem() {
        try (Partita db = Partita.inMemory()) {
            Events events = new Events(db, "Events", 2);
            for (int i = 0; i < 300; i++) {
                events.put(new Event("e" + i, Instant.EPOCH.plusSeconds(i), "f"));
            }
            List<Progress> seen = new ArrayList<>();
            assertThat(events.scanAll(4).progress(seen::add).count()).isEqualTo(300);
            Progress last = seen.get(seen.size() - 1);
            assertThat(last.finished()).isTrue();
            assertThat(last.done()).isEqualTo(300);
            assertThat(last.total()).isEqualTo(300);
            assertThat(last.task()).isEqualTo("scan Events");
            assertThat(seen).extracting(Progress::done).isSorted();
        }
    }
}
