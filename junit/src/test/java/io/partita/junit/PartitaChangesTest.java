package io.partita.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.Change;
import io.partita.ChangeFeed;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link PartitaChanges}: the changes a test caused, awaited on a fresh database; too few is an assertion failure. */
@PartitaTest
class PartitaChangesTest {
    @Test
    void awaitsTheChangesTheTestCaused(TickRepository ticks) {
        ticks.put(new Tick("t1", 1));
        ticks.put(new Tick("t1", 2));
        List<Change<Tick>> changes = PartitaChanges.awaitChanges(ticks, 2, Duration.ofSeconds(10));
        assertThat(changes).extracting(Change::type).containsExactly(Change.Type.INSERT, Change.Type.MODIFY);
        assertThat(changes.get(1).newValue()).contains(new Tick("t1", 2));
    }

    @Test
    void awaitsOnAFeedOpenedBeforeActing(TickRepository ticks) {
        ticks.put(new Tick("before", 1));
        try (ChangeFeed<Tick> feed = ticks.changes()) {
            ticks.put(new Tick("after", 1));
            assertThat(PartitaChanges.awaitChanges(feed, 1, Duration.ofSeconds(10)))
                    .extracting(Change::key)
                    .containsExactly(ticks.key("after"));
        }
    }

    @Test
    void tooFewChangesFailTheTest(TickRepository ticks) {
        ticks.put(new Tick("only", 1));
        assertThatThrownBy(() -> PartitaChanges.awaitChanges(ticks, 2, Duration.ofMillis(200)))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("expected 2 change(s) of table Ticks within PT0.2S, got 1: [INSERT");
    }
}
