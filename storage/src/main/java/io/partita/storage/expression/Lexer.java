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
                i++;
                switch (c) {
                    case '.':
                        type = Parser.Tok.DOT;
                        break;
                    case '[':
                        type = Parser.Tok.LBRACKET;
                        break;
                    case ']':
                        type = Parser.Tok.RBRACKET;
                        break;
                    case '(':
                        type = Parser.Tok.LPAREN;
                        break;
                    case ')':
                        type = Parser.Tok.RPAREN;
                        break;
                    case ',':
                        type = Parser.Tok.COMMA;
                        break;
                    case '=':
                        type = Parser.Tok.EQ;
                        break;
                    case '+':
                        type = Parser.Tok.PLUS;
                        break;
                    case '-':
                        type = Parser.Tok.MINUS;
                        break;
                    case '<':
                        if (i < n && s.charAt(i) == '=') {
                            i++;
                            type = Parser.Tok.LE;
                        } else if (i < n && s.charAt(i) == '>') {
                            i++;
                            type = Parser.Tok.NE;
                        } else {
                            type = Parser.Tok.LT;
                        }
                        break;
                    case '>':
                        if (i < n && s.charAt(i) == '=') {
                            i++;
                            type = Parser.Tok.GE;
                        } else {
                            type = Parser.Tok.GT;
                        }
                        break;
                    default:
                        if (Character.isHighSurrogate(c) && i < n && Character.isLowSurrogate(s.charAt(i))) {
                            i++;
                        }
                        type = Parser.Tok.BAD;
                }
            }
            add(type, start, i);
            if (type == Parser.Tok.BAD) {
                add(Parser.Tok.EOF, i, i); // the parser stops at the bad token; nothing after it is looked at
                return;
            }
        }
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
