package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.dynamodb.DynamoDbLocalHttp;
import io.partita.storage.Storage;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * DynamoDB Streams at the wire, Partita's server against DynamoDB Local's (both over HTTP, through the SDK): the same
 * seeded random writes (puts, updates, deletes, transactions, batch writes; conditional ones that fail; writes that
 * change nothing) go to a NEW_AND_OLD_IMAGES table on each, each call must succeed or fail alike, and then each item
 * must have the same records, in the same order, on both streams: (eventName, Keys, OldImage, NewImage).
 *
 * <p>Seed: {@code -Dpartita.streams.seed=...} (default fixed, printed); {@code -Dpartita.streams.writes=...} per
 * sequence (default 150), three sequences.
 */
// the SDK's Consumer<Builder>... overloads (keySchema(k -> ...)) are generic varargs
@SuppressWarnings("unchecked")
class StreamsDifferentialTest {
    private static final long DEFAULT_SEED = 20261128L;

    private static Storage storage;
    private static PartitaServer server;
    private static Side partita;
    private static Side local;

    /** One server under test: its clients. */
    private record Side(String name, DynamoDbClient ddb, DynamoDbStreamsClient streams) {
        static Side at(String name, URI endpoint) {
            StaticCredentialsProvider dummy =
                    StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy"));
            return new Side(
                    name,
                    DynamoDbClient.builder()
                            .endpointOverride(endpoint)
                            .region(Region.US_EAST_1)
                            .credentialsProvider(dummy)
                            .build(),
                    DynamoDbStreamsClient.builder()
                            .endpointOverride(endpoint)
                            .region(Region.US_EAST_1)
                            .credentialsProvider(dummy)
                            .build());
        }

        void close() {
            ddb.close();
            streams.close();
        }

        void createTable(String table) {
            ddb.createTable(b -> b.tableName(table)
                    .attributeDefinitions(
                            a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                            a -> a.attributeName("sk").attributeType(ScalarAttributeType.N))
                    .keySchema(
                            k -> k.attributeName("pk").keyType(KeyType.HASH),
                            k -> k.attributeName("sk").keyType(KeyType.RANGE))
                    .billingMode("PAY_PER_REQUEST")
                    .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)));
        }

        /** Runs a write; the error code when it fails, null when it succeeds. */
        String run(StreamWrites.Write w) {
            try {
                w.call().accept(ddb);
                return null;
            } catch (DynamoDbException e) {
                return e.awsErrorDetails().errorCode();
            }
        }

        Map<Object, List<StreamReader.Change>> changes(String table) {
            String arn = ddb.describeTable(b -> b.tableName(table)).table().latestStreamArn();
            return StreamReader.byItem(StreamReader.records(streams, arn));
        }
    }

    @BeforeAll
    static void start() throws InterruptedException {
        storage = Storage.inMemory();
        server = PartitaServer.start(PartitaServer.Options.defaults().port(0), storage);
        partita = Side.at("Partita", server.endpoint());
        local = Side.at(
                "DynamoDB Local",
                DynamoDbLocalHttp.client()
                        .serviceClientConfiguration()
                        .endpointOverride()
                        .orElseThrow());
    }

    @AfterAll
    static void stop() {
        partita.close();
        local.close();
        server.close();
        storage.close();
        DynamoDbLocalHttp.shutdown();
    }

    @Test
    void randomWritesMakeTheSameRecordsPerItem() {
        long seed = Long.getLong("partita.streams.seed", DEFAULT_SEED);
        int writes = Integer.getInteger("partita.streams.writes", 150);
        System.out.printf("streams differential test: seed=%d, 3 sequences of %d writes%n", seed, writes);
        int records = 0;
        for (int sequence = 0; sequence < 3; sequence++) {
            String table = "StreamDiff" + sequence + "_" + seed;
            partita.createTable(table);
            local.createTable(table);
            StreamWrites random = new StreamWrites(table, seed + sequence);
            for (int i = 0; i < writes; i++) {
                StreamWrites.Write w = random.next(key -> {
                    Map<String, AttributeValue> item = partita.ddb()
                            .getItem(b -> b.tableName(table).key(key))
                            .item();
                    return item.isEmpty() ? null : item;
                });
                String onPartita = partita.run(w);
                String onLocal = local.run(w);
                assertThat(onPartita)
                        .as("seed %d, sequence %d, write %d: %s", seed, sequence, i, w.description())
                        .isEqualTo(onLocal);
            }
            Map<Object, List<StreamReader.Change>> expected = local.changes(table);
            Map<Object, List<StreamReader.Change>> actual = partita.changes(table);
            for (Object key : expected.keySet()) {
                assertThat(actual.get(key))
                        .as("seed %d, sequence %d: the records of item %s", seed, sequence, key)
                        .isEqualTo(expected.get(key));
            }
            assertThat(actual.keySet())
                    .as("seed %d: the items with records", seed)
                    .isEqualTo(expected.keySet());
            records += expected.values().stream().mapToInt(List::size).sum();
        }
        System.out.printf("streams differential test: seed=%d, %d records alike on both streams%n", seed, records);
        assertThat(records).isPositive();
    }

    @Test
    void writesThatChangeNothingWriteNoRecord() {
        String table = "StreamNoOps";
        Map<String, AttributeValue> key = Map.of("pk", AttributeValue.fromS("a"), "sk", AttributeValue.fromN("1"));
        Map<String, AttributeValue> item = Map.of(
                "pk", AttributeValue.fromS("a"), "sk", AttributeValue.fromN("1"), "n", AttributeValue.fromN("5"));
        for (Side side : List.of(partita, local)) {
            side.createTable(table);
            DynamoDbClient c = side.ddb();
            c.putItem(b -> b.tableName(table).item(item));
            c.putItem(b -> b.tableName(table).item(item)); // the same item again
            c.updateItem(b -> b.tableName(table)
                    .key(key)
                    .updateExpression("SET n = :n")
                    .expressionAttributeValues(Map.of(":n", AttributeValue.fromN("5"))));
            c.deleteItem(b -> b.tableName(table)
                    .key(Map.of("pk", AttributeValue.fromS("missing"), "sk", AttributeValue.fromN("1"))));
            assertThat(side.run(new StreamWrites.Write(
                            "failing condition",
                            x -> x.putItem(b ->
                                    b.tableName(table).item(item).conditionExpression("attribute_not_exists(pk)")))))
                    .isEqualTo("ConditionalCheckFailedException");
        }
        Map<Object, List<StreamReader.Change>> onPartita = partita.changes(table);
        assertThat(onPartita.values())
                .singleElement()
                .satisfies(changes -> assertThat(changes)
                        .extracting(StreamReader.Change::eventName)
                        .containsExactly("INSERT"));
        assertThat(onPartita).isEqualTo(local.changes(table));
    }
}
