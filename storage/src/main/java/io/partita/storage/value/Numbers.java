package io.partita.storage.value;

import io.partita.storage.Message;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * DynamoDB's number rules: at most 38 significant digits, positive magnitudes from 1E-130 to
 * 9.9999999999999999999999999999999999999E+125 (and the same negated), leading and trailing zeros
 * dropped. Numbers are normalized so that equal values have equal representations.
 */
public final class Numbers {
    public static final int MAX_PRECISION = 38;
    private static final BigDecimal MAX_MAGNITUDE = new BigDecimal("9.9999999999999999999999999999999999999E+125");
    private static final BigDecimal MIN_MAGNITUDE = new BigDecimal("1E-130");

    private Numbers() {}

    /**
     * Parses DynamoDB's textual form of a number, as sent on the wire, in time linear in its length: see
     * {@link NumberText} for the grammar and the order of the checks.
     */
    public static BigDecimal parse(String text) {
        return NumberText.parse(text);
    }

    /** Validates and normalizes a number; rejects what DynamoDB rejects, with DynamoDB's messages. */
    public static BigDecimal normalize(BigDecimal value) {
        if (value.signum() == 0) {
            return BigDecimal.ZERO;
        }
        if (alreadyNormal(value)) {
            return value; // what the rest returns, equal to it, without the copy stripTrailingZeros makes
        }
        BigDecimal v = value.stripTrailingZeros();
        if (v.precision() > MAX_PRECISION) {
            throw Message.NumberTooPrecise.exception();
        }
        BigDecimal abs = v.abs();
        if (abs.compareTo(MAX_MAGNITUDE) > 0) {
            throw Message.NumberOverflow.exception();
        }
        if (abs.compareTo(MIN_MAGNITUDE) < 0) {
            throw Message.NumberUnderflow.exception();
        }
        return v;
    }

    private static final double[] POWERS_OF_TEN = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15
    };

    /**
     * True for a non-zero {@code BigDecimal} (not a subclass) of at most 15 digits and scale 0 to 15 whose unscaled
     * value does not end in 0: it has no trailing zeros and is within DynamoDB's range, so {@link #normalize} returns
     * it as it is (a mapped price, quantity or rate mostly is). The unscaled value is found without allocating it:
     * {@code doubleValue()} is {@code u / 10^scale} correctly rounded, and for {@code |u| < 10^15} multiplying back
     * and rounding recovers {@code u} exactly (the two roundings err by less than {@code 2^-52 |u| < 0.25}).
     */
    private static boolean alreadyNormal(BigDecimal value) {
        if (value.getClass() != BigDecimal.class) {
            return false;
        }
        int scale = value.scale();
        if (scale < 0 || scale >= POWERS_OF_TEN.length || value.precision() >= POWERS_OF_TEN.length) {
            return false;
        }
        long unscaled = scale == 0 ? value.longValue() : Math.round(value.doubleValue() * POWERS_OF_TEN[scale]);
        return unscaled % 10 != 0;
    }

    private static final long[] LONG_POWERS_OF_TEN = {
        1L,
        10L,
        100L,
        1_000L,
        10_000L,
        100_000L,
        1_000_000L,
        10_000_000L,
        100_000_000L,
        1_000_000_000L,
        10_000_000_000L,
        100_000_000_000L,
        1_000_000_000_000L,
        10_000_000_000_000L,
        100_000_000_000_000L,
        1_000_000_000_000_000L,
        10_000_000_000_000_000L,
        100_000_000_000_000_000L
    };

    /** 10 to the power {@code exponent}, for 0 to 17: a divisor of an 18-digit long's trailing zeros. */
    static long tenTo(int exponent) {
        return LONG_POWERS_OF_TEN[exponent];
    }

    /**
     * {@code BigDecimal.valueOf(l).hashCode()} for an {@code l} without trailing zeros, whose BigDecimal has scale
     * 0 and holds {@code l} compactly (the formula of {@code BigDecimal.hashCode}): hashing a number does not
     * need its BigDecimal. Key hashing depends on this being exactly BigDecimal's value.
     */
    static int integerHash(long l) {
        long abs = l < 0 ? -l : l;
        int high = ((int) (abs >>> 32)) * 31; // an int product, wrapping as in BigDecimal.hashCode
        int temp = (int) (high + (abs & 0xFFFFFFFFL));
        return 31 * (l < 0 ? -temp : temp); // + scale 0
    }

    /** The normal form of {@code value}: its digits without the trailing zeros, scaled by minus their count. */
    static BigDecimal normalOf(long value) {
        if (value == 0 || value % 10 != 0) {
            return BigDecimal.valueOf(value);
        }
        long unscaled = value;
        int zeros = 0;
        while (unscaled % 10 == 0) {
            unscaled /= 10;
            zeros++;
        }
        return BigDecimal.valueOf(unscaled, -zeros);
    }

    public static BigDecimal of(long value) {
        return normalize(BigDecimal.valueOf(value));
    }

    public static BigDecimal of(BigInteger value) {
        return normalize(new BigDecimal(value));
    }

    /** The canonical text of a normalized number: plain notation, no exponent, no trailing zeros. */
    public static String toText(BigDecimal normalized) {
        return normalized.toPlainString();
    }

    /** {@link #sizeOf(BigDecimal)} of {@code l}'s normal form, without building it. */
    static int sizeOf(long l) {
        if (l == 0) {
            return 1;
        }
        int digits = 0;
        for (long x = l / tenTo(trailingZeros(l)); x != 0; x /= 10) {
            digits++;
        }
        return (digits + 1) / 2 + 1 + (l < 0 ? 1 : 0);
    }

    /** The trailing decimal zeros of a non-zero {@code l} (its normal form's scale is their negation). */
    static int trailingZeros(long l) {
        int trailing = 0;
        for (long unscaled = l; unscaled % 10 == 0; unscaled /= 10) {
            trailing++;
        }
        return trailing;
    }

    /** Storage size in bytes as DynamoDB accounts it: one byte per two significant digits, plus one. */
    public static int sizeOf(BigDecimal normalized) {
        if (normalized.signum() == 0) {
            return 1;
        }
        int digits = normalized.precision();
        return (digits + 1) / 2 + 1 + (normalized.signum() < 0 ? 1 : 0);
    }
}
