package io.partita.storage.expression;

import io.partita.storage.Message;
import io.partita.storage.expression.Ast.Cond;
import io.partita.storage.expression.Ast.Operand;
import io.partita.storage.expression.Ast.PathOperand;
import io.partita.storage.expression.Ast.ValueOperand;
import io.partita.storage.expression.Parser.Call;
import io.partita.storage.expression.Parser.Tok;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The condition part of the expression grammar (ConditionExpression, FilterExpression, KeyConditionExpression:
 * OR, AND, NOT, comparisons, BETWEEN, IN, the condition functions and their operands), on the tokens and shared
 * rules of one {@link Parser}. Each operand a request's placeholder values must fit adds a check to the parser.
 */
final class ConditionParser {
    private static final Set<String> TYPE_NAMES = Set.of("S", "N", "B", "NULL", "SS", "BOOL", "L", "BS", "NS", "M");

    private final Parser parser;

    ConditionParser(Parser parser) {
        this.parser = parser;
    }

    /** A whole condition: OR-terms to the end of the text, outer parentheses dropped. */
    Cond parse() {
        Cond c = parseOr();
        parser.expectEnd();
        return Ast.unwrap(c);
    }

    private Cond parseOr() {
        Cond c = parseAnd();
        while (parser.isKeyword("OR")) {
            parser.advance();
            parser.countOperator();
            c = new Ast.Or(c, parseAnd());
        }
        return c;
    }

    private Cond parseAnd() {
        Cond c = parseNot();
        while (parser.isKeyword("AND")) {
            parser.advance();
            parser.countOperator();
            c = new Ast.And(c, parseNot());
        }
        return c;
    }

    private Cond parseNot() {
        if (parser.isKeyword("NOT")) {
            parser.advance();
            parser.countOperator();
            parser.enter();
            Cond c = new Ast.Not(parseNot());
            parser.leave();
            return c;
        }
        return parsePrimary();
    }

    private Cond parsePrimary() {
        if (parser.type() == Tok.LPAREN && !operandInParensAhead()) {
            parser.advance();
            parser.enter();
            Cond inner = parseOr();
            parser.expect(Tok.RPAREN);
            parser.leave();
            if (inner instanceof Ast.Paren) {
                throw parser.error(Message.ExpressionRedundantParentheses);
            }
            return new Ast.Paren(inner);
        }
        if (parser.type() == Tok.NAME && parser.typeAt(parser.position() + 1) == Tok.LPAREN) {
            Call call = parser.parseCall();
            if (atComparisonOperator()) {
                return parseComparison(conditionCallAsOperand(call));
            }
            return conditionCallAsCondition(call);
        }
        return parseComparison(parseConditionOperand());
    }

    private boolean atComparisonOperator() {
        Tok t = parser.type();
        return t.comparator != null || parser.isKeyword("BETWEEN") || parser.isKeyword("IN");
    }

    /** At '(': does an operand in parentheses follow, then a comparison ({@code (a) = :v})? */
    private boolean operandInParensAhead() {
        int end = scanOperand(parser.position(), 0);
        if (end < 0) {
            return false;
        }
        Tok t = parser.typeAt(end);
        return t.comparator != null || parser.isKeywordAt(end, "BETWEEN") || parser.isKeywordAt(end, "IN");
    }

    /** The token index after an operand starting at p, or -1; a linear scan without building anything. */
    private int scanOperand(int at, int nesting) {
        if (nesting > Parser.MAX_DEPTH) {
            return -1;
        }
        Tok t = parser.typeAt(at);
        if (t == Tok.LPAREN) {
            int q = scanOperand(at + 1, nesting + 1);
            return q >= 0 && parser.typeAt(q) == Tok.RPAREN ? q + 1 : -1;
        }
        if (t == Tok.VALUE_REF) {
            return at + 1;
        }
        if (t == Tok.NAME && parser.typeAt(at + 1) == Tok.LPAREN) {
            int level = 0;
            for (int q = at + 1; q < parser.tokenCount(); q++) {
                Tok u = parser.typeAt(q);
                if (u == Tok.LPAREN) {
                    level++;
                } else if (u == Tok.RPAREN && --level == 0) {
                    return q + 1;
                } else if (u == Tok.EOF
                        || (u == Tok.NAME && (parser.isKeywordAt(q, "AND") || parser.isKeywordAt(q, "OR")))) {
                    return -1;
                }
            }
            return -1;
        }
        if (t == Tok.NAME || t == Tok.NAME_REF) {
            int q = at + 1;
            while (true) {
                Tok u = parser.typeAt(q);
                if (u == Tok.DOT && (parser.typeAt(q + 1) == Tok.NAME || parser.typeAt(q + 1) == Tok.NAME_REF)) {
                    q += 2;
                } else if (u == Tok.LBRACKET
                        && parser.typeAt(q + 1) == Tok.NUMBER
                        && parser.typeAt(q + 2) == Tok.RBRACKET) {
                    q += 3;
                } else {
                    return q;
                }
            }
        }
        return -1;
    }

    private Cond parseComparison(Operand left) {
        int opPos = parser.position();
        Tok t = parser.type();
        if (t.comparator != null) {
            parser.advance();
            parser.countOperator();
            Ast.Comparator op = t.comparator;
            Operand right = parseConditionOperand();
            checkDistinct(op.symbol, left, right);
            if (op != Ast.Comparator.EQ && op != Ast.Comparator.NE) {
                requireOrderedOperand(op.symbol, left);
                requireOrderedOperand(op.symbol, right);
            }
            return new Ast.Compare(op, left, right);
        }
        if (parser.isKeyword("BETWEEN")) {
            parser.advance();
            parser.countOperator();
            Operand low = parseConditionOperand();
            if (!parser.isKeyword("AND")) {
                throw parser.syntaxError();
            }
            parser.advance();
            Operand high = parseConditionOperand();
            requireOrderedOperand("BETWEEN", left);
            requireOrderedOperand("BETWEEN", low);
            requireOrderedOperand("BETWEEN", high);
            if (low instanceof ValueOperand lv && high instanceof ValueOperand hv) {
                parser.checks.add(ph -> checkBetweenBounds(ph.value(lv.ref), ph.value(hv.ref)));
            }
            return new Ast.Between(left, low, high);
        }
        if (parser.isKeyword("IN")) {
            parser.advance();
            parser.countOperator();
            parser.expect(Tok.LPAREN);
            List<Operand> candidates = new ArrayList<>();
            candidates.add(parseConditionOperand());
            while (parser.type() == Tok.COMMA) {
                parser.advance();
                candidates.add(parseConditionOperand());
            }
            parser.expect(Tok.RPAREN);
            if (candidates.size() > Parser.MAX_IN_OPERANDS) {
                throw parser.error(Message.ExpressionTooManyInOperands, candidates.size());
            }
            return new Ast.In(left, candidates.toArray(new Operand[0]));
        }
        throw parser.syntaxError(opPos);
    }

    /** DynamoDB orders only S, N and B: a placeholder value of another type makes the request invalid. */
    private void requireOrderedOperand(String operator, Operand operand) {
        if (operand instanceof ValueOperand v) {
            parser.checks.add(ph -> {
                AttributeValue value = ph.value(v.ref);
                if (!value.type().isScalarKeyType()) {
                    throw parser.error(Message.ExpressionOperandType, operator, value.type());
                }
            });
        }
    }

    private void checkBetweenBounds(AttributeValue low, AttributeValue high) {
        if (low.type() != high.type()) {
            throw parser.error(
                    Message.ExpressionBetweenTypes, ExpressionValues.render(low), ExpressionValues.render(high));
        }
        int c = ExpressionValues.compareScalar(low, high);
        if (c != ExpressionValues.INCOMPARABLE && c > 0) {
            throw parser.error(
                    Message.ExpressionBetweenOrder, ExpressionValues.render(low), ExpressionValues.render(high));
        }
    }

    private void checkDistinct(String operator, Operand first, Operand second) {
        if (first instanceof PathOperand a && second instanceof PathOperand b && a.path.sameAs(b.path)) {
            throw parser.error(Message.ExpressionOperandsNotDistinct, operator, a.path.describe());
        }
    }

    /** An operand of a condition: a path, a :value, size(...), or one of these in parentheses. */
    Operand parseConditionOperand() {
        Tok t = parser.type();
        if (t == Tok.LPAREN) {
            parser.advance();
            parser.enter();
            Operand o = parseConditionOperand();
            parser.expect(Tok.RPAREN);
            parser.leave();
            return o;
        }
        if (t == Tok.VALUE_REF) {
            return parser.valueOperand();
        }
        if (t == Tok.NAME && parser.typeAt(parser.position() + 1) == Tok.LPAREN) {
            return conditionCallAsOperand(parser.parseCall());
        }
        if (t == Tok.NAME || t == Tok.NAME_REF) {
            return new PathOperand(parser.parsePath());
        }
        throw parser.syntaxError();
    }

    private RuntimeException misused(String function) {
        return parser.error(Message.ExpressionFunctionMisused, function);
    }

    private Operand conditionCallAsOperand(Call call) {
        if (!call.name.equals("size")) {
            throw misused(call.name);
        }
        parser.arity(call, 1);
        Operand arg = call.args.get(0);
        if (arg instanceof Ast.SizeOperand) {
            throw parser.incorrectOperandType("size", "N"); // size() is a number, and a number has no size
        }
        if (arg instanceof ValueOperand v) {
            parser.checks.add(ph -> {
                AttributeValue value = ph.value(v.ref);
                switch (value.type()) {
                    case N:
                    case BOOL:
                    case NULL:
                        throw parser.incorrectOperandType("size", value.type().name());
                    default:
                }
            });
        }
        return new Ast.SizeOperand(arg);
    }

    private Cond conditionCallAsCondition(Call call) {
        switch (call.name) {
            case "attribute_exists":
            case "attribute_not_exists": {
                parser.arity(call, 1);
                return new Ast.AttributeExists(
                        parser.requirePath(call, call.args.get(0)), call.name.equals("attribute_exists"));
            }
            case "attribute_type": {
                parser.arity(call, 2);
                Path path = parser.requirePath(call, call.args.get(0));
                Operand type = call.args.get(1);
                if (!(type instanceof ValueOperand v)) {
                    throw parser.incorrectOperandType(call.name, "{NS,SS,L,BS,N,M,B,BOOL,NULL,S}");
                }
                parser.checks.add(ph -> {
                    AttributeValue value = ph.value(v.ref);
                    if (!(value instanceof AttributeValue.S s)) {
                        throw parser.incorrectOperandType(
                                "attribute_type", value.type().name());
                    }
                    if (!TYPE_NAMES.contains(s.value())) {
                        throw parser.error(Message.ExpressionAttributeTypeName, s.value());
                    }
                });
                return new Ast.AttributeTypeIs(path, type);
            }
            case "begins_with": {
                parser.arity(call, 2);
                checkDistinct(call.name, call.args.get(0), call.args.get(1));
                for (Operand arg : call.args) {
                    if (arg instanceof Ast.SizeOperand) {
                        throw parser.incorrectOperandType("begins_with", "N");
                    }
                    if (arg instanceof ValueOperand v) {
                        parser.checks.add(ph -> {
                            AttributeValue value = ph.value(v.ref);
                            if (!(value instanceof AttributeValue.S) && !(value instanceof AttributeValue.B)) {
                                throw parser.incorrectOperandType(
                                        "begins_with", value.type().name());
                            }
                        });
                    }
                }
                return new Ast.BeginsWith(call.args.get(0), call.args.get(1));
            }
            case "contains": {
                parser.arity(call, 2);
                checkDistinct(call.name, call.args.get(0), call.args.get(1));
                return new Ast.Contains(call.args.get(0), call.args.get(1));
            }
            default: // size: an operand, not a condition
                throw misused(call.name);
        }
    }
}
