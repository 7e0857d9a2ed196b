package io.partita.partiql;

import java.util.ArrayList;
import java.util.List;

/**
 * A WHERE clause as its top-level {@code AND} terms, from which key equalities and key ranges are taken out one
 * by one; what stays is the filter (or, for writes, the condition).
 */
final class Conjuncts {
    private final List<Ast.Expr> terms = new ArrayList<>();

    Conjuncts(Ast.Expr where) {
        if (where != null) {
            split(where);
        }
    }

    private void split(Ast.Expr e) {
        if (e instanceof Ast.And a) {
            split(a.left());
            split(a.right());
        } else {
            terms.add(e);
        }
    }

    /** Whether a term {@code name = value} (either side) is among the terms. */
    boolean hasEquality(String name) {
        for (Ast.Expr e : terms) {
            if (e instanceof Ast.Compare c
                    && c.op().equals("=")
                    && (keyValue(c.left(), c.right(), name) != null || keyValue(c.right(), c.left(), name) != null)) {
                return true;
            }
        }
        return false;
    }

    /** The value operand of {@code name = value} (either side), removed from the terms; {@code null} if none. */
    Ast.ValueOperand takeEquality(String name) {
        for (int i = 0; i < terms.size(); i++) {
            if (terms.get(i) instanceof Ast.Compare c && c.op().equals("=")) {
                Ast.ValueOperand v = keyValue(c.left(), c.right(), name);
                if (v == null) {
                    v = keyValue(c.right(), c.left(), name);
                }
                if (v != null) {
                    terms.remove(i);
                    return v;
                }
            }
        }
        return null;
    }

    private static Ast.ValueOperand keyValue(Ast.Operand path, Ast.Operand value, String name) {
        if (path instanceof Ast.PathOperand p
                && p.path().isTopLevel()
                && p.path().first().equals(name)
                && value instanceof Ast.ValueOperand v) {
            return v;
        }
        return null;
    }

    /**
     * A term a key condition can hold on sort key {@code name} ({@code = < <= > >=} against a value, {@code BETWEEN},
     * {@code begins_with}), removed from the terms; {@code null} if none.
     */
    Ast.Expr takeSortKeyTerm(String name) {
        for (int i = 0; i < terms.size(); i++) {
            Ast.Expr e = terms.get(i);
            if (isSortKeyTerm(e, name)) {
                terms.remove(i);
                return e;
            }
        }
        return null;
    }

    private static boolean isSortKeyTerm(Ast.Expr e, String name) {
        if (e instanceof Ast.Compare c) {
            return !c.op().equals("<>") && isKey(c.left(), name) && c.right() instanceof Ast.ValueOperand;
        }
        if (e instanceof Ast.Between b) {
            return isKey(b.operand(), name)
                    && b.low() instanceof Ast.ValueOperand
                    && b.high() instanceof Ast.ValueOperand;
        }
        return e instanceof Ast.Function f
                && f.name().equals("begins_with")
                && f.arguments().size() == 2
                && isKey(f.arguments().get(0), name)
                && f.arguments().get(1) instanceof Ast.ValueOperand;
    }

    private static boolean isKey(Ast.Operand o, String name) {
        return o instanceof Ast.PathOperand p
                && p.path().isTopLevel()
                && p.path().first().equals(name);
    }

    /** The terms left, joined with AND again; {@code null} when none is left. */
    Ast.Expr rest() {
        Ast.Expr out = null;
        for (Ast.Expr e : terms) {
            out = out == null ? e : new Ast.And(out, e);
        }
        return out;
    }
}
