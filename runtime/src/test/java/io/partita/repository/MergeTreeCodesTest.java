package io.partita.repository;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The loser tree's offset-value codes against the same tree comparing whole keys: on seeded random sources (keys
 * with long common prefixes like ISO timestamps, near-equal and equal keys, numbers, strings with surrogates and
 * missing parts, empty sources, both directions) both merges return the same entries in the same order, step by
 * step; so do sources delivering out of order, where the codes give way to plain comparisons.
 */
class MergeTreeCodesTest {
    private static final String[] ATTRIBUTES = {"sk", "pk"};
    private static final String[] TAILS = {"", "0", "1", "9", "Z", "é", "\u0000", "\uffff", "😀", "00", "0Z", "10Z"};

    @Test
    void codedMergeEqualsPlainMerge() {
        long seed = 0x0FF5E7L;
        System.out.println("MergeTreeCodesTest seed=" + seed);
        Random random = new Random(seed);
        int merged = 0;
        for (int round = 0; round < 1500; round++) {
            int k = round % 10 == 0 ? random.nextInt(3) : 1 + random.nextInt(round % 2 == 0 ? 9 : 120);
            boolean descending = random.nextBoolean();
            boolean sorted = round % 7 != 0;
            int style = random.nextInt(4);
            List<List<Map<String, AttributeValue>>> sources = new ArrayList<>();
            for (int s = 0; s < k; s++) {
                int size = random.nextInt(5) == 0 ? 0 : random.nextInt(14);
                List<Map<String, AttributeValue>> rows = new ArrayList<>();
                for (int i = 0; i < size; i++) {
                    rows.add(item(random, style));
                }
                if (sorted) {
                    Comparator<Map<String, AttributeValue>> order =
                            (x, y) -> Gather.compareKeys(extract(x), extract(y));
                    rows.sort(descending ? order.reversed() : order);
                }
                sources.add(rows);
            }
            List<Map<String, AttributeValue>> plain = merge(sources, descending, false);
            List<Map<String, AttributeValue>> coded = merge(sources, descending, true);
            assertThat(coded.size()).isEqualTo(plain.size());
            for (int i = 0; i < plain.size(); i++) {
                assertThat(coded.get(i))
                        .as(
                                "round %d entry %d, %d sources, descending %s, sorted %s (seed %s)",
                                round, i, k, descending, sorted, seed)
                        .isSameAs(plain.get(i));
            }
            merged += plain.size();
        }
        assertThat(merged).isGreaterThan(100_000);
    }

    private static List<Map<String, AttributeValue>> merge(
            List<List<Map<String, AttributeValue>>> sources, boolean descending, boolean coded) {
        int k = sources.size();
        MergeTree tree = new MergeTree(k, ATTRIBUTES, descending, coded);
        int[] next = new int[k];
        List<Map<String, AttributeValue>> heads = new ArrayList<>();
        for (int s = 0; s < k; s++) {
            List<Map<String, AttributeValue>> rows = sources.get(s);
            heads.add(rows.isEmpty() ? null : rows.get(next[s]++));
            if (heads.get(s) != null) {
                tree.set(s, heads.get(s));
            }
        }
        tree.build();
        List<Map<String, AttributeValue>> out = new ArrayList<>();
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

    private static AttributeValue[] extract(Map<String, AttributeValue> item) {
        AttributeValue[] key = new AttributeValue[ATTRIBUTES.length];
        for (int i = 0; i < key.length; i++) {
            key[i] = item.get(ATTRIBUTES[i]);
        }
        return key;
    }

    /** style 0: ISO-like timestamps; 1: short strings from few letters (many ties); 2: numbers; 3: any mix. */
    private static Map<String, AttributeValue> item(Random random, int style) {
        Map<String, AttributeValue> item = new HashMap<>();
        for (String attribute : ATTRIBUTES) {
            int kind = style == 3 ? random.nextInt(5) : style;
            if (kind == 4) {
                continue; // missing
            }
            item.put(attribute, value(random, kind));
        }
        return item;
    }

    private static AttributeValue value(Random random, int kind) {
        return switch (kind) {
            case 0 ->
                AttributeValue.s(String.format("2024-05-01T00:00:%02d.%03dZ", random.nextInt(3), random.nextInt(40))
                        + (random.nextInt(6) == 0 ? TAILS[random.nextInt(TAILS.length)] : ""));
            case 1 -> {
                StringBuilder b = new StringBuilder();
                for (int n = random.nextInt(4); n > 0; n--) {
                    b.append((char) ('a' + random.nextInt(2)));
                }
                if (random.nextInt(8) == 0) {
                    b.append(TAILS[random.nextInt(TAILS.length)]);
                }
                yield AttributeValue.s(b.toString());
            }
            case 2 ->
                random.nextInt(8) == 0
                        ? AttributeValue.n("1E+" + (30 + random.nextInt(3)))
                        : AttributeValue.n(random.nextInt(7) - 3);
            default ->
                random.nextBoolean()
                        ? AttributeValue.b(new byte[] {(byte) random.nextInt(3)})
                        : AttributeValue.s("x" + TAILS[random.nextInt(TAILS.length)]);
        };
    }
}
