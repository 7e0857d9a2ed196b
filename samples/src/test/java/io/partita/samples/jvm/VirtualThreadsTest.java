package io.partita.samples.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import io.partita.samples.adclicks.AdClick;
import io.partita.samples.adclicks.AdClickRepository;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;

/**
 * Many virtual threads on one {@code Partita}: blocking and asynchronous repository calls, and the scatter-gather
 * query of {@code AdClick} (EventTimeIndex over 100 shards, queried in parallel and merged), all at once. Every
 * task starts at one latch, so they overlap; every result is checked against what was written. JDK 21+ only (CI's
 * JDK 25 run); on 17 it is reported skipped.
 */
@EnabledForJreRange(min = JRE.JAVA_21)
class VirtualThreadsTest {
    private static final int WRITERS = 1_000;
    private static final int GATHERS = 100;
    private static final Instant START = Instant.parse("2024-05-01T12:00:00Z");

    private final Partita db = Partita.inMemory();
    private final AdClickRepository clicks = AdClickRepository.of(db);

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void repositoriesAndGathersOnVirtualThreads() throws Exception {
        ExecutorService executor = VirtualThreads.perTaskExecutor().orElseThrow();
        try {
            // each writer: one counter of its own, written blocking, read back blocking, updated and read
            // asynchronously (the version attribute makes each put conditional on the one before)
            List<AdClick> written = runAll(executor, WRITERS, i -> {
                assertThat(VirtualThreads.current()).as("on a virtual thread").isTrue();
                AdClick stored = clicks.put(click(i));
                assertThat(clicks.get(stored.referrer(), stored.minute())).contains(stored);
                AdClick updated = clicks.async()
                        .put(new AdClick(stored.referrer(), stored.minute(), stored.clicks() + 1, 0, stored.version()))
                        .join();
                assertThat(clicks.async()
                                .get(clicks.key(stored.referrer(), stored.minute()))
                                .join())
                        .contains(updated);
                return updated;
            });

            Instant since = START.plusSeconds(60L * (WRITERS / 2));
            List<AdClick> recent = written.stream()
                    .filter(c -> !c.minute().isBefore(since))
                    .sorted(Comparator.comparing(AdClick::minute))
                    .toList();
            assertThat(recent).hasSize(WRITERS / 2);

            // the gather (100 shard queries, merged by minute), blocking and asynchronous, from many threads at once
            List<List<AdClick>> gathered = runAll(
                    executor,
                    GATHERS,
                    i -> i % 2 == 0
                            ? clicks.eventTimeIndex().minute().ge(since).list()
                            : clicks.eventTimeIndex()
                                    .minute()
                                    .ge(since)
                                    .listAsync()
                                    .join());
            assertThat(gathered).allSatisfy(list -> assertThat(list).containsExactlyElementsOf(recent));
            assertThat(clicks.eventTimeIndex().minute().ge(START).countAsync().join())
                    .isEqualTo(WRITERS);
        } finally {
            executor.shutdown();
        }
    }

    /** A counter per task: its own referrer and minute, so every write is to a different item. */
    private static AdClick click(int i) {
        return new AdClick("referrer-" + i, START.plusSeconds(60L * i), i, 0, 0);
    }

    private interface Task<T> {
        T run(int i) throws Exception;
    }

    /** Starts {@code count} tasks that wait at one latch, opens it, and returns their results in task order. */
    private static <T> List<T> runAll(ExecutorService executor, int count, Task<T> task) throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        List<Future<T>> futures = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int n = i;
            Callable<T> call = () -> {
                go.await();
                return task.run(n);
            };
            futures.add(executor.submit(call));
        }
        go.countDown();
        List<T> results = new ArrayList<>();
        for (Future<T> f : futures) {
            results.add(f.get());
        }
        return results;
    }
}
