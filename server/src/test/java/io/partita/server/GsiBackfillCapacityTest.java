package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.engine.BackfillHold;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * A write's {@code ConsumedCapacity} ({@code ReturnConsumedCapacity=INDEXES}) while a new GSI is still backfilling
 * (CREATING, {@code Backfilling=true}): the write is propagated to the index, and DynamoDB's developer guide says it
 * costs the index's write throughput — "The backfill operation and ongoing write operations share the write
 * throughput in the global secondary index" and writes during the backfill can be throttled by the index's write
 * capacity (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/GSI.OnlineOps.html, "Adding a global
 * secondary index to an existing table" and its note on throughput) — so the index is among the indexes "affected by
 * the operation" that {@code ConsumedCapacity.GlobalSecondaryIndexes} lists
 * (https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ConsumedCapacity.html), at the units an ACTIVE
 * index would cost. A write the index does not take (no index key) costs it nothing, as for an ACTIVE index. DynamoDB
 * Local creates an index at once (no CREATING state), so this is tested against the documentation; the backfill is
 * held by the test ({@link GsiCreationTest.HeldBackfills}).
 */
class GsiBackfillCapacityTest {
    private GsiCreationTest.HeldBackfills storage;
    private PartitaServer server;
    private DynamoDbClient c;

    @BeforeEach
    void start() throws Exception {
        storage = new GsiCreationTest.HeldBackfills();
        server = PartitaServer.start(PartitaServer.Options.defaults().port(0), storage);
        c = TestServer.client(server.endpoint(), "dummy", "dummy");
        c.createTable(b -> b.tableName("Games")
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(definition("id"))
                .keySchema(key("id")));
        c.putItem(b -> b.tableName("Games").item(Map.of("id", s("1"), "title", s("Galaxy"))));
        c.updateTable(b -> b.tableName("Games")
                .attributeDefinitions(definition("title"))
                .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder()
                        .create(i -> i.indexName("ByTitle")
                                .keySchema(key("title"))
                                .projection(p -> p.projectionType(ProjectionType.ALL)))
                        .build()));
    }

    @AfterEach
    void stop() {
        c.close();
        server.close();
    }

    private static AttributeValue s(String v) {
        return AttributeValue.builder().s(v).build();
    }

    private static AttributeDefinition definition(String name) {
        return AttributeDefinition.builder()
                .attributeName(name)
                .attributeType(ScalarAttributeType.S)
                .build();
    }

    private static KeySchemaElement key(String name) {
        return KeySchemaElement.builder()
                .attributeName(name)
                .keyType(KeyType.HASH)
                .build();
    }

    private ConsumedCapacity put(Map<String, AttributeValue> item) {
        return c.putItem(b -> b.tableName("Games").item(item).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
                .consumedCapacity();
    }

    @Test
    void aWriteWhileTheIndexBackfillsReportsItsUnitsOnTheIndex() throws Exception {
        Runnable backfill = storage.tasks.poll(10, TimeUnit.SECONDS);
        assertThat(backfill).isNotNull();
        ExecutorService thread = Executors.newSingleThreadExecutor();
        ConsumedCapacity during;
        try (BackfillHold hold = BackfillHold.start()) {
            CompletableFuture<Void> running = CompletableFuture.runAsync(backfill, thread);
            hold.awaitHeld();
            GlobalSecondaryIndexDescription creating = c.describeTable(b -> b.tableName("Games"))
                    .table()
                    .globalSecondaryIndexes()
                    .get(0);
            assertThat(creating.indexStatus()).isEqualTo(IndexStatus.CREATING);
            assertThat(creating.backfilling()).isTrue();

            during = put(Map.of("id", s("2"), "title", s("Fresh")));
            assertThat(during.tableName()).isEqualTo("Games");
            assertThat(during.table().capacityUnits()).isEqualTo(1.0);
            assertThat(during.globalSecondaryIndexes()).containsOnlyKeys("ByTitle");
            assertThat(during.globalSecondaryIndexes().get("ByTitle").capacityUnits())
                    .isEqualTo(1.0);
            assertThat(during.capacityUnits()).isEqualTo(2.0);

            ConsumedCapacity notIndexed = put(Map.of("id", s("3")));
            assertThat(notIndexed.globalSecondaryIndexes()).isEmpty();
            assertThat(notIndexed.capacityUnits()).isEqualTo(1.0);

            assertThat(running).isNotDone();
            hold.release();
            running.get(1, TimeUnit.MINUTES);
        } finally {
            thread.shutdownNow();
        }
        ConsumedCapacity after = put(Map.of("id", s("4"), "title", s("Later")));
        assertThat(after.globalSecondaryIndexes()).containsOnlyKeys("ByTitle");
        assertThat(after.globalSecondaryIndexes().get("ByTitle").capacityUnits())
                .isEqualTo(1.0);
        assertThat(after.capacityUnits()).isEqualTo(during.capacityUnits());
    }
}
