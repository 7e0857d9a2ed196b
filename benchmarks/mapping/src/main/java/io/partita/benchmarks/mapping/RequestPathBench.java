package io.partita.benchmarks.mapping;

import io.partita.Partita;
import io.partita.dynamodb.PartitaDynamoDb;
import io.partita.mapping.DynamoDbJson;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Client-side cost of one request through Partita's DynamoDB backend against the Enhanced Client, on the same
 * {@link DynamoDbClient} whose HTTP client answers canned responses (by {@code X-Amz-Target}), so the network is out
 * of the measure and both sides pay the same SDK pipeline (marshalling, signing, unmarshalling): put, get, and a
 * 10-item query. Partita's path: entity → core item (generated schema) → SDK item (SdkValues) and back; the
 * Enhanced Client's: bean → SDK item (reflective TableSchema) and back.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Threads(1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class RequestPathBench {
    private static final int POOL = 1024;
    private DynamoDbClient sdk;
    private Partita partita;
    private OrderRepository orders;
    private DynamoDbTable<OrderBean> table;
    private Order[] entities;
    private OrderBean[] beans;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        List<Order> pool = Fixtures.orders(POOL);
        entities = pool.toArray(Order[]::new);
        beans = pool.stream().map(OrderBean::of).toArray(OrderBean[]::new);
        Order one = pool.get(1);
        String getBody = "{\"Item\":" + DynamoDbJson.itemToJson(OrderRepository.SCHEMA.toItem(one)) + "}";
        StringBuilder query = new StringBuilder("{\"Count\":10,\"ScannedCount\":10,\"Items\":[");
        for (int i = 0; i < 10; i++) {
            Order o = pool.get(i);
            Order same = new Order(
                    "customer-0",
                    o.orderId(),
                    o.shipCity(),
                    o.note(),
                    o.createdAt(),
                    o.status(),
                    o.total(),
                    o.itemCount(),
                    o.tags(),
                    o.warehouseId());
            query.append(i == 0 ? "" : ",").append(DynamoDbJson.itemToJson(OrderRepository.SCHEMA.toItem(same)));
        }
        String queryBody = query.append("]}").toString();
        sdk = DynamoDbClient.builder()
                .httpClient(new Canned(getBody, queryBody))
                .region(Region.US_EAST_1)
                .endpointOverride(URI.create("http://canned.invalid"))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("a", "b")))
                .build();
        partita = PartitaDynamoDb.of(sdk);
        orders = OrderRepository.of(partita);
        table = DynamoDbEnhancedClient.builder()
                .dynamoDbClient(sdk)
                .build()
                .table("Orders", TableSchema.fromBean(OrderBean.class));
        // both sides read what the canned answers hold
        if (!orders.get(one.customerId(), one.orderId()).orElseThrow().equals(one)
                || !OrderBean.of(one)
                        .equals(table.getItem(Key.builder()
                                .partitionValue(one.customerId())
                                .sortValue(one.orderId())
                                .build()))
                || orders.query("customer-0").list().size() != 10
                || enhancedQuery().size() != 10) {
            throw new IllegalStateException("canned answers do not read back on both sides");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        partita.close();
        sdk.close();
    }

    private int nextIndex() {
        next = (next + 1) & (POOL - 1);
        return next;
    }

    @Benchmark
    public Order partitaPut() {
        return orders.put(entities[nextIndex()]);
    }

    @Benchmark
    public Object enhancedPut() {
        table.putItem(beans[nextIndex()]);
        return table;
    }

    @Benchmark
    public Optional<Order> partitaGet() {
        Order o = entities[nextIndex()];
        return orders.get(o.customerId(), o.orderId());
    }

    @Benchmark
    public OrderBean enhancedGet() {
        Order o = entities[nextIndex()];
        return table.getItem(Key.builder()
                .partitionValue(o.customerId())
                .sortValue(o.orderId())
                .build());
    }

    @Benchmark
    public List<Order> partitaQuery10() {
        return orders.query("customer-0").list();
    }

    @Benchmark
    public List<OrderBean> enhancedQuery10() {
        return enhancedQuery();
    }

    private List<OrderBean> enhancedQuery() {
        List<OrderBean> out = new ArrayList<>(10);
        table.query(QueryConditional.keyEqualTo(k -> k.partitionValue("customer-0")))
                .items()
                .forEach(out::add);
        return out;
    }

    /** Answers GetItem and Query with canned bodies, everything else with {@code {}}. */
    static final class Canned implements SdkHttpClient {
        private final byte[] get;
        private final byte[] query;
        private static final byte[] EMPTY = "{}".getBytes(StandardCharsets.UTF_8);

        Canned(String get, String query) {
            this.get = get.getBytes(StandardCharsets.UTF_8);
            this.query = query.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
            String target =
                    request.httpRequest().firstMatchingHeader("X-Amz-Target").orElse("");
            byte[] body = target.endsWith(".GetItem") ? get : target.endsWith(".Query") ? query : EMPTY;
            return new ExecutableHttpRequest() {
                @Override
                public HttpExecuteResponse call() {
                    return HttpExecuteResponse.builder()
                            .response(SdkHttpResponse.builder()
                                    .statusCode(200)
                                    .putHeader("Content-Type", "application/x-amz-json-1.0")
                                    .putHeader("Content-Length", Integer.toString(body.length))
                                    .build())
                            .responseBody(AbortableInputStream.create(new ByteArrayInputStream(body)))
                            .build();
                }

                @Override
                public void abort() {}
            };
        }

        @Override
        public String clientName() {
            return "canned";
        }

        @Override
        public void close() {}
    }
}
