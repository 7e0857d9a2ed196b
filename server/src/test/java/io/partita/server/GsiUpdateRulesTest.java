package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import software.amazon.awssdk.services.dynamodb.model.LimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * DynamoDB's rules on UpdateTable's GSI changes and on changing a table (and writing to it) while an index is being
 * created, with the backfill held by the test ({@link GsiCreationTest.HeldBackfills}) so the index stays CREATING as long as it needs.
 * DynamoDB Local creates an index at once, so there is no CREATING state to compare with; the sources of each rule
 * are named in {@link GsiUpdateRules}.
 */
class GsiUpdateRulesTest {
    private static final String LIMIT =
            "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table";
    private static final String IN_USE =
            "Attempt to change a resource which is still in use: Table is being updated: Games";

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
                .keySchema(KeySchemaElement.builder()
                        .attributeName("id")
                        .keyType(KeyType.HASH)
                        .build()));
        c.putItem(b -> b.tableName("Games").item(Map.of("id", s("1"), "title", s("Galaxy"), "genre", s("arcade"))));
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

    private static GlobalSecondaryIndexUpdate create(String index, String attribute) {
        return GlobalSecondaryIndexUpdate.builder()
                .create(b -> b.indexName(index)
                        .keySchema(KeySchemaElement.builder()
                                .attributeName(attribute)
                                .keyType(KeyType.HASH)
                                .build())
                        .projection(p -> p.projectionType(ProjectionType.ALL)))
                .build();
    }

    private static GlobalSecondaryIndexUpdate delete(String index) {
        return GlobalSecondaryIndexUpdate.builder()
                .delete(b -> b.indexName(index))
                .build();
    }

    private TableDescription update(GlobalSecondaryIndexUpdate... updates) {
        return c.updateTable(b -> b.tableName("Games")
                        .attributeDefinitions(definition("title"), definition("genre"))
                        .globalSecondaryIndexUpdates(updates))
                .tableDescription();
    }

    private void runHeldBackfill() throws InterruptedException {
        Runnable backfill = storage.tasks.poll(10, TimeUnit.SECONDS);
        assertThat(backfill).isNotNull();
        backfill.run();
    }

    @Test
    void oneIndexIsCreatedOrDeletedPerUpdateTable() {
        assertThatThrownBy(() -> update(create("ByTitle", "title"), create("ByGenre", "genre")))
                .isInstanceOf(LimitExceededException.class)
                .hasMessageContaining(LIMIT);
        assertThatThrownBy(() -> update(delete("ByTitle"), delete("ByGenre")))
                .isInstanceOf(LimitExceededException.class)
                .hasMessageContaining(LIMIT);
        assertThatThrownBy(() -> update(create("ByTitle", "title"), delete("ByGenre")))
                .isInstanceOf(LimitExceededException.class)
                .hasMessageContaining(LIMIT);
        assertThat(c.describeTable(b -> b.tableName("Games")).table().hasGlobalSecondaryIndexes())
                .isFalse();
        assertThat(storage.tasks).isEmpty();
    }

    @Test
    void whileAnIndexIsCreatingTheTableTakesNoOtherChange() throws Exception {
        assertThat(update(create("ByTitle", "title")).tableStatus()).isEqualTo(TableStatus.UPDATING);
        assertThatThrownBy(() -> update(create("ByGenre", "genre")))
                .isInstanceOf(LimitExceededException.class)
                .hasMessageContaining(LIMIT);
        assertThatThrownBy(() -> c.updateTable(b -> b.tableName("Games").deletionProtectionEnabled(true)))
                .isInstanceOf(ResourceInUseException.class)
                .hasMessageContaining(IN_USE);
        assertThatThrownBy(() -> c.updateTable(b -> b.tableName("Games").billingMode(BillingMode.PAY_PER_REQUEST)))
                .isInstanceOf(ResourceInUseException.class)
                .hasMessageContaining(IN_USE);
        assertThatThrownBy(() -> c.deleteTable(b -> b.tableName("Games")))
                .isInstanceOf(ResourceInUseException.class)
                .hasMessageContaining(IN_USE);
        c.putItem(b -> b.tableName("Games").item(Map.of("id", s("2"), "title", s("Galaxy"))));

        runHeldBackfill();
        assertThat(c.describeTable(b -> b.tableName("Games")).table().tableStatus())
                .isEqualTo(TableStatus.ACTIVE);
        assertThat(c.query(b -> b.tableName("Games")
                                .indexName("ByTitle")
                                .keyConditionExpression("title = :t")
                                .expressionAttributeValues(Map.of(":t", s("Galaxy"))))
                        .count())
                .isEqualTo(2);
        assertThat(update(create("ByGenre", "genre")).tableStatus()).isEqualTo(TableStatus.UPDATING);
        runHeldBackfill();
        c.deleteTable(b -> b.tableName("Games"));
    }

    @Test
    void anIndexStillBackfillingCanBeDeleted() throws Exception {
        update(create("ByTitle", "title"));
        TableDescription answered = update(delete("ByTitle"));
        GlobalSecondaryIndexDescription deleting =
                answered.globalSecondaryIndexes().get(0);
        assertThat(deleting.indexName()).isEqualTo("ByTitle");
        assertThat(deleting.indexStatus()).isEqualTo(IndexStatus.DELETING);
        TableDescription after = c.describeTable(b -> b.tableName("Games")).table();
        assertThat(after.tableStatus()).isEqualTo(TableStatus.ACTIVE);
        assertThat(after.hasGlobalSecondaryIndexes()).isFalse();

        runHeldBackfill(); // the cancelled creation's task builds nothing
        assertThat(c.describeTable(b -> b.tableName("Games")).table().hasGlobalSecondaryIndexes())
                .isFalse();
        assertThat(update(create("ByTitle", "title")).tableStatus()).isEqualTo(TableStatus.UPDATING);
        runHeldBackfill();
        assertThat(c.describeTable(b -> b.tableName("Games"))
                        .table()
                        .globalSecondaryIndexes()
                        .get(0)
                        .indexStatus())
                .isEqualTo(IndexStatus.ACTIVE);
        assertThatThrownBy(() -> update(delete("Nope"))).hasMessageContaining("Nope");
    }

    /**
     * The backfill is online: with it held mid-way (after its first chunk of items, {@link BackfillHold}), PutItem is
     * answered while the index is CREATING, and the finished index holds the item.
     */
    @Test
    void putItemIsAnsweredWhileTheBackfillRuns() throws Exception {
        for (int i = 0; i < 600; i++) {
            String id = "g" + i;
            c.putItem(b -> b.tableName("Games").item(Map.of("id", s(id), "title", s("Old"))));
        }
        update(create("ByTitle", "title"));
        Runnable backfill = storage.tasks.poll(10, TimeUnit.SECONDS);
        assertThat(backfill).isNotNull();
        // threads of its own: the common pool may have one thread, which the held backfill would keep from the put
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try (BackfillHold hold = BackfillHold.start()) {
            CompletableFuture<Void> running = CompletableFuture.runAsync(backfill, threads);
            hold.awaitHeld();
            CompletableFuture.runAsync(
                            () -> c.putItem(
                                    b -> b.tableName("Games").item(Map.of("id", s("new"), "title", s("Fresh")))),
                            threads)
                    .get(1, TimeUnit.MINUTES); // a put waiting for the backfill would fail here
            assertBackfilling();
            assertThat(running).isNotDone();
            hold.release();
            running.get(1, TimeUnit.MINUTES);
        } finally {
            threads.shutdownNow();
        }
        assertThat(c.query(b -> b.tableName("Games")
                                .indexName("ByTitle")
                                .keyConditionExpression("title = :t")
                                .expressionAttributeValues(Map.of(":t", s("Fresh"))))
                        .count())
                .isEqualTo(1);
    }

    /** The new index is CREATING with {@code Backfilling: true}. */
    private void assertBackfilling() {
        GlobalSecondaryIndexDescription creating = c.describeTable(b -> b.tableName("Games"))
                .table()
                .globalSecondaryIndexes()
                .get(0);
        assertThat(creating.indexStatus()).isEqualTo(IndexStatus.CREATING);
        assertThat(creating.backfilling()).isTrue();
    }

    private ConsumedCapacity put(Map<String, AttributeValue> item) {
        return c.putItem(b -> b.tableName("Games").item(item).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
                .consumedCapacity();
    }

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
     * Local creates an index at once (no CREATING state), so this is tested against the documentation. The write is
     * made while the backfill runs (held after its first chunk, {@link BackfillHold}): before its task starts, writes
     * are not yet propagated to the index (the backfill reads them from the table) and list no units for it.
     */
    @Test
    void aWriteWhileTheIndexBackfillsReportsItsUnitsOnTheIndex() throws Exception {
        update(create("ByTitle", "title"));
        Runnable backfill = storage.tasks.poll(10, TimeUnit.SECONDS);
        assertThat(backfill).isNotNull();
        ExecutorService thread = Executors.newSingleThreadExecutor();
        ConsumedCapacity during;
        try (BackfillHold hold = BackfillHold.start()) {
            CompletableFuture<Void> running = CompletableFuture.runAsync(backfill, thread);
            hold.awaitHeld();
            assertBackfilling();

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
