package io.partita.junit.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** {@link PartitaServer}: a server per class on 127.0.0.1, its endpoint and an SDK client injected, stopped after. */
class PartitaServerExtensionTest {

    /** What the example classes below saw, read after EngineTestKit ran them. */
    static final AtomicReference<URI> SEEN = new AtomicReference<>();

    @PartitaServer
    static class InMemory {
        @PartitaServer.Inject
        static URI endpoint;

        @PartitaServer.Inject
        DynamoDbClient field;

        @Test
        void theEndpointIsALoopbackPort(URI parameter) {
            assertThat(parameter).isEqualTo(endpoint);
            assertThat(parameter.getHost()).isEqualTo("127.0.0.1");
            assertThat(parameter.getPort()).isPositive();
            SEEN.set(parameter);
        }

        @Test
        void theSdkClientTalksToIt(DynamoDbClient client) {
            assertThat(client).isSameAs(field);
            client.createTable(b -> b.tableName("Orders")
                    .keySchema(KeySchemaElement.builder()
                            .attributeName("id")
                            .keyType(KeyType.HASH)
                            .build())
                    .attributeDefinitions(AttributeDefinition.builder()
                            .attributeName("id")
                            .attributeType(ScalarAttributeType.S)
                            .build())
                    .billingMode(BillingMode.PAY_PER_REQUEST));
            client.putItem(b -> b.tableName("Orders").item(java.util.Map.of("id", AttributeValue.fromS("o-1"))));
            assertThat(client.scan(b -> b.tableName("Orders")).count()).isEqualTo(1);
        }
    }

    @PartitaServer(durable = true)
    static class Durable {
        @Test
        void servesADurableDatabase(DynamoDbClient client, URI endpoint) throws Exception {
            assertThat(client.listTables().tableNames()).isEmpty();
            HttpResponse<String> health = HttpClient.newHttpClient()
                    .send(HttpRequest.newBuilder(endpoint).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertThat(health.statusCode()).isEqualTo(200);
        }
    }

    @Nested
    class Lifecycle {
        @Test
        void aClassGetsAServerThatStopsAfterIt() {
            EngineTestKit.engine("junit-jupiter")
                    .selectors(selectClass(InMemory.class))
                    .execute()
                    .testEvents()
                    .assertStatistics(s -> s.started(2).succeeded(2));
            URI endpoint = SEEN.get();
            assertThat(endpoint).isNotNull();
            assertThatThrownBy(() -> HttpClient.newHttpClient()
                            .send(HttpRequest.newBuilder(endpoint).GET().build(), HttpResponse.BodyHandlers.ofString()))
                    .isInstanceOf(ConnectException.class);
        }

        @Test
        void aDurableServerToo() {
            EngineTestKit.engine("junit-jupiter")
                    .selectors(selectClass(Durable.class))
                    .execute()
                    .testEvents()
                    .assertStatistics(s -> s.started(1).succeeded(1));
        }
    }
}
