package io.partita.benchmarks.server;

import io.partita.server.PartitaServer;
import io.partita.storage.Storage;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The same SDK v2 client (Apache HTTP client, 64 pooled connections, dummy credentials) against three HTTP
 * servers on 127.0.0.1, in one run: the Partita server ({@code partita}), DynamoDB Local 2.6.1's HTTP server in
 * memory ({@code local}), and a floor server answering a fixed valid response without doing any work
 * ({@code floor}). put, get and a GSI query (10 items); run with {@code -t 1} and {@code -t 16}.
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar ServerBench -f 1 -wi 2 -w 2s -i 3 -r 3s -t 1</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ServerBench {
    static final int ITEMS = BenchServers.ITEMS;
    static final int GROUPS = BenchServers.GROUPS;

    @Param({"partita", "local", "floor"})
    public String server;

    private AutoCloseable running;
    private DynamoDbClient client;

    @Setup(Level.Trial)
    public void start() throws Exception {
        BenchServers.Running r = BenchServers.start(server);
        running = r.server();
        URI endpoint = r.endpoint();
        client = DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("bench", "bench")))
                .httpClient(ApacheHttpClient.builder().maxConnections(64).build())
                .build();
        if (!server.equals("floor")) {
            BenchServers.createTable(endpoint);
        }
        // the same 4,000 puts on every server, the floor included: they load the table and warm the client's own code
        // (marshalling, signing, HTTP) equally; without them the floor measured a cold client
        for (int i = 0; i < ITEMS; i++) {
            client.putItem(b ->
                    b.tableName("Bench").item(item(ThreadLocalRandom.current().nextInt(ITEMS))));
        }
        for (int i = 0; i < ITEMS; i++) {
            int n = i;
            client.putItem(b -> b.tableName("Bench").item(item(n)));
        }
    }

    /** What the Partita server answers for each operation of this benchmark, captured once, served fixed. */
    static Map<String, String> floorBodies() throws Exception {
        Map<String, String> bodies = new HashMap<>();
        try (PartitaServer s =
                        PartitaServer.start(PartitaServer.Options.defaults().port(0), Storage.inMemory());
                DynamoDbClient c = DynamoDbClient.builder()
                        .endpointOverride(s.endpoint())
                        .region(Region.US_EAST_1)
                        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("x", "x")))
                        .httpClient(ApacheHttpClient.create())
                        .build()) {
            java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
            post(http, s.endpoint(), "CreateTable", BenchServers.CREATE_TABLE);
            for (int i = 0; i < 50; i++) {
                int n = i;
                c.putItem(b -> b.tableName("Bench").item(item(n)));
            }
            bodies.put(
                    "PutItem",
                    post(
                            http,
                            s.endpoint(),
                            "PutItem",
                            "{\"TableName\":\"Bench\",\"Item\":{\"pk\":{\"S\":\"k1\"},\"g\":{\"S\":\"g1\"},\"n\":{\"N\":\"1\"}}}"));
            bodies.put(
                    "GetItem",
                    post(http, s.endpoint(), "GetItem", "{\"TableName\":\"Bench\",\"Key\":{\"pk\":{\"S\":\"k7\"}}}"));
            bodies.put(
                    "Query",
                    post(
                            http,
                            s.endpoint(),
                            "Query",
                            "{\"TableName\":\"Bench\",\"IndexName\":\"ByG\",\"KeyConditionExpression\":\"g = :g\","
                                    + "\"ExpressionAttributeValues\":{\":g\":{\"S\":\"g7\"}},\"Limit\":10}"));
        }
        return bodies;
    }

    private static String post(java.net.http.HttpClient http, URI endpoint, String op, String body) throws Exception {
        return http.send(
                        java.net.http.HttpRequest.newBuilder(endpoint)
                                .header("X-Amz-Target", "DynamoDB_20120810." + op)
                                .header("Content-Type", "application/x-amz-json-1.0")
                                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(body))
                                .build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString())
                .body();
    }

    static Map<String, AttributeValue> item(int i) {
        return Map.of(
                "pk",
                AttributeValue.fromS("k" + i),
                "g",
                AttributeValue.fromS("g" + (i % GROUPS)),
                "n",
                AttributeValue.fromN(Integer.toString(i)),
                "title",
                AttributeValue.fromS("item number " + i),
                "tags",
                AttributeValue.fromSs(List.of("a", "b", "c")),
                "score",
                AttributeValue.fromN(Integer.toString(i * 7 % 1000)));
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        client.close();
        running.close();
    }

    @Benchmark
    public Object put() {
        int i = ThreadLocalRandom.current().nextInt(ITEMS);
        return client.putItem(b -> b.tableName("Bench").item(item(i)));
    }

    @Benchmark
    public Object get() {
        int i = ThreadLocalRandom.current().nextInt(ITEMS);
        return client.getItem(b -> b.tableName("Bench").key(Map.of("pk", AttributeValue.fromS("k" + i))));
    }

    @Benchmark
    public Object gsiQuery() {
        int g = ThreadLocalRandom.current().nextInt(GROUPS);
        return client.query(b -> b.tableName("Bench")
                .indexName("ByG")
                .keyConditionExpression("g = :g")
                .expressionAttributeValues(Map.of(":g", AttributeValue.fromS("g" + g)))
                .limit(10));
    }
}
