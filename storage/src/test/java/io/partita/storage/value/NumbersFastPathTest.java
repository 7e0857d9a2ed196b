package io.partita.storage.value;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Numbers#normalize} returns a number it finds already normal as it is (no {@code stripTrailingZeros} copy):
 * the result must equal, in value, scale and text, what stripping gives, and the errors must stay DynamoDB's.
 */
class NumbersFastPathTest {

    /** {@code Numbers.normalize} before the shortcut: strip, then check the range. */
    private static String reference(BigDecimal value) {
        if (value.signum() == 0) {
            return BigDecimal.ZERO.toString() + " scale 0";
        }
        BigDecimal v = value.stripTrailingZeros();
        if (v.precision() > Numbers.MAX_PRECISION) {
            return "too precise";
        }
        BigDecimal abs = v.abs();
        if (abs.compareTo(new BigDecimal("9.9999999999999999999999999999999999999E+125")) > 0) {
            return "overflow";
        }
        if (abs.compareTo(new BigDecimal("1E-130")) < 0) {
            return "underflow";
        }
        return v + " scale " + v.scale();
    }

    private static String actual(BigDecimal value) {
        try {
            BigDecimal v = Numbers.normalize(value);
            return v + " scale " + v.scale();
        } catch (RuntimeException e) {
            String m = String.valueOf(e.getMessage()).toLowerCase(java.util.Locale.ROOT);
            return m.contains("precision") || m.contains("significant")
                    ? "too precise"
                    : m.contains("overflow") || m.contains("large") ? "overflow" : "underflow";
        }
    }

    @Test
    void anAlreadyNormalNumberIsReturnedEqualToTheStrippedOne() {
        long seed = 0xB16D_EC17L; // fixed: a failure reproduces
        System.out.println("NumbersFastPathTest seed " + seed);
        Random r = new Random(seed);
        List<BigDecimal> values = new ArrayList<>(List.of(
                new BigDecimal("0.00"),
                new BigDecimal("1.10"),
                new BigDecimal("-0.000000000000001"),
                new BigDecimal("999999999999999"),
                new BigDecimal("99999999999999.9"),
                new BigDecimal("0.999999999999999"),
                new BigDecimal("100000000000000.0"),
                new BigDecimal("1000000000000000"),
                new BigDecimal("12.5E+3"),
                new BigDecimal("1E-130"),
                new BigDecimal("1E+126")));
        for (int i = 0; i < 200_000; i++) {
            int scale = r.nextInt(24) - 4;
            long unscaled = switch (r.nextInt(5)) {
                case 0 -> r.nextLong() % 1_000_000_000_000_000L; // up to 15 digits
                case 1 -> (r.nextLong() % 100_000_000_000_000L) * 10; // ending in 0
                case 2 -> r.nextInt(2001) - 1000;
                case 3 -> r.nextLong();
                default -> (r.nextBoolean() ? 1 : -1) * (999_999_999_999_999L - r.nextInt(1000));
            };
            values.add(BigDecimal.valueOf(unscaled, scale));
            // the same value held as a BigInteger (not compact) on another code path
            values.add(new BigDecimal(BigInteger.valueOf(unscaled).multiply(BigInteger.TEN.pow(20)), scale + 20));
        }
        List<String> differences = new ArrayList<>();
        for (BigDecimal v : values) {
            String expected = reference(v);
            String got = actual(v);
            if (!got.equals(expected)) {
                differences.add(v.toPlainString() + " (scale " + v.scale() + "): " + got + " vs " + expected);
            }
            if (differences.size() >= 10) {
                break;
            }
        }
        assertThat(differences).as("seed " + seed).isEmpty();
    }

    @Test
    void aNumberStaysEqualAsAnAttributeValue() {
        for (String text : List.of("19.99", "-0.05", "123456789012345", "7", "1.5", "250.00", "1E+2")) {
            BigDecimal v = new BigDecimal(text);
            AttributeValue.N n = AttributeValue.n(v);
            assertThat(n).isEqualTo(AttributeValue.n(text));
            assertThat(n.text()).isEqualTo(v.stripTrailingZeros().toPlainString());
            assertThat(n.size()).isEqualTo(AttributeValue.n(text).size());
        }
    }
}
