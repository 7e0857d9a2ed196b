package io.partita.benchmarks.migration;

import com.amazonaws.services.dynamodbv2.local.embedded.DynamoDBEmbedded;
import com.amazonaws.services.dynamodbv2.local.shared.access.AmazonDynamoDBLocal;
import io.partita.Partita;
import io.partita.dynamodb.PartitaDynamoDb;
import io.partita.migration.MigrationOptions;
import io.partita.migration.MigrationReport;
import io.partita.migration.Migrations;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The cost of a migration: every item of {@code BenchOrders} moves to a new key with a renamed attribute (one
 * TransactWriteItems each: put new, delete old). Two runs, one line each:
 *
 * <ol>
 *   <li>the embedded core in memory, {@code items} items (default 1,000,000), unthrottled: items/s and the heap
 *       after the load and after the migration (after a GC); 0 skips it;
 *   <li>DynamoDB Local in process through the DynamoDB backend, {@code ddbItems} items (default 5,000), limited to
 *       {@code capacity} write units per second (default 1,000) as DynamoDB reports them consumed: items/s and the
 *       units per second actually consumed; 0 skips it.
 * </ol>
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar io.partita.benchmarks.migration.MigrationBench [items] [ddbItems] [capacity]</pre>
 *
 * For example {@code MigrationBench 0 20000 1000} runs only the DynamoDB Local migration, of 20,000 items.
 */
public final class MigrationBench {
    private static final TableDefinition V1 = TableDefinition.builder("BenchOrders")
            .partitionKey(KeyAttribute.s("PK"))
            .sortKey(KeyAttribute.s("SK"))
            .build();

    private MigrationBench() {}

    public static void main(String[] args) {
        int items = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int ddbItems = args.length > 1 ? Integer.parseInt(args[1]) : 5_000;
        double capacity = args.length > 2 ? Double.parseDouble(args[2]) : 1_000;
        if (items > 0) {
            core(items);
        }
        if (ddbItems > 0) {
            dynamoDbLocal(ddbItems, capacity);
            // DynamoDB Local's shard-rollover job runs on a non-daemon thread that its shutdown leaves behind
            System.exit(0);
        }
    }

    static void core(int items) {
        try (Partita db = Partita.inMemory()) {
            load(db, items);
            long loaded = heapAfterGc();
            MigrationReport r = Migrations.on(db)
                    .plan(BenchOrdersMigrations.PLAN)
                    .apply(MigrationOptions.defaults()
                            .withSegments(8)
                            .withThreads(2)
                            .withPageSize(1_000));
            long after = heapAfterGc();
            System.out.printf(
                    Locale.ROOT,
                    "core (memory): %,d items rewritten in %.1f s = %,.0f items/s; heap %,d MB loaded, %,d MB"
                            + " migrated%n",
                    r.rewritten(),
                    r.elapsed().toMillis() / 1000.0,
                    r.itemsPerSecond(),
                    loaded >> 20,
                    after >> 20);
        }
    }

    static void dynamoDbLocal(int items, double capacity) {
        AmazonDynamoDBLocal local = DynamoDBEmbedded.create(true);
        try (Partita db = PartitaDynamoDb.builder(local.dynamoDbClient()).build()) {
            load(db, items);
            MigrationReport r = Migrations.on(db)
                    .plan(BenchOrdersMigrations.PLAN)
                    .apply(MigrationOptions.defaults()
                            .withSegments(4)
                            .withThreads(4)
                            .withCapacityUnitsPerSecond(capacity));
            double seconds = r.elapsed().toMillis() / 1000.0;
            System.out.printf(
                    Locale.ROOT,
                    "DynamoDB Local, limit %,.0f WCU/s: %,d items rewritten in %.1f s = %,.0f items/s"
                            + " (%,.0f WCU/s at 4 units per item)%n",
                    capacity,
                    r.rewritten(),
                    seconds,
                    r.itemsPerSecond(),
                    r.rewritten() * 4 / Math.max(seconds, 0.001));
        } finally {
            local.shutdown();
        }
    }

    /** The old design's items, 25 per BatchWriteItem. */
    private static void load(Partita db, int items) {
        db.tables().create(V1);
        List<WriteRequest> batch = new ArrayList<>(25);
        for (int i = 0; i < items; i++) {
            batch.add(WriteRequest.put(Map.of(
                    "PK", AttributeValue.s("ORDER#o" + i),
                    "SK", AttributeValue.s("ORDER"),
                    "_type", AttributeValue.s("Order"),
                    "id", AttributeValue.s("o" + i),
                    "customer", AttributeValue.s("c" + i % 1000),
                    "Amount", AttributeValue.n(Integer.toString(i)))));
            if (batch.size() == 25 || i == items - 1) {
                db.requests()
                        .batchWriteItem(BatchWriteItemRequest.builder()
                                .requestItems(Map.of("BenchOrders", List.copyOf(batch)))
                                .build());
                batch.clear();
            }
        }
    }

    private static long heapAfterGc() {
        Runtime rt = Runtime.getRuntime();
        System.gc();
        return rt.totalMemory() - rt.freeMemory();
    }
}
