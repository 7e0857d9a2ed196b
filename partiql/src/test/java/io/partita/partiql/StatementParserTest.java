package io.partita.partiql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.ValidationException;
import io.partita.storage.value.AttributeValue;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The grammar: each statement form, literals, paths, parameters, and what it rejects. */
class StatementParserTest {
    private static Ast.Statement parse(String text) {
        return StatementParser.parse(text).statement();
    }

    @Test
    void selectStarWithAQuotedTableAndIndex() {
        Ast.Select s = (Ast.Select) parse("SELECT * FROM \"Music\".\"ByGenre\" WHERE genre = 'rock'");
        assertThat(s.table()).isEqualTo("Music");
        assertThat(s.index()).isEqualTo("ByGenre");
        assertThat(s.projection()).isEmpty();
        assertThat(s.where())
                .isEqualTo(new Ast.Compare(
                        "=",
                        new Ast.PathOperand(new Ast.Path(List.of("genre"))),
                        new Ast.ValueOperand(new Ast.Literal(AttributeValue.s("rock")))));
    }

    @Test
    void keywordsAreCaseInsensitiveAndNestedPathsKeepIndexes() {
        Ast.Select s = (Ast.Select) parse("select a.b[0].c, \"x y\" from t where a.b[1] <> 3;");
        assertThat(s.projection().get(0).elements()).containsExactly("a", "b", 0, "c");
        assertThat(s.projection().get(1).elements()).containsExactly("x y");
        assertThat(((Ast.Compare) s.where()).op()).isEqualTo("<>");
    }

    @Test
    void andBindsTighterThanOr() {
        Ast.Select s = (Ast.Select) parse("SELECT * FROM t WHERE a = 1 OR b = 2 AND c = 3");
        assertThat(s.where()).isInstanceOf(Ast.Or.class);
        assertThat(((Ast.Or) s.where()).right()).isInstanceOf(Ast.And.class);
    }

    @Test
    void predicatesOfEveryKind() {
        Ast.Select s = (Ast.Select) parse("SELECT * FROM t WHERE a BETWEEN 1 AND 5 AND b IN [1, 2] AND c IS MISSING"
                + " AND d IS NOT NULL AND begins_with(e, 'x') AND NOT contains(f, ?) AND size(g) > 2");
        assertThat(s.where().toString())
                .contains("Between", "In[", "Is[path=c, not=false, missing=true]")
                .contains("Function[name=begins_with", "Not[operand=Function[name=contains", "Call[name=size");
    }

    @Test
    void documentLiteralsAndParametersInOrder() {
        StatementParser.Parsed p = StatementParser.parse(
                "INSERT INTO t VALUE {'pk': ?, 'n': -1.5e3, 'l': [1, 'two', true, null], 's': <<'a', 'b'>>, 'q': 'it''s',"
                        + " 'm': {'x': ?}}");
        assertThat(p.parameterCount()).isEqualTo(2);
        Bind bind = new Bind(List.of(AttributeValue.s("k"), AttributeValue.n(7)), 2);
        var item = bind.item(((Ast.Insert) p.statement()).item());
        assertThat(item.get("pk")).isEqualTo(AttributeValue.s("k"));
        assertThat(item.get("n")).isEqualTo(AttributeValue.n("-1.5e3"));
        assertThat(item.get("l"))
                .isEqualTo(AttributeValue.l(
                        AttributeValue.n(1), AttributeValue.s("two"), AttributeValue.bool(true), AttributeValue.nul()));
        assertThat(item.get("s")).isEqualTo(AttributeValue.ss("a", "b"));
        assertThat(item.get("q")).isEqualTo(AttributeValue.s("it's"));
        assertThat(item.get("m")).isEqualTo(AttributeValue.m(java.util.Map.of("x", AttributeValue.n(7))));
    }

    @Test
    void updateWithSetRemoveAndReturning() {
        Ast.Update u =
                (Ast.Update) parse("UPDATE t SET a = a + 1, b = 'x' REMOVE c, d[0] WHERE pk = 'k' RETURNING ALL NEW *");
        assertThat(u.sets()).hasSize(2);
        assertThat(u.sets().get(0).operator()).isEqualTo("+");
        assertThat(u.removes()).hasSize(2);
        assertThat(u.returning()).isEqualTo("ALL_NEW");
    }

    @Test
    void deleteWithACondition() {
        Ast.Delete d = (Ast.Delete) parse("DELETE FROM t WHERE pk = 'k' AND v > 3");
        assertThat(d.where()).isInstanceOf(Ast.And.class);
        assertThat(d.returning()).isNull();
    }

    @Test
    void malformedStatementsAreValidationExceptionsNamingTheStatement() {
        assertThatThrownBy(() -> parse("SELEC * FROM t"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Statement wasn't well formed, can't be processed: SELEC * FROM t");
        assertThatThrownBy(() -> parse("SELECT * FROM t WHERE"))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Statement wasn't well formed, can't be processed: ");
        assertThatThrownBy(() -> parse("INSERT INTO t VALUE {'a': 1, 'a': 2}"))
                .hasMessageContaining("Duplicate key in a tuple: a");
        assertThatThrownBy(() -> parse("SELECT * FROM t; SELECT * FROM u")).isInstanceOf(ValidationException.class);
    }

    @Test
    void parameterCountMustMatch() {
        StatementParser.Parsed p = StatementParser.parse("SELECT * FROM t WHERE a = ? AND b = ?");
        assertThatThrownBy(() -> new Bind(List.of(AttributeValue.n(1)), p.parameterCount()))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Number of parameters in request and statement don't match.");
    }

    @Test
    void orderByAndExists() {
        Ast.Select s = (Ast.Select) parse("SELECT * FROM t WHERE pk = 'k' ORDER BY sk DESC, pk");
        assertThat(s.orderBy()).containsExactly(new Ast.Order("sk", true), new Ast.Order("pk", false));
        Ast.Exists e = (Ast.Exists) parse("exists(select * from t where pk = 'k' and n = 1)");
        assertThat(e.table()).isEqualTo("t");
        assertThat(((Ast.Select) parse("SELECT order, exists FROM t")).projection())
                .hasSize(2);
    }
}
