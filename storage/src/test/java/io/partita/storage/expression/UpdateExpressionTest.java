package io.partita.storage.expression;

import static io.partita.storage.expression.Fixtures.item;
import static io.partita.storage.expression.Fixtures.map;
import static io.partita.storage.expression.Fixtures.ph;
import static io.partita.storage.value.AttributeValue.b;
import static io.partita.storage.value.AttributeValue.bool;
import static io.partita.storage.value.AttributeValue.l;
import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.nsOf;
import static io.partita.storage.value.AttributeValue.s;
import static io.partita.storage.value.AttributeValue.ss;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.ValidationException;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Bytes;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** DynamoDB "Update expressions": SET, REMOVE, ADD, DELETE. */
class UpdateExpressionTest {
    static Map<String, AttributeValue> update(String expression, Map<String, AttributeValue> item, Placeholders ph) {
        return Expressions.parseUpdate(expression).apply(item, ph);
    }

    static final String INVALID_PATH = "The document path provided in the update expression is invalid for update";
    static final String WRONG_TYPE = "An operand in the update expression has an incorrect data type";

    @Nested
    @DisplayName("SET")
    class Set {
        @Test
        void setsTopLevelAttributesAndLeavesTheArgumentUnchanged() {
            Map<String, AttributeValue> before = Map.of("a", n(1));
            Map<String, AttributeValue> after = update("SET a = :x, b = :y", before, ph(":x", s("x"), ":y", n(2)));
            assertThat(after).isEqualTo(Map.of("a", s("x"), "b", n(2)));
            assertThat(before).isEqualTo(Map.of("a", n(1)));
        }

        @Test
        void worksOnAMissingItem() {
            assertThat(update("SET a = :x", Map.of(), ph(":x", n(1)))).isEqualTo(Map.of("a", n(1)));
            assertThat(update("SET a = :x", null, ph(":x", n(1)))).isEqualTo(Map.of("a", n(1)));
        }

        @Test
        void copiesAnotherAttribute() {
            assertThat(update("SET b = a", item("a", n(5)), Placeholders.NONE)).containsEntry("b", n(5));
        }

        @Test
        void copyingAMissingAttributeIsAnError() {
            assertThatThrownBy(() -> update("SET b = a", Map.of(), Placeholders.NONE))
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("The provided expression refers to an attribute that does not exist in the item");
        }

        @Test
        void plusAndMinusOnNumbers() {
            Map<String, AttributeValue> it = item("a", n(5));
            assertThat(update("SET a = a + :d", it, ph(":d", n("0.5")))).containsEntry("a", n("5.5"));
            assertThat(update("SET a = a - :d", it, ph(":d", n(7)))).containsEntry("a", n(-2));
            assertThat(update("SET b = :d - a", it, ph(":d", n(7)))).containsEntry("b", n(2));
            assertThat(update("SET b = a+a", it, Placeholders.NONE)).containsEntry("b", n(10));
        }

        @Test
        void arithmeticOnNonNumbersIsAnIncorrectDataType() {
            assertThatThrownBy(() -> update("SET a = a + :d", item("a", s("5")), ph(":d", n(1))))
                    .isInstanceOf(ValidationException.class)
                    .hasMessage(WRONG_TYPE);
        }

        @Test
        void arithmeticOnAMissingAttributeIsAnError() {
            assertThatThrownBy(() -> update("SET a = a + :d", Map.of(), ph(":d", n(1))))
                    .hasMessage("The provided expression refers to an attribute that does not exist in the item");
        }

        @Test
        void arithmeticResultsObeyNumberLimits() {
            AttributeValue big = n("9E+125");
            assertThatThrownBy(() -> update("SET a = a + :d", item("a", big), ph(":d", big)))
                    .isInstanceOf(ValidationException.class)
                    .hasMessageContaining("Number overflow");
            assertThatThrownBy(() -> update("SET a = a + :d", item("a", n("1E+30")), ph(":d", n("1E-30"))))
                    .isInstanceOf(ValidationException.class)
                    .hasMessageContaining("38 significant digits");
            assertThat(update("SET a = a - :d", item("a", n("1.5")), ph(":d", n("1.5"))))
                    .containsEntry("a", n(0));
        }

        @Test
        void ifNotExistsKeepsAnExistingValue() {
            Placeholders p = ph(":z", n(0));
            assertThat(update("SET a = if_not_exists(a, :z)", item("a", n(3)), p))
                    .containsEntry("a", n(3));
            assertThat(update("SET a = if_not_exists(a, :z)", Map.of(), p)).containsEntry("a", n(0));
            assertThat(update("SET c = if_not_exists(a, b)", item("b", s("b")), p))
                    .containsEntry("c", s("b"));
        }

        @Test
        void ifNotExistsPlusOneIsACounter() {
            Placeholders p = ph(":z", n(0), ":one", n(1));
            Map<String, AttributeValue> it = update("SET c = if_not_exists(c, :z) + :one", Map.of(), p);
            it = update("SET c = if_not_exists(c, :z) + :one", it, p);
            assertThat(it).containsEntry("c", n(2));
        }

        @Test
        void listAppendConcatenates() {
            Map<String, AttributeValue> it = item("l", l(n(1), n(2)));
            assertThat(update("SET l = list_append(l, :v)", it, ph(":v", l(n(3)))))
                    .containsEntry("l", l(n(1), n(2), n(3)));
            assertThat(update("SET l = list_append(:v, l)", it, ph(":v", l(n(0)))))
                    .containsEntry("l", l(n(0), n(1), n(2)));
            assertThat(update("SET m = list_append(if_not_exists(m, :e), :v)", it, ph(":e", l(), ":v", l(n(9)))))
                    .containsEntry("m", l(n(9)));
        }

        @Test
        void listAppendOnANonListIsAnIncorrectDataType() {
            assertThatThrownBy(() -> update("SET l = list_append(l, :v)", item("l", s("x")), ph(":v", l(n(3)))))
                    .hasMessage(WRONG_TYPE);
        }

        @Test
        void setsNestedMapEntries() {
            Map<String, AttributeValue> it = item("m", map("a", n(1), "b", map("c", n(2))));
            Map<String, AttributeValue> after = update("SET m.b.c = :v, m.d = :w", it, ph(":v", n(3), ":w", s("new")));
            assertThat(after).containsEntry("m", map("a", n(1), "b", map("c", n(3)), "d", s("new")));
            assertThat(it.get("m")).isEqualTo(map("a", n(1), "b", map("c", n(2)))); // not modified
        }

        @Test
        void setsListElementsAndAppendsBeyondTheEnd() {
            Map<String, AttributeValue> it = item("l", l(n(0), n(1), n(2)));
            assertThat(update("SET l[1] = :v", it, ph(":v", s("x")))).containsEntry("l", l(n(0), s("x"), n(2)));
            assertThat(update("SET l[3] = :v", it, ph(":v", s("x")))).containsEntry("l", l(n(0), n(1), n(2), s("x")));
            assertThat(update("SET l[100] = :v", it, ph(":v", s("x")))).containsEntry("l", l(n(0), n(1), n(2), s("x")));
        }

        @Test
        void setsInsideListsOfMaps() {
            Map<String, AttributeValue> it = item("l", l(map("k", n(1)), map("k", n(2))));
            assertThat(update("SET l[1].k = :v", it, ph(":v", n(9))))
                    .containsEntry("l", l(map("k", n(1)), map("k", n(9))));
        }

        @Test
        void nestedPathWhoseParentIsMissingIsInvalid() {
            assertThatThrownBy(() -> update("SET a.b = :v", Map.of(), ph(":v", n(1))))
                    .hasMessage(INVALID_PATH);
            assertThatThrownBy(() -> update("SET a.b.c = :v", item("a", map()), ph(":v", n(1))))
                    .hasMessage(INVALID_PATH);
            assertThatThrownBy(() -> update("SET a[0] = :v", Map.of(), ph(":v", n(1))))
                    .hasMessage(INVALID_PATH);
        }

        @Test
        void nestedPathThroughTheWrongTypeIsInvalid() {
            assertThatThrownBy(() -> update("SET a.b = :v", item("a", s("x")), ph(":v", n(1))))
                    .hasMessage(INVALID_PATH);
            assertThatThrownBy(() -> update("SET a[0] = :v", item("a", map("b", n(1))), ph(":v", n(1))))
                    .hasMessage(INVALID_PATH);
            assertThatThrownBy(() -> update("SET a.b = :v", item("a", l(n(1))), ph(":v", n(1))))
                    .hasMessage(INVALID_PATH);
            assertThatThrownBy(() -> update("SET a[5].b = :v", item("a", l(n(1))), ph(":v", n(1))))
                    .hasMessage(INVALID_PATH);
        }

        @Test
        void valuesAreComputedFromTheItemBeforeTheUpdate() {
            Map<String, AttributeValue> it = item("a", n(1), "b", n(2));
            assertThat(update("SET a = b, b = a", it, Placeholders.NONE)).isEqualTo(Map.of("a", n(2), "b", n(1)));
        }

        @Test
        void valueInParentheses() {
            assertThat(update("SET a = (a + :d)", item("a", n(1)), ph(":d", n(1))))
                    .containsEntry("a", n(2));
        }
    }

    @Nested
    @DisplayName("REMOVE")
    class Remove {
        @Test
        void removesTopLevelAndNestedAttributes() {
            Map<String, AttributeValue> it = item("a", n(1), "m", map("x", n(1), "y", n(2)), "keep", n(3));
            assertThat(update("REMOVE a, m.x", it, Placeholders.NONE))
                    .isEqualTo(Map.of("m", map("y", n(2)), "keep", n(3)));
        }

        @Test
        void removingSomethingAbsentIsANoOp() {
            Map<String, AttributeValue> it = item("m", map("x", n(1)), "l", l(n(1)));
            assertThat(update("REMOVE nope, m.nope, l[5]", it, Placeholders.NONE))
                    .isEqualTo(it);
        }

        @Test
        void removingUnderAMissingOrWrongTypedParentIsInvalid() {
            assertThatThrownBy(() -> update("REMOVE a.b", Map.of(), Placeholders.NONE))
                    .hasMessage(INVALID_PATH);
            assertThatThrownBy(() -> update("REMOVE a.b", item("a", n(1)), Placeholders.NONE))
                    .hasMessage(INVALID_PATH);
        }

        @Test
        void removingListElementsShiftsTheRest() {
            Map<String, AttributeValue> it = item("l", l(n(0), n(1), n(2), n(3)));
            assertThat(update("REMOVE l[1]", it, Placeholders.NONE)).containsEntry("l", l(n(0), n(2), n(3)));
        }

        @Test
        void severalListIndexesReferToTheOriginalList() {
            Map<String, AttributeValue> it = item("l", l(n(0), n(1), n(2), n(3), n(4)));
            assertThat(update("REMOVE l[1], l[3]", it, Placeholders.NONE)).containsEntry("l", l(n(0), n(2), n(4)));
            assertThat(update("REMOVE l[3], l[1]", it, Placeholders.NONE)).containsEntry("l", l(n(0), n(2), n(4)));
            assertThat(update("REMOVE l[0], l[1], l[2], l[3], l[4]", it, Placeholders.NONE))
                    .containsEntry("l", l());
        }

        @Test
        void setAndRemoveInOneListUseOriginalIndexes() {
            Map<String, AttributeValue> it = item("l", l(n(0), n(1), n(2)));
            assertThat(update("SET l[2] = :v REMOVE l[0]", it, ph(":v", s("two"))))
                    .containsEntry("l", l(n(1), s("two")));
        }
    }

    @Nested
    @DisplayName("ADD")
    class Add {
        @Test
        void addsToNumbers() {
            assertThat(update("ADD c :d", item("c", n(41)), ph(":d", n(1)))).containsEntry("c", n(42));
            assertThat(update("ADD c :d", item("c", n(1)), ph(":d", n("-1.5")))).containsEntry("c", n("-0.5"));
        }

        @Test
        void createsAMissingAttribute() {
            assertThat(update("ADD c :d", Map.of(), ph(":d", n(5)))).isEqualTo(Map.of("c", n(5)));
            assertThat(update("ADD s :d", Map.of(), ph(":d", ss("a")))).isEqualTo(Map.of("s", ss("a")));
        }

        @Test
        void unitesSets() {
            assertThat(update("ADD s :d", item("s", ss("a", "b")), ph(":d", ss("b", "c"))))
                    .containsEntry("s", ss("a", "b", "c"));
            assertThat(update("ADD s :d", item("s", nsOf("1")), ph(":d", nsOf("1.0", "2"))))
                    .containsEntry("s", nsOf("1", "2"));
            AttributeValue bs1 = AttributeValue.bs(List.of(Bytes.copyOf(new byte[] {1})));
            AttributeValue bs2 = AttributeValue.bs(List.of(Bytes.copyOf(new byte[] {2})));
            assertThat(((AttributeValue.BS) update("ADD s :d", item("s", bs1), ph(":d", bs2))
                                    .get("s"))
                            .values())
                    .hasSize(2);
        }

        @Test
        void addsInsideNestedMaps() {
            assertThat(update("ADD m.c :d", item("m", map("c", n(1))), ph(":d", n(1))))
                    .containsEntry("m", map("c", n(2)));
            assertThat(update("ADD m.c :d", item("m", map()), ph(":d", n(1)))).containsEntry("m", map("c", n(1)));
        }

        @Test
        void mismatchedTypesAreAnIncorrectDataType() {
            assertThatThrownBy(() -> update("ADD c :d", item("c", s("x")), ph(":d", n(1))))
                    .hasMessage(WRONG_TYPE);
            assertThatThrownBy(() -> update("ADD c :d", item("c", ss("x")), ph(":d", nsOf("1"))))
                    .hasMessage(WRONG_TYPE);
            assertThatThrownBy(() -> update("ADD c :d", item("c", n(1)), ph(":d", ss("x"))))
                    .hasMessage(WRONG_TYPE);
        }

        @Test
        void operandOfAnotherTypeThanNumberOrSetIsRejectedBeforeLookingAtTheItem() {
            assertThatThrownBy(() -> update("ADD c :d", Map.of(), ph(":d", s("x"))))
                    .hasMessage("Invalid UpdateExpression: Incorrect operand type for operator or function; "
                            + "operator: ADD, operand type: STRING");
            assertThatThrownBy(() -> update("ADD c :d", Map.of(), ph(":d", l(n(1)))))
                    .hasMessageEndingWith("operator: ADD, operand type: LIST");
            assertThatThrownBy(() -> update("ADD c :d", Map.of(), ph(":d", bool(true))))
                    .hasMessageEndingWith("operator: ADD, operand type: BOOLEAN");
        }
    }

    @Nested
    @DisplayName("DELETE")
    class Delete {
        @Test
        void removesElementsFromSets() {
            assertThat(update("DELETE s :d", item("s", ss("a", "b", "c")), ph(":d", ss("b", "z"))))
                    .containsEntry("s", ss("a", "c"));
            assertThat(update("DELETE s :d", item("s", nsOf("1", "2")), ph(":d", nsOf("2.0"))))
                    .containsEntry("s", nsOf("1"));
        }

        @Test
        void emptyingASetRemovesTheAttribute() {
            assertThat(update("DELETE s :d", item("s", ss("a"), "k", n(1)), ph(":d", ss("a"))))
                    .isEqualTo(Map.of("k", n(1)));
        }

        @Test
        void deletingFromAMissingAttributeIsANoOp() {
            assertThat(update("DELETE s :d", item("k", n(1)), ph(":d", ss("a"))))
                    .isEqualTo(Map.of("k", n(1)));
        }

        @Test
        void mismatchedSetTypesAreAnIncorrectDataType() {
            assertThatThrownBy(() -> update("DELETE s :d", item("s", nsOf("1")), ph(":d", ss("1"))))
                    .hasMessage(WRONG_TYPE);
            assertThatThrownBy(() -> update("DELETE s :d", item("s", s("1")), ph(":d", ss("1"))))
                    .hasMessage(WRONG_TYPE);
        }

        @Test
        void operandMustBeASet() {
            assertThatThrownBy(() -> update("DELETE s :d", Map.of(), ph(":d", n(1))))
                    .hasMessage("Invalid UpdateExpression: Incorrect operand type for operator or function; "
                            + "operator: DELETE, operand type: NUMBER");
            assertThatThrownBy(() -> update("DELETE s :d", Map.of(), ph(":d", b(new byte[] {1}))))
                    .hasMessageEndingWith("operand type: BINARY");
        }
    }

    @Nested
    @DisplayName("clauses: any order, each at most once, paths may not overlap")
    class Clauses {
        @Test
        void clausesInAnyOrderAndAnyCase() {
            Map<String, AttributeValue> it = item("r", n(1), "c", n(1), "s", ss("a", "b"));
            Placeholders p = ph(":v", n(2), ":one", n(1), ":a", ss("a"));
            Map<String, AttributeValue> expected = Map.of("x", n(2), "c", n(2), "s", ss("b"));
            assertThat(update("delete s :a add c :one remove r set x = :v", it, p))
                    .isEqualTo(expected);
            assertThat(update("REMOVE r SET x = :v ADD c :one DELETE s :a", it, p))
                    .isEqualTo(expected);
        }

        @Test
        void aClauseTwiceIsAnError() {
            assertThatThrownBy(() -> Expressions.parseUpdate("SET a = :v SET b = :v"))
                    .hasMessage(
                            "Invalid UpdateExpression: The \"SET\" section can only be used once in an update expression;");
            assertThatThrownBy(() -> Expressions.parseUpdate("REMOVE a ADD b :v remove c"))
                    .hasMessage(
                            "Invalid UpdateExpression: The \"REMOVE\" section can only be used once in an update expression;");
        }

        @Test
        void overlappingPathsAreAnError() {
            assertThatThrownBy(() -> Expressions.parseUpdate("SET a = :v REMOVE a.b"))
                    .hasMessage("Invalid UpdateExpression: Two document paths overlap with each other; must remove or "
                            + "rewrite one of these paths; path one: [a], path two: [a, b]");
            assertThatThrownBy(() -> Expressions.parseUpdate("SET a = :v, a = :w"))
                    .hasMessageContaining("overlap")
                    .hasMessageEndingWith("path one: [a], path two: [a]");
            assertThatThrownBy(() -> Expressions.parseUpdate("SET l[1].x = :v REMOVE l[1]"))
                    .hasMessageEndingWith("path one: [l, [1], x], path two: [l, [1]]");
        }

        @Test
        void conflictingPathsAreAnError() {
            assertThatThrownBy(() -> Expressions.parseUpdate("SET a.b = :v, a[0] = :w"))
                    .hasMessage("Invalid UpdateExpression: Two document paths conflict with each other; must remove or "
                            + "rewrite one of these paths; path one: [a, b], path two: [a, [0]]");
        }

        @Test
        void siblingsDoNotOverlap() {
            assertThat(update(
                            "SET m.a = :v, m.b = :v, l[0] = :v, l[1] = :v",
                            item("m", map(), "l", l(n(0), n(1))),
                            ph(":v", n(9))))
                    .isEqualTo(Map.of("m", map("a", n(9), "b", n(9)), "l", l(n(9), n(9))));
        }

        @Test
        void overlapThroughNamePlaceholdersIsFoundAtEvaluation() {
            UpdateExpression u = Expressions.parseUpdate("SET #a = :v REMOVE #b");
            assertThat(u.apply(Map.of(), ph("#a", "x", "#b", "y", ":v", n(1)))).isEqualTo(Map.of("x", n(1)));
            assertThatThrownBy(() -> u.apply(Map.of(), ph("#a", "x", "#b", "x", ":v", n(1))))
                    .hasMessageContaining("Two document paths overlap");
        }

        @Test
        void topLevelAttributesOfTheTargets() {
            UpdateExpression u =
                    Expressions.parseUpdate("SET a.b = :v, #c = if_not_exists(z, :v) REMOVE d[1] ADD e :n");
            assertThat(u.topLevelAttributes(ph("#c", "cee", ":v", n(1), ":n", n(1))))
                    .containsExactlyInAnyOrder("a", "cee", "d", "e");
            assertThat(u.nameRefs()).containsExactly("#c");
            assertThat(u.valueRefs()).containsExactlyInAnyOrder(":v", ":n");
        }
    }
}
