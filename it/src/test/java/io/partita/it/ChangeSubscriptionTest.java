package io.partita.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.Change;
import io.partita.Checkpoint;
import io.partita.Partita;
import io.partita.SubscribeOptions;
import io.partita.Subscription;
import io.partita.feed.MemoryCheckpointStore;
import io.partita.feed.TableCheckpointStore;
import io.partita.it.feed.Click;
import io.partita.it.feed.ClickRepository;
import io.partita.it.feed.Feeds;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The push form: a subscription hands changes to its handler on a background thread and saves checkpoints; its error
 * policy (retry the batch, then stop and fail {@code done()}); a close that waits for the handler's batch.
 */
class ChangeSubscriptionTest {
    private static final long WAIT = Feeds.DEADLINE.toSeconds();

    private final Partita db = TestDatabase.open();
    private final ClickRepository clicks = ClickRepository.of(db);

    @AfterEach
    void close() {
        db.close();
    }

    private static Change<Click> next(BlockingQueue<Change<Click>> handled) throws InterruptedException {
        Change<Click> c = handled.poll(WAIT, TimeUnit.SECONDS);
        assertThat(c).as("a change within " + WAIT + " s").isNotNull();
        return c;
    }

    @Test
    void changesReachTheHandlerAndTheCheckpointIsSavedAfterEachBatch() throws Exception {
        MemoryCheckpointStore store = new MemoryCheckpointStore();
        BlockingQueue<Change<Click>> handled = new LinkedBlockingQueue<>();
        Subscription s = clicks.changes()
                .subscribe(handled::add, SubscribeOptions.defaults().checkpoints(store, "counter"));
        clicks.put(new Click("x", "news", 1));
        clicks.put(new Click("y", "news", 1));
        assertThat(next(handled).key()).isEqualTo(clicks.key("x"));
        assertThat(next(handled).key()).isEqualTo(clicks.key("y"));
        s.close();
        assertThat(s.done()).isCompleted();
        assertThat(s.isRunning()).isFalse();
        Checkpoint saved = store.load("counter").orElseThrow();

        clicks.put(new Click("z", "news", 1));
        BlockingQueue<Change<Click>> resumed = new LinkedBlockingQueue<>();
        try (Subscription again = clicks.changes(saved).subscribe(resumed::add)) {
            assertThat(next(resumed).key()).isEqualTo(clicks.key("z"));
            assertThat(again.isRunning()).isTrue();
        }
    }

    @Test
    void aBatchIsRetriedThenTheSubscriptionStopsAndReportsTheFailure() throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        MemoryCheckpointStore store = new MemoryCheckpointStore();
        Subscription s = clicks.changes()
                .subscribe(
                        c -> {
                            attempts.incrementAndGet();
                            throw new IllegalArgumentException("cannot count " + c.key());
                        },
                        SubscribeOptions.defaults()
                                .withMaxAttempts(3)
                                .withRetryDelay(Duration.ZERO)
                                .checkpoints(store, "failing"));
        clicks.put(new Click("bad", "news", 1));
        assertThatThrownBy(() -> s.done().get(WAIT, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause()
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith(
                        "The change handler of table FeedClicks failed 3 time(s) on the batch starting at")
                .hasRootCauseInstanceOf(IllegalArgumentException.class);
        assertThat(attempts).hasValue(3);
        assertThat(s.isRunning()).isFalse();
        assertThat(store.load("failing"))
                .as("no batch was handled, so no checkpoint")
                .isEmpty();
        s.close();
    }

    @Test
    void aBatchThatFailsOnceIsHandedOverAgain() throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        BlockingQueue<Change<Click>> handled = new LinkedBlockingQueue<>();
        try (Subscription s = clicks.changes()
                .subscribe(
                        c -> {
                            if (attempts.incrementAndGet() == 1) {
                                throw new IllegalStateException("not yet");
                            }
                            handled.add(c);
                        },
                        SubscribeOptions.defaults().withRetryDelay(Duration.ZERO))) {
            clicks.put(new Click("retry", "news", 1));
            assertThat(next(handled).key()).isEqualTo(clicks.key("retry"));
            assertThat(attempts).hasValue(2);
            assertThat(s.isRunning()).isTrue();
        }
    }

    @Test
    void closeWaitsForTheHandlersBatch() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<String> finished = new ArrayList<>();
        Subscription s = clicks.changes().subscribe(c -> {
            started.countDown();
            release.await();
            synchronized (finished) {
                finished.add(c.key().toString());
            }
        });
        clicks.put(new Click("slow", "news", 1));
        assertThat(started.await(WAIT, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<Void> closing = CompletableFuture.runAsync(s::close);
        assertThat(closing).isNotDone();
        release.countDown();
        closing.get(WAIT, TimeUnit.SECONDS);
        synchronized (finished) {
            assertThat(finished).hasSize(1);
        }
        assertThat(s.done()).isCompleted();
    }

    @Test
    void aTableCheckpointStoreKeepsCheckpointsInTheDatabase() {
        TableCheckpointStore store = new TableCheckpointStore(db);
        assertThat(store.load("nobody")).isEmpty();
        Checkpoint c =
                Checkpoint.parse("partita-checkpoint/1 arn:aws:dynamodb:x:1:table/T/stream/L shard-1=42 shard-2=END");
        store.save("counter", c);
        assertThat(new TableCheckpointStore(db).load("counter")).contains(c);
    }
}
