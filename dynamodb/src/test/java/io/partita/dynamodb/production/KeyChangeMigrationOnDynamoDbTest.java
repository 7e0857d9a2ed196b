package io.partita.dynamodb.production;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import io.partita.dynamodb.DynamoDbLocal;
import io.partita.dynamodb.PartitaDynamoDb;
import io.partita.generated.EntityMapping;
import io.partita.mapping.Codecs;
import io.partita.mapping.ItemSchema;
import io.partita.migration.Migration;
import io.partita.migration.MigrationOptions;
import io.partita.migration.MigrationPlan;
import io.partita.migration.MigrationReport;
import io.partita.migration.MigrationStep;
import io.partita.migration.Migrations;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Key changes through the DynamoDB backend on DynamoDB Local: a table key schema change copies every item into a new
 * table (created with its index, time to live and stream), paced by the consumed capacity on an injected clock,
 * stopped and resumed, with the design check passing on the new table and the cutover by table names; and an index
 * key change that deletes the index and creates it anew, its backfill awaited through DescribeTable.
 */
class KeyChangeMigrationOnDynamoDbTest {
    private static final int ORDERS = 80;
    private static final String TABLE = "KcShop";

    record Order(String id, String customer, long total) {}

    private static final ItemSchema<Order> SCHEMA = ItemSchema.builder(Order.class)
            .attribute("Id", Order::id, Codecs.STRING)
            .attribute("Customer", Order::customer, Codecs.STRING)
            .attribute("Total", Order::total, Codecs.PRIMITIVE_LONG)
            .build(v -> new Order(v.get(0), v.get(1), v.get(2)));

    private static final TableDefinition OLD = TableDefinition.builder(TABLE)
            .partitionKey(KeyAttribute.s("PK"))
            .sortKey(KeyAttribute.s("SK"))
            .globalSecondaryIndex(GlobalSecondaryIndex.of(
                    "ByCustomer", KeyAttribute.s("Customer"), KeyAttribute.s("Id"), Projection.all()))
            .build();

    private static final TableDefinition COPIED = TableDefinition.builder(TABLE)
            .partitionKey(KeyAttribute.s("Customer"))
            .sortKey(KeyAttribute.s("Id"))
            .globalSecondaryIndex(
                    GlobalSecondaryIndex.of("ByTotal", KeyAttribute.s("Id"), KeyAttribute.n("Total"), Projection.all()))
            .timeToLive("Expires")
            .stream(StreamViewType.NEW_IMAGE)
            .build();

    private static final MigrationPlan COPY_PLAN = MigrationPlan.builder(TABLE)
            .entity(
                    "kc.Order",
                    EntityMapping.builder(COPIED, SCHEMA)
                            .discriminator("_type", "Order")
                            .build())
            .step(MigrationStep.renamedAttribute("kc.Order", "Amount", "Total"))
            .step("TABLE_KEY", "", "kc.Order", null, null)
            .build();

    private static final MigrationPlan INDEX_PLAN = MigrationPlan.builder(TABLE)
            .entity(
                    "kc.Order",
                    EntityMapping.builder(
                                    TableDefinition.builder(TABLE)
                                            .partitionKey(KeyAttribute.s("PK"))
                                            .sortKey(KeyAttribute.s("SK"))
                                            .globalSecondaryIndex(GlobalSecondaryIndex.of(
                                                    "ByCustomer",
                                                    KeyAttribute.s("GSI1PK"),
                                                    KeyAttribute.n("Total"),
                                                    Projection.all()))
                                            .build(),
                                    SCHEMA)
                            .computed("PK", o -> AttributeValue.s("ORDER#" + o.id()), "Id")
                            .computed("SK", o -> AttributeValue.s("ORDER"))
                            .computed("GSI1PK", o -> AttributeValue.s("C#" + o.customer()), "Customer")
                            .discriminator("_type", "Order")
                            .build())
            .step("INDEX_KEY", "ByCustomer", "kc.Order", null, null)
            .build();

    private static void seed(Partita db, String amount) {
        db.tables().create(OLD);
        for (int i = 0; i < ORDERS; i++) {
            Map<String, AttributeValue> item = new HashMap<>();
            item.put("PK", AttributeValue.s("ORDER#o" + i));
            item.put("SK", AttributeValue.s("ORDER"));
            item.put("_type", AttributeValue.s("Order"));
            item.put("Id", AttributeValue.s("o" + i));
            item.put("Customer", AttributeValue.s("c" + i % 4));
            item.put(amount, AttributeValue.n(Integer.toString(i)));
            item.put("Legacy", AttributeValue.s("kept " + i));
            db.requests()
                    .putItem(
                            PutItemRequest.builder().tableName(TABLE).item(item).build());
        }
    }

    private static Map<String, AttributeValue> get(Partita db, String table, Map<String, AttributeValue> key) {
        return db.requests()
                .getItem(GetItemRequest.builder()
                        .tableName(table)
                        .key(key)
                        .consistentRead(true)
                        .build())
                .item();
    }

    @Test
    void aTableKeyChangeCopiesIntoANewTableResumablyAndTheCutoverReadsIt() {
        DynamoDbLocal.deleteAllTables();
        try (Partita db = PartitaDynamoDb.builder(DynamoDbLocal.client()).build()) {
            seed(db, "Amount");
            Migration m = Migrations.on(db).plan(COPY_PLAN).intoTable("KcShopV2");
            assertThat(m.copiesTable()).isTrue();
            assertThat(m.dryRun().rewritten()).isEqualTo(ORDERS);

            MigrationOnDynamoDbTest.SleptClock clock = new MigrationOnDynamoDbTest.SleptClock();
            Set<Object> copied = Collections.synchronizedSet(new HashSet<>());
            AtomicInteger count = new AtomicInteger();
            MigrationOptions options = MigrationOptions.defaults()
                    .withSegments(2)
                    .withThreads(2)
                    .withPageSize(10)
                    .withCapacityUnitsPerSecond(20)
                    .withBackfill(Duration.ofMinutes(5), Duration.ofMillis(100))
                    .withClock(clock, clock.sleeper())
                    .withRewriteListener((oldKey, item) -> {
                        copied.add(oldKey);
                        count.incrementAndGet();
                    });
            MigrationReport first = m.apply(options.withStop(() -> count.get() >= 30));
            assertThat(first.stopped()).isTrue();
            MigrationReport second = m.apply(options);
            System.out.println(first + "\n" + second);
            assertThat(second.resumed()).isTrue();
            assertThat(second.complete()).isTrue();
            assertThat(first.rewritten() + second.rewritten()).isEqualTo(ORDERS);
            assertThat(copied).hasSize(ORDERS);
            assertThat(count.get()).isEqualTo(ORDERS);
            // one put of a small item consumes 1 write unit: 80 of them at 20 units/s take about 4 s of the clock
            assertThat(clock.slept.get()).isGreaterThan(3_000L);
            m.check().requireMatch();

            assertThat(m.apply(options).rewritten()).isZero();
            Map<String, AttributeValue> o5 =
                    get(db, "KcShopV2", Map.of("Customer", AttributeValue.s("c1"), "Id", AttributeValue.s("o5")));
            assertThat(o5)
                    .containsEntry("Total", AttributeValue.n("5"))
                    .containsEntry("Legacy", AttributeValue.s("kept 5"));
            assertThat(o5).doesNotContainKeys("PK", "SK", "Amount");

            try (Partita v2 = PartitaDynamoDb.builder(DynamoDbLocal.client())
                    .tableNames(m.tableNames())
                    .build()) {
                assertThat(get(v2, TABLE, Map.of("Customer", AttributeValue.s("c2"), "Id", AttributeValue.s("o6"))))
                        .containsEntry("Total", AttributeValue.n("6"));
                assertThat(Migrations.on(v2).plan(COPY_PLAN).dryRun().complete())
                        .isTrue();
            }
        }
    }

    @Test
    void anIndexKeyChangeDeletesAndRecreatesTheIndexAwaitingItsBackfill() {
        DynamoDbLocal.deleteAllTables();
        try (Partita db = PartitaDynamoDb.builder(DynamoDbLocal.client()).build()) {
            seed(db, "Total");
            Migration m = Migrations.on(db).plan(INDEX_PLAN);
            assertThat(m.dryRun().indexes()).containsExactly("ByCustomer");
            MigrationReport r =
                    m.apply(MigrationOptions.defaults().withBackfill(Duration.ofMinutes(5), Duration.ofMillis(50)));
            assertThat(r.indexes()).containsExactly("ByCustomer");
            assertThat(r.rewritten()).isEqualTo(ORDERS);
            m.check().requireMatch();
            List<Map<String, AttributeValue>> ofC1 = db.requests()
                    .query(QueryRequest.builder()
                            .tableName(TABLE)
                            .indexName("ByCustomer")
                            .keyConditionExpression("GSI1PK = :c")
                            .expressionAttributeValues(Map.of(":c", AttributeValue.s("C#c1")))
                            .build())
                    .items();
            assertThat(ofC1).hasSize(ORDERS / 4).allSatisfy(i -> assertThat(i).containsKey("Legacy"));
            assertThat(m.apply().rewritten()).isZero();
            assertThat(m.dryRun().complete()).isTrue();
        }
    }
}
