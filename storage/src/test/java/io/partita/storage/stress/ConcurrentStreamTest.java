package io.partita.storage.stress;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.StreamReads;
import io.partita.storage.TestStorage;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.StreamRecord;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Writers racing on a table with a stream, on shared items, with transactions across two tables with streams (taken
 * in both orders): every write is in the stream exactly once and each item's records are in the order of its
 * versions. Each writer owns the versions it writes of an item (thread t writes versions t, t + W, ...), and an
 * item's writes are serialized by its lock, so its records must show strictly increasing versions.
 */
class ConcurrentStreamTest {
    static final int WRITERS = 4;
    static final int ROUNDS = Integer.getInteger("partita.stress.streamRounds", 300);
    static final int ITEMS = 8;

    static TableDefinition table(String name) {
        return TableDefinition.builder(name).partitionKey(KeyAttribute.s("id")).stream(StreamViewType.NEW_IMAGE)
                .build();
    }

    @Test
    void everyWriteIsInTheStreamOnceAndEachItemInOrder() throws Exception {
        Storage db = TestStorage.create(StorageOptions.defaults()
                .withTimeToLiveSweepInterval(Duration.ZERO)
                .withStreamShardRollover(50, Duration.ofDays(1)));
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        try {
            db.createTable(table("StreamA"));
            db.createTable(table("StreamB"));
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                done.add(pool.submit(() -> {
                    start.await();
                    for (int round = 0; round < ROUNDS; round++) {
                        long version = (long) round * WRITERS + writer;
                        String id = "i" + (round % ITEMS);
                        if (round % 10 == 0) { // a transaction over both tables, in an order that depends on the writer
                            String[] order = writer % 2 == 0
                                    ? new String[] {"StreamA", "StreamB"}
                                    : new String[] {"StreamB", "StreamA"};
                            db.transactWriteItems(TransactWriteItemsRequest.builder()
                                    .transactItems(List.of(
                                            new TransactWriteItem.Put(
                                                    order[0],
                                                    item("t" + writer + "-" + round, version),
                                                    null,
                                                    null,
                                                    null,
                                                    false),
                                            new TransactWriteItem.Put(
                                                    order[1],
                                                    item("t" + writer + "-" + round, version),
                                                    null,
                                                    null,
                                                    null,
                                                    false)))
                                    .build());
                        } else {
                            db.putItem(PutItemRequest.builder()
                                    .tableName("StreamA")
                                    .item(item(id, version))
                                    .build());
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get(120, TimeUnit.SECONDS);
            }
            List<StreamRecord> a =
                    StreamReads.readAll(db, db.describeTable("StreamA").latestStreamArn());
            List<StreamRecord> b =
                    StreamReads.readAll(db, db.describeTable("StreamB").latestStreamArn());
            int transactions = WRITERS * ((ROUNDS + 9) / 10);
            assertThat(a).hasSize(WRITERS * ROUNDS);
            assertThat(b).hasSize(transactions);
            Map<String, Long> last = new HashMap<>();
            for (StreamRecord r : a) {
                String id = ((AttributeValue.S) r.keys().get("id")).value();
                long version =
                        ((AttributeValue.N) r.newImage().get("v")).value().longValueExact();
                Long previous = last.put(id + "/" + (id.startsWith("t") ? "" : version % WRITERS), version);
                if (previous != null) {
                    assertThat(version).as("item %s", id).isGreaterThan(previous);
                }
            }
            db.checkInvariants();
        } finally {
            pool.shutdownNow();
            db.close();
        }
    }

    static Map<String, AttributeValue> item(String id, long version) {
        return Map.of("id", AttributeValue.s(id), "v", AttributeValue.n(version));
    }
}
