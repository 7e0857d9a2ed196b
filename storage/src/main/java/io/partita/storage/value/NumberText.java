package io.partita.storage.value;

import io.partita.storage.Message;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Reads DynamoDB's textual form of a number in one pass over the text, before any arithmetic: a wire number of a
 * million digits is rejected in time linear in its length ({@code new BigDecimal(String)} on such a text is
 * quadratic, and stripping its zeros is again).
 *
 * <p>The grammar is ASCII only, with no whitespace: an optional sign, digits, an optional fraction ({@code .} and at
 * least one digit; {@code .5} is a number, {@code 1.} is not), an optional exponent ({@code e} or {@code E}, an
 * optional sign, digits). An exponent of more than ten digits (leading zeros aside), or one that puts the scale out of
 * {@code int} range, cannot be converted, as with {@code BigDecimal}. The significant digits (leading and trailing
 * zeros dropped) must be at most 38, and a non-zero magnitude within 1E-130 .. 9.99…E+125, checked in that order.
 * The result is the normalized number, built from the significant digits only.
 */
final class NumberText {
    /** Longest unparsable text quoted whole in the error; a longer one is cut, with its length given. */
    private static final int QUOTE_LIMIT = 64;

    private static final int MAX_EXPONENT_DIGITS = 10;
    private static final long MAX_ADJUSTED_EXPONENT = 125;
    private static final long MIN_ADJUSTED_EXPONENT = -130;
    private static final int LONG_DIGITS = 18;

    private final String text;
    private int pos;

    private NumberText(String text) {
        this.text = text;
    }

    /** The normalized number {@code text} denotes; a {@code ValidationException} with DynamoDB's message if none. */
    static BigDecimal parse(String text) {
        if (text == null) {
            throw Message.NumberUnparsable.exception("null");
        }
        return new NumberText(text).read();
    }

    private BigDecimal read() {
        boolean negative = sign();
        int intStart = pos;
        skipDigits();
        int intEnd = pos;
        int fracStart = intEnd;
        int fracEnd = intEnd;
        if (pos < text.length() && text.charAt(pos) == '.') {
            pos++;
            fracStart = pos;
            skipDigits();
            fracEnd = pos;
            if (fracEnd == fracStart) {
                throw unparsable(); // "1." and "."
            }
        }
        if (intEnd == intStart && fracEnd == fracStart) {
            throw unparsable();
        }
        long exponent = 0;
        if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
            pos++;
            exponent = exponent();
        }
        if (pos != text.length()) {
            throw unparsable();
        }
        int fractionDigits = fracEnd - fracStart;
        long scale = fractionDigits - exponent;
        if (scale != (int) scale) {
            throw unparsable();
        }
        return value(negative, intStart, intEnd, fracStart, fracEnd, exponent);
    }

    /** The normalized value of the digits {@code [intStart, intEnd) [fracStart, fracEnd)} times 10^exponent. */
    private BigDecimal value(boolean negative, int intStart, int intEnd, int fracStart, int fracEnd, long exponent) {
        int intDigits = intEnd - intStart;
        int total = intDigits + (fracEnd - fracStart);
        int first = 0;
        while (first < total && digitAt(first, intStart, intDigits, fracStart) == '0') {
            first++;
        }
        if (first == total) {
            return BigDecimal.ZERO;
        }
        int last = total - 1;
        while (digitAt(last, intStart, intDigits, fracStart) == '0') {
            last--;
        }
        int significant = last - first + 1;
        if (significant > Numbers.MAX_PRECISION) {
            throw Message.NumberTooPrecise.exception();
        }
        // the digit at index i of the sequence stands for 10^(intDigits - 1 - i + exponent)
        long adjusted = intDigits - 1L - first + exponent;
        if (adjusted > MAX_ADJUSTED_EXPONENT) {
            throw Message.NumberOverflow.exception();
        }
        if (adjusted < MIN_ADJUSTED_EXPONENT) {
            throw Message.NumberUnderflow.exception();
        }
        int scale = (int) (last - (intDigits - 1L) - exponent);
        StringBuilder digits = new StringBuilder(significant + 1);
        if (negative) {
            digits.append('-');
        }
        for (int i = first; i <= last; i++) {
            digits.append(digitAt(i, intStart, intDigits, fracStart));
        }
        return significant <= LONG_DIGITS
                ? BigDecimal.valueOf(Long.parseLong(digits.toString()), scale)
                : new BigDecimal(new BigInteger(digits.toString()), scale);
    }

    private char digitAt(int index, int intStart, int intDigits, int fracStart) {
        return index < intDigits ? text.charAt(intStart + index) : text.charAt(fracStart + index - intDigits);
    }

    /** Consumes an optional sign; true for {@code -}. */
    private boolean sign() {
        if (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == '-' || c == '+') {
                pos++;
                return c == '-';
            }
        }
        return false;
    }

    private void skipDigits() {
        while (pos < text.length() && isDigit(text.charAt(pos))) {
            pos++;
        }
    }

    /** The exponent after {@code e}: a sign and at most ten digits besides leading zeros. */
    private long exponent() {
        boolean negative = sign();
        int start = pos;
        while (pos < text.length() && text.charAt(pos) == '0') {
            pos++;
        }
        int nonZero = pos;
        skipDigits();
        if (pos == start || pos - nonZero > MAX_EXPONENT_DIGITS) {
            throw unparsable();
        }
        long value = nonZero == pos ? 0 : Long.parseLong(text, nonZero, pos, 10);
        // beyond int is fine here (ten digits fit a long): what must fit an int is the scale, checked by the caller
        return negative ? -value : value;
    }

    /** ASCII digits only: {@link Character#isDigit} also takes other scripts' digits, which DynamoDB does not. */
    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private RuntimeException unparsable() {
        String quoted = text.length() <= QUOTE_LIMIT
                ? "'" + text + "'"
                : "'" + text.substring(0, QUOTE_LIMIT) + "...' (" + text.length() + " characters)";
        return Message.NumberUnparsable.exception(quoted);
    }
}
