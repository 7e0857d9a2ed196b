package io.partita.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.ReturnValues;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.value.AttributeValue;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestsTest {
    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static PutItemRequest put(String json) {
        byte[] b = utf8(json);
        return Requests.putItem(b, 0, b.length);
    }

    @Test
    void readsAPutItemIntoTheCoresRecord() {
        PutItemRequest r = put("{\"TableName\":\"T\",\"Item\":{\"pk\":{\"S\":\"a\"},\"n\":{\"N\":\"1.5\"},"
                + "\"l\":{\"L\":[{\"BOOL\":true},{\"NULL\":true},{\"M\":{\"x\":{\"SS\":[\"p\",\"q\"]}}}]}},"
                + "\"ConditionExpression\":\"attribute_not_exists(pk)\",\"ReturnValues\":\"ALL_OLD\","
                + "\"Unknown\":{\"deep\":[1,2,{}]}}");
        assertThat(r.tableName()).isEqualTo("T");
        assertThat(r.item())
                .containsEntry("pk", AttributeValue.s("a"))
                .containsEntry("n", AttributeValue.n("1.5"))
                .containsEntry(
                        "l",
                        AttributeValue.l(
                                AttributeValue.bool(true),
                                AttributeValue.nul(),
                                AttributeValue.m(Map.of("x", AttributeValue.ss("p", "q")))));
        assertThat(r.conditionExpression()).isEqualTo("attribute_not_exists(pk)");
        assertThat(r.returnValues()).isEqualTo(ReturnValues.ALL_OLD);
    }

    @Test
    void malformedOrMisshapenJsonIsASerializationException() {
        for (String body : List.of("{", "{\"TableName\":}", "[1]", "{\"a\":1} x", "not json", "{\"TableName\":5}")) {
            assertThatThrownBy(() -> put(body))
                    .as(body)
                    .isInstanceOfSatisfying(
                            WireException.class, e -> assertThat(e.type()).isEqualTo(WireException.SERIALIZATION));
        }
        assertThatThrownBy(() -> put("{\"TableName\":5}"))
                .hasMessage("Unexpected value type for TableName: expected a string");
    }

    @Test
    void validationErrorsKeepDynamoDbsWording() {
        assertThatThrownBy(() -> put("{\"Item\":{}}"))
                .hasMessage(
                        "1 validation error detected: Value null at 'tableName' failed to satisfy constraint: Member must not be null");
        assertThatThrownBy(() -> put("{\"TableName\":\"T\",\"Item\":{\"a\":{}}}"))
                .hasMessage("Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
        assertThatThrownBy(() -> put("{\"TableName\":\"T\",\"Item\":{\"a\":{\"S\":\"x\",\"N\":\"1\"}}}"))
                .hasMessageStartingWith("Supplied AttributeValue has more than one datatypes set");
        assertThatThrownBy(() -> put("{\"TableName\":\"T\",\"Item\":{\"a\":{\"SS\":[]}}}"))
                .hasMessage("One or more parameter values were invalid: An string set  may not be empty");
        assertThatThrownBy(() -> put("{\"TableName\":\"T\",\"Item\":{},\"ReturnValues\":\"X\"}"))
                .hasMessage("1 validation error detected: Value 'X' at 'returnValues' failed to satisfy constraint: "
                        + "Member must satisfy enum value set: [NONE, ALL_OLD, UPDATED_OLD, ALL_NEW, UPDATED_NEW]");
        assertThatThrownBy(() -> put("{\"TableName\":\"T\",\"Item\":{},\"Expected\":{},\"ConditionExpression\":\"x\"}"))
                .hasMessage("Can not use both expression and non-expression parameters in the same request: "
                        + "Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}");
    }

    @Test
    void numbersAreReadByTheCoresGrammar() {
        for (String bad : List.of("1 ", "1.", "\u0661\u0662\u0663")) {
            String json = "\"" + bad + "\"";
            assertThatThrownBy(() -> put("{\"TableName\":\"T\",\"Item\":{\"n\":{\"N\":" + json + "}}}"))
                    .as("[%s]", bad)
                    .hasMessage("A value provided cannot be converted into a number: '" + bad + "'");
            assertThatThrownBy(() -> put("{\"TableName\":\"T\",\"Item\":{\"n\":{\"NS\":[\"2\"," + json + "]}}}"))
                    .as("[%s]", bad)
                    .hasMessage("A value provided cannot be converted into a number: '" + bad + "'");
        }
        assertThatThrownBy(
                        () -> put("{\"TableName\":\"T\",\"Item\":{\"n\":{\"N\":\"" + "5".repeat(1_000_000) + "\"}}}"))
                .hasMessage("Attempting to store more than 38 significant digits in a Number");
    }

    @Test
    void legacyParametersAreTranslated() {
        byte[] b = utf8("{\"TableName\":\"T\",\"AttributesToGet\":[\"a\"],"
                + "\"KeyConditions\":{\"pk\":{\"ComparisonOperator\":\"EQ\",\"AttributeValueList\":[{\"S\":\"x\"}]}},"
                + "\"QueryFilter\":{\"f\":{\"ComparisonOperator\":\"NOT_NULL\"}}}");
        QueryRequest q = Requests.query(b, 0, b.length);
        assertThat(q.projectionExpression()).isEqualTo("#l0");
        assertThat(q.keyConditionExpression()).isEqualTo("#l1 = :l0");
        assertThat(q.filterExpression()).isEqualTo("attribute_exists(#l2)");
        assertThat(q.expressionAttributeNames())
                .containsExactly(Map.entry("#l0", "a"), Map.entry("#l1", "pk"), Map.entry("#l2", "f"));
        assertThat(q.expressionAttributeValues()).containsExactly(Map.entry(":l0", AttributeValue.s("x")));
        assertThat(q.scanIndexForward()).isTrue();
    }

    @Test
    void batchesAndTransactionsAreReadPerElement() {
        byte[] b = utf8("{\"RequestItems\":{\"T\":[{\"PutRequest\":{\"Item\":{\"pk\":{\"S\":\"a\"}}}},"
                + "{\"DeleteRequest\":{\"Key\":{\"pk\":{\"S\":\"b\"}}}}]}}");
        BatchWriteItemRequest w = Requests.batchWriteItem(b, 0, b.length);
        assertThat(w.requestItems().get("T")).hasSize(2);
        byte[] both =
                utf8("{\"RequestItems\":{\"T\":[{\"PutRequest\":{\"Item\":{}},\"DeleteRequest\":{\"Key\":{}}}]}}");
        assertThatThrownBy(() -> Requests.batchWriteItem(both, 0, both.length))
                .hasMessage("Supplied WriteRequest must contain exactly one of PutRequest or DeleteRequest");
        byte[] t = utf8("{\"TransactItems\":[{\"ConditionCheck\":{\"TableName\":\"T\",\"Key\":{\"pk\":{\"S\":\"a\"}},"
                + "\"ConditionExpression\":\"attribute_exists(pk)\"}}],\"ClientRequestToken\":\"tok\"}");
        assertThat(Requests.transactWriteItems(t, 0, t.length).transactItems())
                .singleElement()
                .isInstanceOf(TransactWriteItem.ConditionCheck.class);
        byte[] none = utf8("{}");
        assertThatThrownBy(() -> Requests.transactWriteItems(none, 0, none.length))
                .hasMessageContaining("Value null at 'transactItems'");
    }
}
