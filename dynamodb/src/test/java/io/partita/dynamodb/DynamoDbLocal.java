package io.partita.dynamodb;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.dynamodb.services.local.embedded.DynamoDBEmbedded;
import software.amazon.dynamodb.services.local.shared.access.AmazonDynamoDBLocal;

/**
 * One DynamoDB Local (v3 line, in process, in memory, telemetry off, no port) per test JVM, started on first
 * use and shut down when the JUnit launcher session closes ({@link DynamoDbLocalSession}). Shutting down also
 * interrupts DynamoDB Local's job threads: its shard-rollover job sleeps on a non-daemon pool thread and would
 * otherwise keep the JVM alive for minutes after the tests.
 */
public final class DynamoDbLocal {
    private static AmazonDynamoDBLocal local;
    private static DynamoDbClient client;
    private static DynamoDbStreamsClient streamsClient;

    private DynamoDbLocal() {}

    /** The shared client, starting DynamoDB Local if needed. */
    public static synchronized DynamoDbClient client() {
        if (local == null) {
            long t0 = System.nanoTime();
            local = DynamoDBEmbedded.create(true);
            client = local.dynamoDbClient();
            streamsClient = local.dynamoDbStreamsClient();
            System.out.printf("DynamoDB Local started in-process in %d ms%n", (System.nanoTime() - t0) / 1_000_000);
        }
        return client;
    }

    /**
     * The shared streams client: the in-process client does not expose a configuration a streams client could be
     * built from, so backends on it are given this one.
     */
    public static synchronized DynamoDbStreamsClient streamsClient() {
        client();
        return streamsClient;
    }

    /** Closes every open shard of every stream (DynamoDB Local's shard rollover, run now). */
    public static synchronized void rollOverShards() {
        client();
        local.triggerShardRollovers();
    }

    /** Deletes every table, so the next test starts from an empty database. */
    public static synchronized void deleteAllTables() {
        DynamoDbClient c = client();
        for (String name : c.listTablesPaginator().tableNames()) {
            c.deleteTable(b -> b.tableName(name));
        }
    }

    public static synchronized void shutdown() {
        if (local == null) {
            return;
        }
        client.close();
        streamsClient.close();
        local.shutdown();
        local = null;
        client = null;
        streamsClient = null;
        stopJobThreads();
    }

    private static void stopJobThreads() {
        for (Map.Entry<Thread, StackTraceElement[]> e :
                Thread.getAllStackTraces().entrySet()) {
            Thread t = e.getKey();
            if (t == Thread.currentThread() || t.isDaemon()) {
                continue;
            }
            for (StackTraceElement frame : e.getValue()) {
                if (frame.getClassName().startsWith("software.amazon.dynamodb.services.local.shared.jobs.")) {
                    t.interrupt();
                    break;
                }
            }
        }
    }
}
