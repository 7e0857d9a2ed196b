package io.partita.storage.expression;

import static io.partita.storage.expression.Fixtures.cond;
import static io.partita.storage.expression.Fixtures.item;
import static io.partita.storage.expression.Fixtures.map;
import static io.partita.storage.expression.Fixtures.ph;
import static io.partita.storage.value.AttributeValue.b;
import static io.partita.storage.value.AttributeValue.bool;
import static io.partita.storage.value.AttributeValue.l;
import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.nsOf;
import static io.partita.storage.value.AttributeValue.nul;
import static io.partita.storage.value.AttributeValue.s;
import static io.partita.storage.value.AttributeValue.ss;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.ValidationException;
import io.partita.storage.value.AttributeValue;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** DynamoDB "Condition and filter expressions, operators, and functions": evaluation semantics. */
class ConditionExpressionTest {
    static final Map<String, AttributeValue> ITEM = item(
            "s", s("banana"),
            "n", n("10"),
            "bin", b(new byte[] {1, 2, (byte) 0xff}),
            "flag", bool(true),
            "nothing", nul(),
            "tags", ss("red", "green"),
            "nums", nsOf("1", "2.5"),
            "lst", l(s("x"), n(3), map("k", s("v"))),
            "doc", map("inr", map("deep", n(7)), "arr", l(n(1), n(2))),
            "ünï", s("é"));

    @Nested
    @DisplayName("comparators = <> < <= > >=")
    class Comparators {
        @Test
        void equalityComparesNumbersNumerically() {
            assertThat(cond("n = :v", ITEM, ph(":v", n("10.000")))).isTrue();
            assertThat(cond("n = :v", ITEM, ph(":v", n("1E+1")))).isTrue();
            assertThat(cond("n = :v", ITEM, ph(":v", n("11")))).isFalse();
        }

        @Test
        void equalityBetweenDifferentTypesIsFalseNotAnError() {
            assertThat(cond("n = :v", ITEM, ph(":v", s("10")))).isFalse();
            assertThat(cond("n <> :v", ITEM, ph(":v", s("10")))).isTrue();
        }

        @Test
        void setsCompareAsSetsRegardlessOfOrder() {
            assertThat(cond("tags = :v", ITEM, ph(":v", ss("green", "red")))).isTrue();
            assertThat(cond("nums = :v", ITEM, ph(":v", nsOf("2.50", "1")))).isTrue();
            assertThat(cond("tags = :v", ITEM, ph(":v", ss("green")))).isFalse();
        }

        @Test
        void mapsAndListsCompareStructurally() {
            assertThat(cond("doc.inr = :v", ITEM, ph(":v", map("deep", n("7.0")))))
                    .isTrue();
            assertThat(cond("lst = :v", ITEM, ph(":v", l(s("x"), n(3), map("k", s("v"))))))
                    .isTrue();
            assertThat(cond("lst = :v", ITEM, ph(":v", l(n(3), s("x"), map("k", s("v"))))))
                    .isFalse();
        }

        @Test
        void missingAttributeMakesComparisonsFalseButNotEqualTrue() {
            assertThat(cond("absent = :v", ITEM, ph(":v", n(1)))).isFalse();
            assertThat(cond("absent < :v", ITEM, ph(":v", n(1)))).isFalse();
            assertThat(cond("absent >= :v", ITEM, ph(":v", n(1)))).isFalse();
            assertThat(cond("absent <> :v", ITEM, ph(":v", n(1)))).isTrue();
        }

        @Test
        void orderingOnNumbersIsNumeric() {
            assertThat(cond("n > :v", ITEM, ph(":v", n("9.99")))).isTrue();
            assertThat(cond("n < :v", ITEM, ph(":v", n("100")))).isTrue();
            assertThat(cond("n <= :v", ITEM, ph(":v", n("10")))).isTrue();
            assertThat(cond("n >= :v", ITEM, ph(":v", n("10.1")))).isFalse();
            assertThat(cond("n > :v", ITEM, ph(":v", n("-1E+100")))).isTrue();
        }

        @Test
        void orderingOnStringsIsByUtf8Bytes() {
            assertThat(cond("s < :v", ITEM, ph(":v", s("bananas")))).isTrue();
            assertThat(cond("s > :v", ITEM, ph(":v", s("Zebra")))).isTrue(); // 'b' > 'Z' in bytes
            // U+FFFD (3 UTF-8 bytes, EF BF BD) sorts before U+1F600 (F0 9F 98 80), unlike UTF-16 order.
            Map<String, AttributeValue> it = item("a", s("\uFFFD"));
            assertThat(cond("a < :v", it, ph(":v", s("\uD83D\uDE00")))).isTrue();
        }

        @Test
        void orderingOnBinaryIsUnsigned() {
            assertThat(cond("bin > :v", ITEM, ph(":v", b(new byte[] {1, 2, 0x7f}))))
                    .isTrue();
            assertThat(cond("bin < :v", ITEM, ph(":v", b(new byte[] {1, 3})))).isTrue();
        }

        @Test
        void orderingAcrossScalarTypesIsFalse() {
            assertThat(cond("n < :v", ITEM, ph(":v", s("z")))).isFalse();
            assertThat(cond("n > :v", ITEM, ph(":v", s("z")))).isFalse();
        }

        @Test
        void orderingAgainstANonScalarValueIsAnInvalidRequest() {
            // Seen in the differential test against DynamoDB Local (dynamodb/README.md, core gap 1): the request is
            // rejected before any item is read, whatever the item holds.
            assertThatThrownBy(() -> cond("flag >= :v", ITEM, ph(":v", bool(true))))
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("Invalid ConditionExpression: Incorrect operand type for operator or function; "
                            + "operator or function: >=, operand type: BOOL");
            assertThatThrownBy(() -> cond("tags BETWEEN :a AND :b", ITEM, ph(":a", ss("a"), ":b", ss("b"))))
                    .isInstanceOf(ValidationException.class)
                    .hasMessageContaining("operator or function: BETWEEN, operand type: SS");
        }

        @Test
        void twoPathsCanBeCompared() {
            Map<String, AttributeValue> it = item("a", n(1), "b", n(2));
            assertThat(cond("a < b", it, Placeholders.NONE)).isTrue();
            assertThat(cond("a = b", it, Placeholders.NONE)).isFalse();
        }

        @Test
        void operandsMayBeParenthesized() {
            assertThat(cond("(n) = :v", ITEM, ph(":v", n(10)))).isTrue();
            assertThat(cond("n = (:v)", ITEM, ph(":v", n(10)))).isTrue();
            assertThat(cond("(size(s)) = :v", ITEM, ph(":v", n(6)))).isTrue();
        }
    }

    @Nested
    @DisplayName("document paths: a.b, a[2], #name")
    class Paths {
        @Test
        void nestedMapAndListElements() {
            assertThat(cond("doc.inr.deep = :v", ITEM, ph(":v", n(7)))).isTrue();
            assertThat(cond("doc.arr[1] = :v", ITEM, ph(":v", n(2)))).isTrue();
            assertThat(cond("lst[2].k = :v", ITEM, ph(":v", s("v")))).isTrue();
            assertThat(cond("lst [ 0 ] = :v", ITEM, ph(":v", s("x")))).isTrue();
        }

        @Test
        void indexBeyondTheEndOrOnANonListIsMissing() {
            assertThat(cond("attribute_exists(doc.arr[2])", ITEM, Placeholders.NONE))
                    .isFalse();
            assertThat(cond("attribute_exists(doc[0])", ITEM, Placeholders.NONE))
                    .isFalse();
            assertThat(cond("attribute_exists(lst.k)", ITEM, Placeholders.NONE)).isFalse();
            assertThat(cond("attribute_exists(s.x.y.z)", ITEM, Placeholders.NONE))
                    .isFalse();
        }

        @Test
        void namePlaceholdersAnywhereANameGoes() {
            Placeholders p = ph("#d", "doc", "#i", "inr", "#x", "deep", ":v", n(7));
            assertThat(cond("#d.#i.#x = :v", ITEM, p)).isTrue();
            assertThat(cond("#d.inr.#x = :v", ITEM, p)).isTrue();
            assertThat(cond("attribute_exists(#u)", ITEM, ph("#u", "ünï"))).isTrue();
            // a name with a dot is one attribute, not a path
            assertThat(cond("attribute_exists(#a)", item("a.b", n(1)), ph("#a", "a.b")))
                    .isTrue();
        }

        @Test
        void placeholderNamesThatAreReservedWordsAreFine() {
            assertThat(cond("#name = :v", item("name", s("x")), ph("#name", "name", ":v", s("x"))))
                    .isTrue();
        }
    }

    @Nested
    @DisplayName("BETWEEN and IN")
    class BetweenIn {
        @Test
        void betweenIsInclusive() {
            assertThat(cond("n BETWEEN :lo AND :hi", ITEM, ph(":lo", n(10), ":hi", n(20))))
                    .isTrue();
            assertThat(cond("n BETWEEN :lo AND :hi", ITEM, ph(":lo", n(1), ":hi", n(10))))
                    .isTrue();
            assertThat(cond("n between :lo and :hi", ITEM, ph(":lo", n(11), ":hi", n(20))))
                    .isFalse();
            assertThat(cond("s BETWEEN :lo AND :hi", ITEM, ph(":lo", s("a"), ":hi", s("c"))))
                    .isTrue();
        }

        @Test
        void betweenOnOtherTypeOrMissingIsFalse() {
            assertThat(cond("s BETWEEN :lo AND :hi", ITEM, ph(":lo", n(1), ":hi", n(20))))
                    .isFalse();
            assertThat(cond("absent BETWEEN :lo AND :hi", ITEM, ph(":lo", n(1), ":hi", n(20))))
                    .isFalse();
        }

        @Test
        void betweenBindsItsOwnAnd() {
            Placeholders p = ph(":lo", n(1), ":hi", n(20), ":s", s("banana"));
            assertThat(cond("n BETWEEN :lo AND :hi AND s = :s", ITEM, p)).isTrue();
        }

        @Test
        void inMatchesAnyOperand() {
            assertThat(cond("n IN (:a, :b, :c)", ITEM, ph(":a", s("10"), ":b", n(10), ":c", n(3))))
                    .isTrue();
            assertThat(cond("n in (:a)", ITEM, ph(":a", n(11)))).isFalse();
            assertThat(cond("absent IN (:a)", ITEM, ph(":a", n(11)))).isFalse();
            assertThat(cond("tags IN (:a)", ITEM, ph(":a", ss("green", "red")))).isTrue();
        }

        @Test
        void inAcceptsOneHundredOperands() {
            StringBuilder sb = new StringBuilder("n IN (");
            Object[] pairs = new Object[200];
            for (int i = 0; i < 100; i++) {
                sb.append(i == 0 ? "" : ",").append(":v").append(i);
                pairs[2 * i] = ":v" + i;
                pairs[2 * i + 1] = n(i);
            }
            assertThat(cond(sb.append(")").toString(), ITEM, ph(pairs))).isTrue();
        }
    }

    @Nested
    @DisplayName("AND, OR, NOT: precedence NOT > AND > OR, parentheses")
    class Logic {
        final Placeholders p = ph(":t", n(10), ":f", n(0));

        @Test
        void andBindsTighterThanOr() {
            // true OR (false AND false) = true; (true OR false) AND false would be false
            assertThat(cond("n = :t OR n = :f AND n = :f", ITEM, p)).isTrue();
            assertThat(cond("(n = :t OR n = :f) AND n = :f", ITEM, p)).isFalse();
        }

        @Test
        void notBindsTighterThanAnd() {
            // (NOT false) AND true
            assertThat(cond("NOT n = :f AND n = :t", ITEM, p)).isTrue();
            // NOT applies to the comparison only: (NOT true) OR true
            assertThat(cond("NOT n = :t OR n = :t", ITEM, p)).isTrue();
            assertThat(cond("NOT (n = :t OR n = :t)", ITEM, p)).isFalse();
            assertThat(cond("NOT NOT n = :t", ITEM, p)).isTrue();
        }

        @Test
        void keywordsAreCaseInsensitive() {
            assertThat(cond("n = :t and not n = :f or n = :f", ITEM, p)).isTrue();
        }

        @Test
        void singleParenthesesAroundAnyConditionAreAllowed() {
            assertThat(cond("(n = :t)", ITEM, p)).isTrue();
            assertThat(cond("(n = :t) AND (NOT (n = :f))", ITEM, p)).isTrue();
            assertThat(cond("((n = :t) AND (n = :t)) OR n = :f", ITEM, p)).isTrue();
        }

        @Test
        void whitespaceOfAnyKindIsIgnored() {
            assertThat(cond("\tn\n=\r\n:t   AND(n<>:f)", ITEM, p)).isTrue();
        }
    }

    @Nested
    @DisplayName("functions")
    class Functions {
        @Test
        void attributeExistsAndNotExists() {
            assertThat(cond("attribute_exists(s)", ITEM, Placeholders.NONE)).isTrue();
            assertThat(cond("attribute_exists(nothing)", ITEM, Placeholders.NONE))
                    .isTrue(); // NULL exists
            assertThat(cond("attribute_not_exists(absent)", ITEM, Placeholders.NONE))
                    .isTrue();
            assertThat(cond("attribute_not_exists(doc.inr.deep)", ITEM, Placeholders.NONE))
                    .isFalse();
            assertThat(cond("attribute_not_exists(pk)", Map.of(), Placeholders.NONE))
                    .isTrue();
            assertThat(cond("attribute_not_exists(pk)", null, Placeholders.NONE))
                    .isTrue();
        }

        @Test
        void attributeTypeMatchesDynamoDbTypeDescriptors() {
            assertThat(cond("attribute_type(s, :t)", ITEM, ph(":t", s("S")))).isTrue();
            assertThat(cond("attribute_type(n, :t)", ITEM, ph(":t", s("S")))).isFalse();
            assertThat(cond("attribute_type(tags, :t)", ITEM, ph(":t", s("SS"))))
                    .isTrue();
            assertThat(cond("attribute_type(flag, :t)", ITEM, ph(":t", s("BOOL"))))
                    .isTrue();
            assertThat(cond("attribute_type(nothing, :t)", ITEM, ph(":t", s("NULL"))))
                    .isTrue();
            assertThat(cond("attribute_type(doc, :t)", ITEM, ph(":t", s("M")))).isTrue();
            assertThat(cond("attribute_type(absent, :t)", ITEM, ph(":t", s("M"))))
                    .isFalse();
        }

        @Test
        void beginsWithOnStringsAndBinary() {
            assertThat(cond("begins_with(s, :p)", ITEM, ph(":p", s("ban")))).isTrue();
            assertThat(cond("begins_with(s, :p)", ITEM, ph(":p", s("an")))).isFalse();
            assertThat(cond("begins_with(s, :p)", ITEM, ph(":p", s("")))).isTrue();
            assertThat(cond("begins_with(bin, :p)", ITEM, ph(":p", b(new byte[] {1, 2}))))
                    .isTrue();
            assertThat(cond("begins_with(bin, :p)", ITEM, ph(":p", s("x")))).isFalse();
            assertThat(cond("begins_with(n, :p)", ITEM, ph(":p", s("1")))).isFalse();
            assertThat(cond("begins_with(absent, :p)", ITEM, ph(":p", s("1")))).isFalse();
        }

        @Test
        void containsOnStringsSetsAndLists() {
            assertThat(cond("contains(s, :p)", ITEM, ph(":p", s("nan")))).isTrue();
            assertThat(cond("contains(s, :p)", ITEM, ph(":p", s("xyz")))).isFalse();
            assertThat(cond("contains(tags, :p)", ITEM, ph(":p", s("red")))).isTrue();
            assertThat(cond("contains(tags, :p)", ITEM, ph(":p", s("blue")))).isFalse();
            assertThat(cond("contains(nums, :p)", ITEM, ph(":p", n("2.50")))).isTrue();
            assertThat(cond("contains(nums, :p)", ITEM, ph(":p", s("1")))).isFalse();
            assertThat(cond("contains(lst, :p)", ITEM, ph(":p", n(3)))).isTrue();
            assertThat(cond("contains(lst, :p)", ITEM, ph(":p", map("k", s("v")))))
                    .isTrue();
            assertThat(cond("contains(bin, :p)", ITEM, ph(":p", b(new byte[] {2, (byte) 0xff}))))
                    .isTrue();
            assertThat(cond("contains(n, :p)", ITEM, ph(":p", n(1)))).isFalse();
            assertThat(cond("contains(absent, :p)", ITEM, ph(":p", n(1)))).isFalse();
            assertThat(cond("contains(tags, s)", item("tags", ss("a"), "s", s("a")), Placeholders.NONE))
                    .isTrue();
        }

        @Test
        void sizeCountsUtf8BytesBinaryBytesAndElements() {
            assertThat(cond("size(s) = :v", ITEM, ph(":v", n(6)))).isTrue();
            assertThat(cond("size(x) = :v", item("x", s("é€😀")), ph(":v", n(9))))
                    .isTrue(); // 2 + 3 + 4 bytes
            assertThat(cond("size(bin) = :v", ITEM, ph(":v", n(3)))).isTrue();
            assertThat(cond("size(tags) = :v", ITEM, ph(":v", n(2)))).isTrue();
            assertThat(cond("size(lst) = :v", ITEM, ph(":v", n(3)))).isTrue();
            assertThat(cond("size(doc) = :v", ITEM, ph(":v", n(2)))).isTrue();
            assertThat(cond("size(doc.arr) > :v", ITEM, ph(":v", n(1)))).isTrue();
            assertThat(cond(":v < size(lst)", ITEM, ph(":v", n(1)))).isTrue();
        }

        @Test
        void sizeOfANumberOrAMissingAttributeMakesTheComparisonFalse() {
            assertThat(cond("size(n) = :v", ITEM, ph(":v", n(2)))).isFalse();
            assertThat(cond("size(absent) >= :v", ITEM, ph(":v", n(0)))).isFalse();
            assertThat(cond("size(n) <> :v", ITEM, ph(":v", n(0)))).isTrue();
        }

        @Test
        void sizeWorksInBetweenAndIn() {
            assertThat(cond("size(s) BETWEEN :a AND :b", ITEM, ph(":a", n(1), ":b", n(6))))
                    .isTrue();
            assertThat(cond("size(s) IN (:a, :b)", ITEM, ph(":a", n(1), ":b", n(6))))
                    .isTrue();
        }
    }

    @Test
    @DisplayName("filter expressions share the grammar and semantics of condition expressions")
    void filterExpressionEvaluates() {
        ConditionExpression f = Expressions.parseCondition("n > :v AND contains(tags, :t)", ExpressionKind.FILTER);
        assertThat(f.test(ITEM, ph(":v", n(1), ":t", s("red")))).isTrue();
        assertThat(f.valueRefs()).containsExactly(":v", ":t");
    }

    @Test
    @DisplayName("nameRefs()/valueRefs() are exactly the placeholders used")
    void refsAreExact() {
        ConditionExpression c = Expressions.parseCondition(
                "#a.#b[1] = :x AND (begins_with(#a, :y) OR size(#c) IN (:x, :z)) AND attribute_exists(plain)",
                ExpressionKind.CONDITION);
        assertThat(c.nameRefs()).containsExactlyInAnyOrder("#a", "#b", "#c");
        assertThat(c.valueRefs()).containsExactlyInAnyOrder(":x", ":y", ":z");
        Placeholders p = ph("#a", "a", "#b", "b", "#c", "c", ":x", n(1), ":y", s("y"), ":z", n(2));
        p.checkExpressions(c); // no exception
    }

    @Test
    @DisplayName("one parse serves requests with different placeholder values, concurrently")
    void parsedTreeIsSharedAcrossPlaceholders() throws Exception {
        ConditionExpression c = Expressions.parseCondition("#k = :v", ExpressionKind.CONDITION);
        Thread[] threads = new Thread[4];
        boolean[] ok = new boolean[threads.length];
        for (int t = 0; t < threads.length; t++) {
            int id = t;
            threads[t] = new Thread(() -> {
                boolean all = true;
                for (int i = 0; i < 2000; i++) {
                    Map<String, AttributeValue> it = item("a" + id, n(i));
                    all &= c.test(it, ph("#k", "a" + id, ":v", n(i)));
                    all &= !c.test(it, ph("#k", "a" + id, ":v", n(i + 1)));
                }
                ok[id] = all;
            });
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(ok).containsOnly(true);
    }
}
