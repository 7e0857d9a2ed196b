package io.partita.partiql;

import io.partita.storage.value.AttributeValue;
import java.util.List;
import java.util.Map;

/**
 * A parsed PartiQL statement: what the grammar accepts, before any table is consulted. Literal values stay trees
 * ({@link Value}) until the request's parameters are bound to them ({@link Bind}).
 */
final class Ast {
    private Ast() {}

    /** One statement of DynamoDB's dialect. */
    sealed interface Statement permits Select, Insert, Update, Delete, Exists {
        String table();
    }

    /**
     * {@code SELECT paths|* FROM "table"["index"] [WHERE ...] [ORDER BY ...]}; {@code projection} empty for
     * {@code *}, {@code orderBy} empty without the clause.
     */
    record Select(List<Path> projection, String table, String index, Expr where, List<Order> orderBy)
            implements Statement {}

    /** One {@code ORDER BY} term: an attribute name, ascending unless {@code DESC}. */
    record Order(String name, boolean descending) {}

    /** {@code EXISTS(SELECT ...)}: a transaction's condition check on one item. */
    record Exists(Select select) implements Statement {
        @Override
        public String table() {
            return select.table();
        }
    }

    /** {@code INSERT INTO "table" VALUE {...}}. */
    record Insert(String table, Value item) implements Statement {}

    /** {@code UPDATE "table" SET ... REMOVE ... WHERE ... [RETURNING ...]}. */
    record Update(String table, List<Set> sets, List<Path> removes, Expr where, String returning)
            implements Statement {}

    /** {@code DELETE FROM "table" WHERE ... [RETURNING ALL OLD *]}. */
    record Delete(String table, Expr where, String returning) implements Statement {}

    /** One {@code SET path = value}: {@code operator} {@code +} or {@code -} with {@code right}, or none. */
    record Set(Path path, Operand left, String operator, Operand right) {}

    /** A document path: names ({@link String}) and list indexes ({@link Integer}). */
    record Path(List<Object> elements) {
        String first() {
            return (String) elements.get(0);
        }

        boolean isTopLevel() {
            return elements.size() == 1;
        }

        @Override
        public String toString() {
            StringBuilder b = new StringBuilder();
            for (Object e : elements) {
                if (e instanceof Integer i) {
                    b.append('[').append(i).append(']');
                } else {
                    if (b.length() > 0) {
                        b.append('.');
                    }
                    b.append(e);
                }
            }
            return b.toString();
        }
    }

    /** A condition of a WHERE clause. */
    sealed interface Expr permits And, Or, Not, Compare, Between, In, Is, Function {}

    record And(Expr left, Expr right) implements Expr {}

    record Or(Expr left, Expr right) implements Expr {}

    record Not(Expr operand) implements Expr {}

    /** {@code left op right}, {@code op} one of {@code = <> < <= > >=}. */
    record Compare(String op, Operand left, Operand right) implements Expr {}

    record Between(Operand operand, Operand low, Operand high) implements Expr {}

    record In(Operand operand, List<Operand> candidates) implements Expr {}

    /** {@code path IS [NOT] MISSING} ({@code missing}) or {@code path IS [NOT] NULL}. */
    record Is(Path path, boolean not, boolean missing) implements Expr {}

    /** A function used as a condition: {@code begins_with}, {@code contains}, {@code attribute_exists}, ... */
    record Function(String name, List<Operand> arguments) implements Expr {}

    /** One side of a comparison or an argument. */
    sealed interface Operand permits PathOperand, ValueOperand, Call {}

    record PathOperand(Path path) implements Operand {}

    record ValueOperand(Value value) implements Operand {}

    /** A function used as a value: {@code size(path)}, {@code list_append(...)}, {@code set_add(...)}, ... */
    record Call(String name, List<Operand> arguments) implements Operand {}

    /** A literal, a parameter, or a document built of them. */
    sealed interface Value permits Literal, Parameter, MapValue, ListValue, SetValue {}

    record Literal(AttributeValue value) implements Value {}

    /** The {@code index}-th {@code ?} of the statement, from 0. */
    record Parameter(int index) implements Value {}

    record MapValue(Map<String, Value> entries) implements Value {}

    record ListValue(List<Value> elements) implements Value {}

    /** {@code <<...>>}: a string, number or binary set by its elements' type. */
    record SetValue(List<Value> elements) implements Value {}
}
