package io.partita.benchmarks;

import com.amazonaws.services.dynamodbv2.local.embedded.DynamoDBEmbedded;
import com.amazonaws.services.dynamodbv2.local.shared.access.AmazonDynamoDBLocal;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.LocalSecondaryIndex;
import io.partita.storage.schema.TableDefinition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The anchor: DynamoDB Local 2.6.1 in-process ({@code DynamoDBEmbedded.create(true).dynamoDbClient()}), driven
 * through the SDK v2 client, on the {@link Workload} table. Same operations, data and request pools as
 * {@link CoreBench}; the {@link Report} divides one by the other.
 *
 * <p>DynamoDB Local leaves a non-daemon thread behind after {@code shutdown()}; {@link Db#stopJobThreads()}
 * interrupts it so the fork exits by itself. Should a later DynamoDB Local leave another one, the fork still
 * halts a second after JMH has its results ({@code -Djmh.shutdownTimeout=1}) instead of JMH's default 30 s.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-Djmh.shutdownTimeout=1", "-Djmh.shutdownTimeout.step=1"})
public class DynamoDbLocalBench {

    /** One DynamoDB Local per fork, with the table created and {@code n} items loaded. */
    @State(Scope.Benchmark)
    public static class Db {
        @Param({"10000"})
        public int n;

        /** {@code memory} (DynamoDB Local's {@code -inMemory}) or {@code disk} ({@code -dbPath}: SQLite files in a temporary directory). */
        @Param({"memory"})
        public String storage;

        AmazonDynamoDBLocal local;
        DynamoDbClient client;
        java.nio.file.Path dbPath;

        @Setup(Level.Trial)
        public void start() throws java.io.IOException {
            if ("disk".equals(storage)) {
                dbPath = java.nio.file.Files.createTempDirectory("ddblocal-bench");
                local = DynamoDBEmbedded.create(dbPath.resolve("bench.db").toFile(), true); // the SQLite file
            } else {
                local = DynamoDBEmbedded.create(true);
            }
            client = local.dynamoDbClient();
            client.createTable(createTableRequest(Workload.tableDefinition()));
            List<WriteRequest> batch = new ArrayList<>(25);
            for (long i = 0; i < n; i++) {
                batch.add(WriteRequest.builder()
                        .putRequest(PutRequest.builder()
                                .item(Workload.toSdk(Workload.item(i, n)))
                                .build())
                        .build());
                if (batch.size() == 25 || i == n - 1) {
                    writeBatch(batch);
                    batch.clear();
                }
            }
        }

        private void writeBatch(List<WriteRequest> batch) {
            Map<String, List<WriteRequest>> pending = Map.of(Workload.TABLE, List.copyOf(batch));
            while (!pending.isEmpty()) {
                Map<String, List<WriteRequest>> request = pending;
                BatchWriteItemResponse r = client.batchWriteItem(b -> b.requestItems(request));
                pending = r.hasUnprocessedItems() ? r.unprocessedItems() : Map.of();
            }
        }

        @TearDown(Level.Trial)
        public void stop() {
            if (client != null) {
                client.close();
            }
            if (local != null) {
                local.shutdown();
                stopJobThreads();
            }
            if (dbPath != null) {
                DurableBench.delete(dbPath);
            }
        }

        /**
         * {@code shutdown()} cancels DynamoDB Local's background jobs and shuts their pool down, but the
         * shard-rollover job only looks at its cancel flag after a long {@code Thread.sleep}, so its
         * non-daemon pool thread keeps the JVM alive (JMH then waits {@code jmh.shutdownTimeout}, 30 s by
         * default, and halts the fork). Interrupting the threads that run DynamoDB Local's jobs ends that sleep;
         * the pool, already shut down, then lets its threads exit and the fork ends normally.
         */
        static void stopJobThreads() {
            for (Map.Entry<Thread, StackTraceElement[]> e :
                    Thread.getAllStackTraces().entrySet()) {
                Thread t = e.getKey();
                if (t == Thread.currentThread() || t.isDaemon()) {
                    continue;
                }
                for (StackTraceElement frame : e.getValue()) {
                    if (frame.getClassName().startsWith("com.amazonaws.services.dynamodbv2.local.shared.jobs.")) {
                        t.interrupt();
                        break;
                    }
                }
            }
        }
    }

    @State(Scope.Thread)
    public static class PutPool {
        PutItemRequest[] requests;
        int next;

        @Setup(Level.Trial)
        public void build(Db db, org.openjdk.jmh.infra.ThreadParams thread) {
            requests = new PutItemRequest[Workload.POOL];
            long first = db.n + (long) thread.getThreadIndex() * Workload.POOL; // each thread its own keys
            for (int k = 0; k < Workload.POOL; k++) {
                requests[k] = PutItemRequest.builder()
                        .tableName(Workload.TABLE)
                        .item(Workload.toSdk(Workload.item(first + k, db.n)))
                        .build();
            }
        }
    }

    @State(Scope.Thread)
    public static class GetPool {
        GetItemRequest[] requests;
        int next;

        @Setup(Level.Trial)
        public void build(Db db) {
            requests = new GetItemRequest[Workload.POOL];
            int[] idx = Workload.randomIndexes(Workload.POOL, db.n, 42);
            for (int k = 0; k < Workload.POOL; k++) {
                requests[k] = GetItemRequest.builder()
                        .tableName(Workload.TABLE)
                        .key(Workload.toSdk(Workload.key(idx[k])))
                        .build();
            }
            GetItemResponse probe = db.client.getItem(requests[0]);
            if (!probe.hasItem()
                    || probe.item().size() != Workload.item(0, db.n).size()) {
                throw new IllegalStateException("GetItem sanity check failed: " + probe);
            }
        }
    }

    @State(Scope.Thread)
    public static class QueryPool {
        QueryRequest[] requests;
        int next;

        @Setup(Level.Trial)
        public void build(Db db) {
            requests = new QueryRequest[Workload.POOL];
            int[] idx = Workload.randomIndexes(Workload.POOL, Workload.g1Partitions(db.n), 43);
            for (int k = 0; k < Workload.POOL; k++) {
                requests[k] = QueryRequest.builder()
                        .tableName(Workload.TABLE)
                        .indexName(Workload.G1)
                        .keyConditionExpression("g1pk = :p")
                        .expressionAttributeValues(Map.of(
                                ":p",
                                software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(
                                        Workload.g1pk(idx[k]))))
                        .build();
            }
            for (int k = 0; k < 16; k++) {
                QueryResponse probe = db.client.query(requests[k]);
                if (probe.count() != Workload.QUERY_PAGE) {
                    throw new IllegalStateException(
                            "GSI query sanity check: expected " + Workload.QUERY_PAGE + " items, got " + probe.count());
                }
            }
        }
    }

    /** PutItem of a fresh key (an overwrite once the pool of {@link Workload#POOL} keys has wrapped). */
    @Benchmark
    public PutItemResponse putItem(Db db, PutPool pool) {
        return db.client.putItem(pool.requests[pool.next++ & (Workload.POOL - 1)]);
    }

    /** GetItem of a random existing key (eventually consistent, the default). */
    @Benchmark
    public GetItemResponse getItem(Db db, GetPool pool) {
        return db.client.getItem(pool.requests[pool.next++ & (Workload.POOL - 1)]);
    }

    /** Query on GSI g1 for a random g1pk: ten items, all attributes. */
    @Benchmark
    public QueryResponse queryGsi(Db db, QueryPool pool) {
        return db.client.query(pool.requests[pool.next++ & (Workload.POOL - 1)]);
    }

    // ---- the core's schema, in the SDK's words ---------------------------------------------------------

    static CreateTableRequest createTableRequest(TableDefinition t) {
        Map<String, AttributeDefinition> defs = new LinkedHashMap<>();
        define(defs, t.partitionKey());
        define(defs, t.sortKey());
        List<software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex> gsis = new ArrayList<>();
        for (GlobalSecondaryIndex g : t.globalSecondaryIndexes()) {
            List<KeySchemaElement> ks = new ArrayList<>();
            for (KeyAttribute k : g.partitionKey()) {
                define(defs, k);
                ks.add(KeySchemaElement.builder()
                        .attributeName(k.name())
                        .keyType(KeyType.HASH)
                        .build());
            }
            for (KeyAttribute k : g.sortKey()) {
                define(defs, k);
                ks.add(KeySchemaElement.builder()
                        .attributeName(k.name())
                        .keyType(KeyType.RANGE)
                        .build());
            }
            gsis.add(software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex.builder()
                    .indexName(g.name())
                    .keySchema(ks)
                    .projection(projection(g.projection()))
                    .build());
        }
        List<software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex> lsis = new ArrayList<>();
        for (LocalSecondaryIndex l : t.localSecondaryIndexes()) {
            define(defs, l.sortKey());
            software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex.Builder b =
                    software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex.builder()
                            .indexName(l.name())
                            .keySchema(
                                    KeySchemaElement.builder()
                                            .attributeName(t.partitionKey().name())
                                            .keyType(KeyType.HASH)
                                            .build(),
                                    KeySchemaElement.builder()
                                            .attributeName(l.sortKey().name())
                                            .keyType(KeyType.RANGE)
                                            .build())
                            .projection(projection(l.projection()));
            lsis.add(b.build());
        }
        List<KeySchemaElement> tableKeys = new ArrayList<>();
        tableKeys.add(KeySchemaElement.builder()
                .attributeName(t.partitionKey().name())
                .keyType(KeyType.HASH)
                .build());
        if (t.sortKey() != null) {
            tableKeys.add(KeySchemaElement.builder()
                    .attributeName(t.sortKey().name())
                    .keyType(KeyType.RANGE)
                    .build());
        }
        return CreateTableRequest.builder()
                .tableName(t.name())
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(defs.values())
                .keySchema(tableKeys)
                .globalSecondaryIndexes(gsis)
                .localSecondaryIndexes(lsis)
                .build();
    }

    private static void define(Map<String, AttributeDefinition> defs, KeyAttribute k) {
        if (k != null) {
            defs.putIfAbsent(
                    k.name(),
                    AttributeDefinition.builder()
                            .attributeName(k.name())
                            .attributeType(
                                    ScalarAttributeType.fromValue(k.type().name()))
                            .build());
        }
    }

    private static Projection projection(io.partita.storage.schema.Projection p) {
        Projection.Builder b = Projection.builder().projectionType(p.type().name());
        if (!p.nonKeyAttributes().isEmpty()) {
            b.nonKeyAttributes(p.nonKeyAttributes());
        }
        return b.build();
    }
}
