package io.partita.junit;

import io.partita.Change;
import io.partita.ChangeFeed;
import io.partita.StartingPosition;
import io.partita.feed.ChangeSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Awaiting the changes a test caused, for repositories whose table has a {@code @ChangeStream}:
 *
 * <pre>{@code
 * @PartitaTest
 * class CounterTest {
 *     @Test
 *     void aClickIsOneInsert(AdClickEventRepository events) {
 *         events.put(new AdClickEvent("e1", "google", T0));
 *         List<Change<AdClickEvent>> changes = PartitaChanges.awaitChanges(events, 1, Duration.ofSeconds(5));
 *         assertThat(changes.get(0).type()).isEqualTo(Change.Type.INSERT);
 *     }
 * }
 * }</pre>
 *
 * <p>{@link #awaitChanges(ChangeSource, int, Duration)} reads the table's stream from its start: in a
 * {@link PartitaTest} each test has a fresh database, so those are the changes the test caused. On a database
 * shared between tests, open a feed before acting ({@code repo.changes()}) and await on it with
 * {@link #awaitChanges(ChangeFeed, int, Duration)}. Either way the wait is the feed's own timed wait, no sleep.
 */
public final class PartitaChanges {
    private PartitaChanges() {}

    /**
     * The first {@code count} changes of {@code repository}'s table since the stream began, waiting up to
     * {@code timeout} for them.
     *
     * @throws AssertionError when fewer came in time (naming those that did)
     */
    public static <T> List<Change<T>> awaitChanges(ChangeSource<T> repository, int count, Duration timeout) {
        try (ChangeFeed<T> feed = repository.changes(StartingPosition.TRIM_HORIZON)) {
            return awaitChanges(feed, count, timeout);
        }
    }

    /**
     * The next {@code count} changes {@code feed} delivers, waiting up to {@code timeout}; changes after those stay
     * unread only if they came in a later poll.
     *
     * @throws AssertionError when fewer came in time (naming those that did)
     */
    public static <T> List<Change<T>> awaitChanges(ChangeFeed<T> feed, int count, Duration timeout) {
        List<Change<T>> out = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (out.size() < count) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("expected " + count + " change(s) of table " + feed.tableName() + " within "
                        + timeout + ", got " + out.size() + ": " + out);
            }
            out.addAll(feed.poll(Duration.ofNanos(left)));
        }
        return out.size() == count ? out : List.copyOf(out.subList(0, count));
    }
}
