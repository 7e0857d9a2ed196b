package io.partita.storage.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.Storage;
import io.partita.storage.ValidationException;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * DynamoDB's documented expression rules and limits that a differential probe found the core missing, and their
 * siblings: at most 300 operators or functions per expression, no empty attribute name behind a {@code #name},
 * placeholder keys of the form {@code #x} / {@code :x}, {@code size()} is a number (so {@code size(size(a))} and
 * {@code begins_with(size(a), ..)} are operand-type errors), and key attributes are scalars (no {@code pk[0]} or
 * {@code pk.x} in projections, conditions, filters or updates, for table and index keys alike).
 */
class DynamoDbExpressionRulesTest {
    private Storage storage;

    @BeforeEach
    void table() {
        storage = Storage.inMemory();
        storage.createTable(TableDefinition.builder("Tab")
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.n("sk"))
                .globalSecondaryIndex("ByG", KeyAttribute.s("g"), null, Projection.all())
                .localSecondaryIndex("ByL", KeyAttribute.s("l"), Projection.all())
                .build());
        storage.putItem(PutItemRequest.builder()
                .tableName("Tab")
                .item(Map.of("pk", AttributeValue.s("p"), "sk", AttributeValue.n(1), "a", AttributeValue.s("abc")))
                .build());
    }

    @AfterEach
    void close() {
        storage.close();
    }

    private static String operators(int comparisons) {
        StringJoiner j = new StringJoiner(" OR ");
        for (int i = 0; i < comparisons; i++) {
            j.add("a = :v");
        }
        return j.toString();
    }

    @Test
    void threeHundredOperatorsAreTheLimit() {
        // 150 comparisons joined by 149 ORs: 299 operators; 151 and 150: 301
        assertThatCode(() -> Expressions.parseCondition(operators(150), ExpressionKind.CONDITION))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> Expressions.parseCondition(operators(151), ExpressionKind.CONDITION))
                .isInstanceOf(ValidationException.class)
                .hasMessage(
                        "Invalid ConditionExpression: The expression contains too many operators; operator count: 301");
        // functions, NOT, BETWEEN, IN and arithmetic count too
        StringJoiner functions = new StringJoiner(" AND ");
        for (int i = 0; i < 151; i++) {
            functions.add("attribute_exists(a)");
        }
        assertThatThrownBy(() -> Expressions.parseCondition(functions.toString(), ExpressionKind.FILTER))
                .hasMessageStartingWith("Invalid FilterExpression: The expression contains too many operators");
        // one + per SET value (DynamoDB's grammar allows no chains), 301 values
        StringJoiner sum = new StringJoiner(",", "SET ", "");
        for (int i = 0; i < 301; i++) {
            sum.add("a" + i + "=:v+:v");
        }
        assertThatThrownBy(() -> Expressions.parseUpdate(sum.toString()))
                .hasMessage(
                        "Invalid UpdateExpression: The expression contains too many operators; operator count: 301");
    }

    @Test
    void anEmptyAttributeNameIsRejected() {
        assertThatThrownBy(() -> new Placeholders(Map.of("#n", ""), Map.of()))
                .isInstanceOf(ValidationException.class)
                .hasMessage("ExpressionAttributeNames contains invalid value: Empty attribute name for key #n");
        assertThatThrownBy(() -> storage.getItem(GetItemRequest.builder()
                        .tableName("Tab")
                        .key(key())
                        .projectionExpression("#n")
                        .expressionAttributeNames(Map.of("#n", ""))
                        .build()))
                .hasMessage("ExpressionAttributeNames contains invalid value: Empty attribute name for key #n");
    }

    @Test
    void placeholderKeysMustBePlaceholders() {
        assertThatThrownBy(() -> new Placeholders(Map.of("n", "a"), Map.of()))
                .hasMessage("ExpressionAttributeNames contains invalid key: Syntax error; key: \"n\"");
        assertThatThrownBy(() -> new Placeholders(Map.of("#a-b", "a"), Map.of()))
                .hasMessage("ExpressionAttributeNames contains invalid key: Syntax error; key: \"#a-b\"");
        assertThatThrownBy(() -> new Placeholders(Map.of(), Map.of("v", AttributeValue.s("x"))))
                .hasMessage("ExpressionAttributeValues contains invalid key: Syntax error; key: \"v\"");
        assertThatThrownBy(() -> new Placeholders(Map.of(), Map.of(":", AttributeValue.s("x"))))
                .hasMessage("ExpressionAttributeValues contains invalid key: Syntax error; key: \":\"");
        assertThatCode(() -> new Placeholders(Map.of("#Ab_9", "a"), Map.of(":x_1", AttributeValue.s("x"))))
                .doesNotThrowAnyException();
    }

    @Test
    void sizeIsANumberSoItHasNoSizeAndNoPrefix() {
        assertThatThrownBy(() -> Expressions.parseCondition("size(size(a)) > :v", ExpressionKind.CONDITION))
                .isInstanceOf(ValidationException.class)
                .hasMessage(
                        "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: size, operand type: N");
        assertThatThrownBy(() -> Expressions.parseCondition("begins_with(size(a), :v)", ExpressionKind.FILTER))
                .hasMessage(
                        "Invalid FilterExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N");
        assertThatCode(() -> Expressions.parseCondition("size(a) > :v", ExpressionKind.CONDITION))
                .doesNotThrowAnyException();
    }

    @Test
    void keyAttributesAreScalarsInProjections() {
        for (String projection : new String[] {"pk[0]", "sk.x", "#k[1]", "a, pk.b"}) {
            assertThatThrownBy(() -> storage.getItem(GetItemRequest.builder()
                            .tableName("Tab")
                            .key(key())
                            .projectionExpression(projection)
                            .expressionAttributeNames(projection.contains("#k") ? Map.of("#k", "pk") : Map.of())
                            .build()))
                    .as(projection)
                    .isInstanceOf(ValidationException.class)
                    .hasMessageStartingWith(
                            "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: ");
        }
        assertThatThrownBy(() -> storage.scan(ScanRequest.builder()
                        .tableName("Tab")
                        .projectionExpression("g.x")
                        .build()))
                .hasMessage(
                        "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: IndexKey: g");
        assertThat(storage.getItem(GetItemRequest.builder()
                                .tableName("Tab")
                                .key(key())
                                .projectionExpression("pk, a")
                                .build())
                        .item())
                .containsOnlyKeys("pk", "a");
    }

    @Test
    void keyAttributesAreScalarsInConditionsFiltersAndUpdates() {
        assertThatThrownBy(() -> storage.putItem(PutItemRequest.builder()
                        .tableName("Tab")
                        .item(key())
                        .conditionExpression("attribute_exists(pk.x)")
                        .build()))
                .hasMessage(
                        "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: pk");
        assertThatThrownBy(() -> storage.query(QueryRequest.builder()
                        .tableName("Tab")
                        .keyConditionExpression("pk = :p")
                        .filterExpression("l[0] = :v")
                        .expressionAttributeValues(Map.of(":p", AttributeValue.s("p"), ":v", AttributeValue.s("x")))
                        .build()))
                .hasMessage(
                        "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: IndexKey: l");
        assertThatThrownBy(() -> storage.updateItem(UpdateItemRequest.builder()
                        .tableName("Tab")
                        .key(key())
                        .updateExpression("SET a = g.x")
                        .build()))
                .hasMessage(
                        "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: IndexKey: g");
    }

    private static Map<String, AttributeValue> key() {
        Map<String, AttributeValue> k = new LinkedHashMap<>();
        k.put("pk", AttributeValue.s("p"));
        k.put("sk", AttributeValue.n(1));
        return k;
    }
}
