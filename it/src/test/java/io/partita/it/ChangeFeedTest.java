package io.partita.it;

import static io.partita.it.feed.Feeds.take;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.Change;
import io.partita.ChangeFeed;
import io.partita.Checkpoint;
import io.partita.Partita;
import io.partita.StartingPosition;
import io.partita.it.feed.Click;
import io.partita.it.feed.ClickRepository;
import io.partita.it.feed.Ping;
import io.partita.it.feed.PingRepository;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Generated repositories' typed change feeds ({@code @ChangeStream}) on the test database (the embedded core in
 * memory, the durable core, DynamoDB Local): each change decoded by the schema, in order, with the view's images;
 * LATEST and TRIM_HORIZON; KEYS_ONLY; checkpoints printed, parsed and resumed from.
 */
class ChangeFeedTest {
    private Partita db;
    private ClickRepository clicks;

    @BeforeEach
    void open() {
        db = TestDatabase.open();
        clicks = ClickRepository.of(db);
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void eachWriteIsOneTypedChangeInOrder() {
        try (ChangeFeed<Click> feed = clicks.changes()) {
            clicks.put(new Click("c1", "google", 1));
            clicks.put(new Click("c1", "google", 2));
            clicks.put(new Click("c1", "google", 2)); // unchanged: no record
            clicks.delete(clicks.key("c1"));

            List<Change<Click>> changes = take(feed, 3);
            assertThat(changes)
                    .extracting(Change::type)
                    .containsExactly(Change.Type.INSERT, Change.Type.MODIFY, Change.Type.REMOVE);
            assertThat(changes).extracting(Change::key).containsOnly(clicks.key("c1"));
            assertThat(changes.get(0).oldValue()).isEmpty();
            assertThat(changes.get(0).newValue()).contains(new Click("c1", "google", 1));
            assertThat(changes.get(1).oldValue()).contains(new Click("c1", "google", 1));
            assertThat(changes.get(1).newValue()).contains(new Click("c1", "google", 2));
            assertThat(changes.get(2).oldValue()).contains(new Click("c1", "google", 2));
            assertThat(changes.get(2).newValue()).isEmpty();
            assertThat(changes).noneMatch(Change::byTimeToLive);
            assertThat(changes).allMatch(c -> c.approximateCreationTime() != null);
            BigInteger first = new BigInteger(changes.get(0).sequenceNumber());
            BigInteger last = new BigInteger(changes.get(2).sequenceNumber());
            assertThat(last).isGreaterThan(first);
        }
    }

    @Test
    void latestSkipsEarlierChangesAndTrimHorizonReadsThem() {
        clicks.put(new Click("before", "bing", 1));
        try (ChangeFeed<Click> latest = clicks.changes();
                ChangeFeed<Click> all = clicks.changes(StartingPosition.TRIM_HORIZON)) {
            clicks.put(new Click("after", "bing", 1));
            assertThat(take(latest, 1).get(0).key()).isEqualTo(clicks.key("after"));
            assertThat(take(all, 2)).extracting(Change::key).containsExactly(clicks.key("before"), clicks.key("after"));
        }
    }

    @Test
    void aKeysOnlyStreamGivesKeysWithoutValues() {
        PingRepository pings = PingRepository.of(db);
        try (ChangeFeed<Ping> feed = pings.changes()) {
            pings.put(new Ping("h1", 7, "up"));
            Change<Ping> c = take(feed, 1).get(0);
            assertThat(c.type()).isEqualTo(Change.Type.INSERT);
            assertThat(c.key()).isEqualTo(pings.key("h1", 7));
            assertThat(c.oldValue()).isEmpty();
            assertThat(c.newValue()).isEmpty();
        }
    }

    @Test
    void aCheckpointPrintsParsesAndResumesAfterWhatWasDelivered() {
        Checkpoint checkpoint;
        try (ChangeFeed<Click> feed = clicks.changes()) {
            clicks.put(new Click("a", "mail", 1));
            clicks.put(new Click("b", "mail", 1));
            take(feed, 2);
            checkpoint = Checkpoint.parse(feed.checkpoint().toString());
        }
        assertThat(checkpoint.toString()).startsWith("partita-checkpoint/1 arn:");
        clicks.put(new Click("c", "mail", 1));
        clicks.put(new Click("a", "mail", 2));
        try (ChangeFeed<Click> resumed = clicks.changes(checkpoint)) {
            List<Change<Click>> changes = take(resumed, 2);
            assertThat(changes)
                    .extracting(c -> c.newValue().orElseThrow())
                    .containsExactly(new Click("c", "mail", 1), new Click("a", "mail", 2));
        }
    }

    @Test
    void aClosedFeedRefusesPolls() {
        ChangeFeed<Click> feed = clicks.changes();
        feed.close();
        assertThatThrownBy(() -> feed.poll(Duration.ZERO))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("This change feed of table FeedClicks is closed");
    }
}
