package io.partita.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Bytes;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link ProjectedDecode}: of random items of every type, decoding only some names gives exactly those attributes of
 * the whole decode, in its order, with the whole item's size; malformed input fails as the whole decode does.
 */
class ProjectedDecodeTest {
    private static final long SEED = 0x32_5C1DL;
    private static final String[] NAMES = {"pk", "a", "b", "num", "big", "m", "l", "ss", "ns", "bs", "t", "z", "ü", "k"
    };

    @Test
    void decodesExactlyTheNeededAttributes() {
        System.out.println("ProjectedDecodeTest seed " + SEED);
        Random random = new Random(SEED);
        for (int round = 0; round < 2000; round++) {
            Map<String, AttributeValue> item = new LinkedHashMap<>();
            for (String name : NAMES) {
                if (random.nextInt(3) != 0) {
                    item.put(name, value(random, 2));
                }
            }
            Stored whole = ItemCodec.decode(ItemCodec.encode(new Stored(item, 100 + round)));
            Set<String> needed = new LinkedHashSet<>();
            for (int i = random.nextInt(5); i > 0; i--) {
                needed.add(NAMES[random.nextInt(NAMES.length)]);
            }
            needed.add("absent");
            byte[] bytes = ItemCodec.encode(new Stored(item, 100 + round));
            Stored part = ProjectedDecode.decode(bytes, 0, Needs.of(null, null, null, List.copyOf(needed), true));
            Map<String, AttributeValue> expected = new LinkedHashMap<>();
            whole.item().forEach((k, v) -> {
                if (needed.contains(k)) {
                    expected.put(k, v);
                }
            });
            assertThat(part.size()).isEqualTo(whole.size());
            assertThat(part.item()).isEqualTo(expected);
            assertThat(List.copyOf(part.item().keySet())).isEqualTo(List.copyOf(expected.keySet()));
            assertThat(ProjectedDecode.decode(bytes, 0, Needs.ALL).item()).isEqualTo(whole.item());
        }
    }

    @Test
    void malformedInputFailsAsTheWholeDecodeDoes() {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("pk", AttributeValue.s("k"));
        item.put("skipped", AttributeValue.l(AttributeValue.n(1), AttributeValue.ss("x", "y")));
        byte[] bytes = ItemCodec.encode(new Stored(item, 40));
        Needs needs = Needs.of(null, null, null, List.of("pk"), true);
        for (int cut = 1; cut < bytes.length; cut++) {
            byte[] truncated = Arrays.copyOf(bytes, cut);
            assertThatThrownBy(() -> ProjectedDecode.decode(truncated, 0, needs))
                    .isInstanceOf(IllegalArgumentException.class);
        }
        byte[] trailing = Arrays.copyOf(bytes, bytes.length + 1);
        assertThatThrownBy(() -> ProjectedDecode.decode(trailing, 0, needs))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("trailing bytes");
    }

    private static AttributeValue value(Random random, int depth) {
        int kind = random.nextInt(depth > 0 ? 12 : 10);
        return switch (kind) {
            case 0 -> AttributeValue.s("s".repeat(random.nextInt(30)) + (random.nextBoolean() ? "é" : ""));
            case 1 -> AttributeValue.n(random.nextLong());
            case 2 -> AttributeValue.n(new BigDecimal(random.nextInt()).movePointLeft(random.nextInt(10)));
            case 3 -> AttributeValue.n("98765432109876543210987654321" + random.nextInt(100));
            case 4 -> AttributeValue.b(new byte[random.nextInt(20)]);
            case 5 -> AttributeValue.bool(random.nextBoolean());
            case 6 -> AttributeValue.nul();
            case 7 -> AttributeValue.ss("a" + random.nextInt(5), "b");
            case 8 -> AttributeValue.nsOf("1", "-2.5E+20", "123456789012345678901234567890");
            case 9 -> AttributeValue.bs(List.of(Bytes.copyOf(new byte[] {1}), Bytes.copyOf(new byte[] {2, 3})));
            case 10 -> {
                List<AttributeValue> l = new ArrayList<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    l.add(value(random, depth - 1));
                }
                yield AttributeValue.l(l);
            }
            default -> {
                Map<String, AttributeValue> m = new LinkedHashMap<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    m.put("k" + i + "ü", value(random, depth - 1));
                }
                yield AttributeValue.m(m);
            }
        };
    }
}
