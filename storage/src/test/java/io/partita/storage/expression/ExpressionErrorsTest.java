package io.partita.storage.expression;

import static io.partita.storage.expression.Fixtures.item;
import static io.partita.storage.expression.Fixtures.ph;
import static io.partita.storage.value.AttributeValue.bool;
import static io.partita.storage.value.AttributeValue.l;
import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.ValidationException;
import java.util.Map;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** DynamoDB's validation errors for malformed expressions, with its messages. */
class ExpressionErrorsTest {
    static AbstractThrowableAssert<?, ? extends Throwable> condition(String text) {
        return assertThatThrownBy(() -> Expressions.parseCondition(text, ExpressionKind.CONDITION))
                .isInstanceOf(ValidationException.class);
    }

    static AbstractThrowableAssert<?, ? extends Throwable> conditionTest(String text, Placeholders p) {
        return assertThatThrownBy(() -> Expressions.parseCondition(text, ExpressionKind.CONDITION)
                        .test(Map.of(), p))
                .isInstanceOf(ValidationException.class);
    }

    @Nested
    @DisplayName("Syntax error; token: \"<tok>\", near: \"<context>\"")
    class Syntax {
        @Test
        void unexpectedToken() {
            condition("a = = :v")
                    .hasMessage("Invalid ConditionExpression: Syntax error; token: \"=\", near: \"= = :v\"");
            condition("a = :v AND")
                    .hasMessage("Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"AND\"");
            condition("a :v").hasMessage("Invalid ConditionExpression: Syntax error; token: \":v\", near: \"a :v\"");
            condition("a = :v)").hasMessage("Invalid ConditionExpression: Syntax error; token: \")\", near: \":v)\"");
            condition("(a = :v")
                    .hasMessage("Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \":v\"");
        }

        @Test
        void badCharacters() {
            condition("a = :v & b = :w")
                    .hasMessage("Invalid ConditionExpression: Syntax error; token: \"&\", near: \":v &\"");
            condition("given-name = :v").hasMessageContaining("token: \"-\"");
            condition("a = #").hasMessageContaining("token: \"#\"");
            condition("a = :").hasMessageContaining("token: \":\"");
            condition("ä = :v").hasMessageContaining("token: \"ä\"");
            condition("a = \"x\"").hasMessageContaining("token: \"\"\"");
        }

        @Test
        void pathSyntax() {
            condition("a. = :v").hasMessageContaining("Syntax error; token: \"=\"");
            condition("a[x] = :v").hasMessageContaining("Syntax error; token: \"x\"");
            condition("a[-1] = :v").hasMessageContaining("Syntax error; token: \"-\"");
            condition("a[99999999999] = :v").hasMessageContaining("Syntax error; token: \"99999999999\"");
            condition("a[1 = :v").hasMessageContaining("Syntax error; token: \"=\"");
            condition("1a = :v").hasMessageContaining("Syntax error; token: \"1\"");
        }

        @Test
        void filterAndUpdateNameTheirParameter() {
            assertThatThrownBy(() -> Expressions.parseCondition("a =", ExpressionKind.FILTER))
                    .hasMessage("Invalid FilterExpression: Syntax error; token: \"<EOF>\", near: \"=\"");
            assertThatThrownBy(() -> Expressions.parseUpdate("SET a"))
                    .hasMessage("Invalid UpdateExpression: Syntax error; token: \"<EOF>\", near: \"a\"");
            assertThatThrownBy(() -> Expressions.parseUpdate("a = :v"))
                    .hasMessage("Invalid UpdateExpression: Syntax error; token: \"a\", near: \"a =\"");
            assertThatThrownBy(() -> Expressions.parseUpdate("SET a = b + :c + :d"))
                    .hasMessageContaining("token: \"+\"");
            assertThatThrownBy(() -> Expressions.parseUpdate("ADD a b")).hasMessageContaining("token: \"b\"");
            assertThatThrownBy(() -> Expressions.parseUpdate("REMOVE a = :v")).hasMessageContaining("token: \"=\"");
            assertThatThrownBy(() -> Expressions.parseUpdate("SET a = :v,")).hasMessageContaining("token: \"<EOF>\"");
        }
    }

    @ParameterizedTest(name = "empty: \"{0}\"")
    @ValueSource(strings = {"", " ", "\t\n"})
    @DisplayName("The expression can not be empty;")
    void empty(String text) {
        condition(text).hasMessage("Invalid ConditionExpression: The expression can not be empty;");
        assertThatThrownBy(() -> Expressions.parseUpdate(text))
                .hasMessage("Invalid UpdateExpression: The expression can not be empty;");
        assertThatThrownBy(() -> Expressions.parseProjection(text))
                .hasMessage("Invalid ProjectionExpression: The expression can not be empty;");
        assertThatThrownBy(() -> Expressions.parseCondition(null, ExpressionKind.FILTER))
                .hasMessage("Invalid FilterExpression: The expression can not be empty;");
    }

    @Nested
    @DisplayName("Attribute name is a reserved keyword; reserved keyword: <word>")
    class Reserved {
        @ParameterizedTest
        @ValueSource(
                strings = {
                    "name",
                    "Status",
                    "DATA",
                    "timestamp",
                    "count",
                    "size",
                    "year",
                    "key",
                    "value",
                    "type",
                    "user",
                    "date",
                    "comment",
                    "list",
                    "map",
                    "set",
                    "delete",
                    "zone",
                    "flattern"
                })
        void reservedWordsAsBareNames(String word) {
            condition(word + " = :v")
                    .hasMessage("Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: "
                            + word);
        }

        @Test
        void anywhereInAPath() {
            condition("a.name = :v").hasMessageEndingWith("reserved keyword: name");
            condition("a[1].status = :v").hasMessageEndingWith("reserved keyword: status");
            assertThatThrownBy(() -> Expressions.parseUpdate("SET a.comment = :v"))
                    .hasMessageEndingWith("reserved keyword: comment");
            assertThatThrownBy(() -> Expressions.parseUpdate("REMOVE #ok, data"))
                    .hasMessageEndingWith("reserved keyword: data");
        }

        @Test
        void theFullListIsLoaded() {
            assertThat(ReservedWords.size()).isEqualTo(573);
            assertThat(ReservedWords.isReserved("ABORT")).isTrue();
            assertThat(ReservedWords.isReserved("localtimestamp")).isTrue();
            assertThat(ReservedWords.isReserved("names2")).isFalse();
            assertThat(ReservedWords.isReserved("a")).isFalse();
        }

        @Test
        void placeholdersAndFunctionNamesAreNotCheckedAgainstTheList() {
            assertThat(Expressions.parseCondition("#name = :name AND size(#size) > :size", ExpressionKind.CONDITION))
                    .isNotNull();
        }
    }

    @Nested
    @DisplayName("functions")
    class Functions {
        @Test
        void unknownFunction() {
            condition("foo(a)").hasMessage("Invalid ConditionExpression: Invalid function name; function: foo");
            condition("Begins_With(a, :v)")
                    .hasMessage("Invalid ConditionExpression: Invalid function name; function: Begins_With");
            condition("if_not_exists(a, :v) = :v")
                    .hasMessage(
                            "Invalid ConditionExpression: The function is not allowed in a condition expression; function: if_not_exists");
            assertThatThrownBy(() -> Expressions.parseUpdate("SET a = size(b)"))
                    .hasMessage(
                            "Invalid UpdateExpression: The function is not allowed in an update expression; function: size");
        }

        @Test
        void wrongNumberOfOperands() {
            condition("begins_with(a)")
                    .hasMessage("Invalid ConditionExpression: Incorrect number of operands for operator or "
                            + "function; operator or function: begins_with, number of operands: 1");
            condition("attribute_exists(a, b)")
                    .hasMessageEndingWith("operator or function: attribute_exists, number of operands: 2");
            condition("size(a, b) = :v").hasMessageEndingWith("operator or function: size, number of operands: 2");
            condition("contains(a, :v, :w)")
                    .hasMessageEndingWith("operator or function: contains, number of operands: 3");
            assertThatThrownBy(() -> Expressions.parseUpdate("SET a = list_append(b)"))
                    .hasMessageEndingWith("operator or function: list_append, number of operands: 1");
            assertThatThrownBy(() -> Expressions.parseUpdate("SET a = if_not_exists(b)"))
                    .hasMessageEndingWith("operator or function: if_not_exists, number of operands: 1");
        }

        @Test
        void requiresADocumentPath() {
            condition("attribute_exists(:v)")
                    .hasMessage("Invalid ConditionExpression: Operator or function requires a "
                            + "document path; operator or function: attribute_exists");
            condition("attribute_not_exists(:v)").hasMessageEndingWith("operator or function: attribute_not_exists");
            assertThatThrownBy(() -> Expressions.parseUpdate("SET a = if_not_exists(:v, b)"))
                    .hasMessage("Invalid UpdateExpression: Operator or function requires a document path; operator or "
                            + "function: if_not_exists");
        }

        @Test
        void notAllowedThisWay() {
            condition("size(a)")
                    .hasMessage("Invalid ConditionExpression: The function is not allowed to be used this way "
                            + "in an expression; function: size");
            condition("attribute_exists(a) = :v").hasMessageEndingWith("function: attribute_exists");
            condition("a = begins_with(a, :v)").hasMessageEndingWith("function: begins_with");
            condition("contains(attribute_type(a, :t), :v)").hasMessageEndingWith("function: attribute_type");
        }

        @Test
        void operandTypesCheckedAgainstPlaceholderValues() {
            conditionTest("begins_with(a, :v)", ph(":v", n(1)))
                    .hasMessage("Invalid ConditionExpression: Incorrect operand "
                            + "type for operator or function; operator or function: begins_with, operand type: N");
            conditionTest("attribute_type(a, :t)", ph(":t", n(1)))
                    .hasMessageEndingWith("operator or function: attribute_type, operand type: N");
            conditionTest("attribute_type(a, :t)", ph(":t", s("STRING")))
                    .hasMessage(
                            "Invalid ConditionExpression: Invalid attribute type name found; type: STRING, valid types: "
                                    + "{B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
            condition("attribute_type(a, b)")
                    .hasMessageContaining("operator or function: attribute_type, operand type:");
            conditionTest("size(:v) = :w", ph(":v", bool(true), ":w", n(1)))
                    .hasMessageEndingWith("operator or function: size, operand type: BOOL");
            assertThatThrownBy(() -> Expressions.parseUpdate("SET a = b + :v").apply(item("b", n(1)), ph(":v", s("1"))))
                    .hasMessage(
                            "Invalid UpdateExpression: Incorrect operand type for operator or function; operator or "
                                    + "function: +, operand type: S");
            assertThatThrownBy(() -> Expressions.parseUpdate("SET a = list_append(b, :v)")
                            .apply(item("b", l()), ph(":v", n(1))))
                    .hasMessageEndingWith("operator or function: list_append, operand type: N");
        }

        @Test
        void typeChecksRunEvenWhenEvaluationWouldShortCircuit() {
            conditionTest("attribute_exists(a) OR begins_with(a, :v)", ph(":v", n(1)))
                    .hasMessageContaining("operator or function: begins_with, operand type: N");
        }
    }

    @Nested
    @DisplayName("operators")
    class Operators {
        @Test
        void betweenBounds() {
            conditionTest("a BETWEEN :lo AND :hi", ph(":lo", n(5), ":hi", n(1)))
                    .hasMessage(
                            "Invalid ConditionExpression: The BETWEEN operator requires upper bound to be greater than "
                                    + "or equal to lower bound; lower bound operand: AttributeValue: {N:5}, upper bound operand: "
                                    + "AttributeValue: {N:1}");
            conditionTest("a BETWEEN :lo AND :hi", ph(":lo", n(5), ":hi", s("x")))
                    .hasMessage(
                            "Invalid ConditionExpression: The BETWEEN operator requires same data type for lower and "
                                    + "upper bounds; lower bound operand: AttributeValue: {N:5}, upper bound operand: "
                                    + "AttributeValue: {S:x}");
        }

        @Test
        void inWithMoreThanOneHundredOperands() {
            StringBuilder sb = new StringBuilder("a IN (");
            for (int i = 0; i <= 100; i++) {
                sb.append(i == 0 ? ":v" : ", :v");
            }
            condition(sb.append(")").toString())
                    .hasMessage(
                            "Invalid ConditionExpression: The IN operator is provided with too many operands; number of operands: 101");
        }

        @Test
        void operandsMustBeDistinct() {
            condition("a = a")
                    .hasMessage("Invalid ConditionExpression: The first operand must be distinct from the "
                            + "remaining operands for this operator or function; operator: =, first operand: [a]");
            condition("begins_with(a.b, a.b)").hasMessageEndingWith("operator: begins_with, first operand: [a, b]");
        }

        @Test
        void redundantParentheses() {
            condition("((a = :v))")
                    .hasMessage("Invalid ConditionExpression: The expression has redundant parentheses;");
            condition("((a = :v)) AND b = :v")
                    .hasMessage("Invalid ConditionExpression: The expression has redundant parentheses;");
        }
    }

    @Nested
    @DisplayName("placeholders")
    class PlaceholderErrors {
        @Test
        void undefinedValue() {
            conditionTest("a = :v", Placeholders.NONE)
                    .hasMessage("Invalid ConditionExpression: An expression attribute "
                            + "value used in expression is not defined; attribute value: :v");
        }

        @Test
        void undefinedName() {
            conditionTest("#a = :v", ph(":v", n(1)))
                    .hasMessage("Invalid ConditionExpression: An expression attribute name "
                            + "used in the document path is not defined; attribute name: #a");
            assertThatThrownBy(() -> Expressions.parseUpdate("REMOVE #a").apply(Map.of(), null))
                    .hasMessage(
                            "Invalid UpdateExpression: An expression attribute name used in the document path is not "
                                    + "defined; attribute name: #a");
            assertThatThrownBy(() -> Expressions.parseProjection("#a").apply(Map.of(), Placeholders.NONE))
                    .hasMessageStartingWith("Invalid ProjectionExpression: An expression attribute name");
        }

        @Test
        void undefinedEvenWhereEvaluationWouldShortCircuit() {
            conditionTest("attribute_not_exists(a) OR b = :v", Placeholders.NONE)
                    .hasMessageEndingWith("attribute value: :v");
        }

        @Test
        void unusedPlaceholdersAreReportedThroughRefs() {
            ConditionExpression c = Expressions.parseCondition("#a = :v", ExpressionKind.CONDITION);
            assertThatThrownBy(() -> ph("#a", "a", "#b", "b", ":v", n(1)).checkExpressions(c))
                    .hasMessage("Value provided in ExpressionAttributeNames unused in expressions: keys: {#b}");
            assertThatThrownBy(() -> ph("#a", "a", ":v", n(1), ":w", n(1)).checkExpressions(c))
                    .hasMessage("Value provided in ExpressionAttributeValues unused in expressions: keys: {:w}");
        }
    }

    @Nested
    @DisplayName("limits: 4 KB, nesting depth, path depth")
    class Limits {
        @Test
        void expressionLongerThanFourKilobytes() {
            String ok = "a = :v" + " ".repeat(4096 - 6);
            assertThat(Expressions.parseCondition(ok, ExpressionKind.CONDITION)).isNotNull();
            condition(ok + " ")
                    .hasMessage(
                            "Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; expression size: 4097");
            condition("a = :v" + " ".repeat(4089) + "é")
                    .hasMessageContaining("expression size: 4097"); // bytes, not chars
        }

        @Test
        void deepNestingIsAValidationErrorNotAStackOverflow() {
            condition("(".repeat(2000) + "a = :v" + ")".repeat(2000))
                    .hasMessageStartingWith("Invalid ConditionExpression: ");
            condition("NOT ".repeat(1000) + "a = :v").hasMessageContaining("nested too deeply");
            condition("(".repeat(4000)).hasMessageStartingWith("Invalid ConditionExpression: ");
            condition("size(".repeat(800) + "a" + ")".repeat(800) + " = :v")
                    .hasMessageStartingWith("Invalid ConditionExpression: ");
            assertThatThrownBy(() -> Expressions.parseUpdate("SET a = " + "(".repeat(2000) + "b" + ")".repeat(2000)))
                    .isInstanceOf(ValidationException.class)
                    .hasMessageContaining("nested too deeply");
        }

        @Test
        void pathDeeperThanThirtyTwoLevels() {
            condition("a" + ".b".repeat(32) + " = :v")
                    .hasMessage(
                            "Invalid ConditionExpression: The document path has too many nesting levels; nesting levels: 33");
            assertThat(Expressions.parseCondition("a" + "[0]".repeat(31) + " = :v", ExpressionKind.CONDITION))
                    .isNotNull();
        }
    }
}
