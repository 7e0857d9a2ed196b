package io.partita.partiql;

import io.partita.storage.ValidationException;
import io.partita.storage.value.AttributeValue;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes parsed conditions and updates as the core's own expression language, every name a {@code #nN}
 * placeholder and every value a {@code :vN} one, so the core parses, checks and evaluates them as it does
 * DynamoDB's expressions. One instance collects the placeholders of one request.
 */
final class ExpressionText {
    private static final Set<String> CONDITION_FUNCTIONS =
            Set.of("begins_with", "contains", "attribute_exists", "attribute_not_exists", "attribute_type");
    private static final Set<String> VALUE_FUNCTIONS = Set.of("size", "list_append", "if_not_exists");

    private final Bind bind;
    private final Map<String, String> names = new LinkedHashMap<>();
    private final Map<String, String> placeholderOf = new HashMap<>();
    private final Map<String, AttributeValue> values = new LinkedHashMap<>();

    ExpressionText(Bind bind) {
        this.bind = bind;
    }

    /** The {@code ExpressionAttributeNames} collected; {@code null} when none. */
    Map<String, String> names() {
        return names.isEmpty() ? null : names;
    }

    /** The {@code ExpressionAttributeValues} collected; {@code null} when none. */
    Map<String, AttributeValue> values() {
        return values.isEmpty() ? null : values;
    }

    String condition(Ast.Expr e) {
        if (e instanceof Ast.And a) {
            return "(" + condition(a.left()) + ") AND (" + condition(a.right()) + ")";
        }
        if (e instanceof Ast.Or o) {
            return "(" + condition(o.left()) + ") OR (" + condition(o.right()) + ")";
        }
        if (e instanceof Ast.Not n) {
            return "NOT (" + condition(n.operand()) + ")";
        }
        if (e instanceof Ast.Compare c) {
            return operand(c.left()) + " " + c.op() + " " + operand(c.right());
        }
        if (e instanceof Ast.Between b) {
            return operand(b.operand()) + " BETWEEN " + operand(b.low()) + " AND " + operand(b.high());
        }
        if (e instanceof Ast.In in) {
            StringBuilder s = new StringBuilder(operand(in.operand())).append(" IN (");
            for (int i = 0; i < in.candidates().size(); i++) {
                s.append(i == 0 ? "" : ", ").append(operand(in.candidates().get(i)));
            }
            return s.append(')').toString();
        }
        if (e instanceof Ast.Is is) {
            return is(is);
        }
        Ast.Function f = (Ast.Function) e;
        if (!CONDITION_FUNCTIONS.contains(f.name())) {
            throw unknownFunction(f.name());
        }
        return call(f.name(), f.arguments());
    }

    /** {@code IS [NOT] MISSING}: the attribute's absence; {@code IS [NOT] NULL}: absent or of type NULL. */
    private String is(Ast.Is is) {
        String p = path(is.path());
        if (is.missing()) {
            return (is.not() ? "attribute_exists(" : "attribute_not_exists(") + p + ")";
        }
        String nullType = value(AttributeValue.s("NULL"));
        return is.not()
                ? "attribute_exists(" + p + ") AND NOT attribute_type(" + p + ", " + nullType + ")"
                : "(attribute_not_exists(" + p + ") OR attribute_type(" + p + ", " + nullType + "))";
    }

    String operand(Ast.Operand o) {
        if (o instanceof Ast.PathOperand p) {
            return path(p.path());
        }
        if (o instanceof Ast.ValueOperand v) {
            return value(bind.value(v.value()));
        }
        Ast.Call c = (Ast.Call) o;
        if (!VALUE_FUNCTIONS.contains(c.name())) {
            throw unknownFunction(c.name());
        }
        return call(c.name(), c.arguments());
    }

    private String call(String name, List<Ast.Operand> arguments) {
        StringBuilder s = new StringBuilder(name).append('(');
        for (int i = 0; i < arguments.size(); i++) {
            s.append(i == 0 ? "" : ", ").append(operand(arguments.get(i)));
        }
        return s.append(')').toString();
    }

    /** A value operand's attribute value, parameters bound (a key value: not a placeholder). */
    AttributeValue bound(Ast.ValueOperand v) {
        return bind.value(v.value());
    }

    String path(Ast.Path path) {
        StringBuilder s = new StringBuilder();
        for (Object e : path.elements()) {
            if (e instanceof Integer i) {
                s.append('[').append(i).append(']');
            } else {
                if (s.length() > 0) {
                    s.append('.');
                }
                s.append(name((String) e));
            }
        }
        return s.toString();
    }

    private String name(String name) {
        return placeholderOf.computeIfAbsent(name, n -> {
            String placeholder = "#n" + names.size();
            names.put(placeholder, n);
            return placeholder;
        });
    }

    String value(AttributeValue v) {
        String placeholder = ":v" + values.size();
        values.put(placeholder, v);
        return placeholder;
    }

    /** An UPDATE's SET and REMOVE clauses as an update expression. */
    String update(List<Ast.Set> sets, List<Ast.Path> removes) {
        StringBuilder set = new StringBuilder();
        StringBuilder add = new StringBuilder();
        StringBuilder delete = new StringBuilder();
        for (Ast.Set s : sets) {
            String target = path(s.path());
            if (s.operator() == null
                    && s.left() instanceof Ast.Call c
                    && c.name().startsWith("set_")) {
                StringBuilder into = setFunction(s.path(), c, add, delete);
                into.append(into.length() == 0 ? "" : ", ")
                        .append(target)
                        .append(' ')
                        .append(operand(c.arguments().get(1)));
                continue;
            }
            set.append(set.length() == 0 ? "" : ", ")
                    .append(target)
                    .append(" = ")
                    .append(operand(s.left()));
            if (s.operator() != null) {
                set.append(' ').append(s.operator()).append(' ').append(operand(s.right()));
            }
        }
        StringBuilder out = new StringBuilder();
        clause(out, "SET", set);
        clause(out, "ADD", add);
        clause(out, "DELETE", delete);
        StringBuilder remove = new StringBuilder();
        for (Ast.Path p : removes) {
            remove.append(remove.length() == 0 ? "" : ", ").append(path(p));
        }
        clause(out, "REMOVE", remove);
        return out.toString();
    }

    /** {@code SET a = set_add(a, <<...>>)} is {@code ADD a :v}; {@code set_delete} is {@code DELETE a :v}. */
    private static StringBuilder setFunction(Ast.Path target, Ast.Call c, StringBuilder add, StringBuilder delete) {
        if (!c.name().equals("set_add") && !c.name().equals("set_delete")) {
            throw unknownFunction(c.name());
        }
        if (c.arguments().size() != 2
                || !(c.arguments().get(0) instanceof Ast.PathOperand p)
                || !p.path().equals(target)) {
            throw new ValidationException(StatementParser.MALFORMED + c.name()
                    + " takes the attribute being set and a set of values: " + c.name() + "(" + target + ", <<...>>)");
        }
        return c.name().equals("set_add") ? add : delete;
    }

    private static void clause(StringBuilder out, String keyword, StringBuilder actions) {
        if (actions.length() > 0) {
            out.append(out.length() == 0 ? "" : " ").append(keyword).append(' ').append(actions);
        }
    }

    static ValidationException unknownFunction(String name) {
        return new ValidationException(StatementParser.MALFORMED + "Unsupported function: " + name);
    }
}
