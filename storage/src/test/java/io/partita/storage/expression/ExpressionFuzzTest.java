package io.partita.storage.expression;

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

import io.partita.storage.ValidationException;
import io.partita.storage.value.AttributeValue;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Robustness (DynamoDB answers every malformed expression with a ValidationException): random garbage and
 * random token soup, parsed as every kind and evaluated when it parses, never throw anything else (no
 * NullPointerException, ClassCastException, StackOverflowError, IndexOutOfBounds...). Fixed seeds.
 */
class ExpressionFuzzTest {
    static final String SEED = "20240611";

    static final Map<String, AttributeValue> ITEM = item(
            "a",
            n(1),
            "b",
            s("bee"),
            "c",
            l(n(1), map("d", n(2)), ss("x")),
            "d",
            map("e", map("f", b(new byte[] {1}))),
            "e",
            nsOf("1", "2"),
            "f",
            bool(false),
            "g",
            nul());

    static final Placeholders PH = ph(
            "#a",
            "a",
            "#b",
            "c",
            "#c",
            "d",
            ":v",
            n(1),
            ":w",
            s("S"),
            ":x",
            l(n(1)),
            ":y",
            ss("x"),
            ":z",
            map("k", n(1)),
            ":t",
            bool(true),
            ":u",
            nul(),
            ":n",
            nsOf("1"));

    static final List<String> TOKENS = List.of(
            "a",
            "b",
            "c",
            "d",
            "e",
            "f",
            "g",
            "#a",
            "#b",
            "#c",
            "#zz",
            ":v",
            ":w",
            ":x",
            ":y",
            ":z",
            ":t",
            ":u",
            ":n",
            ":undefined",
            ".",
            "[",
            "]",
            "[0]",
            "[1]",
            "[99]",
            "(",
            ")",
            ",",
            "=",
            "<>",
            "<",
            "<=",
            ">",
            ">=",
            "+",
            "-",
            "AND",
            "OR",
            "NOT",
            "BETWEEN",
            "IN",
            "and",
            "SET",
            "REMOVE",
            "ADD",
            "DELETE",
            "size",
            "attribute_exists",
            "attribute_not_exists",
            "attribute_type",
            "begins_with",
            "contains",
            "if_not_exists",
            "list_append",
            "foo",
            "name",
            "0",
            "12",
            "#",
            ":",
            "&",
            "\"",
            "é",
            "😀",
            " ",
            "  ",
            "\t",
            "\n");

    @BeforeContainer
    static void printSeed() {
        System.out.println("ExpressionFuzzTest: jqwik seed " + SEED);
    }

    @Provide
    Arbitrary<String> tokenSoup() {
        return Arbitraries.of(TOKENS)
                .list()
                .ofMinSize(0)
                .ofMaxSize(40)
                .map(tokens -> String.join(tokens.size() % 3 == 0 ? "" : " ", tokens));
    }

    @Provide
    Arbitrary<String> garbage() {
        return Arbitraries.strings().all().ofMaxLength(200);
    }

    @Property(tries = 4000, seed = SEED)
    void tokenSoupOnlyEverThrowsValidationException(@ForAll("tokenSoup") String text) {
        exercise(text);
    }

    @Property(tries = 1000, seed = SEED)
    void randomStringsOnlyEverThrowValidationException(@ForAll("garbage") String text) {
        exercise(text);
    }

    @Property(tries = 300, seed = SEED)
    void prefixesOfValidExpressionsOnlyEverThrowValidationException(@ForAll("validPrefix") String text) {
        exercise(text);
    }

    @Provide
    Arbitrary<String> validPrefix() {
        List<String> valid = List.of(
                "#a = :v AND (begins_with(b, :w) OR size(c) BETWEEN :v AND :v) AND NOT contains(#b, :v)",
                "SET a = if_not_exists(a, :v) + :v, #b[3] = list_append(c, :x) REMOVE d.e.f ADD e :n DELETE y :y",
                "a, b.c[1].d, #b[0], #c.e",
                "a = :v AND begins_with(b, :w)",
                "attribute_type(a, :w) OR a IN (:v, :w, :x) OR NOT (a < :v)");
        return Arbitraries.of(valid)
                .flatMap(v -> Arbitraries.integers().between(0, v.length()).map(cut -> v.substring(0, cut)));
    }

    static void exercise(String text) {
        run(() -> Expressions.parseCondition(text, ExpressionKind.CONDITION).test(ITEM, PH));
        run(() -> Expressions.parseCondition(text, ExpressionKind.FILTER).test(Map.of(), PH));
        run(() -> Expressions.parseKeyCondition(text).terms(PH));
        run(() -> Expressions.parseProjection(text).apply(ITEM, PH));
        run(() -> Expressions.parseProjection(text).topLevelAttributes(PH));
        run(() -> Expressions.parseUpdate(text).apply(ITEM, PH));
        run(() -> Expressions.parseUpdate(text).apply(Map.of(), PH));
        run(() -> Expressions.parseUpdate(text).topLevelAttributes(PH));
    }

    static void run(Runnable r) {
        try {
            r.run();
        } catch (ValidationException expected) {
            assertThat(expected.getMessage()).isNotBlank();
        }
    }
}
