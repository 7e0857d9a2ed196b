package io.partita.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The typed writes generated schemas call for the commonest built-in codecs ({@code writeString}, {@code writeInt},
 * {@code writeLong}, {@code writeInstant}, {@code writeBigDecimal} of {@link AbstractItemSchema}), the string-set
 * codec's own write and {@link KeyFormat#text(Instant)}'s fixed-width form produce exactly what the general path
 * produces: the lambda schema of {@link ItemSchema#builder}, which calls the codecs (and writes string sets through
 * the set codec's general loop), for random entities — null fields, strings with surrogates, edge integers, instants
 * inside and outside years 0000–9999, numbers with trailing zeros, zero, too precise, too large and too small, empty
 * sets and sets with a null element. Same attribute names, order, types and text, or the same exception.
 */
class TypedWriteTest {

    record Row(String s, int pi, long pl, Instant t, BigDecimal d, Set<String> tags, String other) {}

    static final ItemSchema<Row> GENERAL = ItemSchema.builder(Row.class)
            .attribute("s", Row::s, Codecs.STRING)
            .attribute("pi", Row::pi, Codecs.PRIMITIVE_INT)
            .attribute("pl", Row::pl, Codecs.PRIMITIVE_LONG)
            .attribute("t", Row::t, Codecs.INSTANT)
            .attribute("d", Row::d, Codecs.BIG_DECIMAL)
            // STRING's behaviour in a codec that is not STRING itself: the set codec's general loop
            .attribute("tags", Row::tags, Codecs.set(Codecs.withDefault(Codecs.STRING, null)))
            .attribute("other", Row::other, Codecs.STRING)
            .build(v -> new Row(v.get(0), v.get(1), v.get(2), v.get(3), v.get(4), v.get(5), v.get(6)));

    static final AttributeCodec<Set<String>> TAGS = Codecs.set(Codecs.STRING);

    /** What the processor generates for these types. */
    static final class Typed extends AbstractItemSchema<Row> {
        Typed() {
            super("Row", "s", "pi", "pl", "t", "d", "tags", "other");
        }

        @Override
        public void writeItem(Row e, ItemMap.Builder item) {
            writeString(item, "s", e.s());
            writeInt(item, "pi", e.pi());
            writeLong(item, "pl", e.pl());
            writeInstant(item, "t", e.t());
            writeBigDecimal(item, "d", e.d());
            write(item, "tags", e.tags(), TAGS);
            writeString(item, "other", e.other());
        }

        @Override
        public Row fromItem(Map<String, AttributeValue> item) {
            return new Row(
                    readString(item, 0, "s"),
                    readInt(item, 1, "pi"),
                    readLong(item, 2, "pl"),
                    readInstant(item, 3, "t"),
                    readBigDecimal(item, 4, "d"),
                    read(item, 5, "tags", TAGS),
                    readString(item, 6, "other"));
        }
    }

    static final ItemSchema<Row> TYPED = new Typed();

    private static final long FIRST_FIXED = -62_162_035_200L; // 0000-03-01T00:00:00Z
    private static final long LAST_FIXED = 253_402_300_799L; // 9999-12-31T23:59:59Z

    private static String string(Random r) {
        return switch (r.nextInt(6)) {
            case 0 -> null;
            case 1 -> "";
            case 2 -> "\uD83D\uDE00 smile " + r.nextInt(100); // a surrogate pair
            case 3 -> "caf\u00e9 \u20ac" + r.nextInt(100);
            default -> "v" + r.nextInt(1000);
        };
    }

    private static int anInt(Random r) {
        return switch (r.nextInt(5)) {
            case 0 -> Integer.MIN_VALUE + r.nextInt(2);
            case 1 -> Integer.MAX_VALUE - r.nextInt(2);
            case 2 -> (r.nextInt(21) - 10) * 10; // trailing zeros, zero
            default -> r.nextInt();
        };
    }

    private static long aLong(Random r) {
        return switch (r.nextInt(6)) {
            case 0 -> Long.MIN_VALUE + r.nextInt(2);
            case 1 -> Long.MAX_VALUE - r.nextInt(2);
            case 2 -> (r.nextInt(2001) - 1000) * 1_000L;
            case 3 -> r.nextBoolean() ? 999_999_999_999_999_999L : -1_000_000_000_000_000_000L; // 18 and 19 digits
            default -> r.nextLong();
        };
    }

    private static Instant instant(Random r) {
        int nanos = switch (r.nextInt(4)) {
            case 0 -> 0;
            case 1 -> 999_999_999;
            case 2 -> r.nextInt(1000) * 1_000_000;
            default -> r.nextInt(1_000_000_000);
        };
        return switch (r.nextInt(8)) {
            case 0 -> null;
            case 1 -> Instant.ofEpochSecond(FIRST_FIXED + r.nextInt(3) - 1, nanos); // the fixed form's first day
            case 2 -> Instant.ofEpochSecond(LAST_FIXED + r.nextInt(3) - 1, nanos); // its last second, and after
            case 3 -> r.nextBoolean() ? Instant.MIN : Instant.MAX;
            case 4 -> Instant.ofEpochSecond(r.nextLong() % 31_556_889_864_403_199L, nanos); // any year
            default ->
                Instant.ofEpochSecond(FIRST_FIXED + Math.floorMod(r.nextLong(), LAST_FIXED - FIRST_FIXED), nanos);
        };
    }

    private static BigDecimal number(Random r) {
        return switch (r.nextInt(9)) {
            case 0 -> null;
            case 1 -> BigDecimal.valueOf(r.nextInt(2001) - 1000, r.nextInt(6)); // 1.20, 0.00, -3.500 ...
            case 2 -> BigDecimal.valueOf(r.nextLong(), r.nextInt(40) - 20);
            case 3 -> new BigDecimal(new BigInteger(140, r), r.nextInt(10)); // > 38 digits: too precise
            case 4 -> new BigDecimal("1E+" + (120 + r.nextInt(10))); // near and beyond the largest magnitude
            case 5 -> new BigDecimal("1E-" + (125 + r.nextInt(10))); // near and beyond the smallest
            case 6 -> new BigDecimal(r.nextInt(100) + "00").negate();
            default -> BigDecimal.valueOf(1999 + r.nextInt(100_000), 2);
        };
    }

    private static Set<String> tags(Random r) {
        int kind = r.nextInt(6);
        if (kind == 0) {
            return null;
        }
        Set<String> tags = r.nextBoolean() ? new LinkedHashSet<>() : new HashSet<>();
        if (kind == 1) {
            return tags; // empty: not written
        }
        for (int i = r.nextInt(12); i >= 0; i--) { // up to 12: small array sets and hash sets
            tags.add("t" + r.nextInt(40));
        }
        if (kind == 2) {
            tags.add(null);
        }
        return kind == 3 ? Set.copyOf(tags) : tags;
    }

    @Test
    void everyEntityWritesAsTheGeneralPathWritesIt() {
        long seed = 0x7E1D_5EEDL; // fixed: a failure reproduces
        System.out.println("TypedWriteTest seed " + seed);
        Random r = new Random(seed);
        List<String> differences = new ArrayList<>();
        int written = 0;
        for (int round = 0; round < 20_000 && differences.size() < 10; round++) {
            Row row = new Row(
                    string(r), anInt(r), aLong(r), instant(r), number(r), tags(r), r.nextInt(8) == 0 ? null : "o");
            String expected = outcome(GENERAL, row);
            if (expected.startsWith("item ")) {
                written++;
            }
            String actual = outcome(TYPED, row);
            if (!actual.equals(expected)) {
                differences.add(row + ": " + actual + " vs " + expected);
            }
        }
        assertThat(differences).as("seed " + seed).isEmpty();
        assertThat(written).as("entities written without an error").isGreaterThan(5_000);
    }

    @Test
    void aFixedWidthInstantReadsBack() {
        Random r = new Random(0x1257L);
        for (int i = 0; i < 10_000; i++) {
            Instant t = Instant.ofEpochSecond(
                    FIRST_FIXED + Math.floorMod(r.nextLong(), LAST_FIXED - FIRST_FIXED + 1), r.nextInt(1_000_000_000));
            String text = KeyFormat.text(t);
            assertThat(text).hasSize(30);
            assertThat(KeyFormat.parseInstant(text)).isEqualTo(t);
        }
        assertThat(KeyFormat.text(Instant.ofEpochSecond(FIRST_FIXED))).isEqualTo("0000-03-01T00:00:00.000000000Z");
        assertThat(KeyFormat.text(Instant.ofEpochSecond(FIRST_FIXED - 1, 999_999_999)))
                .isEqualTo("0000-02-29T23:59:59.999999999Z");
        assertThat(KeyFormat.text(Instant.ofEpochSecond(LAST_FIXED, 999_999_999)))
                .isEqualTo("9999-12-31T23:59:59.999999999Z");
        assertThat(KeyFormat.text(Instant.ofEpochSecond(LAST_FIXED + 1))).isEqualTo("+10000-01-01T00:00:00.000000000Z");
        assertThat(KeyFormat.text(Instant.ofEpochSecond(0, 1_020_304))).isEqualTo("1970-01-01T00:00:00.001020304Z");
    }

    @Test
    void aStringSetWritesAsTheGeneralLoopWritesIt() {
        AttributeCodec<Set<String>> general = Codecs.set(Codecs.withDefault(Codecs.STRING, null));
        for (Set<String> set : List.<Set<String>>of(
                new LinkedHashSet<>(List.of("b", "a")),
                new HashSet<>(List.of("a", "b", "c")),
                Set.of("x"),
                new LinkedHashSet<>(),
                new LinkedHashSet<>(Arrays.asList("a", null)))) {
            assertThat(outcome(TAGS, set)).as(set.toString()).isEqualTo(outcome(general, set));
        }
    }

    private static String outcome(AttributeCodec<Set<String>> codec, Set<String> set) {
        try {
            AttributeValue v = codec.encode(set);
            return "value " + v;
        } catch (RuntimeException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    /** The item as names, types and text in order (numbers as written), and as a map, or the exception. */
    private static String outcome(ItemSchema<Row> schema, Row row) {
        try {
            Map<String, AttributeValue> item = schema.toItem(row);
            Map<String, AttributeValue> copy = new LinkedHashMap<>();
            schema.writeItem(row, copy);
            assertThat(copy).containsExactlyEntriesOf(item);
            StringBuilder sb = new StringBuilder("item ");
            for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
                AttributeValue v = e.getValue();
                sb.append(e.getKey()).append('=').append(v.type()).append(':');
                sb.append(v instanceof AttributeValue.N n ? n.text() : v.toString())
                        .append(' ');
            }
            return sb.append(item.hashCode()).toString();
        } catch (RuntimeException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage() + " / cause "
                    + (e.getCause() == null
                            ? null
                            : e.getCause().getClass().getSimpleName() + ": "
                                    + e.getCause().getMessage());
        }
    }
}
