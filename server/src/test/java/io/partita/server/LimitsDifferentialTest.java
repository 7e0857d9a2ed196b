package io.partita.server;

import static io.partita.server.Differential.attribute;
import static io.partita.server.Differential.n;
import static io.partita.server.Differential.outcome;
import static io.partita.server.Differential.s;
import static org.assertj.core.api.Assertions.assertThat;

import io.partita.dynamodb.DynamoDbLocal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * DynamoDB's documented limits and validation rules (the developer guide's "Constraints" and each operation's API
 * reference), the same request to this server and to DynamoDB Local, where DynamoDB Local answers as DynamoDB does:
 * expression size (4 KB) and placeholders, key values (empty, 2048 / 1024 bytes), item size at 400 KB and one byte
 * over, numbers at the edges of their range and precision, sets, parallel-scan bounds, duplicate keys in batches and
 * transactions, {@code ReturnValuesOnConditionCheckFailure}, {@code Select} and projections, reads of a GSI,
 * key conditions, update-expression paths, nesting depth. Every answer (an error's type and message, or the result)
 * must be the same; all differences are listed at once. Where DynamoDB Local deviates, see
 * {@link LimitsDocumentedTest} and server/README's audit table.
 */
class LimitsDifferentialTest {
    static final String T = "Limits";

    static void create(DynamoDbClient c) {
        Differential.pkSkTable(
                c,
                T,
                b -> b.globalSecondaryIndexes(GlobalSecondaryIndex.builder()
                        .indexName("byG")
                        .keySchema(Differential.key("g", KeyType.HASH))
                        .projection(Projection.builder()
                                .projectionType(ProjectionType.ALL)
                                .build())
                        .build()),
                attribute("g", ScalarAttributeType.S));
        c.putItem(b -> b.tableName(T).item(Map.of("pk", s("p"), "sk", s("s"), "g", s("g"), "a", n("1"))));
    }

    static Map<String, AttributeValue> key(String p, String sk) {
        return Map.of("pk", s(p), "sk", s(sk));
    }

    final Map<String, Function<DynamoDbClient, Object>> cases = new LinkedHashMap<>();

    void c(String name, Function<DynamoDbClient, Object> f) {
        cases.put(name, f);
    }

    @Test
    void documentedLimitsAnswerAsDynamoDbLocal() {
        Differential.freshTables(LimitsDifferentialTest::create);
        c(
                "cond 4097",
                cl -> cl.putItem(b -> b.tableName(T)
                        .item(key("p", "x"))
                        .conditionExpression("attribute_not_exists(" + "a".repeat(4077) + ")")));
        c(
                "cond 4096",
                cl -> cl.putItem(b -> b.tableName(T)
                        .item(key("p", "x"))
                        .conditionExpression("attribute_not_exists(" + "a".repeat(4076) + ")")));
        c(
                "unused name",
                cl -> cl.getItem(b -> b.tableName(T)
                        .key(key("p", "s"))
                        .projectionExpression("a")
                        .expressionAttributeNames(Map.of("#x", "x"))));
        c(
                "unused value",
                cl -> cl.putItem(b -> b.tableName(T)
                        .item(key("p", "x"))
                        .conditionExpression("attribute_not_exists(a)")
                        .expressionAttributeValues(Map.of(":v", n("1")))));
        c(
                "undefined name",
                cl -> cl.getItem(b -> b.tableName(T).key(key("p", "s")).projectionExpression("#y")));
        c(
                "undefined value",
                cl -> cl.putItem(b -> b.tableName(T).item(key("p", "x")).conditionExpression("a = :v")));
        c(
                "names no expr",
                cl -> cl.getItem(b -> b.tableName(T).key(key("p", "s")).expressionAttributeNames(Map.of("#x", "x"))));
        c(
                "values no expr",
                cl -> cl.putItem(
                        b -> b.tableName(T).item(key("p", "x")).expressionAttributeValues(Map.of(":v", n("1")))));
        c(
                "empty names",
                cl -> cl.getItem(b -> b.tableName(T)
                        .key(key("p", "s"))
                        .projectionExpression("a")
                        .expressionAttributeNames(Map.of())));
        c(
                "empty values",
                cl -> cl.putItem(b -> b.tableName(T)
                        .item(key("p", "x"))
                        .conditionExpression("attribute_not_exists(a)")
                        .expressionAttributeValues(Map.of())));
        c(
                "name bad syntax",
                cl -> cl.getItem(b -> b.tableName(T)
                        .key(key("p", "s"))
                        .projectionExpression("#x")
                        .expressionAttributeNames(Map.of("x", "x"))));
        c(
                "value bad syntax",
                cl -> cl.putItem(b -> b.tableName(T)
                        .item(key("p", "x"))
                        .conditionExpression("a = :v")
                        .expressionAttributeValues(Map.of("v", n("1"), ":v", n("1")))));
        c("empty cond", cl -> cl.putItem(b -> b.tableName(T).item(key("p", "x")).conditionExpression("")));
        c("empty proj", cl -> cl.getItem(b -> b.tableName(T).key(key("p", "s")).projectionExpression("")));
        c("empty pk", cl -> cl.putItem(b -> b.tableName(T).item(key("", "x"))));
        c("empty sk", cl -> cl.putItem(b -> b.tableName(T).item(key("p", ""))));
        c("empty pk get", cl -> cl.getItem(b -> b.tableName(T).key(key("", "x"))));
        c("empty gsi key", cl -> cl.putItem(b -> b.tableName(T).item(Map.of("pk", s("p"), "sk", s("e"), "g", s("")))));
        c(
                "pk 2048",
                cl -> cl.putItem(b -> b.tableName(T).item(key("p".repeat(2048), "x")))
                        .hasAttributes());
        c(
                "sk 1024",
                cl -> cl.putItem(b -> b.tableName(T).item(key("p", "x".repeat(1024))))
                        .hasAttributes());
        c(
                "item 400K",
                cl -> cl.putItem(b -> b.tableName(T)
                                .item(Map.of(
                                        "pk",
                                        s("p"),
                                        "sk",
                                        s("z"),
                                        "v",
                                        s("v".repeat(400 * 1024 - 4 - 1 - 2 - 1 - 2 - 1)))))
                        .hasAttributes());
        c(
                "item 400K+1",
                cl -> cl.putItem(b -> b.tableName(T)
                        .item(Map.of("pk", s("p"), "sk", s("z"), "v", s("v".repeat(400 * 1024 - 4 - 1 - 2 - 1 - 2))))));
        c(
                "num 1e-130",
                cl -> cl.putItem(b -> b.tableName(T).item(Map.of("pk", s("p"), "sk", s("n"), "v", n("1E-130"))))
                        .hasAttributes());
        c(
                "num 1e-131",
                cl -> cl.putItem(b -> b.tableName(T).item(Map.of("pk", s("p"), "sk", s("n"), "v", n("1E-131")))));
        c(
                "num 9.99e125",
                cl -> cl.putItem(b -> b.tableName(T)
                                .item(Map.of(
                                        "pk",
                                        s("p"),
                                        "sk",
                                        s("n"),
                                        "v",
                                        n("9.9999999999999999999999999999999999999E+125"))))
                        .hasAttributes());
        c(
                "num 1e126",
                cl -> cl.putItem(b -> b.tableName(T).item(Map.of("pk", s("p"), "sk", s("n"), "v", n("1E+126")))));
        c(
                "num -1e126",
                cl -> cl.putItem(b -> b.tableName(T).item(Map.of("pk", s("p"), "sk", s("n"), "v", n("-1E+126")))));
        c(
                "num 38 digits + zeros",
                cl -> cl.putItem(b ->
                                b.tableName(T).item(Map.of("pk", s("p"), "sk", s("n"), "v", n("1".repeat(38) + "000"))))
                        .hasAttributes());
        c(
                "num in update add overflow",
                cl -> cl.updateItem(b -> b.tableName(T)
                        .key(key("p", "n2"))
                        .updateExpression("SET v = :a + :b")
                        .expressionAttributeValues(Map.of(":a", n("9E+125"), ":b", n("9E+125")))));
        c(
                "empty SS",
                cl -> cl.putItem(b -> b.tableName(T)
                        .item(Map.of(
                                "pk",
                                s("p"),
                                "sk",
                                s("n"),
                                "v",
                                AttributeValue.builder().ss(List.of()).build()))));
        c(
                "empty NS",
                cl -> cl.putItem(b -> b.tableName(T)
                        .item(Map.of(
                                "pk",
                                s("p"),
                                "sk",
                                s("n"),
                                "v",
                                AttributeValue.builder().ns(List.of()).build()))));
        c(
                "empty string in SS",
                cl -> cl.putItem(b -> b.tableName(T)
                                .item(Map.of(
                                        "pk",
                                        s("p"),
                                        "sk",
                                        s("n"),
                                        "v",
                                        AttributeValue.builder().ss("", "a").build())))
                        .hasAttributes());
        c(
                "total 1000000",
                cl -> cl.scan(b -> b.tableName(T).segment(999999).totalSegments(1000000))
                        .count());
        c(
                "bget dup",
                cl -> cl.batchGetItem(b -> b.requestItems(Map.of(
                        T,
                        KeysAndAttributes.builder()
                                .keys(List.of(key("p", "s"), key("p", "s")))
                                .build()))));
        c(
                "bwrite dup put",
                cl -> cl.batchWriteItem(b -> b.requestItems(Map.of(
                        T,
                        List.of(
                                WriteRequest.builder()
                                        .putRequest(p -> p.item(key("p", "w")))
                                        .build(),
                                WriteRequest.builder()
                                        .putRequest(p -> p.item(key("p", "w")))
                                        .build())))));
        c(
                "bwrite dup put/delete",
                cl -> cl.batchWriteItem(b -> b.requestItems(Map.of(
                        T,
                        List.of(
                                WriteRequest.builder()
                                        .putRequest(p -> p.item(key("p", "w")))
                                        .build(),
                                WriteRequest.builder()
                                        .deleteRequest(p -> p.key(key("p", "w")))
                                        .build())))));
        c(
                "twrite same item",
                cl -> cl.transactWriteItems(b -> b.transactItems(
                        TransactWriteItem.builder()
                                .put(p -> p.tableName(T).item(key("p", "t")))
                                .build(),
                        TransactWriteItem.builder()
                                .delete(p -> p.tableName(T).key(key("p", "t")))
                                .build())));
        c(
                "tget same item",
                cl -> cl.transactGetItems(b -> b.transactItems(
                                TransactGetItem.builder()
                                        .get(p -> p.tableName(T).key(key("p", "s")))
                                        .build(),
                                TransactGetItem.builder()
                                        .get(p -> p.tableName(T).key(key("p", "s")))
                                        .build()))
                        .responses()
                        .size());
        c(
                "rvoccf bad",
                cl -> cl.putItem(b -> b.tableName(T).item(key("p", "x")).returnValuesOnConditionCheckFailure("BAD")));
        c(
                "rvoccf allold",
                cl -> cl.putItem(b -> b.tableName(T)
                        .item(Map.of("pk", s("p"), "sk", s("s"), "g", s("g"), "a", n("1")))
                        .conditionExpression("attribute_not_exists(pk)")
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)));
        c("select ALL_PROJECTED table", cl -> cl.scan(b -> b.tableName(T).select(Select.ALL_PROJECTED_ATTRIBUTES)));
        c("select SPECIFIC no proj", cl -> cl.scan(b -> b.tableName(T).select(Select.SPECIFIC_ATTRIBUTES)));
        c(
                "select COUNT + proj",
                cl -> cl.scan(b -> b.tableName(T).select(Select.COUNT).projectionExpression("a")));
        c(
                "select ALL + atg",
                cl -> cl.scan(b -> b.tableName(T).select(Select.ALL_ATTRIBUTES).attributesToGet("a")));
        c("atg + proj", cl -> cl.scan(b -> b.tableName(T).attributesToGet("a").projectionExpression("a")));
        c("atg dup", cl -> cl.getItem(b -> b.tableName(T).key(key("p", "s")).attributesToGet("a", "a")));
        c("proj dup", cl -> cl.getItem(b -> b.tableName(T).key(key("p", "s")).projectionExpression("a, a")));
        c(
                "proj overlap",
                cl -> cl.getItem(b -> b.tableName(T).key(key("p", "s")).projectionExpression("a, a.b")));
        c(
                "gsi consistent",
                cl -> cl.query(b -> b.tableName(T)
                        .indexName("byG")
                        .keyConditionExpression("g = :g")
                        .expressionAttributeValues(Map.of(":g", s("g")))
                        .consistentRead(true)));
        c(
                "gsi consistent scan",
                cl -> cl.scan(b -> b.tableName(T).indexName("byG").consistentRead(true)));
        c(
                "no index",
                cl -> cl.query(b -> b.tableName(T)
                        .indexName("nope")
                        .keyConditionExpression("g = :g")
                        .expressionAttributeValues(Map.of(":g", s("g")))));
        c("query no kce", cl -> cl.query(b -> b.tableName(T)));
        c(
                "update key attr",
                cl -> cl.updateItem(b -> b.tableName(T)
                        .key(key("p", "s"))
                        .updateExpression("SET sk = :v")
                        .expressionAttributeValues(Map.of(":v", s("x")))));
        c(
                "update overlapping paths",
                cl -> cl.updateItem(b -> b.tableName(T)
                        .key(key("p", "s"))
                        .updateExpression("SET a = :v, a = :v")
                        .expressionAttributeValues(Map.of(":v", s("x")))));
        c(
                "update set+remove same",
                cl -> cl.updateItem(b -> b.tableName(T)
                        .key(key("p", "s"))
                        .updateExpression("SET a = :v REMOVE a")
                        .expressionAttributeValues(Map.of(":v", s("x")))));
        c(
                "update two SET clauses",
                cl -> cl.updateItem(b -> b.tableName(T)
                        .key(key("p", "s"))
                        .updateExpression("SET a = :v SET b = :v")
                        .expressionAttributeValues(Map.of(":v", s("x")))));
        c(
                "update empty expr",
                cl -> cl.updateItem(b -> b.tableName(T).key(key("p", "s")).updateExpression("")));
        c(
                "create unused def",
                cl -> cl.createTable(b -> b.tableName("abh")
                        .billingMode(BillingMode.PAY_PER_REQUEST)
                        .attributeDefinitions(
                                AttributeDefinition.builder()
                                        .attributeName("pk")
                                        .attributeType(ScalarAttributeType.S)
                                        .build(),
                                AttributeDefinition.builder()
                                        .attributeName("x")
                                        .attributeType(ScalarAttributeType.S)
                                        .build())
                        .keySchema(KeySchemaElement.builder()
                                .attributeName("pk")
                                .keyType(KeyType.HASH)
                                .build())));
        c("nested 32", cl -> {
            AttributeValue v = s("x");
            for (int i = 0; i < 31; i++) {
                AttributeValue in = v;
                v = AttributeValue.builder().m(Map.of("m", in)).build();
            }
            AttributeValue fv = v;
            return cl.putItem(b -> b.tableName(T).item(Map.of("pk", s("p"), "sk", s("d"), "v", fv)))
                    .hasAttributes();
        });
        List<String> differences = new ArrayList<>();
        cases.forEach((name, f) -> {
            String local = outcome(DynamoDbLocal.client(), f);
            String ours = outcome(TestServer.client(), f);
            if (!local.equals(ours)) {
                differences.add(name + "\n  DynamoDB Local: " + local + "\n  this server:    " + ours);
            }
        });
        assertThat(differences).as("answers that differ from DynamoDB Local's").isEmpty();
    }
}
