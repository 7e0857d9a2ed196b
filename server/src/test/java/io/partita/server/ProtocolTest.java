package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeAction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConditionalOperator;
import software.amazon.awssdk.services.dynamodb.model.DescribeLimitsResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.Tag;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * DynamoDB's JSON 1.0 protocol as the SDK and raw HTTP see it: headers, error shapes, limits, legacy
 * parameters and the control plane.
 */
// the SDK's Consumer<Builder>... overloads (keySchema(k -> ..., k -> ...)) are generic varargs
@SuppressWarnings("unchecked")
class ProtocolTest {
    private final DynamoDbClient ddb = TestServer.client();

    @BeforeEach
    void empty() {
        TestServer.deleteAllTables();
    }

    private void createTable(String name) {
        ddb.createTable(b -> b.tableName(name)
                .keySchema(
                        k -> k.attributeName("pk").keyType(KeyType.HASH),
                        k -> k.attributeName("sk").keyType(KeyType.RANGE))
                .attributeDefinitions(
                        a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("sk").attributeType(ScalarAttributeType.N))
                .billingMode("PAY_PER_REQUEST"));
    }

    private static Map<String, AttributeValue> item(String pk, int sk, Object... more) {
        Map<String, AttributeValue> m = new java.util.LinkedHashMap<>();
        m.put("pk", AttributeValue.fromS(pk));
        m.put("sk", AttributeValue.fromN(Integer.toString(sk)));
        for (int i = 0; i < more.length; i += 2) {
            m.put((String) more[i], (AttributeValue) more[i + 1]);
        }
        return m;
    }

    // ---- wire -------------------------------------------------------------------------------------------

    @Test
    void responsesCarryRequestIdAndCrc32OfTheBody() throws Exception {
        HttpResponse<String> r = Wire.call("ListTables", "{}");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/x-amz-json-1.0");
        assertThat(r.headers().firstValue("x-amzn-RequestId").orElseThrow()).matches("[A-Z0-9]{52}");
        CRC32 crc = new CRC32();
        crc.update(r.body().getBytes(StandardCharsets.UTF_8));
        assertThat(r.headers().firstValue("x-amz-crc32")).hasValue(Long.toString(crc.getValue()));
        assertThat(r.body()).isEqualTo("{\"TableNames\":[]}");
    }

    @Test
    void malformedJsonIsASerializationException() throws Exception {
        for (String body : List.of("{", "{\"TableName\":}", "[1]", "{\"a\":1} x", "not json")) {
            HttpResponse<String> r = Wire.call("DescribeTable", body);
            assertThat(r.statusCode()).as(body).isEqualTo(400);
            assertThat(r.body())
                    .as(body)
                    .startsWith("{\"__type\":\"com.amazonaws.dynamodb.v20120810#SerializationException\",\"message\":");
        }
        HttpResponse<String> wrongType = Wire.call("DescribeTable", "{\"TableName\":5}");
        assertThat(wrongType.body()).contains("#SerializationException");
    }

    @Test
    void unknownOperationIsAnUnknownOperationException() throws Exception {
        for (String target : new String[] {"DynamoDB_20120810.Frobnicate", "DynamoDB_20111205.ListTables", ""}) {
            HttpResponse<String> r = Wire.post(TestServer.server().endpoint(), target, "{}");
            assertThat(r.statusCode()).isEqualTo(400);
            assertThat(r.body()).isEqualTo("{\"__type\":\"com.amazon.coral.service#UnknownOperationException\"}");
        }
        HttpResponse<String> none = Wire.post(TestServer.server().endpoint(), null, "{}");
        assertThat(none.body()).contains("UnknownOperationException");
    }

    @Test
    void errorsHaveDynamoDbsShapeAndTheSdkMapsThem() throws Exception {
        HttpResponse<String> r = Wire.call("DescribeTable", "{\"TableName\":\"Nope\"}");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.body())
                .startsWith(
                        "{\"__type\":\"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException\",\"message\":\"");
        assertThatThrownBy(() -> ddb.describeTable(b -> b.tableName("Nope")))
                .isInstanceOf(ResourceNotFoundException.class);
        createTable("Dup");
        assertThatThrownBy(() -> createTable("Dup")).isInstanceOf(ResourceInUseException.class);
        DynamoDbException v = (DynamoDbException) org.assertj.core.api.Assertions.catchThrowable(() ->
                ddb.getItem(b -> b.tableName("Dup").key(Map.of("pk", AttributeValue.fromS("x")))));
        assertThat(v.awsErrorDetails().errorCode()).isEqualTo("ValidationException");
        assertThat(v.statusCode()).isEqualTo(400);
        assertThat(v.awsErrorDetails().errorMessage()).isNotBlank();
    }

    @Test
    void conditionFailuresReturnTheOldItemAndTransactionsTheirReasons() {
        createTable("Cond");
        ddb.putItem(b -> b.tableName("Cond").item(item("a", 1, "v", AttributeValue.fromS("old"))));
        ConditionalCheckFailedException c = (ConditionalCheckFailedException)
                org.assertj.core.api.Assertions.catchThrowable(() -> ddb.putItem(b -> b.tableName("Cond")
                        .item(item("a", 1))
                        .conditionExpression("attribute_not_exists(pk)")
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)));
        assertThat(c.item()).containsEntry("v", AttributeValue.fromS("old"));
        TransactionCanceledException t = (TransactionCanceledException) org.assertj.core.api.Assertions.catchThrowable(
                () -> ddb.transactWriteItems(b -> b.transactItems(
                        w -> w.put(p -> p.tableName("Cond").item(item("b", 1))),
                        w -> w.conditionCheck(p -> p.tableName("Cond")
                                .key(item("a", 1))
                                .conditionExpression("v = :x")
                                .expressionAttributeValues(Map.of(":x", AttributeValue.fromS("new")))
                                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)))));
        assertThat(t.cancellationReasons()).hasSize(2);
        assertThat(t.cancellationReasons().get(0).code()).isEqualTo("None");
        assertThat(t.cancellationReasons().get(1).code()).isEqualTo("ConditionalCheckFailed");
        assertThat(t.cancellationReasons().get(1).item()).containsEntry("v", AttributeValue.fromS("old"));
    }

    @Test
    void everyAttributeTypeRoundTrips() {
        createTable("Types");
        Map<String, AttributeValue> all = item(
                "t",
                1,
                "s",
                AttributeValue.fromS("x\u00e9\uD834\uDD1E\"\\"),
                "n",
                AttributeValue.fromN("-1.50E+3"),
                "b",
                AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, 1, (byte) 255})),
                "bool",
                AttributeValue.fromBool(false),
                "nul",
                AttributeValue.fromNul(true),
                "l",
                AttributeValue.fromL(List.of(AttributeValue.fromS("a"), AttributeValue.fromN("1"))),
                "m",
                AttributeValue.fromM(Map.of("k", AttributeValue.fromM(Map.of("z", AttributeValue.fromBool(true))))),
                "ss",
                AttributeValue.fromSs(List.of("a", "b")),
                "ns",
                AttributeValue.fromNs(List.of("1", "2.5")),
                "bs",
                AttributeValue.fromBs(
                        List.of(SdkBytes.fromByteArray(new byte[] {1}), SdkBytes.fromByteArray(new byte[] {2}))));
        ddb.putItem(b -> b.tableName("Types").item(all));
        Map<String, AttributeValue> back = ddb.getItem(
                        b -> b.tableName("Types").key(item("t", 1)).consistentRead(true))
                .item();
        assertThat(back).hasSize(all.size());
        assertThat(back.get("n").n()).isEqualTo("-1500");
        Map<String, AttributeValue> expected = new java.util.HashMap<>(all);
        expected.put("n", AttributeValue.fromN("-1500"));
        assertThat(back).isEqualTo(expected);
    }

    @Test
    void legacyParametersAreTranslated() {
        createTable("Legacy");
        for (int i = 1; i <= 5; i++) {
            int n = i;
            ddb.putItem(b -> b.tableName("Legacy")
                    .item(item(
                            "p",
                            n,
                            "v",
                            AttributeValue.fromN(Integer.toString(n * 10)),
                            "tag",
                            AttributeValue.fromS(n % 2 == 0 ? "even" : "odd"))));
        }
        var q = ddb.query(b -> b.tableName("Legacy")
                .keyConditions(Map.of(
                        "pk",
                        Condition.builder()
                                .comparisonOperator(ComparisonOperator.EQ)
                                .attributeValueList(AttributeValue.fromS("p"))
                                .build(),
                        "sk",
                        Condition.builder()
                                .comparisonOperator(ComparisonOperator.BETWEEN)
                                .attributeValueList(AttributeValue.fromN("2"), AttributeValue.fromN("5"))
                                .build()))
                .queryFilter(Map.of(
                        "tag",
                        Condition.builder()
                                .comparisonOperator(ComparisonOperator.EQ)
                                .attributeValueList(AttributeValue.fromS("even"))
                                .build(),
                        "v",
                        Condition.builder()
                                .comparisonOperator(ComparisonOperator.GT)
                                .attributeValueList(AttributeValue.fromN("35"))
                                .build()))
                .conditionalOperator(ConditionalOperator.OR)
                .attributesToGet("sk", "tag"));
        assertThat(q.items()).extracting(m -> m.get("sk").n()).containsExactly("2", "4", "5");
        assertThat(q.items().get(0)).containsOnlyKeys("sk", "tag");
        var s = ddb.scan(b -> b.tableName("Legacy")
                .scanFilter(Map.of(
                        "v",
                        Condition.builder()
                                .comparisonOperator(ComparisonOperator.IN)
                                .attributeValueList(AttributeValue.fromN("10"), AttributeValue.fromN("30"))
                                .build())));
        assertThat(s.count()).isEqualTo(2);
        assertThatThrownBy(() -> ddb.putItem(b -> b.tableName("Legacy")
                        .item(item("p", 1))
                        .expected(Map.of(
                                "pk",
                                ExpectedAttributeValue.builder().exists(false).build()))))
                .isInstanceOf(ConditionalCheckFailedException.class);
        ddb.putItem(b -> b.tableName("Legacy")
                .item(item("p", 1, "v", AttributeValue.fromN("11")))
                .expected(Map.of(
                        "v",
                        ExpectedAttributeValue.builder()
                                .value(AttributeValue.fromN("10"))
                                .build())));
        var u = ddb.updateItem(b -> b.tableName("Legacy")
                .key(item("p", 1))
                .returnValues(ReturnValue.ALL_NEW)
                .attributeUpdates(Map.of(
                        "v",
                                AttributeValueUpdate.builder()
                                        .action(AttributeAction.ADD)
                                        .value(AttributeValue.fromN("5"))
                                        .build(),
                        "tag",
                                AttributeValueUpdate.builder()
                                        .action(AttributeAction.DELETE)
                                        .build(),
                        "l",
                                AttributeValueUpdate.builder()
                                        .action(AttributeAction.ADD)
                                        .value(AttributeValue.fromL(List.of(AttributeValue.fromS("x"))))
                                        .build(),
                        "w",
                                AttributeValueUpdate.builder()
                                        .action(AttributeAction.PUT)
                                        .value(AttributeValue.fromS("w"))
                                        .build())));
        assertThat(u.attributes())
                .containsEntry("v", AttributeValue.fromN("16"))
                .containsEntry("w", AttributeValue.fromS("w"))
                .containsEntry("l", AttributeValue.fromL(List.of(AttributeValue.fromS("x"))))
                .doesNotContainKey("tag");
        var g = ddb.getItem(b -> b.tableName("Legacy").key(item("p", 1)).attributesToGet("w"));
        assertThat(g.item()).containsOnlyKeys("w");
        assertThatThrownBy(() -> ddb.getItem(b -> b.tableName("Legacy")
                        .key(item("p", 1))
                        .attributesToGet("w")
                        .projectionExpression("w")))
                .hasMessageContaining(
                        "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}");
    }

    // ---- control plane ----------------------------------------------------------------------------------

    @Test
    void listTablesPaginates() {
        for (String n : List.of("Tab1", "Tab2", "Tab3", "Tab4", "Tab5")) {
            createTable(n);
        }
        var first = ddb.listTables(b -> b.limit(2));
        assertThat(first.tableNames()).containsExactly("Tab1", "Tab2");
        assertThat(first.lastEvaluatedTableName()).isEqualTo("Tab2");
        var next = ddb.listTables(b -> b.limit(2).exclusiveStartTableName("Tab2"));
        assertThat(next.tableNames()).containsExactly("Tab3", "Tab4");
        var last = ddb.listTables(b -> b.limit(2).exclusiveStartTableName("Tab4"));
        assertThat(last.tableNames()).containsExactly("Tab5");
        assertThat(last.lastEvaluatedTableName()).isNull();
        assertThat(ddb.listTablesPaginator(b -> b.limit(2)).tableNames()).hasSize(5);
    }

    @Test
    void describeTableReportsCountsSizesIndexesAndBilling() {
        ddb.createTable(b -> b.tableName("Desc")
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(
                        a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexes(i -> i.indexName("ByG")
                        .keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY))
                        .provisionedThroughput(t -> t.readCapacityUnits(5L).writeCapacityUnits(5L)))
                .provisionedThroughput(t -> t.readCapacityUnits(5L).writeCapacityUnits(7L))
                .tags(Tag.builder().key("team").value("core").build()));
        ddb.putItem(
                b -> b.tableName("Desc").item(Map.of("pk", AttributeValue.fromS("a"), "g", AttributeValue.fromS("x"))));
        ddb.putItem(b -> b.tableName("Desc").item(Map.of("pk", AttributeValue.fromS("b"))));
        TableDescription d = ddb.describeTable(b -> b.tableName("Desc")).table();
        assertThat(d.tableStatus()).isEqualTo(TableStatus.ACTIVE);
        assertThat(d.itemCount()).isEqualTo(2);
        assertThat(d.tableSizeBytes()).isPositive();
        assertThat(d.provisionedThroughput().writeCapacityUnits()).isEqualTo(7L);
        assertThat(d.tableArn()).isEqualTo("arn:aws:dynamodb:ddblocal:000000000000:table/Desc");
        assertThat(d.creationDateTime()).isNotNull();
        assertThat(d.globalSecondaryIndexes()).singleElement().satisfies(g -> {
            assertThat(g.indexName()).isEqualTo("ByG");
            assertThat(g.indexStatus()).isEqualTo(IndexStatus.ACTIVE);
            assertThat(g.itemCount()).isEqualTo(1);
        });
        assertThat(ddb.listTagsOfResource(b -> b.resourceArn(d.tableArn())).tags())
                .containsExactly(Tag.builder().key("team").value("core").build());
        ddb.tagResource(b -> b.resourceArn(d.tableArn())
                .tags(Tag.builder().key("env").value("dev").build()));
        ddb.untagResource(b -> b.resourceArn(d.tableArn()).tagKeys("team"));
        assertThat(ddb.listTagsOfResource(b -> b.resourceArn(d.tableArn())).tags())
                .extracting(Tag::key)
                .containsExactly("env");
        assertThatThrownBy(() ->
                        ddb.listTagsOfResource(b -> b.resourceArn("arn:aws:dynamodb:ddblocal:000000000000:table/Nope")))
                .isInstanceOf(ResourceNotFoundException.class);
    }

    @Test
    void updateTableAddsAGsiWithBackfillAndDeletesIt() throws Exception {
        createTable("Upd");
        for (int i = 0; i < 10; i++) {
            int n = i;
            ddb.putItem(b -> b.tableName("Upd")
                    .item(item("p" + (n % 3), n, "g", AttributeValue.fromS(n % 2 == 0 ? "even" : "odd"))));
        }
        ddb.updateTable(b -> b.tableName("Upd")
                .attributeDefinitions(a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexUpdates(u -> u.create(c -> c.indexName("ByG")
                        .keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.ALL)))));
        ControlPlane.awaitBackfills(); // the backfill runs on the server's backfill thread (GsiCreationTest)
        TableDescription d = ddb.describeTable(b -> b.tableName("Upd")).table();
        assertThat(d.globalSecondaryIndexes()).singleElement().satisfies(g -> {
            assertThat(g.indexStatus()).isEqualTo(IndexStatus.ACTIVE);
            assertThat(g.itemCount()).isEqualTo(10);
        });
        assertThat(ddb.query(b -> b.tableName("Upd")
                                .indexName("ByG")
                                .keyConditionExpression("g = :g")
                                .expressionAttributeValues(Map.of(":g", AttributeValue.fromS("even"))))
                        .count())
                .isEqualTo(5);
        ddb.updateTable(b -> b.tableName("Upd").globalSecondaryIndexUpdates(u -> u.delete(x -> x.indexName("ByG"))));
        assertThat(ddb.describeTable(b -> b.tableName("Upd")).table().globalSecondaryIndexes())
                .isEmpty();
    }

    @Test
    void describeLimitsAndTimeToLive() {
        DescribeLimitsResponse l = ddb.describeLimits(b -> {});
        assertThat(l.tableMaxWriteCapacityUnits()).isEqualTo(40000L);
        createTable("Ttl");
        assertThat(ddb.describeTimeToLive(b -> b.tableName("Ttl"))
                        .timeToLiveDescription()
                        .timeToLiveStatusAsString())
                .isEqualTo("DISABLED");
        ddb.updateTimeToLive(b ->
                b.tableName("Ttl").timeToLiveSpecification(t -> t.enabled(true).attributeName("exp")));
        assertThat(ddb.describeTimeToLive(b -> b.tableName("Ttl"))
                        .timeToLiveDescription()
                        .attributeName())
                .isEqualTo("exp");
    }

    @Test
    void timeToLiveExpiresItemsThroughTheServer() {
        createTable("TtlLive");
        ddb.updateTimeToLive(b -> b.tableName("TtlLive")
                .timeToLiveSpecification(t -> t.enabled(true).attributeName("exp")));
        assertThat(ddb.describeTimeToLive(b -> b.tableName("TtlLive"))
                        .timeToLiveDescription()
                        .timeToLiveStatusAsString())
                .isEqualTo("ENABLED");
        assertThatThrownBy(() -> ddb.updateTimeToLive(b -> b.tableName("TtlLive")
                        .timeToLiveSpecification(t -> t.enabled(true).attributeName("exp"))))
                .isInstanceOf(software.amazon.awssdk.services.dynamodb.model.DynamoDbException.class)
                .hasMessageContaining("TimeToLive is already enabled");
        long now = System.currentTimeMillis() / 1000;
        ddb.putItem(b ->
                b.tableName("TtlLive").item(item("a", 1, "exp", AttributeValue.fromN(Long.toString(now - 5)))));
        ddb.putItem(b ->
                b.tableName("TtlLive").item(item("a", 2, "exp", AttributeValue.fromN(Long.toString(now + 3600)))));
        ddb.putItem(b -> b.tableName("TtlLive").item(item("a", 3, "exp", AttributeValue.fromS("soon"))));
        // the core's background sweep, run now rather than waited for (it may have run already: same result)
        TestServer.storage().expireItems();
        assertThat(ddb.scan(b -> b.tableName("TtlLive")).items())
                .extracting(i -> i.get("sk").n())
                .containsExactlyInAnyOrder("2", "3");
        ddb.updateTimeToLive(b -> b.tableName("TtlLive")
                .timeToLiveSpecification(t -> t.enabled(false).attributeName("exp")));
        assertThat(ddb.describeTimeToLive(b -> b.tableName("TtlLive"))
                        .timeToLiveDescription()
                        .timeToLiveStatusAsString())
                .isEqualTo("DISABLED");
    }

    // ---- limits -----------------------------------------------------------------------------------------

    @Test
    void anOversizedRequestIsRefusedFromItsContentLengthWithoutReadingTheBody() throws Exception {
        var endpoint = TestServer.server().endpoint();
        try (Socket socket = new Socket(endpoint.getHost(), endpoint.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            long claimed = 17L * 1024 * 1024;
            out.write(("POST / HTTP/1.1\r\nHost: x\r\nX-Amz-Target: DynamoDB_20120810.PutItem\r\n"
                            + "Content-Type: application/x-amz-json-1.0\r\nContent-Length: " + claimed
                            + "\r\n\r\n{\"TableName\":")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            // the answer comes while the client has sent only a few bytes of the 17 MB it announced
            String head = readResponseHead(socket.getInputStream());
            assertThat(head).startsWith("HTTP/1.1 413");
            assertThat(head).containsIgnoringCase("connection: close");
        }
    }

    private static String readResponseHead(InputStream in) throws java.io.IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) >= 0) {
            b.write(c);
            if (b.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
                break;
            }
        }
        return b.toString(StandardCharsets.US_ASCII);
    }

    @Test
    void theHealthCheckAnswersGet() throws Exception {
        var r = Wire.HTTP.send(
                java.net.http.HttpRequest.newBuilder(
                                TestServer.server().endpoint().resolve("/"))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).startsWith("healthy:");
    }
}
