package io.partita.dynamodb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local's HTTP server (v3 line, in memory, on a free port) and an SDK {@link DynamoDbAsyncClient} on
 * the Netty HTTP client talking to it at 127.0.0.1: what the asynchronous tests need, since the in-process
 * {@link DynamoDbLocal} only hands out a blocking client. Started on first use, stopped with the launcher session
 * ({@link DynamoDbLocalSession}). The server is a second DynamoDB Local, separate from {@link DynamoDbLocal}'s.
 */
public final class DynamoDbLocalHttp {
    private static DynamoDBProxyServer server;
    private static DynamoDbAsyncClient client;

    private DynamoDbLocalHttp() {}

    /** The shared asynchronous client, starting the server if needed. */
    public static synchronized DynamoDbAsyncClient client() {
        if (server == null) {
            long t0 = System.nanoTime();
            int port = freePort();
            try {
                server = ServerRunner.createServerFromCommandLineArgs(
                        new String[] {"-inMemory", "-port", Integer.toString(port), "-disableTelemetry"});
                server.start();
            } catch (Exception e) {
                throw new IllegalStateException("DynamoDB Local's HTTP server did not start on port " + port, e);
            }
            client = DynamoDbAsyncClient.builder()
                    .endpointOverride(URI.create("http://127.0.0.1:" + port))
                    .region(Region.US_EAST_1)
                    .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")))
                    .httpClientBuilder(NettyNioAsyncHttpClient.builder()
                            .connectionTimeout(Duration.ofSeconds(5))
                            .readTimeout(Duration.ofSeconds(10)))
                    .build();
            System.out.printf(
                    "DynamoDB Local HTTP started on 127.0.0.1:%d in %d ms%n",
                    port, (System.nanoTime() - t0) / 1_000_000);
        }
        return client;
    }

    /** Deletes every table, so the next test starts from an empty database. */
    public static synchronized void deleteAllTables() {
        DynamoDbAsyncClient c = client();
        for (String name : c.listTables().join().tableNames()) {
            c.deleteTable(b -> b.tableName(name)).join();
        }
    }

    public static synchronized void shutdown() {
        if (server == null) {
            return;
        }
        client.close();
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        server = null;
        client = null;
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
