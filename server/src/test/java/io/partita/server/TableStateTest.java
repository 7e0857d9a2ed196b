package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.Storage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.Tag;

/**
 * With a durable core, what the server reports of a table beyond the core's schema (billing mode and throughput,
 * tags, deletion protection, stream specification, creation time, table id) outlives a restart, as the data does.
 */
// the SDK's Consumer<Builder>... overloads (keySchema(k -> ...)) are generic varargs
@SuppressWarnings("unchecked")
class TableStateTest {
    private static final String ARN = io.partita.storage.api.TableDescription.TABLE_ARN_PREFIX;

    private static PartitaServer start(Path dir) throws InterruptedException {
        return PartitaServer.start(
                PartitaServer.Options.defaults().port(0).tableState(dir.resolve(Main.TABLE_STATE_FILE)),
                Main.open(dir));
    }

    @Test
    void tableFactsOutliveARestartWithTheData(@TempDir Path dir) throws Exception {
        TableDescription before;
        try (PartitaServer server = start(dir);
                DynamoDbClient client = TestServer.client(server.endpoint(), "x", "y")) {
            client.createTable(b -> b.tableName("Books")
                    .attributeDefinitions(a -> a.attributeName("isbn").attributeType(ScalarAttributeType.S))
                    .keySchema(k -> k.attributeName("isbn").keyType(KeyType.HASH))
                    .billingMode(BillingMode.PROVISIONED)
                    .provisionedThroughput(t -> t.readCapacityUnits(7L).writeCapacityUnits(3L))
                    .deletionProtectionEnabled(true)
                    .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_IMAGE))
                    .tags(Tag.builder().key("team").value("catalogue").build()));
            client.createTable(b -> b.tableName("Gone")
                    .attributeDefinitions(a -> a.attributeName("id").attributeType(ScalarAttributeType.S))
                    .keySchema(k -> k.attributeName("id").keyType(KeyType.HASH))
                    .billingMode(BillingMode.PAY_PER_REQUEST)
                    .tags(Tag.builder().key("temp").value("yes").build()));
            client.tagResource(b -> b.resourceArn(ARN + "Books")
                    .tags(Tag.builder().key("cost-centre").value("42").build()));
            client.untagResource(b -> b.resourceArn(ARN + "Books").tagKeys("team"));
            client.deleteTable(b -> b.tableName("Gone"));
            before = client.describeTable(b -> b.tableName("Books")).table();
        }
        try (PartitaServer server = start(dir);
                DynamoDbClient client = TestServer.client(server.endpoint(), "x", "y")) {
            TableDescription after =
                    client.describeTable(b -> b.tableName("Books")).table();
            assertThat(after.tableId()).isEqualTo(before.tableId());
            assertThat(after.creationDateTime()).isEqualTo(before.creationDateTime());
            assertThat(after.provisionedThroughput().readCapacityUnits()).isEqualTo(7L);
            assertThat(after.provisionedThroughput().writeCapacityUnits()).isEqualTo(3L);
            assertThat(after.billingModeSummary()).isNull(); // PROVISIONED, as before the restart
            assertThat(after.deletionProtectionEnabled()).isTrue();
            assertThat(after.streamSpecification().streamViewType()).isEqualTo(StreamViewType.NEW_IMAGE);
            assertThat(client.listTagsOfResource(b -> b.resourceArn(ARN + "Books"))
                            .tags())
                    .containsExactly(
                            Tag.builder().key("cost-centre").value("42").build());
            // deletion protection still guards the table after the restart
            assertThatThrownBy(() -> client.deleteTable(b -> b.tableName("Books")))
                    .isInstanceOf(DynamoDbException.class)
                    .hasMessageContaining("protected against deletion");
            assertThat(client.listTables().tableNames()).containsExactly("Books");
            // a table created again under a deleted table's name starts with the defaults, not the old tags
            client.createTable(b -> b.tableName("Gone")
                    .attributeDefinitions(a -> a.attributeName("id").attributeType(ScalarAttributeType.S))
                    .keySchema(k -> k.attributeName("id").keyType(KeyType.HASH))
                    .billingMode(BillingMode.PAY_PER_REQUEST));
            assertThat(client.listTagsOfResource(b -> b.resourceArn(ARN + "Gone"))
                            .tags())
                    .isEmpty();
        }
    }

    @Test
    void tooManyTagsAreRefusedAndChangeNothing(@TempDir Path dir) throws Exception {
        try (PartitaServer server = start(dir);
                DynamoDbClient client = TestServer.client(server.endpoint(), "x", "y")) {
            client.createTable(b -> b.tableName("Tagged")
                    .attributeDefinitions(a -> a.attributeName("id").attributeType(ScalarAttributeType.S))
                    .keySchema(k -> k.attributeName("id").keyType(KeyType.HASH))
                    .billingMode(BillingMode.PAY_PER_REQUEST)
                    .tags(Tag.builder().key("keep").value("1").build()));
            List<Tag> tooMany = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                tooMany.add(Tag.builder().key("k" + i).value("v").build());
            }
            assertThatThrownBy(() -> client.tagResource(
                            b -> b.resourceArn(ARN + "Tagged").tags(tooMany)))
                    .isInstanceOf(DynamoDbException.class)
                    .hasMessageContaining("exceeds the limit of 50");
            assertThat(client.listTagsOfResource(b -> b.resourceArn(ARN + "Tagged"))
                            .tags())
                    .containsExactly(Tag.builder().key("keep").value("1").build());
        }
        try (PartitaServer server = start(dir);
                DynamoDbClient client = TestServer.client(server.endpoint(), "x", "y")) {
            assertThat(client.listTagsOfResource(b -> b.resourceArn(ARN + "Tagged"))
                            .tags())
                    .containsExactly(Tag.builder().key("keep").value("1").build());
        }
    }

    @Test
    void anUnreadableStateFileIsAClearErrorAtStart(@TempDir Path dir) throws Exception {
        Main.open(dir).close(); // creates the durable store
        Files.writeString(dir.resolve(Main.TABLE_STATE_FILE), "{\"version\": 1, \"tables\": {", StandardCharsets.UTF_8);
        try (Storage storage = Main.open(dir)) {
            assertThatThrownBy(() -> PartitaServer.start(
                            PartitaServer.Options.defaults().port(0).tableState(dir.resolve(Main.TABLE_STATE_FILE)),
                            storage))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(Main.TABLE_STATE_FILE)
                    .hasMessageContaining("not valid JSON")
                    .hasMessageContaining("move it away");
        }
    }
}
