package io.partita.server;

import static io.partita.server.Differential.n;
import static io.partita.server.Differential.s;
import static io.partita.server.Differential.same;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * The same requests to this server and to DynamoDB Local, for the behaviours of issue 30 that DynamoDB Local
 * gets right: each answer (an error's type and message, or the result) must be the same on both. What DynamoDB
 * Local gets wrong is checked against DynamoDB's documented behaviour in {@link FidelityDocumentedTest}.
 */
class FidelityDifferentialTest {
    private static final String TABLE = "Fidelity";
    private static final Map<String, AttributeValue> KEY = Map.of("pk", s("p1"), "sk", s("s"));
    private static final Map<String, Condition> KEY_CONDITIONS = Map.of(
            "pk",
            Condition.builder()
                    .comparisonOperator(ComparisonOperator.EQ)
                    .attributeValueList(s("p1"))
                    .build());

    static void createTable(DynamoDbClient c) {
        Differential.pkSkTable(c, TABLE, b -> {});
        c.putItem(b -> b.tableName(TABLE)
                .item(Map.of(
                        "pk",
                        s("p1"),
                        "sk",
                        s("s"),
                        "a",
                        n("1"),
                        "m",
                        AttributeValue.builder()
                                .m(Map.of(
                                        "l",
                                        AttributeValue.builder()
                                                .l(s("x"), s("y"))
                                                .build()))
                                .build())));
    }

    @BeforeEach
    void tables() {
        Differential.freshTables(FidelityDifferentialTest::createTable);
    }

    private static Function<DynamoDbClient, Object> putExpecting(ExpectedAttributeValue expected) {
        return c -> c.putItem(b -> b.tableName(TABLE)
                        .item(Map.of("pk", s("q"), "sk", s("s")))
                        .expected(Map.of("a", expected)))
                .attributes();
    }

    private static ExpectedAttributeValue.Builder op(ComparisonOperator op) {
        return ExpectedAttributeValue.builder().comparisonOperator(op);
    }

    @Test
    void keyConditionsMixWithFilterAndProjectionExpressionsOnly() {
        same(
                "KeyConditions + ProjectionExpression",
                c -> c.query(b ->
                                b.tableName(TABLE).keyConditions(KEY_CONDITIONS).projectionExpression("a"))
                        .items());
        same(
                "KeyConditions + FilterExpression",
                c -> c.query(b -> b.tableName(TABLE)
                                .keyConditions(KEY_CONDITIONS)
                                .filterExpression("a = :one")
                                .expressionAttributeValues(Map.of(":one", n("1"))))
                        .count());
        same(
                "KeyConditions + ExpressionAttributeNames",
                c -> c.query(b -> b.tableName(TABLE)
                                .keyConditions(KEY_CONDITIONS)
                                .expressionAttributeNames(Map.of("#a", "a")))
                        .count());
        same(
                "KeyConditions + ExpressionAttributeValues",
                c -> c.query(b -> b.tableName(TABLE)
                                .keyConditions(KEY_CONDITIONS)
                                .expressionAttributeValues(Map.of(":a", n("1"))))
                        .count());
        same(
                "KeyConditions + KeyConditionExpression",
                c -> c.query(b -> b.tableName(TABLE)
                                .keyConditions(KEY_CONDITIONS)
                                .keyConditionExpression("pk = :p")
                                .expressionAttributeValues(Map.of(":p", s("p1"))))
                        .count());
        same(
                "KeyConditions + AttributesToGet + FilterExpression",
                c -> c.query(b -> b.tableName(TABLE)
                                .keyConditions(KEY_CONDITIONS)
                                .attributesToGet("a")
                                .filterExpression("a = :one")
                                .expressionAttributeValues(Map.of(":one", n("1"))))
                        .count());
        same(
                "KeyConditions + ConditionalOperator + FilterExpression",
                c -> c.query(b -> b.tableName(TABLE)
                                .keyConditions(KEY_CONDITIONS)
                                .conditionalOperator("AND")
                                .filterExpression("a = :one")
                                .expressionAttributeValues(Map.of(":one", n("1"))))
                        .count());
        same(
                "ScanFilter + ProjectionExpression",
                c -> c.scan(b -> b.tableName(TABLE)
                                .scanFilter(Map.of(
                                        "a",
                                        Condition.builder()
                                                .comparisonOperator(ComparisonOperator.NOT_NULL)
                                                .build()))
                                .projectionExpression("a"))
                        .count());
        same(
                "Expected + ExpressionAttributeNames",
                c -> c.putItem(b -> b.tableName(TABLE)
                                .item(Map.of("pk", s("q"), "sk", s("s")))
                                .expected(Map.of(
                                        "a",
                                        ExpectedAttributeValue.builder()
                                                .exists(false)
                                                .build()))
                                .expressionAttributeNames(Map.of("#a", "a")))
                        .attributes());
        same(
                "ConditionalOperator alone",
                c -> c.putItem(b -> b.tableName(TABLE)
                                .item(Map.of("pk", s("q"), "sk", s("s")))
                                .conditionalOperator("AND"))
                        .attributes());
    }

    @Test
    void legacyExpectedOperandsAreValidated() {
        same(
                "CONTAINS without operand",
                putExpecting(op(ComparisonOperator.CONTAINS).build()));
        same(
                "CONTAINS with two",
                putExpecting(op(ComparisonOperator.CONTAINS)
                        .attributeValueList(s("x"), s("y"))
                        .build()));
        same(
                "CONTAINS with a list",
                putExpecting(op(ComparisonOperator.CONTAINS)
                        .attributeValueList(AttributeValue.builder().l(s("x")).build())
                        .build()));
        same(
                "NOT_CONTAINS with a set",
                putExpecting(op(ComparisonOperator.NOT_CONTAINS)
                        .attributeValueList(AttributeValue.builder().ss("x").build())
                        .build()));
        same(
                "IN with none",
                putExpecting(
                        op(ComparisonOperator.IN).attributeValueList(List.of()).build()));
        same(
                "IN with two types",
                putExpecting(op(ComparisonOperator.IN)
                        .attributeValueList(s("x"), n("1"))
                        .build()));
        same(
                "IN with a list",
                putExpecting(op(ComparisonOperator.IN)
                        .attributeValueList(AttributeValue.builder().l(s("x")).build())
                        .build()));
        same(
                "Value and AttributeValueList",
                putExpecting(ExpectedAttributeValue.builder()
                        .value(s("x"))
                        .attributeValueList(s("x"))
                        .build()));
        same(
                "EQ with Value",
                putExpecting(op(ComparisonOperator.EQ).value(s("x")).build()));
        same(
                "ScanFilter LT with a set",
                c -> c.scan(b -> b.tableName(TABLE)
                                .scanFilter(Map.of(
                                        "a",
                                        Condition.builder()
                                                .comparisonOperator(ComparisonOperator.LT)
                                                .attributeValueList(AttributeValue.builder()
                                                        .ss("x")
                                                        .build())
                                                .build())))
                        .count());
    }

    @Test
    void functionsOutOfPlaceAreRefusedWithDynamoDbsWording() {
        for (String condition : List.of("if_not_exists(a, :v) = :v", "list_append(a, a) = a", "foo(a)")) {
            same(
                    condition,
                    c -> c.putItem(b -> b.tableName(TABLE)
                                    .item(Map.of("pk", s("q"), "sk", s("s")))
                                    .conditionExpression(condition)
                                    .expressionAttributeValues(condition.contains(":v") ? Map.of(":v", n("1")) : null))
                            .attributes());
        }
        for (String update : List.of("SET a = size(:v)", "SET a = contains(:v, :v)", "SET a = foo(:v)")) {
            same(
                    update,
                    c -> c.updateItem(b -> b.tableName(TABLE)
                                    .key(KEY)
                                    .updateExpression(update)
                                    .expressionAttributeValues(Map.of(":v", n("1"))))
                            .attributes());
        }
        same(
                "attribute_type with a number",
                c -> c.putItem(b -> b.tableName(TABLE)
                                .item(Map.of("pk", s("q"), "sk", s("s")))
                                .conditionExpression("attribute_type(a, :v)")
                                .expressionAttributeValues(Map.of(":v", n("1"))))
                        .attributes());
    }

    @Test
    void selectAndAttributesToGetAreCheckedWithDynamoDbsWording() {
        same(
                "duplicate AttributesToGet (GetItem)",
                c -> c.getItem(b -> b.tableName(TABLE).key(KEY).attributesToGet("a", "a"))
                        .item());
        same(
                "duplicate AttributesToGet (Query)",
                c -> c.query(b ->
                                b.tableName(TABLE).keyConditions(KEY_CONDITIONS).attributesToGet("a", "a"))
                        .count());
        same(
                "COUNT with a projection (Query)",
                c -> c.query(b -> b.tableName(TABLE)
                                .keyConditions(KEY_CONDITIONS)
                                .select(Select.COUNT)
                                .projectionExpression("a"))
                        .count());
        same(
                "COUNT with a projection (Scan)",
                c -> c.scan(b -> b.tableName(TABLE).select(Select.COUNT).projectionExpression("a"))
                        .count());
        same(
                "ALL_ATTRIBUTES with AttributesToGet",
                c -> c.query(b -> b.tableName(TABLE)
                                .keyConditions(KEY_CONDITIONS)
                                .select(Select.ALL_ATTRIBUTES)
                                .attributesToGet("a"))
                        .count());
        same(
                "SPECIFIC_ATTRIBUTES without a projection",
                c -> c.query(b ->
                                b.tableName(TABLE).keyConditions(KEY_CONDITIONS).select(Select.SPECIFIC_ATTRIBUTES))
                        .count());
    }

    @Test
    void setPastTheEndOfANestedListAppends() {
        same(
                "SET m.l[5], m.l[9]",
                c -> c.updateItem(b -> b.tableName(TABLE)
                                .key(KEY)
                                .updateExpression("SET m.l[5] = :v, m.l[9] = :w")
                                .expressionAttributeValues(Map.of(":v", s("z"), ":w", s("w")))
                                .returnValues(ReturnValue.ALL_NEW))
                        .attributes());
    }

    @Test
    void attributeNamesAreBelow64KiB() {
        for (int length : new int[] {65_535, 65_536}) {
            same(
                    "name of " + length + " bytes",
                    c -> c.putItem(b -> b.tableName(TABLE)
                                    .item(Map.of("pk", s("q"), "sk", s("s"), "n".repeat(length), s("x"))))
                            .attributes());
        }
    }

    @Test
    void anUpdateWithoutExpressionCreatesTheKeyOnlyItem() {
        Map<String, AttributeValue> key = Map.of("pk", s("new"), "sk", s("s"));
        same(
                "empty update",
                c -> c.updateItem(b -> b.tableName(TABLE).key(key).returnValues(ReturnValue.ALL_NEW))
                        .attributes());
        same("its item", c -> c.getItem(b -> b.tableName(TABLE).key(key)).item());
    }
}
