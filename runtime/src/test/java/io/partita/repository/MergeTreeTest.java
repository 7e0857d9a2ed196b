package io.partita.repository;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.value.AttributeValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The gather's loser-tree merge against the plain definition: its keys (strings with and without surrogates,
 * numbers in and beyond a long, binary, other types, missing parts) compare as {@link Gather#compareKeys} does, and merging sorted sources gives what sorting all their rows gives (ties, empty sources,
 * one source, none, descending). Randomized with fixed, printed seeds.
 */
class MergeTreeTest {
    private static final String[] ATTRIBUTES = {"sk", "pk", "extra"};

    private static final String[] STRING_PARTS = {
        "",
        "a",
        "b",
        "ab",
        "a\0",
        "\0",
        "\u0001",
        "~",
        "\u007f",
        "\u0080",
        "é",
        "\u07ff",
        "\u0800",
        "\ud7ff",
        "\ue000",
        "\uffff",
        "😀",
        "\ud83d\ude01",
        "\ud800",
        "\udfff",
        "2024-05-01T00:00:0",
        "Z"
    };

    private static final String[] NUMBERS = {
        "0",
        "1",
        "-1",
        "2",
        "-2",
        "10",
        "-10",
        "100",
        "9",
        "0.5",
        "-0.5",
        "0.05",
        "1.5",
        "-1.5",
        "123456789012345678",
        "-123456789012345678",
        "9223372036854775807",
        "-9223372036854775808",
        "1E+100",
        "-1E+100",
        "1E-100",
        "-1E-100",
        "12345678901234567890123456789012345678",
        "0.000000000000000000000000000000000001",
        "99",
        "-99.9"
    };

    @Test
    void extracted_keys_compare_as_compareKeys() {
        long seed = 0x6A7E_2026L;
        System.out.println("MergeTreeTest.extracted_keys seed=" + seed);
        Random random = new Random(seed);
        MergeTree tree = new MergeTree(2, ATTRIBUTES, false);
        for (int i = 0; i < 20_000; i++) {
            Map<String, AttributeValue> a = item(random, i % 3);
            Map<String, AttributeValue> b = random.nextInt(5) == 0 ? mutate(random, a) : item(random, i % 3);
            int expected = Integer.signum(MergedShards.compareKeys(extract(a), extract(b)));
            tree.set(0, a);
            tree.set(1, b);
            int actual = Integer.signum(tree.compare(0, 1));
            assertThat(actual).as("%s vs %s (seed %s)", a, b, seed).isEqualTo(expected);
        }
    }

    /**
     * ASCII keys are compared on packed characters: lengths around every word boundary and past the packed
     * characters, NUL and DEL, common prefixes, and a non-ASCII character now and then (compared as strings).
     */
    @Test
    void packed_ascii_keys_compare_as_compareKeys() {
        long seed = 0xA5C11_2026L;
        System.out.println("MergeTreeTest.packed_ascii_keys seed=" + seed);
        Random random = new Random(seed);
        char[] alphabet = {'\0', '\u0001', '0', '9', 'T', 'Z', 'a', '\u007f'};
        MergeTree tree = new MergeTree(2, ATTRIBUTES, false);
        for (int i = 0; i < 30_000; i++) {
            String a = asciiKey(random, alphabet, random.nextInt(2 * MergeTree.WORDS * 8 + 12));
            String b;
            switch (random.nextInt(4)) {
                case 0 -> b = asciiKey(random, alphabet, random.nextInt(MergeTree.WORDS * 8 + 12));
                case 1 -> b = a.substring(0, random.nextInt(a.length() + 1)); // a prefix
                case 2 -> b = a + asciiKey(random, alphabet, random.nextInt(3)); // an extension
                default -> { // one character changed
                    char[] chars = a.toCharArray();
                    if (chars.length > 0) {
                        chars[random.nextInt(chars.length)] =
                                random.nextInt(8) == 0 ? 'é' : alphabet[random.nextInt(alphabet.length)];
                    }
                    b = new String(chars);
                }
            }
            Map<String, AttributeValue> x =
                    Map.of("sk", AttributeValue.s(a), "pk", AttributeValue.s(b), "extra", AttributeValue.n(i));
            Map<String, AttributeValue> y = random.nextBoolean()
                    ? Map.of("sk", AttributeValue.s(b), "pk", AttributeValue.s(a))
                    : Map.of("sk", AttributeValue.s(a), "pk", AttributeValue.s(a)); // ties on sk: pk decides
            int expected = Integer.signum(MergedShards.compareKeys(extract(x), extract(y)));
            tree.set(0, x);
            tree.set(1, y);
            assertThat(Integer.signum(tree.compare(0, 1)))
                    .as("%s vs %s (seed %s)", x, y, seed)
                    .isEqualTo(expected);
            assertThat(Integer.signum(tree.compare(1, 0)))
                    .as("%s vs %s (seed %s)", y, x, seed)
                    .isEqualTo(-expected);
        }
    }

    @Test
    void a_later_key_part_is_taken_from_the_current_entry() {
        MergeTree tree = new MergeTree(2, ATTRIBUTES, false);
        tree.set(0, Map.of("sk", AttributeValue.s("t"), "pk", AttributeValue.s("b")));
        tree.set(1, Map.of("sk", AttributeValue.s("t"), "pk", AttributeValue.s("c")));
        assertThat(tree.compare(0, 1)).isNegative(); // ties on sk: pk extracted for both
        tree.set(0, Map.of("sk", AttributeValue.s("t"), "pk", AttributeValue.s("d")));
        assertThat(tree.compare(0, 1)).isPositive();
        tree.set(1, Map.of("sk", AttributeValue.s("t"), "pk", AttributeValue.n(1)));
        assertThat(Integer.signum(tree.compare(0, 1)))
                .isEqualTo(Integer.signum(MergedShards.compareKeys(
                        new AttributeValue[] {AttributeValue.s("t"), AttributeValue.s("d"), null},
                        new AttributeValue[] {AttributeValue.s("t"), AttributeValue.n(1), null})));
    }

    private static String asciiKey(Random random, char[] alphabet, int length) {
        StringBuilder sb = new StringBuilder(length);
        String common = "2024-05-01T00:00:00.000Z/0123456789";
        int shared = random.nextInt(Math.min(length, common.length()) + 1);
        sb.append(common, 0, shared); // keys sharing long prefixes, as ISO instants do
        while (sb.length() < length) {
            sb.append(alphabet[random.nextInt(alphabet.length)]);
        }
        return sb.toString();
    }

    @Test
    void merging_sorted_sources_gives_the_sort_of_all_rows() {
        long seed = 0x10_5E_7EEL;
        System.out.println("MergeTreeTest.merging seed=" + seed);
        Random random = new Random(seed);
        for (int round = 0; round < 400; round++) {
            int k = switch (round % 8) {
                case 0 -> 0;
                case 1 -> 1;
                case 2 -> 2;
                default -> 1 + random.nextInt(round % 2 == 0 ? 7 : 130);
            };
            boolean descending = random.nextBoolean();
            int style = round % 3; // 0: strings, 1: numbers, 2: mixed types and missing parts
            List<List<Map<String, AttributeValue>>> sources = new ArrayList<>();
            List<Row> all = new ArrayList<>();
            for (int s = 0; s < k; s++) {
                int size = random.nextInt(4) == 0 ? 0 : random.nextInt(12); // many empty sources
                List<Map<String, AttributeValue>> rows = new ArrayList<>();
                for (int i = 0; i < size; i++) {
                    rows.add(item(random, style));
                }
                Comparator<Map<String, AttributeValue>> order =
                        (x, y) -> MergedShards.compareKeys(extract(x), extract(y));
                rows.sort(descending ? order.reversed() : order); // a source delivers in index order
                sources.add(rows);
                for (int i = 0; i < rows.size(); i++) {
                    all.add(new Row(rows.get(i), s, i));
                }
            }
            all.sort((x, y) -> {
                int c = MergedShards.compareKeys(extract(x.item()), extract(y.item()));
                c = descending ? -c : c;
                if (c != 0) {
                    return c;
                }
                return x.source() != y.source()
                        ? Integer.compare(x.source(), y.source())
                        : Integer.compare(x.position(), y.position());
            });
            List<Map<String, AttributeValue>> expected =
                    all.stream().map(Row::item).toList();
            assertThat(merge(sources, descending))
                    .as("round %d, %d sources, descending %s (seed %s)", round, k, descending, seed)
                    .containsExactlyElementsOf(expected);
        }
    }

    /**
     * The hot keys (one long per source deciding most matches): ASCII keys whose shared prefix shrinks while the
     * merge runs (an entry that differs earlier than every one before it), lengths around the packed words, NUL and
     * DEL, equal keys; numbers at the long's ends (whose hot keys meet a missing source's); and a first part of
     * another kind arriving mid-merge (the tree leaves the hot keys). Each merge equals the sort of all rows.
     */
    @Test
    void hot_keys_merge_as_the_sort_of_all_rows() {
        long seed = 0x407_2026_11L;
        System.out.println("MergeTreeTest.hot_keys seed=" + seed);
        Random random = new Random(seed);
        char[] alphabet = {'\0', '0', '1', '9', 'T', 'Z', '\u007f'};
        String[] longs = {"9223372036854775807", "-9223372036854775808", "9223372036854775806", "0", "-1", "1"};
        for (int round = 0; round < 600; round++) {
            int k = 1 + random.nextInt(round % 2 == 0 ? 9 : 120);
            boolean descending = random.nextBoolean();
            int style = round % 4; // 0, 1: ASCII keys; 2: numbers; 3: ASCII, then another kind now and then
            String common = asciiKey(random, alphabet, random.nextInt(3 * MergeTree.WORDS * 8 / 2));
            List<List<Map<String, AttributeValue>>> sources = new ArrayList<>();
            List<Row> all = new ArrayList<>();
            for (int s = 0; s < k; s++) {
                int size = random.nextInt(6) == 0 ? 0 : random.nextInt(14);
                List<Map<String, AttributeValue>> rows = new ArrayList<>();
                for (int i = 0; i < size; i++) {
                    AttributeValue sk;
                    if (style == 2) {
                        sk = random.nextInt(3) == 0
                                ? AttributeValue.n(longs[random.nextInt(longs.length)])
                                : AttributeValue.n(random.nextInt(41) - 20);
                    } else if (style == 3 && random.nextInt(40) == 0) {
                        sk = random.nextBoolean() ? AttributeValue.s("é" + i) : AttributeValue.n(i);
                    } else {
                        // most keys share the round's prefix; some share less of it (the hot word moves left)
                        int shared = random.nextInt(8) == 0 ? random.nextInt(common.length() + 1) : common.length();
                        sk = AttributeValue.s(common.substring(0, shared)
                                + asciiKey(random, alphabet, random.nextInt(style == 0 ? 3 : 12)));
                    }
                    Map<String, AttributeValue> item = new HashMap<>();
                    item.put("sk", sk);
                    item.put("pk", AttributeValue.s("p" + random.nextInt(3)));
                    rows.add(item);
                }
                Comparator<Map<String, AttributeValue>> order =
                        (x, y) -> MergedShards.compareKeys(extract(x), extract(y));
                rows.sort(descending ? order.reversed() : order);
                sources.add(rows);
                for (int i = 0; i < rows.size(); i++) {
                    all.add(new Row(rows.get(i), s, i));
                }
            }
            all.sort((x, y) -> {
                int c = MergedShards.compareKeys(extract(x.item()), extract(y.item()));
                c = descending ? -c : c;
                if (c != 0) {
                    return c;
                }
                return x.source() != y.source()
                        ? Integer.compare(x.source(), y.source())
                        : Integer.compare(x.position(), y.position());
            });
            List<Map<String, AttributeValue>> merged = merge(sources, descending);
            assertThat(merged)
                    .as("round %d, %d sources, descending %s, style %d (seed %s)", round, k, descending, style, seed)
                    .hasSameSizeAs(all);
            for (int i = 0; i < merged.size(); i++) {
                assertThat(merged.get(i))
                        .as("round %d, entry %d (seed %s)", round, i, seed)
                        .isSameAs(all.get(i).item());
            }
        }
    }

    @Test
    void ties_go_to_the_lower_source_in_both_directions() {
        Map<String, AttributeValue> same = Map.of("sk", AttributeValue.s("t"), "pk", AttributeValue.s("p"));
        Map<String, AttributeValue> copy = new HashMap<>(same);
        Map<String, AttributeValue> later = Map.of("sk", AttributeValue.s("u"), "pk", AttributeValue.s("p"));
        for (boolean descending : new boolean[] {false, true}) {
            List<List<Map<String, AttributeValue>>> sources = descending
                    ? List.of(List.of(later), List.of(), List.of(copy), List.of(same))
                    : List.of(List.of(), List.of(copy), List.of(same, later));
            List<Map<String, AttributeValue>> merged = merge(sources, descending);
            assertThat(merged).hasSize(3);
            if (descending) {
                assertThat(merged.get(0)).isSameAs(later);
                assertThat(merged.get(1)).isSameAs(copy);
                assertThat(merged.get(2)).isSameAs(same);
            } else {
                assertThat(merged.get(0)).isSameAs(copy);
                assertThat(merged.get(1)).isSameAs(same);
                assertThat(merged.get(2)).isSameAs(later);
            }
        }
    }

    /** Merges as the gather does: build over the first entries, then take the winner and replay its path. */
    private static List<Map<String, AttributeValue>> merge(
            List<List<Map<String, AttributeValue>>> sources, boolean descending) {
        int k = sources.size();
        MergeTree tree = new MergeTree(k, ATTRIBUTES, descending);
        int[] next = new int[k];
        for (int s = 0; s < k; s++) {
            if (!sources.get(s).isEmpty()) {
                tree.set(s, sources.get(s).get(next[s]++));
            }
        }
        tree.build();
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        List<Map<String, AttributeValue>> heads = heads(sources);
        for (int w; (w = tree.winner()) >= 0; ) {
            out.add(heads.get(w));
            List<Map<String, AttributeValue>> rows = sources.get(w);
            if (next[w] < rows.size()) {
                heads.set(w, rows.get(next[w]++));
                tree.set(w, heads.get(w));
            } else {
                tree.clear(w);
            }
            tree.replay(w);
        }
        return out;
    }

    /** The sources' current heads (the first entry of each; null for an empty source). */
    private static List<Map<String, AttributeValue>> heads(List<List<Map<String, AttributeValue>>> sources) {
        List<Map<String, AttributeValue>> heads = new ArrayList<>();
        for (List<Map<String, AttributeValue>> rows : sources) {
            heads.add(rows.isEmpty() ? null : rows.get(0));
        }
        return heads;
    }

    private record Row(Map<String, AttributeValue> item, int source, int position) {}

    private static AttributeValue[] extract(Map<String, AttributeValue> item) {
        AttributeValue[] key = new AttributeValue[ATTRIBUTES.length];
        for (int i = 0; i < key.length; i++) {
            key[i] = item.get(ATTRIBUTES[i]);
        }
        return key;
    }

    /** An item; style 0: string keys, 1: number keys, 2: any key type (binary, bool too) and missing parts. */
    private static Map<String, AttributeValue> item(Random random, int style) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("other", AttributeValue.s("not a key"));
        for (String attribute : ATTRIBUTES) {
            if (style == 2 && random.nextInt(4) == 0) {
                continue; // missing: sorts first
            }
            item.put(attribute, value(random, style == 2 ? random.nextInt(4) : style));
        }
        return item;
    }

    private static AttributeValue value(Random random, int type) {
        return switch (type) {
            case 0 -> {
                StringBuilder sb = new StringBuilder();
                for (int n = random.nextInt(4); n > 0; n--) {
                    sb.append(STRING_PARTS[random.nextInt(STRING_PARTS.length)]);
                }
                yield AttributeValue.s(sb.toString());
            }
            case 1 ->
                random.nextBoolean()
                        ? AttributeValue.n(NUMBERS[random.nextInt(NUMBERS.length)])
                        : AttributeValue.n(
                                new BigDecimal(random.nextInt(2001) - 1000).movePointLeft(random.nextInt(4)));
            case 2 -> {
                byte[] bytes = new byte[random.nextInt(4)];
                for (int i = 0; i < bytes.length; i++) {
                    bytes[i] = (byte) new int[] {0, 1, 2, 0x7F, 0x80, 0xFE, 0xFF}[random.nextInt(7)];
                }
                yield AttributeValue.b(bytes);
            }
            default -> AttributeValue.bool(random.nextBoolean());
        };
    }

    /** {@code a} with one part changed a little: near-equal keys (common prefixes, equal leading parts). */
    private static Map<String, AttributeValue> mutate(Random random, Map<String, AttributeValue> a) {
        Map<String, AttributeValue> b = new HashMap<>(a);
        String attribute = ATTRIBUTES[random.nextInt(ATTRIBUTES.length)];
        AttributeValue v = a.get(attribute);
        if (v instanceof AttributeValue.S s) {
            b.put(attribute, AttributeValue.s(s.value() + STRING_PARTS[random.nextInt(STRING_PARTS.length)]));
        } else if (v instanceof AttributeValue.N n) {
            BigDecimal changed = n.value().add(BigDecimal.ONE.movePointLeft(random.nextInt(3)));
            b.put(attribute, changed.precision() <= 38 ? AttributeValue.n(changed) : AttributeValue.n(-7));
        } else {
            b.remove(attribute);
        }
        return b;
    }
}
