package io.partita.storage.expression;

import io.partita.storage.Message;
import io.partita.storage.ValidationException;
import io.partita.storage.expression.Ast.Cond;
import io.partita.storage.expression.Ast.Operand;
import io.partita.storage.expression.Ast.PathOperand;
import io.partita.storage.expression.Ast.ValueOperand;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Hand-written lexer and recursive-descent parser for DynamoDB's expression grammar. One instance parses one
 * text; it is not thread-safe (the results are). Every malformed input ends in a {@link ValidationException}
 * whose message starts {@code Invalid <ParameterName>: }.
 */
final class Parser {
    /** DynamoDB: an expression string is at most 4 KB. */
    static final int MAX_EXPRESSION_BYTES = 4096;
    /** Nesting depth of parentheses, NOT and function calls; keeps recursion far from the stack's end. */
    static final int MAX_DEPTH = 64;
    /** DynamoDB: a document path has at most 32 levels of nesting. */
    static final int MAX_PATH_DEPTH = 32;
    /** DynamoDB: IN takes at most 100 operands on its right. */
    static final int MAX_IN_OPERANDS = 100;

    /** DynamoDB: an expression holds at most 300 operators and functions. */
    static final int MAX_OPERATORS = 300;

    /** Token types. The comparison tokens carry the comparator they stand for. */
    enum Tok {
        EOF,
        NAME,
        NAME_REF,
        VALUE_REF,
        NUMBER,
        DOT,
        LBRACKET,
        RBRACKET,
        LPAREN,
        RPAREN,
        COMMA,
        EQ(Ast.Comparator.EQ),
        NE(Ast.Comparator.NE),
        LT(Ast.Comparator.LT),
        LE(Ast.Comparator.LE),
        GT(Ast.Comparator.GT),
        GE(Ast.Comparator.GE),
        PLUS,
        MINUS,
        BAD;

        /** The comparator of {@code = <> < <= > >=}; null for every other token. */
        final Ast.Comparator comparator;

        Tok() {
            this(null);
        }

        Tok(Ast.Comparator comparator) {
            this.comparator = comparator;
        }
    }

    final String text;
    final ExpressionKind kind;
    final String prefix;
    private final Tok[] types;
    private final int[] starts;
    private final int[] ends;
    private final int count;
    private int pos;
    private int depth;
    private int operators;

    final Set<String> nameRefs = new LinkedHashSet<>();
    final Set<String> valueRefs = new LinkedHashSet<>();
    /** Checks of placeholder values DynamoDB makes before evaluating anything (operand types etc.). */
    final List<Check> checks = new ArrayList<>();
    /** Every document path parsed, in source order (lets a filter be checked against the key schema). */
    final List<Path> parsedPaths = new ArrayList<>();

    /** A check of the request's placeholder values, independent of the item. */
    interface Check {
        void run(Placeholders placeholders);
    }

    Parser(String text, ExpressionKind kind) {
        this.kind = kind;
        this.prefix = "Invalid " + kind.parameterName() + ": ";
        if (text == null || text.isBlank()) {
            throw Message.ExpressionEmpty.exception(kind.parameterName());
        }
        int bytes = AttributeValue.utf8Length(text);
        if (bytes > MAX_EXPRESSION_BYTES) {
            throw Message.ExpressionTooLarge.exception(kind.parameterName(), bytes);
        }
        this.text = text;
        Lexer tokens = new Lexer(text);
        this.types = tokens.types;
        this.starts = tokens.starts;
        this.ends = tokens.ends;
        this.count = tokens.count;
    }

    // ==== token helpers ======================================================================================

    Tok type() {
        return types[pos];
    }

    Tok typeAt(int p) {
        return p < count ? types[p] : Tok.EOF;
    }

    String tokenText(int p) {
        return types[p] == Tok.EOF ? "<EOF>" : text.substring(starts[p], ends[p]);
    }

    String tokenText() {
        return tokenText(pos);
    }

    boolean isKeyword(String word) {
        return isKeywordAt(pos, word);
    }

    boolean isKeywordAt(int p, String word) {
        return typeAt(p) == Tok.NAME
                && ends[p] - starts[p] == word.length()
                && text.regionMatches(true, starts[p], word, 0, word.length());
    }

    /** Moves past the current token. */
    void advance() {
        pos++;
    }

    int position() {
        return pos;
    }

    RuntimeException syntaxError() {
        return syntaxError(pos);
    }

    /** DynamoDB's syntax error: the offending token and the text from the token before it to the token after it. */
    RuntimeException syntaxError(int p) {
        int from = starts[p > 0 ? p - 1 : p];
        int to = p + 1 < count ? ends[p + 1] : ends[p];
        if (types[p] == Tok.EOF) {
            to = text.length();
        }
        String near = text.substring(from, Math.max(from, to)).strip();
        return Message.ExpressionSyntax.exception(kind.parameterName(), tokenText(p), near);
    }

    /** A {@code Message} of this expression's kind: its first argument is the parameter name. */
    RuntimeException error(Message message, Object... args) {
        Object[] all = new Object[args.length + 1];
        all[0] = kind.parameterName();
        System.arraycopy(args, 0, all, 1, args.length);
        return message.exception(all);
    }

    void expect(Tok type) {
        if (types[pos] != type) {
            throw syntaxError();
        }
        pos++;
    }

    void expectEnd() {
        if (types[pos] != Tok.EOF) {
            throw syntaxError();
        }
    }

    void enter() {
        if (++depth > MAX_DEPTH) {
            throw error(Message.ExpressionNestedTooDeeply, MAX_DEPTH);
        }
    }

    void leave() {
        depth--;
    }

    /** One more operator or function (comparators, BETWEEN, IN, AND, OR, NOT, function calls, + and -). */
    void countOperator() {
        if (++operators > MAX_OPERATORS) {
            throw error(Message.ExpressionTooManyOperators, operators);
        }
    }

    // ==== paths ==============================================================================================

    Path parsePath() {
        List<String> names = new ArrayList<>(4);
        List<Integer> indexes = new ArrayList<>(4);
        List<Boolean> refs = new ArrayList<>(4);
        pathName(names, indexes, refs);
        while (true) {
            Tok t = type();
            if (t == Tok.DOT) {
                pos++;
                pathName(names, indexes, refs);
            } else if (t == Tok.LBRACKET) {
                pos++;
                if (type() != Tok.NUMBER) {
                    throw syntaxError();
                }
                String digits = tokenText();
                int index;
                try {
                    index = Integer.parseInt(digits);
                } catch (NumberFormatException e) {
                    throw syntaxError();
                }
                pos++;
                expect(Tok.RBRACKET);
                names.add(null);
                indexes.add(index);
                refs.add(false);
            } else {
                break;
            }
            if (names.size() > MAX_PATH_DEPTH) {
                throw error(Message.ExpressionPathTooDeep, names.size());
            }
        }
        int n = names.size();
        int[] idx = new int[n];
        boolean[] r = new boolean[n];
        for (int i = 0; i < n; i++) {
            idx[i] = indexes.get(i);
            r[i] = refs.get(i);
        }
        Path path = new Path(names.toArray(new String[0]), idx, r);
        parsedPaths.add(path);
        return path;
    }

    private void pathName(List<String> names, List<Integer> indexes, List<Boolean> refs) {
        Tok t = type();
        String token = tokenText();
        if (t == Tok.NAME) {
            if (ReservedWords.isReserved(token)) {
                throw error(Message.ExpressionReservedWord, token);
            }
            names.add(token);
            refs.add(false);
        } else if (t == Tok.NAME_REF) {
            nameRefs.add(token);
            names.add(token);
            refs.add(true);
        } else {
            throw syntaxError();
        }
        indexes.add(0);
        pos++;
    }

    // ==== conditions (ConditionExpression, FilterExpression, KeyConditionExpression) =========================

    Cond parseConditionExpression() {
        Cond c = parseOr();
        expectEnd();
        return Ast.unwrap(c);
    }

    private Cond parseOr() {
        Cond c = parseAnd();
        while (isKeyword("OR")) {
            pos++;
            countOperator();
            c = new Ast.Or(c, parseAnd());
        }
        return c;
    }

    private Cond parseAnd() {
        Cond c = parseNot();
        while (isKeyword("AND")) {
            pos++;
            countOperator();
            c = new Ast.And(c, parseNot());
        }
        return c;
    }

    private Cond parseNot() {
        if (isKeyword("NOT")) {
            pos++;
            countOperator();
            enter();
            Cond c = new Ast.Not(parseNot());
            leave();
            return c;
        }
        return parsePrimary();
    }

    private Cond parsePrimary() {
        if (type() == Tok.LPAREN && !operandInParensAhead()) {
            pos++;
            enter();
            Cond inner = parseOr();
            expect(Tok.RPAREN);
            leave();
            if (inner instanceof Ast.Paren) {
                throw error(Message.ExpressionRedundantParentheses);
            }
            return new Ast.Paren(inner);
        }
        if (type() == Tok.NAME && typeAt(pos + 1) == Tok.LPAREN) {
            Call call = parseCall();
            if (atComparisonOperator()) {
                return parseComparison(conditionCallAsOperand(call));
            }
            return conditionCallAsCondition(call);
        }
        return parseComparison(parseConditionOperand());
    }

    private boolean atComparisonOperator() {
        Tok t = type();
        return t.comparator != null || isKeyword("BETWEEN") || isKeyword("IN");
    }

    /** At '(': does an operand in parentheses follow, then a comparison ({@code (a) = :v})? */
    private boolean operandInParensAhead() {
        int end = scanOperand(pos, 0);
        if (end < 0) {
            return false;
        }
        Tok t = typeAt(end);
        return t.comparator != null || isKeywordAt(end, "BETWEEN") || isKeywordAt(end, "IN");
    }

    /** The token index after an operand starting at p, or -1; a linear scan without building anything. */
    private int scanOperand(int p, int nesting) {
        if (nesting > MAX_DEPTH) {
            return -1;
        }
        Tok t = typeAt(p);
        if (t == Tok.LPAREN) {
            int q = scanOperand(p + 1, nesting + 1);
            return q >= 0 && typeAt(q) == Tok.RPAREN ? q + 1 : -1;
        }
        if (t == Tok.VALUE_REF) {
            return p + 1;
        }
        if (t == Tok.NAME && typeAt(p + 1) == Tok.LPAREN) {
            int level = 0;
            for (int q = p + 1; q < count; q++) {
                Tok u = types[q];
                if (u == Tok.LPAREN) {
                    level++;
                } else if (u == Tok.RPAREN && --level == 0) {
                    return q + 1;
                } else if (u == Tok.EOF || (u == Tok.NAME && (isKeywordAt(q, "AND") || isKeywordAt(q, "OR")))) {
                    return -1;
                }
            }
            return -1;
        }
        if (t == Tok.NAME || t == Tok.NAME_REF) {
            int q = p + 1;
            while (true) {
                Tok u = typeAt(q);
                if (u == Tok.DOT && (typeAt(q + 1) == Tok.NAME || typeAt(q + 1) == Tok.NAME_REF)) {
                    q += 2;
                } else if (u == Tok.LBRACKET && typeAt(q + 1) == Tok.NUMBER && typeAt(q + 2) == Tok.RBRACKET) {
                    q += 3;
                } else {
                    return q;
                }
            }
        }
        return -1;
    }

    private Cond parseComparison(Operand left) {
        int opPos = pos;
        Tok t = type();
        if (t.comparator != null) {
            pos++;
            countOperator();
            Ast.Comparator op = t.comparator;
            Operand right = parseConditionOperand();
            checkDistinct(op.symbol, left, right);
            if (op != Ast.Comparator.EQ && op != Ast.Comparator.NE) {
                requireOrderedOperand(op.symbol, left);
                requireOrderedOperand(op.symbol, right);
            }
            return new Ast.Compare(op, left, right);
        }
        if (isKeyword("BETWEEN")) {
            pos++;
            countOperator();
            Operand low = parseConditionOperand();
            if (!isKeyword("AND")) {
                throw syntaxError();
            }
            pos++;
            Operand high = parseConditionOperand();
            requireOrderedOperand("BETWEEN", left);
            requireOrderedOperand("BETWEEN", low);
            requireOrderedOperand("BETWEEN", high);
            if (low instanceof ValueOperand lv && high instanceof ValueOperand hv) {
                checks.add(ph -> checkBetweenBounds(ph.value(lv.ref), ph.value(hv.ref)));
            }
            return new Ast.Between(left, low, high);
        }
        if (isKeyword("IN")) {
            pos++;
            countOperator();
            expect(Tok.LPAREN);
            List<Operand> candidates = new ArrayList<>();
            candidates.add(parseConditionOperand());
            while (type() == Tok.COMMA) {
                pos++;
                candidates.add(parseConditionOperand());
            }
            expect(Tok.RPAREN);
            if (candidates.size() > MAX_IN_OPERANDS) {
                throw error(Message.ExpressionTooManyInOperands, candidates.size());
            }
            return new Ast.In(left, candidates.toArray(new Operand[0]));
        }
        throw syntaxError(opPos);
    }

    /** DynamoDB orders only S, N and B: a placeholder value of another type makes the request invalid. */
    private void requireOrderedOperand(String operator, Operand operand) {
        if (operand instanceof ValueOperand v) {
            checks.add(ph -> {
                AttributeValue value = ph.value(v.ref);
                if (!value.type().isScalarKeyType()) {
                    throw error(Message.ExpressionOperandType, operator, value.type());
                }
            });
        }
    }

    private void checkBetweenBounds(AttributeValue low, AttributeValue high) {
        if (low.type() != high.type()) {
            throw error(Message.ExpressionBetweenTypes, ExpressionValues.render(low), ExpressionValues.render(high));
        }
        int c = ExpressionValues.compareScalar(low, high);
        if (c != ExpressionValues.INCOMPARABLE && c > 0) {
            throw error(Message.ExpressionBetweenOrder, ExpressionValues.render(low), ExpressionValues.render(high));
        }
    }

    private void checkDistinct(String operator, Operand first, Operand second) {
        if (first instanceof PathOperand a && second instanceof PathOperand b && a.path.sameAs(b.path)) {
            throw error(Message.ExpressionOperandsNotDistinct, operator, a.path.describe());
        }
    }

    /** An operand of a condition: a path, a :value, size(...), or one of these in parentheses. */
    private Operand parseConditionOperand() {
        Tok t = type();
        if (t == Tok.LPAREN) {
            pos++;
            enter();
            Operand o = parseConditionOperand();
            expect(Tok.RPAREN);
            leave();
            return o;
        }
        if (t == Tok.VALUE_REF) {
            return valueOperand();
        }
        if (t == Tok.NAME && typeAt(pos + 1) == Tok.LPAREN) {
            return conditionCallAsOperand(parseCall());
        }
        if (t == Tok.NAME || t == Tok.NAME_REF) {
            return new PathOperand(parsePath());
        }
        throw syntaxError();
    }

    ValueOperand valueOperand() {
        String ref = tokenText();
        valueRefs.add(ref);
        pos++;
        return new ValueOperand(ref);
    }

    /** A function call as written, before we know whether it stands for a condition or an operand. */
    static final class Call {
        final String name;
        final int position;
        final List<Operand> args;

        Call(String name, int position, List<Operand> args) {
            this.name = name;
            this.position = position;
            this.args = args;
        }
    }

    private static final Set<String> CONDITION_FUNCTIONS =
            Set.of("attribute_exists", "attribute_not_exists", "attribute_type", "begins_with", "contains", "size");
    private static final Set<String> UPDATE_FUNCTIONS = Set.of("if_not_exists", "list_append");

    Call parseCall() {
        int at = pos;
        String name = tokenText();
        pos++;
        countOperator();
        expect(Tok.LPAREN);
        enter();
        boolean update = kind == ExpressionKind.UPDATE;
        List<Operand> args = new ArrayList<>(2);
        args.add(update ? parseUpdateOperand() : parseConditionOperand());
        while (type() == Tok.COMMA) {
            pos++;
            args.add(update ? parseUpdateOperand() : parseConditionOperand());
        }
        expect(Tok.RPAREN);
        leave();
        Set<String> known = update ? UPDATE_FUNCTIONS : CONDITION_FUNCTIONS;
        if (!known.contains(name)) {
            if ((update ? CONDITION_FUNCTIONS : UPDATE_FUNCTIONS).contains(name)) { // a function of the other kind
                throw error(
                        update ? Message.ExpressionFunctionNotInUpdate : Message.ExpressionFunctionNotInCondition,
                        name);
            }
            throw error(Message.ExpressionUnknownFunction, name);
        }
        return new Call(name, at, args);
    }

    void arity(Call call, int expected) {
        if (call.args.size() != expected) {
            throw error(Message.ExpressionFunctionArity, call.name, call.args.size());
        }
    }

    Path requirePath(Call call, Operand operand) {
        if (operand instanceof PathOperand p) {
            return p.path;
        }
        throw error(Message.ExpressionFunctionNeedsPath, call.name);
    }

    private RuntimeException misused(String function) {
        return error(Message.ExpressionFunctionMisused, function);
    }

    private Operand conditionCallAsOperand(Call call) {
        if (!call.name.equals("size")) {
            throw misused(call.name);
        }
        arity(call, 1);
        Operand arg = call.args.get(0);
        if (arg instanceof Ast.SizeOperand) {
            throw incorrectOperandType("size", "N"); // size() is a number, and a number has no size
        }
        if (arg instanceof ValueOperand v) {
            checks.add(ph -> {
                AttributeValue value = ph.value(v.ref);
                switch (value.type()) {
                    case N:
                    case BOOL:
                    case NULL:
                        throw incorrectOperandType("size", value.type().name());
                    default:
                }
            });
        }
        return new Ast.SizeOperand(arg);
    }

    RuntimeException incorrectOperandType(String function, String type) {
        return error(Message.ExpressionOperandType, function, type);
    }

    private static final Set<String> TYPE_NAMES = Set.of("S", "N", "B", "NULL", "SS", "BOOL", "L", "BS", "NS", "M");

    private Cond conditionCallAsCondition(Call call) {
        switch (call.name) {
            case "attribute_exists":
            case "attribute_not_exists": {
                arity(call, 1);
                return new Ast.AttributeExists(
                        requirePath(call, call.args.get(0)), call.name.equals("attribute_exists"));
            }
            case "attribute_type": {
                arity(call, 2);
                Path path = requirePath(call, call.args.get(0));
                Operand type = call.args.get(1);
                if (!(type instanceof ValueOperand v)) {
                    throw incorrectOperandType(call.name, "{NS,SS,L,BS,N,M,B,BOOL,NULL,S}");
                }
                checks.add(ph -> {
                    AttributeValue value = ph.value(v.ref);
                    if (!(value instanceof AttributeValue.S s)) {
                        throw incorrectOperandType(
                                "attribute_type", value.type().name());
                    }
                    if (!TYPE_NAMES.contains(s.value())) {
                        throw error(Message.ExpressionAttributeTypeName, s.value());
                    }
                });
                return new Ast.AttributeTypeIs(path, type);
            }
            case "begins_with": {
                arity(call, 2);
                checkDistinct(call.name, call.args.get(0), call.args.get(1));
                for (Operand arg : call.args) {
                    if (arg instanceof Ast.SizeOperand) {
                        throw incorrectOperandType("begins_with", "N");
                    }
                    if (arg instanceof ValueOperand v) {
                        checks.add(ph -> {
                            AttributeValue value = ph.value(v.ref);
                            if (!(value instanceof AttributeValue.S) && !(value instanceof AttributeValue.B)) {
                                throw incorrectOperandType(
                                        "begins_with", value.type().name());
                            }
                        });
                    }
                }
                return new Ast.BeginsWith(call.args.get(0), call.args.get(1));
            }
            case "contains": {
                arity(call, 2);
                checkDistinct(call.name, call.args.get(0), call.args.get(1));
                return new Ast.Contains(call.args.get(0), call.args.get(1));
            }
            default: // size: an operand, not a condition
                throw misused(call.name);
        }
    }

    // ==== update expressions =================================================================================

    /** SET a = value, REMOVE a, ADD a :v, DELETE a :v, in clauses that each appear at most once. */
    List<UpdateAction> parseUpdateExpression() {
        return new UpdateParser(this).parse();
    }

    /** An operand of an update expression (a function's argument there). */
    private Operand parseUpdateOperand() {
        return new UpdateParser(this).parseUpdateOperand();
    }

    // ==== projection expressions =============================================================================

    List<Path> parseProjectionExpression() {
        List<Path> paths = new ArrayList<>();
        paths.add(parsePath());
        while (type() == Tok.COMMA) {
            pos++;
            paths.add(parsePath());
        }
        expectEnd();
        return paths;
    }
}
