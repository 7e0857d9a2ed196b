package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * A bounded load test on 127.0.0.1: 64 client threads over 64 pooled HTTP connections (SDK v2, Apache client)
 * run a put / get / GSI-query mix against the server for {@code -Dpartita.server.load.seconds} (10 in CI, 30
 * for the full run); no request may fail; prints throughput, p50 and p99.
 */
// the SDK's Consumer<Builder>... overloads (keySchema(k -> ..., k -> ...)) are generic varargs
@SuppressWarnings("unchecked")
class LoadTest {
    static final int CONNECTIONS = 64;

    @Test
    void sixtyFourConnectionsWithoutErrors() throws Exception {
        int seconds = Integer.parseInt(
                System.getProperty("partita.server.load.seconds", "10").trim());
        DynamoDbClient ddb = TestServer.client();
        try {
            ddb.deleteTable(b -> b.tableName("Load"));
        } catch (RuntimeException absent) {
            // first run
        }
        ddb.createTable(b -> b.tableName("Load")
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(
                        a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("g").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("n").attributeType(ScalarAttributeType.N))
                .globalSecondaryIndexes(i -> i.indexName("ByG")
                        .keySchema(
                                k -> k.attributeName("g").keyType(KeyType.HASH),
                                k -> k.attributeName("n").keyType(KeyType.RANGE))
                        .projection(p -> p.projectionType(ProjectionType.ALL)))
                .billingMode("PAY_PER_REQUEST"));
        AtomicLong errors = new AtomicLong();
        ConcurrentLinkedQueue<Throwable> firstErrors = new ConcurrentLinkedQueue<>();
        long[][] latencies = new long[CONNECTIONS][];
        int[] counts = new int[CONNECTIONS];
        CountDownLatch start = new CountDownLatch(1);
        Thread[] threads = new Thread[CONNECTIONS];
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        for (int t = 0; t < CONNECTIONS; t++) {
            int id = t;
            threads[t] = new Thread(
                    () -> {
                        long[] lat = new long[1 << 16];
                        int n = 0;
                        ThreadLocalRandom rnd = ThreadLocalRandom.current();
                        try {
                            start.await();
                        } catch (InterruptedException e) {
                            return;
                        }
                        while (System.nanoTime() < deadline) {
                            String key = "k" + rnd.nextInt(10_000);
                            String group = "g" + rnd.nextInt(100);
                            long t0 = System.nanoTime();
                            try {
                                switch (n % 3) {
                                    case 0 ->
                                        ddb.putItem(b -> b.tableName("Load")
                                                .item(Map.of(
                                                        "pk",
                                                        AttributeValue.fromS(key),
                                                        "g",
                                                        AttributeValue.fromS(group),
                                                        "n",
                                                        AttributeValue.fromN(Integer.toString(rnd.nextInt(1000))),
                                                        "body",
                                                        AttributeValue.fromS("payload-" + key))));
                                    case 1 ->
                                        ddb.getItem(
                                                b -> b.tableName("Load").key(Map.of("pk", AttributeValue.fromS(key))));
                                    default ->
                                        ddb.query(b -> b.tableName("Load")
                                                .indexName("ByG")
                                                .keyConditionExpression("g = :g AND n > :n")
                                                .expressionAttributeValues(Map.of(
                                                        ":g",
                                                        AttributeValue.fromS(group),
                                                        ":n",
                                                        AttributeValue.fromN("500")))
                                                .limit(10));
                                }
                            } catch (RuntimeException e) {
                                errors.incrementAndGet();
                                if (firstErrors.size() < 5) {
                                    firstErrors.add(e);
                                }
                            }
                            if (n == lat.length) {
                                lat = Arrays.copyOf(lat, n * 2);
                            }
                            lat[n++] = System.nanoTime() - t0;
                        }
                        latencies[id] = lat;
                        counts[id] = n;
                    },
                    "load-" + t);
            threads[t].start();
        }
        long t0 = System.nanoTime();
        start.countDown();
        for (Thread t : threads) {
            t.join();
        }
        double elapsed = (System.nanoTime() - t0) / 1e9;
        int total = Arrays.stream(counts).sum();
        long[] all = new long[total];
        int at = 0;
        for (int t = 0; t < CONNECTIONS; t++) {
            System.arraycopy(latencies[t], 0, all, at, counts[t]);
            at += counts[t];
        }
        Arrays.sort(all);
        System.out.printf(
                "load test: %d connections, %.1f s, %d requests (%.0f/s, put/get/GSI query), %d errors, p50 %.2f ms, p99 %.2f ms (machine shared)%n",
                CONNECTIONS,
                elapsed,
                total,
                total / elapsed,
                errors.get(),
                all[total / 2] / 1e6,
                all[(int) (total * 0.99)] / 1e6);
        firstErrors.forEach(Throwable::printStackTrace);
        assertThat(errors.get()).isZero();
        assertThat(total).isPositive();
        ddb.deleteTable(b -> b.tableName("Load"));
    }
}
