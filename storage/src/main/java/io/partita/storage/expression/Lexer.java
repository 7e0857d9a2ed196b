package io.partita.storage.expression;

import java.util.Arrays;

/**
 * The expression grammar's lexer: one pass over the text into parallel arrays of token types and their start
 * and end offsets, ending in an {@code EOF} token (or at the first character no token starts with, a {@code BAD}
 * token then {@code EOF}: the parser stops there).
 */
final class Lexer {
    Parser.Tok[] types = new Parser.Tok[16];
    int[] starts = new int[16];
    int[] ends = new int[16];
    int count;

    Lexer(String text) {
        lex(text);
    }

    private void lex(String s) {
        int n = s.length();
        int i = 0;
        while (true) {
            while (i < n && isSpace(s.charAt(i))) {
                i++;
            }
            if (i >= n) {
                add(Parser.Tok.EOF, n, n);
                return;
            }
            char c = s.charAt(i);
            int start = i;
            Parser.Tok type;
            if (isIdentStart(c)) {
                i++;
                while (i < n && isIdentPart(s.charAt(i))) {
                    i++;
                }
                type = Parser.Tok.NAME;
            } else if (c >= '0' && c <= '9') {
                while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                    i++;
                }
                type = Parser.Tok.NUMBER;
            } else if (c == '#' || c == ':') {
                i++;
                while (i < n && isIdentPart(s.charAt(i))) {
                    i++;
                }
                type = i - start > 1 ? (c == '#' ? Parser.Tok.NAME_REF : Parser.Tok.VALUE_REF) : Parser.Tok.BAD;
            } else {
                char next = i + 1 < n ? s.charAt(i + 1) : 0;
                type = symbol(c, next);
                i += symbolLength(type, c, next);
            }
            add(type, start, i);
            if (type == Parser.Tok.BAD) {
                add(Parser.Tok.EOF, i, i); // the parser stops at the bad token; nothing after it is looked at
                return;
            }
        }
    }

    /** The token a punctuation or operator character starts, given the character after it (0 at the end). */
    private static Parser.Tok symbol(char c, char next) {
        return switch (c) {
            case '.' -> Parser.Tok.DOT;
            case '[' -> Parser.Tok.LBRACKET;
            case ']' -> Parser.Tok.RBRACKET;
            case '(' -> Parser.Tok.LPAREN;
            case ')' -> Parser.Tok.RPAREN;
            case ',' -> Parser.Tok.COMMA;
            case '=' -> Parser.Tok.EQ;
            case '+' -> Parser.Tok.PLUS;
            case '-' -> Parser.Tok.MINUS;
            case '<' -> next == '=' ? Parser.Tok.LE : next == '>' ? Parser.Tok.NE : Parser.Tok.LT;
            case '>' -> next == '=' ? Parser.Tok.GE : Parser.Tok.GT;
            default -> Parser.Tok.BAD;
        };
    }

    /** The characters {@link #symbol} consumed: two for {@code <= <> >=} and for a bad surrogate pair, else one. */
    private static int symbolLength(Parser.Tok type, char c, char next) {
        if (type == Parser.Tok.LE || type == Parser.Tok.NE || type == Parser.Tok.GE) {
            return 2;
        }
        return type == Parser.Tok.BAD && Character.isHighSurrogate(c) && Character.isLowSurrogate(next) ? 2 : 1;
    }

    private void add(Parser.Tok type, int start, int end) {
        if (count == types.length) {
            types = Arrays.copyOf(types, count * 2);
            starts = Arrays.copyOf(starts, count * 2);
            ends = Arrays.copyOf(ends, count * 2);
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
}
