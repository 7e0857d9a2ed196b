package io.partita.server;

import io.partita.storage.Storage;
import java.net.URI;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One Partita server per test JVM on an ephemeral 127.0.0.1 port, in memory, and an SDK v2 client pointed at
 * it with dummy credentials; stopped by {@link TestServerSession} when the JUnit session ends.
 */
final class TestServer {
    private static PartitaServer server;
    private static Storage storage;
    private static DynamoDbClient client;

    private TestServer() {}

    static synchronized PartitaServer server() {
        if (server == null) {
            try {
                long t0 = System.nanoTime();
                storage = Storage.inMemory();
                // -Dpartita.server.execution=EXECUTOR runs every suite through the operation pool
                Execution.Mode mode = Execution.Mode.valueOf(
                        System.getProperty("partita.server.execution", "AUTO").trim());
                server = PartitaServer.start(
                        PartitaServer.Options.defaults()
                                .port(0)
                                .execution(Execution.defaults().mode(mode)),
                        storage);
                System.out.printf(
                        "Partita server started on %s in %d ms (execution %s)%n",
                        server.endpoint(), (System.nanoTime() - t0) / 1_000_000, mode);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
        return server;
    }

    /** The core the server serves, for what a test runs on it directly (a time-to-live sweep now). */
    static synchronized Storage storage() {
        server();
        return storage;
    }

    static synchronized DynamoDbClient client() {
        if (client == null) {
            client = client(server().endpoint(), "dummy", "dummy");
        }
        return client;
    }

    static DynamoDbClient client(URI endpoint, String key, String secret) {
        return DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(key, secret)))
                .httpClient(ApacheHttpClient.builder().maxConnections(64).build())
                .build();
    }

    static synchronized void deleteAllTables() {
        try { // a table whose GSI still backfills is UPDATING, and DynamoDB refuses to delete it
            ControlPlane.awaitBackfills();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e);
        }
        DynamoDbClient c = client();
        for (String name : c.listTablesPaginator().tableNames()) {
            c.deleteTable(b -> b.tableName(name));
        }
    }

    static synchronized void shutdown() {
        if (client != null) {
            client.close();
            client = null;
        }
        if (server != null) {
            server.close();
            server = null;
            storage = null;
        }
    }
}
