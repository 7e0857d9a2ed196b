package io.partita.storage.expression;

import io.partita.storage.ValidationException;
import io.partita.storage.expression.Ast.Arithmetic;
import io.partita.storage.expression.Ast.Cond;
import io.partita.storage.expression.Ast.Operand;
import io.partita.storage.expression.Ast.PathOperand;
import io.partita.storage.expression.Ast.ValueOperand;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
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

    // token types
    static final int EOF = 0;
    static final int NAME = 1;
    static final int NAME_REF = 2;
    static final int VALUE_REF = 3;
    static final int NUMBER = 4;
    static final int DOT = 5;
    static final int LBRACKET = 6;
    static final int RBRACKET = 7;
    static final int LPAREN = 8;
    static final int RPAREN = 9;
    static final int COMMA = 10;
    static final int EQ = 11;
    static final int NE = 12;
    static final int LT = 13;
    static final int LE = 14;
    static final int GT = 15;
    static final int GE = 16;
    static final int PLUS = 17;
    static final int MINUS = 18;
    static final int BAD = 19;

    final String text;
    final ExpressionKind kind;
    final String prefix;
    private int[] types = new int[16];
    private int[] starts = new int[16];
    private int[] ends = new int[16];
    private int count;
    private int pos;
    private int depth;

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
            throw new ValidationException(prefix + "The expression can not be empty;");
        }
        int bytes = AttributeValue.utf8Length(text);
        if (bytes > MAX_EXPRESSION_BYTES) {
            throw new ValidationException(prefix + "Expression size has exceeded the maximum allowed size; expression size: "
                    + bytes);
        }
        this.text = text;
        lex();
    }

    // ==== lexer ==============================================================================================

    private void lex() {
        String s = text;
        int n = s.length();
        int i = 0;
        while (true) {
            while (i < n && isSpace(s.charAt(i))) {
                i++;
            }
            if (i >= n) {
                add(EOF, n, n);
                return;
            }
            char c = s.charAt(i);
            int start = i;
            int type;
            if (isIdentStart(c)) {
                i++;
                while (i < n && isIdentPart(s.charAt(i))) {
                    i++;
                }
                type = NAME;
            } else if (c >= '0' && c <= '9') {
                while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                    i++;
                }
                type = NUMBER;
            } else if (c == '#' || c == ':') {
                i++;
                while (i < n && isIdentPart(s.charAt(i))) {
                    i++;
                }
                type = i - start > 1 ? (c == '#' ? NAME_REF : VALUE_REF) : BAD;
            } else {
                i++;
                switch (c) {
                    case '.': type = DOT; break;
                    case '[': type = LBRACKET; break;
                    case ']': type = RBRACKET; break;
                    case '(': type = LPAREN; break;
                    case ')': type = RPAREN; break;
                    case ',': type = COMMA; break;
                    case '=': type = EQ; break;
                    case '+': type = PLUS; break;
                    case '-': type = MINUS; break;
                    case '<':
                        if (i < n && s.charAt(i) == '=') {
                            i++;
                            type = LE;
                        } else if (i < n && s.charAt(i) == '>') {
                            i++;
                            type = NE;
                        } else {
                            type = LT;
                        }
                        break;
                    case '>':
                        if (i < n && s.charAt(i) == '=') {
                            i++;
                            type = GE;
                        } else {
                            type = GT;
                        }
                        break;
                    default:
                        if (Character.isHighSurrogate(c) && i < n && Character.isLowSurrogate(s.charAt(i))) {
                            i++;
                        }
                        type = BAD;
                }
            }
            add(type, start, i);
            if (type == BAD) {
                add(EOF, i, i); // the parser stops at the bad token; nothing after it is looked at
                return;
            }
        }
    }

    private void add(int type, int start, int end) {
        if (count == types.length) {
            types = java.util.Arrays.copyOf(types, count * 2);
            starts = java.util.Arrays.copyOf(starts, count * 2);
            ends = java.util.Arrays.copyOf(ends, count * 2);
        }
        types[count] = type;
        starts[count] = start;
        ends[count] = end;
        count++;
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    private static boolean isIdentStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }

    private static boolean isIdentPart(char c) {
        return isIdentStart(c) || (c >= '0' && c <= '9');
    }

    // ==== token helpers ======================================================================================

    int type() {
        return types[pos];
    }

    int typeAt(int p) {
        return p < count ? types[p] : EOF;
    }

    String tokenText(int p) {
        return types[p] == EOF ? "<EOF>" : text.substring(starts[p], ends[p]);
    }

    String tokenText() {
        return tokenText(pos);
    }

    boolean isKeyword(String word) {
        return isKeywordAt(pos, word);
    }

    boolean isKeywordAt(int p, String word) {
        return typeAt(p) == NAME && ends[p] - starts[p] == word.length()
                && text.regionMatches(true, starts[p], word, 0, word.length());
    }

    int position() {
        return pos;
    }

    ValidationException syntaxError() {
        return syntaxError(pos);
    }

    /** DynamoDB's syntax error: the offending token and the text from the token before it to the token after it. */
    ValidationException syntaxError(int p) {
        int from = starts[p > 0 ? p - 1 : p];
        int to = p + 1 < count ? ends[p + 1] : ends[p];
        if (types[p] == EOF) {
            to = text.length();
        }
        String near = text.substring(from, Math.max(from, to)).strip();
        return new ValidationException(prefix + "Syntax error; token: \"" + tokenText(p) + "\", near: \"" + near + "\"");
    }

    ValidationException error(String message) {
        return new ValidationException(prefix + message);
    }

    void expect(int type) {
        if (types[pos] != type) {
            throw syntaxError();
        }
        pos++;
    }

    void expectEnd() {
        if (types[pos] != EOF) {
            throw syntaxError();
        }
    }

    private void enter() {
        if (++depth > MAX_DEPTH) {
            throw error("The expression is nested too deeply; maximum nesting depth: " + MAX_DEPTH);
        }
    }

    private void leave() {
        depth--;
    }

    // ==== paths ==============================================================================================

    Path parsePath() {
        List<String> names = new ArrayList<>(4);
        List<Integer> indexes = new ArrayList<>(4);
        List<Boolean> refs = new ArrayList<>(4);
        pathName(names, indexes, refs);
        while (true) {
            int t = type();
            if (t == DOT) {
                pos++;
                pathName(names, indexes, refs);
            } else if (t == LBRACKET) {
                pos++;
                if (type() != NUMBER) {
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
                expect(RBRACKET);
                names.add(null);
                indexes.add(index);
                refs.add(false);
            } else {
                break;
            }
            if (names.size() > MAX_PATH_DEPTH) {
                throw error("The document path has too many nesting levels; nesting levels: " + names.size());
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
        int t = type();
        String token = tokenText();
        if (t == NAME) {
            if (ReservedWords.isReserved(token)) {
                throw error("Attribute name is a reserved keyword; reserved keyword: " + token);
            }
            names.add(token);
            refs.add(false);
        } else if (t == NAME_REF) {
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
            c = new Ast.Or(c, parseAnd());
        }
        return c;
    }

    private Cond parseAnd() {
        Cond c = parseNot();
        while (isKeyword("AND")) {
            pos++;
            c = new Ast.And(c, parseNot());
        }
        return c;
    }

    private Cond parseNot() {
        if (isKeyword("NOT")) {
            pos++;
            enter();
            Cond c = new Ast.Not(parseNot());
            leave();
            return c;
        }
        return parsePrimary();
    }

    private Cond parsePrimary() {
        if (type() == LPAREN && !operandInParensAhead()) {
            pos++;
            enter();
            Cond inner = parseOr();
            expect(RPAREN);
            leave();
            if (inner instanceof Ast.Paren) {
                throw error("The expression has redundant parentheses;");
            }
            return new Ast.Paren(inner);
        }
        if (type() == NAME && typeAt(pos + 1) == LPAREN) {
            Call call = parseCall();
            if (atComparisonOperator()) {
                return parseComparison(conditionCallAsOperand(call));
            }
            return conditionCallAsCondition(call);
        }
        return parseComparison(parseConditionOperand());
    }

    private boolean atComparisonOperator() {
        int t = type();
        return (t >= EQ && t <= GE) || isKeyword("BETWEEN") || isKeyword("IN");
    }

    /** At '(': does an operand in parentheses follow, then a comparison ({@code (a) = :v})? */
    private boolean operandInParensAhead() {
        int end = scanOperand(pos, 0);
        if (end < 0) {
            return false;
        }
        int t = typeAt(end);
        return (t >= EQ && t <= GE) || isKeywordAt(end, "BETWEEN") || isKeywordAt(end, "IN");
    }

    /** The token index after an operand starting at p, or -1; a linear scan without building anything. */
    private int scanOperand(int p, int nesting) {
        if (nesting > MAX_DEPTH) {
            return -1;
        }
        int t = typeAt(p);
        if (t == LPAREN) {
            int q = scanOperand(p + 1, nesting + 1);
            return q >= 0 && typeAt(q) == RPAREN ? q + 1 : -1;
        }
        if (t == VALUE_REF) {
            return p + 1;
        }
        if (t == NAME && typeAt(p + 1) == LPAREN) {
            int level = 0;
            for (int q = p + 1; q < count; q++) {
                int u = types[q];
                if (u == LPAREN) {
                    level++;
                } else if (u == RPAREN && --level == 0) {
                    return q + 1;
                } else if (u == EOF || (u == NAME && (isKeywordAt(q, "AND") || isKeywordAt(q, "OR")))) {
                    return -1;
                }
            }
            return -1;
        }
        if (t == NAME || t == NAME_REF) {
            int q = p + 1;
            while (true) {
                int u = typeAt(q);
                if (u == DOT && (typeAt(q + 1) == NAME || typeAt(q + 1) == NAME_REF)) {
                    q += 2;
                } else if (u == LBRACKET && typeAt(q + 1) == NUMBER && typeAt(q + 2) == RBRACKET) {
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
        int t = type();
        if (t >= EQ && t <= GE) {
            pos++;
            Ast.Comparator op = switch (t) {
                case EQ -> Ast.Comparator.EQ;
                case NE -> Ast.Comparator.NE;
                case LT -> Ast.Comparator.LT;
                case LE -> Ast.Comparator.LE;
                case GT -> Ast.Comparator.GT;
                default -> Ast.Comparator.GE;
            };
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
            expect(LPAREN);
            List<Operand> candidates = new ArrayList<>();
            candidates.add(parseConditionOperand());
            while (type() == COMMA) {
                pos++;
                candidates.add(parseConditionOperand());
            }
            expect(RPAREN);
            if (candidates.size() > MAX_IN_OPERANDS) {
                throw error("The IN operator is provided with too many operands; number of operands: "
                        + candidates.size());
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
                    throw error("Incorrect operand type for operator or function; operator or function: " + operator
                            + ", operand type: " + value.type());
                }
            });
        }
    }

    private void checkBetweenBounds(AttributeValue low, AttributeValue high) {
        if (low.type() != high.type()) {
            throw error("The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: "
                    + "AttributeValue: " + Ast.Values.render(low) + ", upper bound operand: AttributeValue: "
                    + Ast.Values.render(high));
        }
        int c = Ast.Values.compareScalar(low, high);
        if (c != Ast.Values.INCOMPARABLE && c > 0) {
            throw error("The BETWEEN operator requires upper bound to be greater than or equal to lower bound; "
                    + "lower bound operand: AttributeValue: " + Ast.Values.render(low)
                    + ", upper bound operand: AttributeValue: " + Ast.Values.render(high));
        }
    }

    private void checkDistinct(String operator, Operand first, Operand second) {
        if (first instanceof PathOperand a && second instanceof PathOperand b && a.path.sameAs(b.path)) {
            throw error("The first operand must be distinct from the remaining operands for this operator or function; "
                    + "operator: " + operator + ", first operand: " + a.path.describe());
        }
    }

    /** An operand of a condition: a path, a :value, size(...), or one of these in parentheses. */
    private Operand parseConditionOperand() {
        int t = type();
        if (t == LPAREN) {
            pos++;
            enter();
            Operand o = parseConditionOperand();
            expect(RPAREN);
            leave();
            return o;
        }
        if (t == VALUE_REF) {
            return valueOperand();
        }
        if (t == NAME && typeAt(pos + 1) == LPAREN) {
            return conditionCallAsOperand(parseCall());
        }
        if (t == NAME || t == NAME_REF) {
            return new PathOperand(parsePath());
        }
        throw syntaxError();
    }

    private ValueOperand valueOperand() {
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

    private Call parseCall() {
        int at = pos;
        String name = tokenText();
        pos++;
        expect(LPAREN);
        enter();
        boolean update = kind == ExpressionKind.UPDATE;
        List<Operand> args = new ArrayList<>(2);
        args.add(update ? parseUpdateOperand() : parseConditionOperand());
        while (type() == COMMA) {
            pos++;
            args.add(update ? parseUpdateOperand() : parseConditionOperand());
        }
        expect(RPAREN);
        leave();
        Set<String> known = update ? UPDATE_FUNCTIONS : CONDITION_FUNCTIONS;
        if (!known.contains(name)) {
            throw error("Invalid function name; function: " + name);
        }
        return new Call(name, at, args);
    }

    private void arity(Call call, int expected) {
        if (call.args.size() != expected) {
            throw error("Incorrect number of operands for operator or function; operator or function: " + call.name
                    + ", number of operands: " + call.args.size());
        }
    }

    private Path requirePath(Call call, Operand operand) {
        if (operand instanceof PathOperand p) {
            return p.path;
        }
        throw error("Operator or function requires a document path; operator or function: " + call.name);
    }

    private ValidationException misused(String function) {
        return error("The function is not allowed to be used this way in an expression; function: " + function);
    }

    private Operand conditionCallAsOperand(Call call) {
        if (!call.name.equals("size")) {
            throw misused(call.name);
        }
        arity(call, 1);
        Operand arg = call.args.get(0);
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

    ValidationException incorrectOperandType(String function, String type) {
        return error("Incorrect operand type for operator or function; operator or function: " + function
                + ", operand type: " + type);
    }

    private static final Set<String> TYPE_NAMES = Set.of("S", "N", "B", "NULL", "SS", "BOOL", "L", "BS", "NS", "M");

    private Cond conditionCallAsCondition(Call call) {
        switch (call.name) {
            case "attribute_exists":
            case "attribute_not_exists": {
                arity(call, 1);
                return new Ast.AttributeExists(requirePath(call, call.args.get(0)), call.name.equals("attribute_exists"));
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
                        throw incorrectOperandType("attribute_type", value.type().name());
                    }
                    if (!TYPE_NAMES.contains(s.value())) {
                        throw error("Invalid attribute type name found; type: " + s.value()
                                + ", valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
                    }
                });
                return new Ast.AttributeTypeIs(path, type);
            }
            case "begins_with": {
                arity(call, 2);
                checkDistinct(call.name, call.args.get(0), call.args.get(1));
                for (Operand arg : call.args) {
                    if (arg instanceof ValueOperand v) {
                        checks.add(ph -> {
                            AttributeValue value = ph.value(v.ref);
                            if (!(value instanceof AttributeValue.S) && !(value instanceof AttributeValue.B)) {
                                throw incorrectOperandType("begins_with", value.type().name());
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
        List<UpdateAction> actions = new ArrayList<>();
        boolean[] seen = new boolean[4];
        do {
            int clause;
            if (isKeyword("SET")) {
                clause = 0;
            } else if (isKeyword("REMOVE")) {
                clause = 1;
            } else if (isKeyword("ADD")) {
                clause = 2;
            } else if (isKeyword("DELETE")) {
                clause = 3;
            } else {
                throw syntaxError();
            }
            String keyword = tokenText().toUpperCase(Locale.ROOT);
            if (seen[clause]) {
                throw error("The \"" + keyword + "\" section can only be used once in an update expression;");
            }
            seen[clause] = true;
            pos++;
            while (true) {
                actions.add(parseUpdateAction(clause));
                if (type() != COMMA) {
                    break;
                }
                pos++;
            }
        } while (type() != EOF);
        return actions;
    }

    private UpdateAction parseUpdateAction(int clause) {
        Path path = parsePath();
        switch (clause) {
            case 0: {
                expect(EQ);
                return new UpdateAction(UpdateAction.SET, path, parseSetValue(), null);
            }
            case 1:
                return new UpdateAction(UpdateAction.REMOVE, path, null, null);
            default: {
                if (type() != VALUE_REF) {
                    throw syntaxError();
                }
                ValueOperand v = valueOperand();
                boolean add = clause == 2;
                checks.add(ph -> {
                    AttributeValue value = ph.value(v.ref);
                    AttributeType type = value.type();
                    boolean setOperand = type == AttributeType.SS || type == AttributeType.NS || type == AttributeType.BS;
                    // ADD takes a number or a set; DELETE only a set.
                    if (!setOperand && !(add && type == AttributeType.N)) {
                        throw error("Incorrect operand type for operator or function; operator: "
                                + (add ? "ADD" : "DELETE") + ", operand type: " + Ast.Values.longTypeName(value));
                    }
                });
                return new UpdateAction(add ? UpdateAction.ADD : UpdateAction.DELETE, path, null, v.ref);
            }
        }
    }

    /** operand, or operand + operand, or operand - operand. */
    private Operand parseSetValue() {
        Operand left = parseUpdateOperand();
        int t = type();
        if (t == PLUS || t == MINUS) {
            pos++;
            Operand right = parseUpdateOperand();
            String symbol = t == PLUS ? "+" : "-";
            for (Operand o : new Operand[] {left, right}) {
                if (o instanceof ValueOperand v) {
                    checks.add(ph -> {
                        AttributeValue value = ph.value(v.ref);
                        if (!(value instanceof AttributeValue.N)) {
                            throw incorrectOperandType(symbol, value.type().name());
                        }
                    });
                }
            }
            return new Arithmetic(t == PLUS, left, right);
        }
        return left;
    }

    private Operand parseUpdateOperand() {
        int t = type();
        if (t == LPAREN) {
            pos++;
            enter();
            Operand o = parseSetValue();
            expect(RPAREN);
            leave();
            return o;
        }
        if (t == VALUE_REF) {
            return valueOperand();
        }
        if (t == NAME && typeAt(pos + 1) == LPAREN) {
            Call call = parseCall();
            arity(call, 2);
            if (call.name.equals("if_not_exists")) {
                return new Ast.IfNotExists(requirePath(call, call.args.get(0)), call.args.get(1));
            }
            for (Operand arg : call.args) {
                if (arg instanceof ValueOperand v) {
                    checks.add(ph -> {
                        AttributeValue value = ph.value(v.ref);
                        if (!(value instanceof AttributeValue.L)) {
                            throw incorrectOperandType("list_append", value.type().name());
                        }
                    });
                }
            }
            return new Ast.ListAppend(call.args.get(0), call.args.get(1));
        }
        if (t == NAME || t == NAME_REF) {
            return new PathOperand(parsePath());
        }
        throw syntaxError();
    }

    // ==== projection expressions =============================================================================

    List<Path> parseProjectionExpression() {
        List<Path> paths = new ArrayList<>();
        paths.add(parsePath());
        while (type() == COMMA) {
            pos++;
            paths.add(parsePath());
        }
        expectEnd();
        return paths;
    }
}
