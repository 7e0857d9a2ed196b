package io.partita.storage.expression;

import static io.partita.storage.expression.Fixtures.ph;
import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.ValidationException;
import io.partita.storage.expression.KeyConditionTerm.Operator;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** DynamoDB "Key condition expressions": AND of equality/range terms and begins_with. */
class KeyConditionExpressionTest {
    static List<KeyConditionTerm> terms(String expression, Placeholders ph) {
        return Expressions.parseKeyCondition(expression).terms(ph);
    }

    @Test
    @DisplayName("partition key equality")
    void equality() {
        assertThat(terms("pk = :v", ph(":v", s("x"))))
                .containsExactly(new KeyConditionTerm("pk", Operator.EQ, s("x"), null));
    }

    @ParameterizedTest(name = "sort key operator {0}")
    @CsvSource({"=,EQ", "<,LT", "<=,LE", ">,GT", ">=,GE"})
    void sortKeyComparisons(String symbol, Operator operator) {
        assertThat(terms("pk = :p AND sk " + symbol + " :s", ph(":p", s("p"), ":s", n(1))))
                .containsExactly(
                        new KeyConditionTerm("pk", Operator.EQ, s("p"), null),
                        new KeyConditionTerm("sk", operator, n(1), null));
    }

    @Test
    @DisplayName("BETWEEN and begins_with, any case, with placeholders resolved")
    void betweenAndBeginsWith() {
        assertThat(terms(
                        "#p = :p and #s between :a and :b",
                        ph("#p", "pk", "#s", "sk", ":p", s("p"), ":a", n(1), ":b", n(2))))
                .containsExactly(
                        new KeyConditionTerm("pk", Operator.EQ, s("p"), null),
                        new KeyConditionTerm("sk", Operator.BETWEEN, n(1), n(2)));
        assertThat(terms("begins_with(sk, :x) AND pk = :p", ph(":p", s("p"), ":x", s("ab"))))
                .containsExactly(
                        new KeyConditionTerm("sk", Operator.BEGINS_WITH, s("ab"), null),
                        new KeyConditionTerm("pk", Operator.EQ, s("p"), null));
    }

    @Test
    @DisplayName("parentheses around terms, and multi-attribute keys with several equality terms")
    void parenthesesAndMultiAttributeKeys() {
        assertThat(terms("(pk = :p) AND (sk > :s)", ph(":p", s("p"), ":s", n(1))))
                .hasSize(2);
        assertThat(terms("(a = :1 AND b = :2) AND c > :3", ph(":1", s("1"), ":2", s("2"), ":3", n(3))))
                .extracting(KeyConditionTerm::attribute)
                .containsExactly("a", "b", "c");
    }

    @Test
    @DisplayName("a value on the left is turned around")
    void valueOnTheLeft() {
        assertThat(terms(":p = pk AND :s < sk", ph(":p", s("p"), ":s", n(1))))
                .containsExactly(
                        new KeyConditionTerm("pk", Operator.EQ, s("p"), null),
                        new KeyConditionTerm("sk", Operator.GT, n(1), null));
    }

    @ParameterizedTest(name = "{0} is rejected with operator {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "pk = :p OR sk = :s|OR",
                "NOT pk = :p|NOT",
                "pk IN (:p, :s)|IN",
                "pk <> :p|<>",
                "pk = :p AND attribute_exists(sk)|attribute_exists",
                "pk = :p AND attribute_not_exists(sk)|attribute_not_exists",
                "pk = :p AND contains(sk, :s)|contains",
                "pk = :p AND attribute_type(sk, :s)|attribute_type",
                "size(pk) = :p|size",
            })
    void invalidOperators(String expression, String operator) {
        assertThatThrownBy(() -> Expressions.parseKeyCondition(expression))
                .isInstanceOf(ValidationException.class)
                .hasMessage(
                        "Invalid KeyConditionExpression: Invalid operator used in KeyConditionExpression: " + operator);
    }

    @Test
    @DisplayName("terms compare an attribute with values")
    void operandShapes() {
        assertThatThrownBy(() -> Expressions.parseKeyCondition("pk = sk"))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Invalid KeyConditionExpression: ");
        assertThatThrownBy(() -> Expressions.parseKeyCondition(":a = :b"))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Invalid KeyConditionExpression: ");
        assertThatThrownBy(() -> Expressions.parseKeyCondition("pk.x = :b"))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Invalid KeyConditionExpression: ");
        assertThatThrownBy(() -> Expressions.parseKeyCondition("pk = pk"))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Invalid KeyConditionExpression: ");
    }

    @Test
    @DisplayName("one condition per key attribute")
    void oneConditionPerKey() {
        KeyConditionExpression k = Expressions.parseKeyCondition("#a = :p AND #b > :s");
        assertThatThrownBy(() -> k.terms(ph("#a", "pk", "#b", "pk", ":p", s("p"), ":s", s("s"))))
                .hasMessage("KeyConditionExpressions must only contain one condition per key");
    }

    @Test
    @DisplayName("undefined placeholders and syntax errors carry the parameter name")
    void errors() {
        assertThatThrownBy(() -> terms("pk = :p", Placeholders.NONE))
                .hasMessage("Invalid KeyConditionExpression: An expression attribute value used in expression is not "
                        + "defined; attribute value: :p");
        assertThatThrownBy(() -> Expressions.parseKeyCondition("pk = :p AND"))
                .hasMessage("Invalid KeyConditionExpression: Syntax error; token: \"<EOF>\", near: \"AND\"");
        assertThatThrownBy(() -> Expressions.parseKeyCondition(""))
                .hasMessage("Invalid KeyConditionExpression: The expression can not be empty;");
    }

    @Test
    @DisplayName("refs are exact")
    void refs() {
        KeyConditionExpression k = Expressions.parseKeyCondition("#p = :p AND begins_with(sk, :x)");
        assertThat(k.nameRefs()).containsExactly("#p");
        assertThat(k.valueRefs()).containsExactly(":p", ":x");
    }
}
