package io.partita.it.feed;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Change;
import io.partita.ChangeFeed;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Reading a known number of changes from a feed, with a generous deadline (DynamoDB Local is slower). */
public final class Feeds {
    public static final Duration DEADLINE = Duration.ofSeconds(30);

    private Feeds() {}

    /** Polls until {@code n} changes came (failing after {@link #DEADLINE}); exactly those. */
    public static <T> List<Change<T>> take(ChangeFeed<T> feed, int n) {
        List<Change<T>> out = new ArrayList<>();
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (out.size() < n && System.nanoTime() < deadline) {
            out.addAll(feed.poll(Duration.ofSeconds(1)));
        }
        assertThat(out).as("changes of " + feed.tableName()).hasSize(n);
        return out;
    }
}
