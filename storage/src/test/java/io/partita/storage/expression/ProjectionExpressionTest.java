package io.partita.storage.expression;

import static io.partita.storage.expression.Fixtures.item;
import static io.partita.storage.expression.Fixtures.map;
import static io.partita.storage.expression.Fixtures.ph;
import static io.partita.storage.value.AttributeValue.l;
import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.ValidationException;
import io.partita.storage.value.AttributeValue;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** DynamoDB "Projection expressions": selected parts keep their enclosing maps and lists. */
class ProjectionExpressionTest {
    static final Map<String, AttributeValue> ITEM = item(
            "a", n(1),
            "b", s("bee"),
            "m", map("x", n(1), "y", map("z", n(2), "w", n(3))),
            "lst", l(n(0), map("k", n(1), "j", n(2)), n(2), n(3)));

    static Map<String, AttributeValue> project(String expression, Placeholders ph) {
        return Expressions.parseProjection(expression).apply(ITEM, ph);
    }

    @Test
    @DisplayName("top-level attributes; missing ones are left out")
    void topLevel() {
        assertThat(project("a, b, nope", Placeholders.NONE)).isEqualTo(Map.of("a", n(1), "b", s("bee")));
    }

    @Test
    @DisplayName("nested map entries keep their enclosing maps")
    void nestedMaps() {
        assertThat(project("m.y.z", Placeholders.NONE)).isEqualTo(Map.of("m", map("y", map("z", n(2)))));
        assertThat(project("m.x, m.y.w", Placeholders.NONE))
                .isEqualTo(Map.of("m", map("x", n(1), "y", map("w", n(3)))));
    }

    @Test
    @DisplayName("list elements keep their order and close up")
    void listElements() {
        assertThat(project("lst[3], lst[0]", Placeholders.NONE)).isEqualTo(Map.of("lst", l(n(0), n(3))));
        assertThat(project("lst[1].j", Placeholders.NONE)).isEqualTo(Map.of("lst", l(map("j", n(2)))));
        assertThat(project("lst[9]", Placeholders.NONE)).isEmpty();
    }

    @Test
    @DisplayName("paths through the wrong type or missing parts select nothing")
    void wrongTypes() {
        assertThat(project("a.b, m.nope, lst.k", Placeholders.NONE)).isEmpty();
        assertThat(project("m[0], b[1]", Placeholders.NONE)).isEmpty();
        assertThat(Expressions.parseProjection("a").apply(null, Placeholders.NONE))
                .isEmpty();
    }

    @Test
    @DisplayName("#name placeholders, and topLevelAttributes resolves them")
    void placeholders() {
        ProjectionExpression p = Expressions.parseProjection("#m.#y.z, b");
        Placeholders ph = ph("#m", "m", "#y", "y");
        assertThat(p.apply(ITEM, ph)).isEqualTo(Map.of("m", map("y", map("z", n(2))), "b", s("bee")));
        assertThat(p.topLevelAttributes(ph)).containsExactly("m", "b");
        assertThat(p.nameRefs()).containsExactly("#m", "#y");
        assertThat(p.valueRefs()).isEmpty();
    }

    @Test
    @DisplayName("overlapping or duplicate paths are an error, as in DynamoDB")
    void overlap() {
        assertThatThrownBy(() -> Expressions.parseProjection("a, a"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Invalid ProjectionExpression: Two document paths overlap with each other; must remove or "
                        + "rewrite one of these paths; path one: [a], path two: [a]");
        assertThatThrownBy(() -> Expressions.parseProjection("m.y, m.y.z"))
                .hasMessageEndingWith("path one: [m, y], path two: [m, y, z]");
        assertThatThrownBy(() -> Expressions.parseProjection("m.y, m[0]"))
                .hasMessageContaining("Two document paths conflict with each other");
        ProjectionExpression p = Expressions.parseProjection("#a, a");
        assertThatThrownBy(() -> p.apply(ITEM, ph("#a", "a"))).hasMessageContaining("overlap");
    }

    @Test
    @DisplayName("projection grammar: no operators, no values, no functions")
    void grammar() {
        assertThatThrownBy(() -> Expressions.parseProjection("a = :v"))
                .hasMessage("Invalid ProjectionExpression: Syntax error; token: \"=\", near: \"a = :v\"");
        assertThatThrownBy(() -> Expressions.parseProjection("a,"))
                .hasMessage("Invalid ProjectionExpression: Syntax error; token: \"<EOF>\", near: \",\"");
        assertThatThrownBy(() -> Expressions.parseProjection("size(a)")).isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> Expressions.parseProjection("name"))
                .hasMessage(
                        "Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: name");
    }
}
