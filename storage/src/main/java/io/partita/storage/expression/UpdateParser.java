package io.partita.storage.expression;

import io.partita.storage.Message;
import io.partita.storage.expression.Ast.Arithmetic;
import io.partita.storage.expression.Ast.Operand;
import io.partita.storage.expression.Ast.PathOperand;
import io.partita.storage.expression.Ast.ValueOperand;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The update-expression part of the expression grammar ({@code SET}, {@code REMOVE}, {@code ADD},
 * {@code DELETE} clauses and their operands), on the tokens and shared rules of one {@link Parser}.
 */
final class UpdateParser {
    private final Parser p;

    UpdateParser(Parser p) {
        this.p = p;
    }

    /** SET a = value, REMOVE a, ADD a :v, DELETE a :v, in clauses that each appear at most once. */
    List<UpdateAction> parse() {
        List<UpdateAction> actions = new ArrayList<>();
        boolean[] seen = new boolean[4];
        do {
            int clause;
            if (p.isKeyword("SET")) {
                clause = 0;
            } else if (p.isKeyword("REMOVE")) {
                clause = 1;
            } else if (p.isKeyword("ADD")) {
                clause = 2;
            } else if (p.isKeyword("DELETE")) {
                clause = 3;
            } else {
                throw p.syntaxError();
            }
            String keyword = p.tokenText().toUpperCase(Locale.ROOT);
            if (seen[clause]) {
                throw p.error(Message.ExpressionUpdateSectionTwice, keyword);
            }
            seen[clause] = true;
            p.advance();
            while (true) {
                actions.add(parseUpdateAction(clause));
                if (p.type() != Parser.Tok.COMMA) {
                    break;
                }
                p.advance();
            }
        } while (p.type() != Parser.Tok.EOF);
        return actions;
    }

    private UpdateAction parseUpdateAction(int clause) {
        Path path = p.parsePath();
        switch (clause) {
            case 0: {
                p.expect(Parser.Tok.EQ);
                return new UpdateAction(UpdateAction.SET, path, parseSetValue(), null);
            }
            case 1:
                return new UpdateAction(UpdateAction.REMOVE, path, null, null);
            default: {
                if (p.type() != Parser.Tok.VALUE_REF) {
                    throw p.syntaxError();
                }
                ValueOperand v = p.valueOperand();
                boolean add = clause == 2;
                p.checks.add(ph -> {
                    AttributeValue value = ph.value(v.ref);
                    AttributeType type = value.type();
                    boolean setOperand =
                            type == AttributeType.SS || type == AttributeType.NS || type == AttributeType.BS;
                    // ADD takes a number or a set; DELETE only a set.
                    if (!setOperand && !(add && type == AttributeType.N)) {
                        throw p.error(
                                Message.ExpressionUpdateOperandType,
                                add ? "ADD" : "DELETE",
                                ExpressionValues.longTypeName(value));
                    }
                });
                return new UpdateAction(add ? UpdateAction.ADD : UpdateAction.DELETE, path, null, v.ref);
            }
        }
    }

    /** operand, or operand + operand, or operand - operand. */
    private Operand parseSetValue() {
        Operand left = parseUpdateOperand();
        Parser.Tok t = p.type();
        if (t == Parser.Tok.PLUS || t == Parser.Tok.MINUS) {
            p.advance();
            p.countOperator();
            Operand right = parseUpdateOperand();
            String symbol = t == Parser.Tok.PLUS ? "+" : "-";
            for (Operand o : new Operand[] {left, right}) {
                if (o instanceof ValueOperand v) {
                    p.checks.add(ph -> {
                        AttributeValue value = ph.value(v.ref);
                        if (!(value instanceof AttributeValue.N)) {
                            throw p.incorrectOperandType(symbol, value.type().name());
                        }
                    });
                }
            }
            return new Arithmetic(t == Parser.Tok.PLUS, left, right);
        }
        return left;
    }

    Operand parseUpdateOperand() {
        Parser.Tok t = p.type();
        if (t == Parser.Tok.LPAREN) {
            p.advance();
            p.enter();
            Operand o = parseSetValue();
            p.expect(Parser.Tok.RPAREN);
            p.leave();
            return o;
        }
        if (t == Parser.Tok.VALUE_REF) {
            return p.valueOperand();
        }
        if (t == Parser.Tok.NAME && p.typeAt(p.position() + 1) == Parser.Tok.LPAREN) {
            Parser.Call call = p.parseCall();
            p.arity(call, 2);
            if (call.name.equals("if_not_exists")) {
                return new Ast.IfNotExists(p.requirePath(call, call.args.get(0)), call.args.get(1));
            }
            for (Operand arg : call.args) {
                if (arg instanceof ValueOperand v) {
                    p.checks.add(ph -> {
                        AttributeValue value = ph.value(v.ref);
                        if (!(value instanceof AttributeValue.L)) {
                            throw p.incorrectOperandType(
                                    "list_append", value.type().name());
                        }
                    });
                }
            }
            return new Ast.ListAppend(call.args.get(0), call.args.get(1));
        }
        if (t == Parser.Tok.NAME || t == Parser.Tok.NAME_REF) {
            return new PathOperand(p.parsePath());
        }
        throw p.syntaxError();
    }
}
