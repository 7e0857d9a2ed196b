package io.partita.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.KeyOrder;
import java.math.BigDecimal;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The engine keys every ordered structure by {@link KeyCodec} bytes, so its whole notion of order rests
 * on this: comparing encodings as unsigned bytes must give DynamoDB's key order (S by UTF-8 bytes,
 * N numerically, B by unsigned bytes), for single values and for tuples of them, and a prefix followed by
 * {@link KeyCodec#AFTER} must sort after every key extending it. Fixed seeds, so a failure reproduces.
 */
class KeyCodecOrderTest {

    @Property(tries = 3000, seed = "7261")
    void stringsOrderLikeTheirUtf8Bytes(@ForAll("strings") String a, @ForAll("strings") String b) {
        assertSameOrder(AttributeValue.s(a), AttributeValue.s(b));
    }

    @Property(tries = 3000, seed = "7262")
    void numbersOrderNumerically(@ForAll("numbers") BigDecimal a, @ForAll("numbers") BigDecimal b) {
        assertSameOrder(AttributeValue.n(a), AttributeValue.n(b));
    }

    @Property(tries = 3000, seed = "7263")
    void binaryOrdersUnsigned(@ForAll("binaries") byte[] a, @ForAll("binaries") byte[] b) {
        assertSameOrder(AttributeValue.b(a), AttributeValue.b(b));
    }

    @Property(tries = 3000, seed = "7264")
    void tuplesOrderLexicographically(
            @ForAll("strings") String s1,
            @ForAll("numbers") BigDecimal n1,
            @ForAll("strings") String s2,
            @ForAll("numbers") BigDecimal n2) {
        OrderKey a = KeyCodec.builder(0)
                .add(AttributeValue.s(s1))
                .add(AttributeValue.n(n1))
                .build();
        OrderKey b = KeyCodec.builder(0)
                .add(AttributeValue.s(s2))
                .add(AttributeValue.n(n2))
                .build();
        int expected = KeyOrder.compare(AttributeValue.s(s1), AttributeValue.s(s2));
        if (expected == 0) {
            expected = KeyOrder.compare(AttributeValue.n(n1), AttributeValue.n(n2));
        }
        assertThat(Integer.signum(a.compareTo(b))).isEqualTo(Integer.signum(expected));
    }

    @Property(tries = 2000, seed = "7265")
    void afterBoundSortsAfterEveryExtension(
            @ForAll("strings") String prefix, @ForAll("strings") String rest, @ForAll("binaries") byte[] tail) {
        OrderKey bound =
                KeyCodec.builder(0).add(AttributeValue.s(prefix)).after().build();
        OrderKey key = KeyCodec.builder(0)
                .add(AttributeValue.s(prefix))
                .add(AttributeValue.s(rest))
                .build();
        OrderKey binKey = KeyCodec.builder(0)
                .add(AttributeValue.s(prefix))
                .add(AttributeValue.b(tail))
                .build();
        OrderKey start = KeyCodec.builder(0).add(AttributeValue.s(prefix)).build();
        assertThat(key.compareTo(bound)).isNegative();
        assertThat(binKey.compareTo(bound)).isNegative();
        assertThat(key.compareTo(start)).isPositive();
    }

    @Property(tries = 2000, seed = "7266")
    void beginsWithRangeHoldsExactlyTheValuesWithThePrefix(
            @ForAll("strings") String prefix, @ForAll("strings") String value) {
        OrderKey low = KeyCodec.builder(0).addPrefix(AttributeValue.s(prefix)).build();
        OrderKey high =
                KeyCodec.builder(0).addPrefix(AttributeValue.s(prefix)).after().build();
        OrderKey key = KeyCodec.builder(0).add(AttributeValue.s(value)).build();
        boolean inRange = key.compareTo(low) >= 0 && key.compareTo(high) < 0;
        assertThat(inRange).as("'%s' begins with '%s'", value, prefix).isEqualTo(value.startsWith(prefix));
    }

    @Test
    void edgeCasesOfTheEncodings() {
        // NUL and U+FFFF against a supplementary character: UTF-8 order, not UTF-16 order.
        assertSameOrder(AttributeValue.s("a\u0000"), AttributeValue.s("a"));
        assertSameOrder(AttributeValue.s("\uFFFF"), AttributeValue.s("\uD83D\uDE00"));
        assertSameOrder(AttributeValue.n("-1"), AttributeValue.n("-1.5"));
        assertSameOrder(AttributeValue.n("0"), AttributeValue.n("-0.0001"));
        assertSameOrder(AttributeValue.n("1E+125"), AttributeValue.n("9.9999999999999999999999999999999999999E+125"));
        assertSameOrder(AttributeValue.n("1E-130"), AttributeValue.n("0"));
        assertSameOrder(AttributeValue.b(new byte[] {(byte) 0xFF}), AttributeValue.b(new byte[] {(byte) 0xFF, 0}));
        assertSameOrder(AttributeValue.b(new byte[] {0}), AttributeValue.b(new byte[] {}));
        assertThat(KeyCodec.encode(AttributeValue.n("1.50"))).isEqualTo(KeyCodec.encode(AttributeValue.n("1.5")));
    }

    private static void assertSameOrder(AttributeValue a, AttributeValue b) {
        int expected = Integer.signum(KeyOrder.compare(a, b));
        int actual = Integer.signum(Arrays.compareUnsigned(KeyCodec.encode(a), KeyCodec.encode(b)));
        assertThat(actual).as("order of %s vs %s", a, b).isEqualTo(expected);
    }

    @Provide
    Arbitrary<String> strings() {
        Arbitrary<Character> chars = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, Arbitraries.chars().range('a', 'd')),
                net.jqwik.api.Tuple.of(
                        1,
                        Arbitraries.chars().with('\u0000', '\u007f', '\u0080', '\u07ff', '\u0800', '\uFFFF', '\uE000')),
                net.jqwik.api.Tuple.of(1, Arbitraries.chars().range('\u00e0', '\u00e3')));
        Arbitrary<String> bmp = chars.list().ofMaxSize(6).map(l -> {
            StringBuilder sb = new StringBuilder();
            l.forEach(sb::append);
            return sb.toString();
        });
        // Supplementary characters (surrogate pairs) sort after U+FFFF in UTF-8 but before it in UTF-16.
        return Combinators.combine(bmp, Arbitraries.of("", "\uD83D\uDE00", "\uD800\uDC00"), bmp)
                .as((x, y, z) -> x + y + z);
    }

    @Provide
    Arbitrary<BigDecimal> numbers() {
        Arbitrary<BigDecimal> small =
                Arbitraries.integers().between(-1000, 1000).map(BigDecimal::valueOf);
        Arbitrary<BigDecimal> decimals = Combinators.combine(
                        Arbitraries.longs().between(-99_999_999, 99_999_999),
                        Arbitraries.integers().between(-20, 20))
                .as(BigDecimal::valueOf);
        Arbitrary<BigDecimal> extremes = Combinators.combine(
                        Arbitraries.integers().between(1, 9),
                        Arbitraries.integers().between(-125, 125),
                        Arbitraries.of(1, -1))
                .as((d, e, s) -> new BigDecimal(d).scaleByPowerOfTen(e).multiply(BigDecimal.valueOf(s)));
        return Arbitraries.oneOf(small, decimals, extremes);
    }

    @Provide
    Arbitrary<byte[]> binaries() {
        return Arbitraries.of((byte) 0, (byte) 1, (byte) 0x7F, (byte) 0x80, (byte) 0xFE, (byte) 0xFF)
                .list()
                .ofMaxSize(5)
                .map(l -> {
                    byte[] out = new byte[l.size()];
                    for (int i = 0; i < out.length; i++) {
                        out[i] = l.get(i);
                    }
                    return out;
                });
    }
}
