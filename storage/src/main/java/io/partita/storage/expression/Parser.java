package io.partita.storage.expression;

import io.partita.storage.Message;
import io.partita.storage.ValidationException;
import io.partita.storage.expression.Ast.Cond;
import io.partita.storage.expression.Ast.Operand;
import io.partita.storage.expression.Ast.PathOperand;
import io.partita.storage.expression.Ast.ValueOperand;
import io.partita.storage.value.Items;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Hand-written recursive-descent parser for DynamoDB's expression grammar: the token cursor, the limits and
 * errors every part shares, document paths, function calls and projection lists; conditions are parsed by
 * {@link ConditionParser} and update expressions by {@link UpdateParser} on this parser's tokens. One instance
 * parses one text; it is not thread-safe (the results are). Every malformed input ends in a {@link ValidationException}
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
        int bytes = Items.utf8Length(text);
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

    /** The number of tokens, the closing EOF included. */
    int tokenCount() {
        return count;
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
        return new ConditionParser(this).parse();
    }

    // ==== operands and function calls shared by the condition and update grammars ===========================

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
        Supplier<Operand> operand =
                update ? new UpdateParser(this)::parseUpdateOperand : new ConditionParser(this)::parseConditionOperand;
        List<Operand> args = new ArrayList<>(2);
        args.add(operand.get());
        while (type() == Tok.COMMA) {
            pos++;
            args.add(operand.get());
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

    RuntimeException incorrectOperandType(String function, String type) {
        return error(Message.ExpressionOperandType, function, type);
    }

    // ==== update expressions =================================================================================

    /** SET a = value, REMOVE a, ADD a :v, DELETE a :v, in clauses that each appear at most once. */
    List<UpdateAction> parseUpdateExpression() {
        return new UpdateParser(this).parse();
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
