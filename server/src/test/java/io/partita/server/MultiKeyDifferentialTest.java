package io.partita.server;

import static io.partita.server.Differential.attribute;
import static io.partita.server.Differential.key;
import static io.partita.server.Differential.n;
import static io.partita.server.Differential.outcome;
import static io.partita.server.Differential.s;
import static org.assertj.core.api.Assertions.assertThat;

import io.partita.dynamodb.DynamoDbLocal;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Multi-attribute GSI keys, against DynamoDB Local: invalid key conditions (a missing partition-key part, a range
 * on a partition-key part, a skipped sort-key part, a range before the last sort-key part given, two ranges) and
 * invalid key schemas at CreateTable (an attribute twice, RANGE before HASH) are refused by both, with the same
 * error type; valid ones answer the same items.
 */
class MultiKeyDifferentialTest {
    private static Function<DynamoDbClient, Object> createTable(String name, List<KeySchemaElement> gsiKey) {
        return c -> c.createTable(b -> b.tableName(name)
                        .billingMode(BillingMode.PAY_PER_REQUEST)
                        .attributeDefinitions(
                                attribute("pk", ScalarAttributeType.S),
                                attribute("g1", ScalarAttributeType.S),
                                attribute("g2", ScalarAttributeType.S),
                                attribute("s1", ScalarAttributeType.N),
                                attribute("s2", ScalarAttributeType.S))
                        .keySchema(key("pk", KeyType.HASH))
                        .globalSecondaryIndexes(GlobalSecondaryIndex.builder()
                                .indexName("Multi")
                                .keySchema(gsiKey)
                                .projection(Projection.builder()
                                        .projectionType(ProjectionType.ALL)
                                        .build())
                                .build()))
                .tableDescription()
                .tableName();
    }

    private static final List<KeySchemaElement> MULTI = List.of(
            key("g1", KeyType.HASH), key("g2", KeyType.HASH), key("s1", KeyType.RANGE), key("s2", KeyType.RANGE));

    private static void setUp(DynamoDbClient c) {
        assertThat(createTable("Multi", MULTI).apply(c)).isEqualTo("Multi");
        for (int i = 0; i < 6; i++) {
            String n = Integer.toString(i);
            c.putItem(b -> b.tableName("Multi")
                    .item(Map.of(
                            "pk", s("p" + n),
                            "g1", s("a"),
                            "g2", s("b"),
                            "s1", n(n.equals("1") || n.equals("3") || n.equals("5") ? "1" : "0"),
                            "s2", s("x" + n))));
        }
    }

    @BeforeEach
    void tables() {
        Differential.freshTables(MultiKeyDifferentialTest::setUp);
    }

    private static String kind(String outcome) {
        return outcome.startsWith("OK ") ? outcome : outcome.substring(0, outcome.indexOf(':'));
    }

    private static void sameKind(String what, Function<DynamoDbClient, Object> call) {
        String local = outcome(DynamoDbLocal.client(), call);
        String ours = outcome(TestServer.client(), call);
        assertThat(kind(ours))
                .as(what + " (ours: " + ours + "; DynamoDB Local: " + local + ")")
                .isEqualTo(kind(local));
        if (!local.startsWith("OK ")) {
            assertThat(ours).as(what).doesNotStartWith("OK ");
        }
    }

    private static Function<DynamoDbClient, Object> query(String keyCondition) {
        Map<String, AttributeValue> values = Map.of(
                ":a", s("a"),
                ":b", s("b"),
                ":z", s("z"),
                ":one", n("1"),
                ":x", s("x1"));
        Map<String, AttributeValue> used = new TreeMap<>();
        values.forEach((k, v) -> {
            if (keyCondition.contains(k)) {
                used.put(k, v);
            }
        });
        return c -> c.query(b -> b.tableName("Multi")
                        .indexName("Multi")
                        .keyConditionExpression(keyCondition)
                        .expressionAttributeValues(used))
                .count();
    }

    @Test
    void keyConditionsOnMultiAttributeKeys() {
        sameKind("valid: both partition parts and the first sort part", query("g1 = :a AND g2 = :b AND s1 = :one"));
        sameKind("valid: a range on the last sort part given", query("g1 = :a AND g2 = :b AND s1 = :one AND s2 > :x"));
        sameKind("a missing partition-key part", query("g1 = :a"));
        sameKind("an inequality on a partition-key part", query("g1 = :a AND g2 > :b"));
        sameKind("BETWEEN on a partition-key part", query("g1 = :a AND g2 BETWEEN :b AND :z"));
        sameKind("begins_with on a partition-key part", query("g1 = :a AND begins_with(g2, :b)"));
        sameKind("a skipped sort-key part", query("g1 = :a AND g2 = :b AND s2 = :x"));
        sameKind("a range before the last sort part given", query("g1 = :a AND g2 = :b AND s1 > :one AND s2 = :x"));
        sameKind("begins_with before the last", query("g1 = :a AND g2 = :b AND begins_with(s2, :x) AND s1 = :one"));
        sameKind("two ranges", query("g1 = :a AND g2 = :b AND s1 > :one AND s2 > :x"));
    }

    @Test
    void keySchemasOfMultiAttributeKeys() {
        sameKind(
                "an attribute twice", createTable("Twice", List.of(key("g1", KeyType.HASH), key("g1", KeyType.RANGE))));
        sameKind(
                "an attribute twice among the partition parts",
                createTable("Twice2", List.of(key("g1", KeyType.HASH), key("g1", KeyType.HASH))));
        sameKind(
                "RANGE before HASH",
                createTable("Swapped", List.of(key("s1", KeyType.RANGE), key("g1", KeyType.HASH))));
    }
}
