package io.partita.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.Condition;
import io.partita.GatherException;
import io.partita.GatherOptions;
import io.partita.Partita;
import io.partita.RetryPolicy;
import io.partita.repository.GatherTest.Event;
import io.partita.repository.GatherTest.Events;
import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.value.AttributeValue;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@code repository.scanAll(segments)}: the parallel Scan helper with its progress callback. */
class ScanAllTest {
    private static final Instant T0 = Instant.parse("2024-05-01T00:00:00Z");

    @Test
    void every_item_once_with_serialized_progress() {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try (Partita db = Partita.inMemory()) {
            db.gatherOptions(new GatherOptions(pool, 4));
            Events events = new Events(db, "Events", 4);
            String filler = "f".repeat(20_000); // several pages per segment
            for (int i = 0; i < 1000; i++) {
                events.put(new Event("e" + i, T0.plusSeconds(i), filler));
            }
            List<ScanProgress> reports = new ArrayList<>();
            AtomicInteger concurrent = new AtomicInteger();
            List<Event> all = events.scanAll(8, p -> {
                        assertThat(concurrent.incrementAndGet()).isEqualTo(1);
                        reports.add(p);
                        concurrent.decrementAndGet();
                    })
                    .list();
            assertThat(all).hasSize(1000);
            assertThat(all.stream().map(Event::id).distinct().count()).isEqualTo(1000);
            ScanProgress last = reports.get(reports.size() - 1);
            assertThat(last.segmentsDone()).isEqualTo(8);
            assertThat(last.fractionDone()).isEqualTo(1.0);
            assertThat(last.itemsReturned()).isEqualTo(1000);
            assertThat(last.itemsScanned()).isEqualTo(1000);
            assertThat(last.pagesRead()).isEqualTo(reports.size()).isGreaterThan(8);
            assertThat(reports.stream()
                            .filter(ScanProgress::segmentDone)
                            .map(ScanProgress::segment)
                            .distinct()
                            .count())
                    .isEqualTo(8);
            assertThat(reports).extracting(ScanProgress::pagesRead).isSorted();

            Set<String> seen = new HashSet<>();
            events.scanAll(3)
                    .concurrency(2)
                    .forEach(e -> assertThat(seen.add(e.id())).isTrue());
            assertThat(seen).hasSize(1000);
            assertThat(events.scanAll(5)
                            .filter(Condition.lt("At", AttributeValue.s("2024-05-01T00:00:10.000000000Z")))
                            .count())
                    .isEqualTo(10);
            assertThat(events.scanAll(1).executor(Runnable::run).count()).isEqualTo(1000);
            assertThatThrownBy(() -> events.scanAll(0)).isInstanceOf(IllegalArgumentException.class);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void a_failing_segment_fails_the_scan() {
        AtomicInteger queries = new AtomicInteger();
        Storage embedded = Storage.inMemory(StorageOptions.defaults());
        try (Partita db = Partita.using(new CountingBackend(embedded, queries) {
            @Override
            public ScanResponse scan(ScanRequest r) {
                if (r.segment() == 3) {
                    throw new ProvisionedThroughputExceededException("throttled (test)");
                }
                return super.scan(r);
            }

            @Override
            public void close() {
                embedded.close();
            }
        })) {
            db.retryPolicy(RetryPolicy.none());
            Events events = new Events(db, "Events", 2);
            for (int i = 0; i < 100; i++) {
                events.put(new Event("e" + i, T0.plusSeconds(i), "x"));
            }
            assertThatThrownBy(() -> events.scanAll(6).list())
                    .isInstanceOf(GatherException.class)
                    .hasMessageContaining("Segment 3 of 6")
                    .hasCauseInstanceOf(ProvisionedThroughputExceededException.class);
        }
    }
}
