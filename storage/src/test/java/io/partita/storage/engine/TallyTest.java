package io.partita.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** {@link Tally}: exact totals alone and under concurrent writers (which move it onto its striped cells). */
class TallyTest {
    @Test
    void addsIncrementsAndDecrementsAlone() {
        Tally t = new Tally();
        t.increment();
        t.increment();
        t.decrement();
        t.add(41);
        t.add(-2);

        assertThat(t.sum()).isEqualTo(40);
    }

    @Test
    void concurrentWritersLoseNoAddition() throws Exception {
        Tally t = new Tally();
        t.add(7); // before any contention: on the single word
        int threads = 4;
        int perThread = 50_000;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < threads; w++) {
                int sign = w % 2 == 0 ? 1 : -1;
                done.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < perThread; i++) {
                        t.add(3L * sign);
                        t.increment();
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }

        // two threads add 3, two subtract 3: what is left is the seven and every increment
        assertThat(t.sum()).isEqualTo(7L + (long) threads * perThread);
    }
}
