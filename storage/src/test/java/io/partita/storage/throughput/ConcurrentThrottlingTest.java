package io.partita.storage.throughput;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.Storage;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.storage.schema.TableDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** With the clock stopped, concurrent writers together get exactly the capacity there is: no unit is given twice. */
class ConcurrentThrottlingTest extends Fixture {

    @Test
    void concurrentWritersShareTheBucketsExactly() throws Exception {
        try (Storage db = core()) {
            db.createTable(TableDefinition.builder("Events")
                    .partitionKey(KeyAttribute.s("referrer"))
                    .sortKey(KeyAttribute.s("id"))
                    .provisionedThroughput(new ProvisionedThroughput(100, 100_000))
                    .globalSecondaryIndex(new GlobalSecondaryIndex(
                            "ByTime",
                            List.of(KeyAttribute.s("eventTime")),
                            List.of(),
                            Projection.keysOnly(),
                            new ProvisionedThroughput(100, 100_000)))
                    .build());
            int threads = 4;
            AtomicInteger hot = new AtomicInteger();
            AtomicInteger cold = new AtomicInteger();
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                List<Callable<Void>> tasks = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    int thread = t;
                    tasks.add(() -> {
                        for (int i = 0; i < 1_000; i++) {
                            // Half the writes go to one GSI partition (hot), half to the thread's own eventTime.
                            String time = i % 2 == 0 ? "hot" : "cold-" + thread;
                            if (tryPut(
                                    db,
                                    "Events",
                                    item("referrer", "r" + (i % 50), "id", thread + "-" + i, "eventTime", time))) {
                                (i % 2 == 0 ? hot : cold).incrementAndGet();
                            }
                        }
                        return null;
                    });
                }
                for (Future<Void> f : pool.invokeAll(tasks)) {
                    f.get();
                }
            } finally {
                pool.shutdown();
            }
            assertThat(hot.get()).isEqualTo(1_000); // 2,000 offered to one GSI partition, 1,000 units in its bucket
            assertThat(cold.get()).isEqualTo(2_000);
            assertThat(db.describeTable("Events").itemCount()).isEqualTo(3_000);
            db.checkInvariants();
        }
    }
}
