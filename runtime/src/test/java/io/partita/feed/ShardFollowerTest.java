package io.partita.feed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.Change;
import io.partita.ChangeFeed;
import io.partita.Partita;
import io.partita.StartingPosition;
import io.partita.mapping.ItemDecoder;
import io.partita.spi.ForwardingBackend;
import io.partita.storage.ExpiredIteratorException;
import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.Storage;
import io.partita.storage.api.GetRecordsRequest;
import io.partita.storage.api.GetRecordsResponse;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The feed against a backend that throttles and expires iterators (a decorator over the core): throttled reads are
 * retried, an expired iterator is renewed after the last record read, so nothing is lost or repeated; a table
 * without a stream is refused by name.
 */
class ShardFollowerTest {
    private static final FeedTuning FAST = new FeedTuning(Duration.ofMillis(1), Duration.ofMillis(5), 5, Duration.ZERO);
    private static final TableDefinition EVENTS =
            TableDefinition.builder("Events").partitionKey(KeyAttribute.s("id")).stream(StreamViewType.NEW_IMAGE)
                    .build();
    private static final ItemDecoder<String> ID = item -> ((AttributeValue.S) item.get("id")).value();

    private final Storage core = Storage.inMemory();
    private final AtomicInteger throttles = new AtomicInteger();
    private final AtomicInteger expiries = new AtomicInteger();
    private final Partita db = Partita.using(new ForwardingBackend(core) {
        @Override
        public GetRecordsResponse getRecords(GetRecordsRequest request) {
            if (throttles.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                throw new ProvisionedThroughputExceededException("throttled by the test");
            }
            if (expiries.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                throw new ExpiredIteratorException("expired by the test");
            }
            return super.getRecords(request);
        }
    });

    @AfterEach
    void close() {
        db.close();
    }

    private void put(String id) {
        core.putItem(PutItemRequest.builder()
                .tableName("Events")
                .item(Map.of("id", AttributeValue.s(id)))
                .build());
    }

    private static List<String> take(ChangeFeed<String> feed, int n) {
        List<String> out = new ArrayList<>();
        for (int polls = 0; out.size() < n && polls < 100; polls++) {
            feed.poll(Duration.ofMillis(200)).forEach(c -> out.add(c.newValue().orElseThrow()));
        }
        return out;
    }

    @Test
    void throttledReadsAreRetriedAndExpiredIteratorsRenewed() {
        core.createTable(EVENTS);
        try (ChangeFeed<String> feed = ChangeFeeds.open(
                db, EVENTS, new ChangeDecoder<>("Events", ID, null, null), StartingPosition.LATEST, null, FAST)) {
            put("a");
            put("b");
            throttles.set(3);
            assertThat(take(feed, 2)).containsExactly("a", "b");
            put("c");
            expiries.set(1);
            throttles.set(2);
            assertThat(take(feed, 1)).containsExactly("c");
            assertThat(feed.poll(Duration.ofMillis(20))).isEmpty();
        }
    }

    @Test
    void throttlingPastTheAttemptsIsThrown() {
        core.createTable(EVENTS);
        try (ChangeFeed<String> feed = ChangeFeeds.open(
                db, EVENTS, new ChangeDecoder<>("Events", ID, null, null), StartingPosition.LATEST, null, FAST)) {
            throttles.set(100);
            assertThatThrownBy(() -> feed.poll(Duration.ofMillis(50)))
                    .isInstanceOf(ProvisionedThroughputExceededException.class);
        }
    }

    @Test
    void aTableWithoutAStreamIsRefusedByName() {
        core.createTable(EVENTS.withStreamSpecification(null));
        assertThatThrownBy(() -> ChangeFeeds.table(db, EVENTS, ID, StartingPosition.TRIM_HORIZON))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("Table Events has no change stream: declare @ChangeStream");
    }

    @Test
    void decodedChangesCarryTheirType() {
        core.createTable(EVENTS);
        put("x");
        try (ChangeFeed<String> feed = ChangeFeeds.table(db, EVENTS, ID, StartingPosition.TRIM_HORIZON)) {
            List<Change<String>> changes = feed.poll(Duration.ofSeconds(5));
            assertThat(changes).hasSize(1);
            assertThat(changes.get(0).type()).isEqualTo(Change.Type.INSERT);
            assertThat(changes.get(0).key().attributes()).containsEntry("id", AttributeValue.s("x"));
        }
    }
}
