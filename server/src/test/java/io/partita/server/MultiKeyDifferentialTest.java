package io.partita.server;

import static io.partita.server.FidelityDifferentialTest.outcome;
import static org.assertj.core.api.Assertions.assertThat;

import io.partita.dynamodb.DynamoDbLocal;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
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
    private static AttributeDefinition def(String name, ScalarAttributeType type) {
        return AttributeDefinition.builder()
                .attributeName(name)
                .attributeType(type)
                .build();
    }

    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    private static Function<DynamoDbClient, Object> createTable(String name, List<KeySchemaElement> gsiKey) {
        return c -> c.createTable(b -> b.tableName(name)
                        .billingMode(BillingMode.PAY_PER_REQUEST)
                        .attributeDefinitions(
                                def("pk", ScalarAttributeType.S),
                                def("g1", ScalarAttributeType.S),
                                def("g2", ScalarAttributeType.S),
                                def("s1", ScalarAttributeType.N),
                                def("s2", ScalarAttributeType.S))
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
                            "pk", FidelityDifferentialTest.s("p" + n),
                            "g1", FidelityDifferentialTest.s("a"),
                            "g2", FidelityDifferentialTest.s("b"),
                            "s1",
                                    FidelityDifferentialTest.n(
                                            n.equals("1") || n.equals("3") || n.equals("5") ? "1" : "0"),
                            "s2", FidelityDifferentialTest.s("x" + n))));
        }
    }

    @BeforeEach
    void tables() {
        DynamoDbLocal.deleteAllTables();
        TestServer.deleteAllTables();
        setUp(DynamoDbLocal.client());
        setUp(TestServer.client());
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
                ":a", FidelityDifferentialTest.s("a"),
                ":b", FidelityDifferentialTest.s("b"),
                ":z", FidelityDifferentialTest.s("z"),
                ":one", FidelityDifferentialTest.n("1"),
                ":x", FidelityDifferentialTest.s("x1"));
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
