package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.Storage;
import io.partita.storage.api.TableDescription;
import io.partita.storage.schema.GlobalSecondaryIndex;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.DeleteGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * UpdateTable's GSI creation as DynamoDB answers it: CREATING with {@code Backfilling: true} (table UPDATING) and
 * reads of the index refused while the backfill has not run, then ACTIVE; deletion answered DELETING, then gone.
 * The server's backfill task is caught by the core wrapper below and run by the test when it chooses.
 */
class GsiCreationTest {
    /** A core that keeps each backfill task for the test to run, instead of the server's background thread. */
    static final class HeldBackfills extends ForwardingStorage {
        final BlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();

        HeldBackfills() {
            super(Storage.inMemory());
        }

        @Override
        public TableDescription startGlobalSecondaryIndex(
                String tableName, GlobalSecondaryIndex index, Executor backfill) {
            return delegate.startGlobalSecondaryIndex(tableName, index, tasks::add);
        }
    }

    private static AttributeValue s(String v) {
        return AttributeValue.builder().s(v).build();
    }

    private static GlobalSecondaryIndexDescription index(DynamoDbClient c) {
        return c.describeTable(b -> b.tableName("Games"))
                .table()
                .globalSecondaryIndexes()
                .get(0);
    }

    @Test
    void createdIndexIsCreatingAndBackfillingUntilTheBackfillRuns() throws Exception {
        HeldBackfills storage = new HeldBackfills();
        try (PartitaServer server =
                        PartitaServer.start(PartitaServer.Options.defaults().port(0), storage);
                DynamoDbClient c = TestServer.client(server.endpoint(), "dummy", "dummy")) {
            c.createTable(b -> b.tableName("Games")
                    .billingMode(BillingMode.PAY_PER_REQUEST)
                    .attributeDefinitions(AttributeDefinition.builder()
                            .attributeName("id")
                            .attributeType(ScalarAttributeType.S)
                            .build())
                    .keySchema(KeySchemaElement.builder()
                            .attributeName("id")
                            .keyType(KeyType.HASH)
                            .build()));
            c.putItem(b -> b.tableName("Games").item(Map.of("id", s("1"), "title", s("Galaxy"))));
            TableStatus answered = c.updateTable(b -> b.tableName("Games")
                            .attributeDefinitions(AttributeDefinition.builder()
                                    .attributeName("title")
                                    .attributeType(ScalarAttributeType.S)
                                    .build())
                            .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder()
                                    .create(CreateGlobalSecondaryIndexAction.builder()
                                            .indexName("ByTitle")
                                            .keySchema(KeySchemaElement.builder()
                                                    .attributeName("title")
                                                    .keyType(KeyType.HASH)
                                                    .build())
                                            .projection(Projection.builder()
                                                    .projectionType(ProjectionType.ALL)
                                                    .build())
                                            .build())
                                    .build()))
                    .tableDescription()
                    .tableStatus();
            assertThat(answered).isEqualTo(TableStatus.UPDATING);
            assertThat(index(c).indexStatus()).isEqualTo(IndexStatus.CREATING);
            assertThat(index(c).backfilling()).isTrue();
            assertThatThrownBy(() -> c.query(b -> b.tableName("Games")
                            .indexName("ByTitle")
                            .keyConditionExpression("title = :t")
                            .expressionAttributeValues(Map.of(":t", s("Galaxy")))))
                    .isInstanceOf(DynamoDbException.class)
                    .hasMessageContaining("Cannot read from backfilling global secondary index: ByTitle");
            c.putItem(b -> b.tableName("Games").item(Map.of("id", s("2"), "title", s("Galaxy"))));

            Runnable backfill = storage.tasks.poll(10, TimeUnit.SECONDS);
            assertThat(backfill).isNotNull();
            backfill.run();
            assertThat(c.describeTable(b -> b.tableName("Games")).table().tableStatus())
                    .isEqualTo(TableStatus.ACTIVE);
            assertThat(index(c).indexStatus()).isEqualTo(IndexStatus.ACTIVE);
            assertThat(index(c).backfilling()).isNull();
            assertThat(c.query(b -> b.tableName("Games")
                                    .indexName("ByTitle")
                                    .keyConditionExpression("title = :t")
                                    .expressionAttributeValues(Map.of(":t", s("Galaxy"))))
                            .count())
                    .isEqualTo(2);

            GlobalSecondaryIndexDescription deleting = c.updateTable(b -> b.tableName("Games")
                            .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder()
                                    .delete(DeleteGlobalSecondaryIndexAction.builder()
                                            .indexName("ByTitle")
                                            .build())
                                    .build()))
                    .tableDescription()
                    .globalSecondaryIndexes()
                    .get(0);
            assertThat(deleting.indexStatus()).isEqualTo(IndexStatus.DELETING);
            assertThat(c.describeTable(b -> b.tableName("Games")).table().hasGlobalSecondaryIndexes())
                    .isFalse();
        }
    }
}
