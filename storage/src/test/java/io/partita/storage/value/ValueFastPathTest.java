package io.partita.storage.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The values mapping writes most, built the short way: {@code n(long)} without normalizing a number that has no
 * trailing zero, {@code S} sizing its string on first use. Both must be indistinguishable from the long way.
 */
class ValueFastPathTest {

    @Test
    void numbersFromLongsEqualNumbersFromText() {
        long seed = 0xFA57_0001L; // fixed: a failure reproduces
        System.out.println("ValueFastPathTest seed " + seed);
        Random random = new Random(seed);
        List<Long> values = new ArrayList<>(List.of(
                0L,
                1L,
                -1L,
                7L,
                10L,
                -10L,
                100L,
                12_340L,
                999_999_999_999_999_999L,
                -999_999_999_999_999_999L,
                1_000_000_000_000_000_000L,
                -1_000_000_000_000_000_000L,
                1_000_000_000_000_000_001L,
                -1_000_000_000_000_000_001L,
                Long.MAX_VALUE,
                Long.MIN_VALUE,
                Long.MAX_VALUE - 7,
                (long) Integer.MAX_VALUE,
                (long) Integer.MIN_VALUE,
                9_223_372_036_854_775_800L, // trailing zeros, 19 digits: the normal form built from the digits
                -9_223_372_036_854_775_800L,
                -500L));
        for (int i = 0; i < 2_000; i++) {
            long v = random.nextLong() >> random.nextInt(64);
            values.add(v);
            values.add(v * 10);
        }
        for (long v : values) {
            AttributeValue.N fast = AttributeValue.n(v);
            AttributeValue.N slow = AttributeValue.n(Long.toString(v));
            assertThat(fast).as("%s (seed %s)", v, seed).isEqualTo(slow).hasSameHashCodeAs(slow);
            assertThat(fast.value()).isEqualTo(slow.value()); // same scale too: equals on BigDecimal
            assertThat(fast.fitsLong()).as("%s", v).isEqualTo(slow.fitsLong());
            assertThat(fast.longValue()).isEqualTo(slow.longValue());
            assertThat(fast.size()).isEqualTo(slow.size());
            assertThat(fast.text()).isEqualTo(slow.text()).isEqualTo(new BigDecimal(v).toPlainString());
            assertThat(fast.compareTo(slow)).isZero();
            assertThat(fast.compareTo(AttributeValue.n(BigDecimal.valueOf(v).add(BigDecimal.ONE))))
                    .isNegative();
        }
    }

    /**
     * A number made from a long keeps no BigDecimal until asked: its hash (which orders partition keys), equality
     * with numbers held the long way, order, size and text must not depend on whether it has been asked yet.
     */
    @Test
    void aNumberFromALongIsTheSameBeforeAndAfterItsBigDecimalIsAskedFor() {
        long seed = 0xFA57_0002L; // fixed: a failure reproduces
        System.out.println("ValueFastPathTest lazy seed " + seed);
        Random random = new Random(seed);
        List<Long> values = new ArrayList<>(List.of(
                1L,
                -1L,
                9L,
                -9L,
                123L,
                999_999_999_999_999_999L,
                -999_999_999_999_999_999L,
                (long) Integer.MAX_VALUE,
                (long) Integer.MIN_VALUE,
                1L << 32,
                -(1L << 32),
                (1L << 32) + 1,
                4_294_967_297L * 3));
        for (int i = 0; i < 5_000; i++) {
            values.add(random.nextLong() >> random.nextInt(64));
        }
        for (long v : values) {
            BigDecimal exact = new BigDecimal(v).stripTrailingZeros();
            AttributeValue.N fresh = AttributeValue.n(v);
            AttributeValue.N general = AttributeValue.n(exact); // normalized through the BigDecimal path
            // before the BigDecimal exists
            assertThat(fresh.hashCode()).as("%s (seed %s)", v, seed).isEqualTo(exact.hashCode());
            assertThat(fresh).isEqualTo(general);
            assertThat(general).isEqualTo(fresh);
            assertThat(fresh.size()).as("%s", v).isEqualTo(general.size());
            assertThat(fresh.compareTo(AttributeValue.n(new BigDecimal("0.5").add(exact))))
                    .isNegative();
            assertThat(AttributeValue.n(new BigDecimal("0.5").add(exact)).compareTo(fresh))
                    .isPositive();
            assertThat(fresh).isNotEqualTo(AttributeValue.n(new BigDecimal("0.5").add(exact)));
            // after
            assertThat(fresh.value()).isEqualTo(exact).isEqualTo(general.value());
            assertThat(fresh.hashCode()).isEqualTo(exact.hashCode());
            assertThat(fresh.text()).isEqualTo(general.text());
            AttributeValue.N other = AttributeValue.n(v);
            assertThat(other.equals(fresh) && fresh.equals(other)).isTrue();
            assertThat(AttributeValue.n(v).asN()).isEqualTo(exact);
        }
    }

    /**
     * Numbers from longs, round ones among them (held without a BigDecimal, their trailing zeros counted), against
     * the same numbers made the BigDecimal way: equal to each other and to no other number, hashed alike, ordered
     * alike, pair by pair over a sweep; checked before either's BigDecimal is asked for.
     */
    @Test
    void numbersFromLongsEqualHashAndOrderAsTheBigDecimalPath() {
        long seed = 0xFA57_0003L; // fixed: a failure reproduces
        System.out.println("ValueFastPathTest order seed " + seed);
        Random random = new Random(seed);
        List<Long> values = new ArrayList<>(List.of(
                0L,
                1L,
                -1L,
                10L,
                -10L,
                1_200L,
                -1_200L,
                100_000_000_000_000_000L,
                -100_000_000_000_000_000L,
                999_999_999_999_999_990L,
                -999_999_999_999_999_990L,
                999_999_999_999_999_999L,
                1_000_000_000_000_000_000L,
                Long.MAX_VALUE,
                Long.MIN_VALUE,
                9_223_372_036_854_775_800L));
        for (int i = 0; i < 150; i++) {
            long v = random.nextLong() >> random.nextInt(64);
            long power = 1;
            for (int zeros = random.nextInt(18); zeros > 0; zeros--) {
                power *= 10;
            }
            values.add(v);
            values.add(v / power * power); // round: up to 17 trailing zeros
        }
        int n = values.size();
        AttributeValue.N[] fast = new AttributeValue.N[n];
        AttributeValue.N[] general = new AttributeValue.N[n];
        BigDecimal[] exact = new BigDecimal[n];
        for (int i = 0; i < n; i++) {
            long v = values.get(i);
            fast[i] = AttributeValue.n(v);
            exact[i] = new BigDecimal(v).stripTrailingZeros();
            general[i] = AttributeValue.n(new BigDecimal(v));
            assertThat(fast[i].hashCode()).as("%s (seed %s)", v, seed).isEqualTo(exact[i].hashCode());
            assertThat(fast[i].hashCode()).isEqualTo(general[i].hashCode());
            assertThat(fast[i].size()).as("%s", v).isEqualTo(general[i].size());
            assertThat(fast[i].fitsLong()).as("%s", v).isEqualTo(general[i].fitsLong());
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int expected = Integer.signum(exact[i].compareTo(exact[j]));
                String pair = values.get(i) + " vs " + values.get(j) + " (seed " + seed + ")";
                assertThat(Integer.signum(fast[i].compareTo(fast[j]))).as(pair).isEqualTo(expected);
                assertThat(Integer.signum(fast[i].compareTo(general[j])))
                        .as(pair)
                        .isEqualTo(expected);
                assertThat(Integer.signum(general[i].compareTo(fast[j])))
                        .as(pair)
                        .isEqualTo(expected);
                assertThat(fast[i].equals(fast[j])).as(pair).isEqualTo(expected == 0);
                assertThat(fast[i].equals(general[j])).as(pair).isEqualTo(expected == 0);
                assertThat(general[j].equals(fast[i])).as(pair).isEqualTo(expected == 0);
            }
        }
        for (int i = 0; i < n; i++) { // and once the BigDecimal exists
            assertThat(fast[i].value())
                    .as("%s", values.get(i))
                    .isEqualTo(exact[i])
                    .isEqualTo(general[i].value());
            assertThat(fast[i].hashCode()).isEqualTo(exact[i].hashCode());
            assertThat(fast[i].text()).isEqualTo(general[i].text()).isEqualTo(exact[i].toPlainString());
            assertThat(fast[i]).isEqualTo(general[i]);
        }
    }

    @Test
    void stringsSizeTheirUtf8OnFirstUse() {
        String[] strings = {
            "",
            "a",
            "abc",
            "é",
            "naïve",
            "€uro",
            "日本語",
            "\uD83D\uDE00",
            "a\uD83D\uDE00b",
            "\uD83D",
            "x\uDE00",
            "\uDE00\uD83D",
            "mixed é € \uD83D\uDE00 end"
        };
        for (String s : strings) {
            AttributeValue.S value = AttributeValue.s(s);
            int utf8 = s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
            assertThat(value.size()).as(s).isEqualTo(utf8);
            assertThat(value.size()).as("cached: %s", s).isEqualTo(utf8);
            boolean surrogates = s.chars().anyMatch(c -> Character.isSurrogate((char) c));
            assertThat(value.hasSurrogates()).as(s).isEqualTo(surrogates);
            assertThat(AttributeValue.s(s).hasSurrogates())
                    .as("flag first: %s", s)
                    .isEqualTo(surrogates);
        }
        String large = "é".repeat(300_000);
        assertThat(AttributeValue.s(large).size()).isEqualTo(600_000);
    }

    /** Small sets are held as arrays: equal to, hashed as, ordered as and as immutable as the hash-set form. */
    @Test
    void smallSetsBehaveAsTheHashSetForm() {
        for (int n = 1; n <= 12; n++) {
            List<String> strings = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                strings.add("s" + (i * 5 % 13));
            }
            AttributeValue.SS ss = AttributeValue.ss(strings);
            java.util.Set<String> hashed =
                    java.util.Collections.unmodifiableSet(new java.util.LinkedHashSet<>(strings));
            AttributeValue.SS viaHash = new AttributeValue.SS(hashed);
            assertThat(ss).isEqualTo(viaHash).hasSameHashCodeAs(viaHash);
            assertThat(viaHash).isEqualTo(ss);
            assertThat(ss.values()).isEqualTo(hashed).hasSameHashCodeAs(hashed).containsExactlyElementsOf(strings);
            assertThat(ss.values().contains("s0")).isTrue();
            assertThat(ss.values().contains("nope")).isFalse();
            assertThat(ss.values().contains(null)).isFalse();
            assertThat(ss.values().toArray()).containsExactly(strings.toArray());
            assertThat(ss.size())
                    .isEqualTo(strings.stream().mapToInt(String::length).sum());
            assertThat(ss.toString()).isEqualTo(viaHash.toString());
            assertThatThrownBy(() -> ss.values().add("x")).isInstanceOf(UnsupportedOperationException.class);
            assertThatThrownBy(() -> ss.values().remove("s0")).isInstanceOf(UnsupportedOperationException.class);
            assertThatThrownBy(() -> ss.values().clear()).isInstanceOf(UnsupportedOperationException.class);
            java.util.Iterator<String> it = ss.values().iterator();
            it.next();
            assertThatThrownBy(it::remove).isInstanceOf(UnsupportedOperationException.class);
            List<String> withDuplicate = new ArrayList<>(strings);
            withDuplicate.add(strings.get(0));
            assertThatThrownBy(() -> AttributeValue.ss(withDuplicate))
                    .isInstanceOf(io.partita.storage.ValidationException.class)
                    .hasMessage("Input collection " + withDuplicate + " of type SS contains duplicates.");
            // the caller's collection is copied, not kept
            strings.set(0, "changed");
            assertThat(ss.values()).doesNotContain("changed");
        }
        AttributeValue.BS bs = AttributeValue.bs(List.of(Bytes.copyOf(new byte[] {1}), Bytes.copyOf(new byte[] {2})));
        assertThat(bs.values()).containsExactly(Bytes.copyOf(new byte[] {1}), Bytes.copyOf(new byte[] {2}));
        assertThat(AttributeValue.nsOf("1", "2.50")).isEqualTo(AttributeValue.nsOf("2.5", "1"));
    }
}
