package io.partita.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.api.QueryRequest;
import io.partita.storage.value.AttributeValue;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * DynamoDB's rule on mixing legacy and expression parameters, as DynamoDB applies it: any expression parameter
 * excludes every legacy one except {@code KeyConditions} without a {@code KeyConditionExpression};
 * placeholder maps without an expression are refused with their own messages.
 */
class LegacyMixingTest {
    private static final String KEY_CONDITIONS =
            "\"KeyConditions\":{\"pk\":{\"ComparisonOperator\":\"EQ\",\"AttributeValueList\":[{\"S\":\"a\"}]}}";

    private static QueryRequest query(String members) {
        byte[] b = ("{\"TableName\":\"T\"," + members + "}").getBytes(StandardCharsets.UTF_8);
        return Requests.query(b, 0, b.length);
    }

    private static void put(String members) {
        byte[] b = ("{\"TableName\":\"T\",\"Item\":{\"pk\":{\"S\":\"a\"}}," + members + "}")
                .getBytes(StandardCharsets.UTF_8);
        Requests.putItem(b, 0, b.length);
    }

    @Test
    void keyConditionsTakeAFilterAndAProjectionExpression() {
        QueryRequest r = query(KEY_CONDITIONS + ",\"FilterExpression\":\"#a = :l0\",\"ProjectionExpression\":\"#a\","
                + "\"ExpressionAttributeNames\":{\"#a\":\"a\"},\"ExpressionAttributeValues\":{\":l0\":{\"N\":\"1\"}}");
        assertThat(r.filterExpression()).isEqualTo("#a = :l0");
        assertThat(r.projectionExpression()).isEqualTo("#a");
        // the translated key condition's placeholders stay clear of the request's own (:l0 here)
        assertThat(r.keyConditionExpression()).isEqualTo("#l0 = :l1");
        assertThat(r.expressionAttributeNames()).containsEntry("#a", "a").containsEntry("#l0", "pk");
        assertThat(r.expressionAttributeValues())
                .containsEntry(":l0", AttributeValue.n("1"))
                .containsEntry(":l1", AttributeValue.s("a"));
    }

    @Test
    void everyOtherMixIsRefused() {
        assertThatThrownBy(() -> query(KEY_CONDITIONS + ",\"KeyConditionExpression\":\"pk = :p\","
                        + "\"ExpressionAttributeValues\":{\":p\":{\"S\":\"a\"}}"))
                .hasMessage("Can not use both expression and non-expression parameters in the same request: "
                        + "Non-expression parameters: {KeyConditions} Expression parameters: {KeyConditionExpression}");
        assertThatThrownBy(
                        () -> query(
                                KEY_CONDITIONS
                                        + ",\"QueryFilter\":{\"a\":{\"ComparisonOperator\":\"NOT_NULL\"}},\"ProjectionExpression\":\"a\""))
                .hasMessage("Can not use both expression and non-expression parameters in the same request: "
                        + "Non-expression parameters: {QueryFilter} Expression parameters: {ProjectionExpression}");
        assertThatThrownBy(() -> query(KEY_CONDITIONS + ",\"AttributesToGet\":[\"a\"],\"FilterExpression\":\"a = b\""))
                .hasMessage("Can not use both expression and non-expression parameters in the same request: "
                        + "Non-expression parameters: {AttributesToGet} Expression parameters: {FilterExpression}");
    }

    @Test
    void placeholdersWithoutAnExpressionAreRefused() {
        assertThatThrownBy(() -> query(KEY_CONDITIONS + ",\"ExpressionAttributeNames\":{\"#a\":\"a\"}"))
                .hasMessage("ExpressionAttributeNames can only be specified when using expressions");
        assertThatThrownBy(() -> query(KEY_CONDITIONS + ",\"ExpressionAttributeValues\":{\":a\":{\"S\":\"a\"}}"))
                .hasMessage("ExpressionAttributeValues can only be specified when using expressions: "
                        + "FilterExpression and KeyConditionExpression are null");
        assertThatThrownBy(() -> put("\"ExpressionAttributeValues\":{\":a\":{\"S\":\"a\"}}"))
                .hasMessage("ExpressionAttributeValues can only be specified when using expressions: "
                        + "ConditionExpression is null");
    }
}
