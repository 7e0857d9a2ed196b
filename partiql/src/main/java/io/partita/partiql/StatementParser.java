package io.partita.partiql;

import io.partita.partiql.DynamoDbPartiQLParser.BetweenExprContext;
import io.partita.partiql.DynamoDbPartiQLParser.CompareExprContext;
import io.partita.partiql.DynamoDbPartiQLParser.ExprContext;
import io.partita.partiql.DynamoDbPartiQLParser.FunctionExprContext;
import io.partita.partiql.DynamoDbPartiQLParser.InExprContext;
import io.partita.partiql.DynamoDbPartiQLParser.IsExprContext;
import io.partita.partiql.DynamoDbPartiQLParser.NameContext;
import io.partita.partiql.DynamoDbPartiQLParser.OperandContext;
import io.partita.partiql.DynamoDbPartiQLParser.PathContext;
import io.partita.partiql.DynamoDbPartiQLParser.SetItemContext;
import io.partita.partiql.DynamoDbPartiQLParser.StatementContext;
import io.partita.partiql.DynamoDbPartiQLParser.UpdateClauseContext;
import io.partita.storage.ValidationException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * Parses one statement with the ANTLR grammar {@code DynamoDbPartiQL.g4} into an {@link Ast.Statement}. A
 * statement the grammar rejects is DynamoDB's {@code ValidationException} "Statement wasn't well formed, can't be
 * processed: &lt;the statement&gt;".
 */
final class StatementParser {
    static final String MALFORMED = "Statement wasn't well formed, can't be processed: ";

    /** The number of {@code ?} seen so far: each parameter takes the next index. */
    private int parameters;

    private StatementParser() {}

    /** The parsed statement and how many {@code ?} parameters it holds. */
    record Parsed(Ast.Statement statement, int parameterCount) {}

    static Parsed parse(String text) {
        DynamoDbPartiQLLexer lexer = new DynamoDbPartiQLLexer(CharStreams.fromString(text));
        DynamoDbPartiQLParser parser = new DynamoDbPartiQLParser(new CommonTokenStream(lexer));
        lexer.removeErrorListeners();
        parser.removeErrorListeners();
        BaseErrorListener throwing = throwing(text);
        lexer.addErrorListener(throwing);
        parser.addErrorListener(throwing);
        StatementContext tree = parser.statement();
        StatementParser p = new StatementParser();
        Ast.Statement statement = p.statement(tree);
        return new Parsed(statement, p.parameters);
    }

    /**
     * A statement the grammar rejects: DynamoDB's message naming the statement, as DynamoDB Local words it (the
     * parser's own account of the token it stumbled on is not DynamoDB's).
     */
    private static BaseErrorListener throwing(String text) {
        return new BaseErrorListener() {
            @Override
            public void syntaxError(
                    Recognizer<?, ?> recognizer,
                    Object offendingSymbol,
                    int line,
                    int column,
                    String msg,
                    RecognitionException e) {
                throw new ValidationException(MALFORMED + text);
            }
        };
    }

    static ValidationException malformed(String why) {
        return new ValidationException(MALFORMED + why);
    }

    private Ast.Statement statement(StatementContext c) {
        if (c.select() != null) {
            return select(c.select());
        }
        if (c.exists() != null) {
            return new Ast.Exists(select(c.exists().select()));
        }
        if (c.insert() != null) {
            return new Ast.Insert(
                    name(c.insert().name()), new Values(this).value(c.insert().value()));
        }
        if (c.update() != null) {
            return update(c.update());
        }
        var d = c.delete();
        return new Ast.Delete(name(d.name()), expr(d.expr()), returning(d.returning()));
    }

    private Ast.Select select(DynamoDbPartiQLParser.SelectContext s) {
        List<Ast.Path> projection = new ArrayList<>();
        if (s.projection() instanceof DynamoDbPartiQLParser.SelectPathsContext paths) {
            for (PathContext p : paths.path()) {
                projection.add(path(p));
            }
        }
        List<NameContext> target = s.target().name();
        String index = target.size() > 1 ? name(target.get(1)) : null;
        List<Ast.Order> orderBy = new ArrayList<>();
        if (s.orderBy() != null) {
            for (DynamoDbPartiQLParser.OrderItemContext o : s.orderBy().orderItem()) {
                orderBy.add(new Ast.Order(name(o.name()), o.DESC() != null));
            }
        }
        return new Ast.Select(
                projection, name(target.get(0)), index, s.expr() == null ? null : expr(s.expr()), orderBy);
    }

    private Ast.Statement update(DynamoDbPartiQLParser.UpdateContext u) {
        List<Ast.Set> sets = new ArrayList<>();
        List<Ast.Path> removes = new ArrayList<>();
        for (UpdateClauseContext clause : u.updateClause()) {
            if (clause instanceof DynamoDbPartiQLParser.SetClauseContext set) {
                for (SetItemContext item : set.setItem()) {
                    sets.add(setItem(item));
                }
            } else {
                for (PathContext p : ((DynamoDbPartiQLParser.RemoveClauseContext) clause).path()) {
                    removes.add(path(p));
                }
            }
        }
        return new Ast.Update(name(u.name()), sets, removes, expr(u.expr()), returning(u.returning()));
    }

    private Ast.Set setItem(SetItemContext item) {
        Ast.Path target = path(item.path());
        if (item.setValue() instanceof DynamoDbPartiQLParser.SetArithmeticContext a) {
            return new Ast.Set(target, operand(a.operand(0)), a.PLUS() != null ? "+" : "-", operand(a.operand(1)));
        }
        var plain = (DynamoDbPartiQLParser.SetOperandContext) item.setValue();
        return new Ast.Set(target, operand(plain.operand()), null, null);
    }

    /** {@code RETURNING ALL OLD *} as {@code ALL_OLD}; {@code null} without the clause. */
    private static String returning(DynamoDbPartiQLParser.ReturningContext r) {
        if (r == null) {
            return null;
        }
        String which = r.ALL() != null ? "ALL" : "UPDATED";
        return which + "_" + (r.OLD() != null ? "OLD" : "NEW");
    }

    private Ast.Expr expr(ExprContext c) {
        if (c instanceof DynamoDbPartiQLParser.ParenExprContext p) {
            return expr(p.expr());
        }
        if (c instanceof DynamoDbPartiQLParser.NotExprContext n) {
            return new Ast.Not(expr(n.expr()));
        }
        if (c instanceof DynamoDbPartiQLParser.AndExprContext a) {
            return new Ast.And(expr(a.expr(0)), expr(a.expr(1)));
        }
        if (c instanceof DynamoDbPartiQLParser.OrExprContext o) {
            return new Ast.Or(expr(o.expr(0)), expr(o.expr(1)));
        }
        if (c instanceof CompareExprContext cmp) {
            return new Ast.Compare(
                    cmp.comparator().getText().replace("!=", "<>"), operand(cmp.operand(0)), operand(cmp.operand(1)));
        }
        if (c instanceof BetweenExprContext b) {
            return new Ast.Between(operand(b.operand(0)), operand(b.operand(1)), operand(b.operand(2)));
        }
        if (c instanceof InExprContext in) {
            List<Ast.Operand> candidates = new ArrayList<>();
            for (int i = 1; i < in.operand().size(); i++) {
                candidates.add(operand(in.operand(i)));
            }
            return new Ast.In(operand(in.operand(0)), candidates);
        }
        if (c instanceof IsExprContext is) {
            return new Ast.Is(path(is.path()), is.NOT() != null, is.MISSING() != null);
        }
        FunctionExprContext f = (FunctionExprContext) c;
        return new Ast.Function(f.IDENT().getText().toLowerCase(Locale.ROOT), operands(f.operand()));
    }

    private List<Ast.Operand> operands(List<OperandContext> contexts) {
        List<Ast.Operand> out = new ArrayList<>(contexts.size());
        for (OperandContext o : contexts) {
            out.add(operand(o));
        }
        return out;
    }

    Ast.Operand operand(OperandContext c) {
        if (c instanceof DynamoDbPartiQLParser.ValueOperandContext v) {
            return new Ast.ValueOperand(new Values(this).value(v.value()));
        }
        if (c instanceof DynamoDbPartiQLParser.PathOperandContext p) {
            return new Ast.PathOperand(path(p.path()));
        }
        var f = (DynamoDbPartiQLParser.FunctionOperandContext) c;
        return new Ast.Call(f.IDENT().getText().toLowerCase(Locale.ROOT), operands(f.operand()));
    }

    static Ast.Path path(PathContext c) {
        List<Object> elements = new ArrayList<>();
        for (ParseTree child : c.children) {
            if (child instanceof NameContext n) {
                elements.add(name(n));
            } else if (child instanceof TerminalNode t && t.getSymbol().getType() == DynamoDbPartiQLParser.INTEGER) {
                try {
                    elements.add(Integer.parseInt(t.getText()));
                } catch (NumberFormatException tooLarge) {
                    throw malformed("List index is too large: " + t.getText());
                }
            }
        }
        return new Ast.Path(elements);
    }

    /** A name as written: {@code "quoted"} (with {@code ""} for a quote) or bare. */
    static String name(NameContext c) {
        String text = c.getText();
        if (c.QUOTED_NAME() != null) {
            return text.substring(1, text.length() - 1).replace("\"\"", "\"");
        }
        return text;
    }

    /** The next parameter index. */
    int nextParameter() {
        return parameters++;
    }
}
