package io.partita.it.embedded;

import static io.partita.it.feed.Feeds.take;
import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Change;
import io.partita.ChangeFeed;
import io.partita.Checkpoint;
import io.partita.Partita;
import io.partita.StartingPosition;
import io.partita.it.feed.Click;
import io.partita.it.feed.ClickRepository;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Change feeds on the embedded core itself: time-to-live deletions (a clock the test moves, sweeps on demand) are
 * REMOVE changes marked {@code byTimeToLive()} with the old image; small shards roll over and the feed follows the
 * children; a checkpoint taken on a durable core resumes after a restart.
 */
class ChangeFeedOnTheCoreTest {
    @Test
    void timeToLiveDeletionsAreRemovalsByTimeToLive() {
        TimeToLiveTest.MovingClock clock = new TimeToLiveTest.MovingClock();
        try (Partita db = Partita.inMemory(
                StorageOptions.defaults().withClock(clock).withTimeToLiveSweepInterval(Duration.ZERO))) {
            LeaseRepository leases = LeaseRepository.of(db);
            try (ChangeFeed<Lease> feed = leases.changes()) {
                leases.put(new Lease("l1", "worker-1", clock.instant().plus(Duration.ofMinutes(1))));
                leases.delete(leases.key("l1"));
                leases.put(new Lease("l2", "worker-2", clock.instant().plus(Duration.ofMinutes(1))));
                clock.advance(Duration.ofMinutes(2));
                assertThat(((Storage) db.backend()).expireItems()).isEqualTo(1);

                List<Change<Lease>> changes = take(feed, 4);
                assertThat(changes)
                        .extracting(Change::type)
                        .containsExactly(
                                Change.Type.INSERT, Change.Type.REMOVE, Change.Type.INSERT, Change.Type.REMOVE);
                assertThat(changes).extracting(Change::byTimeToLive).containsExactly(false, false, false, true);
                Change<Lease> expired = changes.get(3);
                assertThat(expired.oldValue()).map(Lease::holder).contains("worker-2");
                assertThat(expired.newValue()).isEmpty();
                assertThat(changes.get(0).oldValue())
                        .as("OLD_IMAGE: an insert has no old image")
                        .isEmpty();
                assertThat(changes.get(0).newValue())
                        .as("OLD_IMAGE carries no new image")
                        .isEmpty();
            }
        }
    }

    @Test
    void theFeedFollowsRolledOverShardsInOrder() {
        StorageOptions options = StorageOptions.defaults().withStreamShardRollover(2, Duration.ofHours(4));
        try (Partita db = Partita.inMemory(options)) {
            ClickRepository clicks = ClickRepository.of(db);
            try (ChangeFeed<Click> feed = clicks.changes(StartingPosition.TRIM_HORIZON)) {
                for (int i = 1; i <= 7; i++) {
                    clicks.put(new Click("c", "r", i));
                }
                assertThat(take(feed, 7))
                        .extracting(c -> c.newValue().orElseThrow().count())
                        .containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L);
                assertThat(feed.checkpoint().positions()).hasSizeGreaterThanOrEqualTo(4);
            }
        }
    }

    @Test
    void aCheckpointResumesAfterARestartOfTheDurableCore(@TempDir Path dir) throws IOException {
        Path data = Files.createDirectories(dir.resolve("db"));
        String saved;
        try (Partita db = Partita.open(data)) {
            ClickRepository clicks = ClickRepository.of(db);
            try (ChangeFeed<Click> feed = clicks.changes()) {
                clicks.put(new Click("a", "r", 1));
                take(feed, 1);
                saved = feed.checkpoint().toString();
            }
            clicks.put(new Click("b", "r", 1));
        }
        try (Partita db = Partita.open(data)) {
            ClickRepository clicks = ClickRepository.of(db);
            try (ChangeFeed<Click> feed = clicks.changes(Checkpoint.parse(saved))) {
                assertThat(take(feed, 1).get(0).key()).isEqualTo(clicks.key("b"));
            }
        }
    }
}
