package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.Storage;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** Safe by default: loopback, slow clients cut off, SigV4 checking on request, graceful shutdown. */
// the SDK's Consumer<Builder>... overloads (keySchema(k -> ..., k -> ...)) are generic varargs
@SuppressWarnings("unchecked")
class SafetyTest {

    @Test
    void bindsToLoopbackByDefault() throws Exception {
        assertThat(PartitaServer.Options.defaults().bind()).isEqualTo("127.0.0.1");
        assertThat(PartitaServer.isLoopback("127.0.0.1")).isTrue();
        assertThat(PartitaServer.isLoopback("::1")).isTrue();
        assertThat(PartitaServer.isLoopback("0.0.0.0")).isFalse();
        assertThat(TestServer.server().endpoint().getHost()).isEqualTo("127.0.0.1");
    }

    @Test
    void aClientThatSendsNothingIsDisconnectedAfterTheIdleTimeout() throws Exception {
        try (PartitaServer server = PartitaServer.start(
                        PartitaServer.Options.defaults().port(0).idleTimeout(Duration.ofSeconds(1)),
                        Storage.inMemory());
                Socket socket = new Socket(java.net.InetAddress.getLoopbackAddress(), server.port())) {
            socket.getOutputStream()
                    .write("POST / HTTP/1.1\r\nHost: x\r\nContent-Len"
                            .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            // a server that kept the connection would fail the read with a SocketTimeoutException after 10 s
            socket.setSoTimeout(10_000);
            InputStream in = socket.getInputStream();
            assertThat(in.read()).isEqualTo(-1); // closed by the server
        }
    }

    @Test
    void sigV4IsCheckedWhenCredentialsAreGiven() throws Exception {
        try (PartitaServer server = PartitaServer.start(
                        PartitaServer.Options.defaults().port(0).credentials(Map.of("AKIDPARTITA", "s3cret")),
                        Storage.inMemory());
                DynamoDbClient good = TestServer.client(server.endpoint(), "AKIDPARTITA", "s3cret");
                DynamoDbClient wrongSecret = TestServer.client(server.endpoint(), "AKIDPARTITA", "guess");
                DynamoDbClient unknownKey = TestServer.client(server.endpoint(), "AKIDOTHER", "s3cret")) {
            good.createTable(b -> b.tableName("Auth")
                    .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                    .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                    .billingMode("PAY_PER_REQUEST"));
            good.putItem(b -> b.tableName("Auth")
                    .item(Map.of("pk", AttributeValue.fromS("a"), "body", AttributeValue.fromS("x".repeat(5000)))));
            assertThat(good.listTables().tableNames()).containsExactly("Auth");

            DynamoDbException bad =
                    (DynamoDbException) org.assertj.core.api.Assertions.catchThrowable(() -> wrongSecret.listTables());
            assertThat(bad.awsErrorDetails().errorCode()).isEqualTo("InvalidSignatureException");
            assertThat(bad.statusCode()).isEqualTo(400);
            assertThat(bad.awsErrorDetails().errorMessage())
                    .startsWith("The request signature we calculated does not match the signature you provided.");

            DynamoDbException unknown =
                    (DynamoDbException) org.assertj.core.api.Assertions.catchThrowable(() -> unknownKey.listTables());
            assertThat(unknown.awsErrorDetails().errorCode()).isEqualTo("UnrecognizedClientException");
            assertThat(unknown.awsErrorDetails().errorMessage())
                    .isEqualTo("The security token included in the request is invalid.");

            HttpResponse<String> unsigned = Wire.post(server.endpoint(), "DynamoDB_20120810.ListTables", "{}");
            assertThat(unsigned.statusCode()).isEqualTo(400);
            assertThat(unsigned.body())
                    .isEqualTo(
                            "{\"__type\":\"com.amazon.coral.service#MissingAuthenticationTokenException\",\"message\":\"Request is missing Authentication Token\"}");
        }
    }

    @ParameterizedTest
    @EnumSource(names = {"EVENT_LOOP", "EXECUTOR"})
    void closeLetsTheInFlightRequestFinishThenClosesTheStore(Execution.Mode mode) throws Exception {
        DelayingStorage storage = new DelayingStorage();
        PartitaServer server = PartitaServer.start(
                PartitaServer.Options.defaults()
                        .port(0)
                        .execution(Execution.defaults().mode(mode)),
                storage);
        int port = server.port();
        DynamoDbClient client = TestServer.client(server.endpoint(), "k", "s");
        ExecutorService threads = Executors.newCachedThreadPool();
        try {
            client.createTable(b -> b.tableName("Slow")
                    .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                    .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                    .billingMode("PAY_PER_REQUEST"));
            // own threads, not the common pool: with one processor's parallelism (2 cores) the blocked put would hold
            // its only worker and close() would never start
            CompletableFuture<Void> put = CompletableFuture.runAsync(
                    () -> client.putItem(b -> b.tableName("Slow").item(Map.of("pk", AttributeValue.fromS("a")))),
                    threads);
            assertThat(storage.entered.await(10, TimeUnit.SECONDS)).isTrue();
            CompletableFuture<Void> closing = CompletableFuture.runAsync(server::close, threads);
            // once the listener is closed, new connections are refused while the in-flight request still runs
            assertThat(server.stoppedAccepting.await(10, TimeUnit.SECONDS)).isTrue();
            assertThatThrownBy(() -> new Socket(java.net.InetAddress.getLoopbackAddress(), port).close())
                    .isInstanceOf(ConnectException.class);
            // the put cannot finish before the release below, so close() is still waiting for it
            assertThat(put).isNotDone();
            assertThat(closing).isNotDone();
            assertThat(server.inFlight()).isEqualTo(1);
            storage.release.countDown();
            put.get(10, TimeUnit.SECONDS); // answered normally
            closing.get(10, TimeUnit.SECONDS);
            assertThat(storage.closedAtNanos).isGreaterThan(storage.putFinishedAtNanos);
            assertThat(server.inFlight()).isZero();
        } finally {
            storage.release.countDown();
            client.close();
            server.close();
            threads.shutdownNow();
        }
    }

    @Test
    void dataDirServesTheDurableCoreAndItsDataOutlivesTheServer() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("partita-server-data");
        io.partita.storage.schema.TableDefinition books = io.partita.storage.schema.TableDefinition.builder("Books")
                .partitionKey(io.partita.storage.schema.KeyAttribute.s("isbn"))
                .timeToLive("expires")
                .build();
        try (Storage first = Main.open(dir)) {
            first.createTable(books);
        }
        try (Storage second = Main.open(dir)) {
            assertThat(second.listTables()).containsExactly("Books");
            // the time-to-live setting is the core's, kept in the durable catalogue: it outlives the server too
            assertThat(second.describeTimeToLive("Books").attributeName()).isEqualTo("expires");
        }
    }
}
