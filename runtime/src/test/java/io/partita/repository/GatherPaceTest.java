package io.partita.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.Cursor;
import io.partita.GatherException;
import io.partita.Page;
import io.partita.Partita;
import io.partita.storage.Backend;
import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.value.AttributeValue;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Gathers on the default executor once the backend's {@link GatherRunner.Pace} is fast: every shard request runs on the
 * calling thread, and what the gather returns and throws is what it returns and throws on the executor.
 */
class GatherPaceTest {
    private static final Instant T0 = Instant.parse("2024-05-01T00:00:00Z");

    @Test
    void pace_turns_direct_after_a_run_of_fast_answers_and_back_after_slow_ones() {
        GatherRunner.Pace pace = new GatherRunner.Pace();
        for (int i = 1; i < GatherRunner.Pace.LEARN; i++) {
            pace.record(1_000);
        }
        assertThat(pace.direct()).isFalse();
        pace.record(GatherRunner.Pace.DIRECT_NANOS);
        assertThat(pace.direct()).isTrue();
        pace.record(GatherRunner.Pace.DIRECT_NANOS + 1); // just learned: one slow answer ends it
        assertThat(pace.direct()).isFalse();
        for (int i = 0; i < 1_000; i++) {
            pace.record(0);
        }
        pace.record(5_000_000); // long direct: one stray slow answer (a pause) does not end it
        assertThat(pace.direct()).isTrue();
        pace.record(5_000_000);
        pace.record(5_000_000); // a slow backend does
        assertThat(pace.direct()).isFalse();
        for (int i = 0; i < 100; i++) {
            pace.record(2_000_000); // a network backend never turns direct
        }
        assertThat(pace.direct()).isFalse();
    }

    @Test
    void a_fast_backend_is_gathered_on_the_calling_thread_with_the_same_results() {
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        AttributeValue bad = AttributeValue.n(5);
        boolean[] failing = {false};
        Backend recording = new CountingBackend(Storage.inMemory(StorageOptions.defaults()), new AtomicInteger()) {
            @Override
            public QueryResponse query(QueryRequest r) {
                threads.add(Thread.currentThread());
                if (failing[0] && r.expressionAttributeValues().containsValue(bad)) {
                    throw new ProvisionedThroughputExceededException("throttled (test)");
                }
                return super.query(r);
            }
        };
        long seed = 0x9A7E_5EEDL;
        System.out.println("GatherPaceTest seed=" + seed);
        Random random = new Random(seed);
        try (Partita db = Partita.using(recording)) {
            db.retryPolicy(io.partita.RetryPolicy.none());
            GatherTest.Events sharded = new GatherTest.Events(db, "Sharded", 12);
            GatherTest.Events plain = new GatherTest.Events(db, "Plain", 0);
            for (int i = 0; i < 150; i++) {
                GatherTest.Event e =
                        new GatherTest.Event("e" + random.nextInt(1000), T0.plusSeconds(random.nextInt(20)), "x");
                sharded.put(e);
                plain.put(e);
            }
            // each gather is primed right before it starts: its runner decides once, when the gather starts
            Runnable fast = () -> prime(sharded);
            List<String> plainIds = ids(plain.byTime().list());
            List<String> plainDescending = ids(plain.byTime().descending().list());
            for (int round = 0; round < 3; round++) {
                threads.clear();
                fast.run();
                assertThat(ids(sharded.byTime().list())).isEqualTo(plainIds);
                fast.run();
                assertThat(ids(sharded.byTime().descending().limit(7).list())).isEqualTo(plainDescending.subList(0, 7));
                fast.run();
                assertThat(sharded.byTime().count()).isEqualTo(plainIds.size());
                assertThat(paged(sharded, 1 + random.nextInt(9), round == 1, fast))
                        .isEqualTo(round == 1 ? plainDescending : plainIds);
                assertThat(threads).containsExactly(Thread.currentThread());
            }
            // a failing shard fails the direct gather as it fails one on the executor
            failing[0] = true;
            fast.run();
            assertThatThrownBy(() -> sharded.byTime().list())
                    .isInstanceOf(GatherException.class)
                    .hasMessageContaining("Shard 5 of 12")
                    .hasCauseInstanceOf(ProvisionedThroughputExceededException.class);
            fast.run();
            assertThatThrownBy(() -> sharded.byTime().count()).isInstanceOf(GatherException.class);
            // an executor the query sets is used even when the backend is fast
            fast.run();
            failing[0] = false;
            AtomicInteger ran = new AtomicInteger();
            assertThat(sharded.byTime()
                            .executor(r -> {
                                ran.incrementAndGet();
                                r.run();
                            })
                            .list())
                    .hasSize(plainIds.size());
            assertThat(ran.get()).isPositive();
        }
    }

    private static List<String> ids(List<GatherTest.Event> events) {
        return events.stream().map(GatherTest.Event::id).toList();
    }

    /** As if the backend's last requests had answered at once: the next gather starts direct. */
    private static void prime(GatherTest.Events events) {
        GatherRunner.Pace pace = GatherRunner.Pace.of(events.byTime().spec.backend());
        for (int i = 0; i < GatherRunner.Pace.LEARN; i++) {
            pace.record(0);
        }
    }

    private static List<String> paged(GatherTest.Events events, int size, boolean descending, Runnable before) {
        List<String> out = new ArrayList<>();
        Cursor cursor = null;
        for (int guard = 0; guard < 10_000; guard++) {
            before.run();
            GatherTest.Events.ByTime q = events.byTime().limit(size);
            Page<GatherTest.Event> page = (descending ? q.descending() : q).page(cursor);
            out.addAll(ids(page.items()));
            if (!page.hasNext()) {
                return out;
            }
            cursor = Cursor.parse(page.next().orElseThrow().toString());
        }
        throw new AssertionError("paging does not end");
    }
}
