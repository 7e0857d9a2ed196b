package io.partita.storage.value;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link ItemMap#stringAt(int, String)}: an item keeps each string value's {@code String} beside the value, which
 * must always be the string of the value {@link ItemMap#get(int, String)} returns, whichever way the item was built
 * or derived (layout builder, generic builder with puts that replace a value by one of another type, removes,
 * {@link ItemMap#copyOf}, {@link ItemMap#with}).
 */
class ItemMapStringAtTest {
    private static final List<String> NAMES = List.of("pk", "sk", "a", "b", "c", "d");
    private static final ItemMap.Layout LAYOUT = ItemMap.Layout.of(NAMES);

    @Test
    void stringAtIsTheStringOfGet() {
        long seed = 0x1A40_7503L; // fixed: a failure reproduces
        System.out.println("ItemMapStringAtTest.stringAtIsTheStringOfGet seed " + seed);
        Random r = new Random(seed);
        List<String> probes = new ArrayList<>(NAMES);
        for (String n : NAMES) {
            probes.add(new String(n.toCharArray())); // equal, other instance: found by name
        }
        probes.add("x");
        probes.add("absent");
        int strings = 0;
        for (int round = 0; round < 5_000; round++) {
            ItemMap.Builder b = r.nextBoolean() ? ItemMap.builder(LAYOUT) : ItemMap.builder(r.nextInt(4));
            Map<String, AttributeValue> expected = new LinkedHashMap<>();
            List<String> pool = new ArrayList<>(NAMES);
            pool.add("x");
            if (r.nextInt(3) == 0) {
                Collections.shuffle(pool, r);
            }
            int steps = 1 + r.nextInt(12);
            for (int step = 0; step < steps; step++) {
                String name = pool.get(r.nextInt(pool.size()));
                switch (r.nextInt(5)) {
                    case 0 -> {
                        b.remove(name);
                        expected.remove(name);
                    }
                    case 1 -> {
                        if (!expected.containsKey(name)) {
                            AttributeValue v = value(r);
                            b.add(name, v);
                            expected.put(name, v);
                        }
                    }
                    default -> {
                        AttributeValue v = value(r);
                        b.put(name, v);
                        expected.put(name, v);
                    }
                }
            }
            ItemMap item = b.build();
            List<ItemMap> derived = new ArrayList<>();
            derived.add(item);
            derived.add(ItemMap.copyOf(new LinkedHashMap<>(item)));
            String name = pool.get(r.nextInt(pool.size()));
            AttributeValue replacement = value(r);
            derived.add(item.with(name, replacement));
            Map<String, AttributeValue> withExpected = new LinkedHashMap<>(expected);
            withExpected.put(name, replacement);
            for (int d = 0; d < derived.size(); d++) {
                ItemMap m = derived.get(d);
                assertThat(m).as("seed %d round %d", seed, round).isEqualTo(d == 2 ? withExpected : expected);
                for (String probe : probes) {
                    for (int index = -1; index <= NAMES.size() + 2; index++) {
                        AttributeValue v = m.get(index, probe);
                        String s = m.stringAt(index, probe);
                        assertThat(s)
                                .as("seed %d round %d: %s at %d of %s", seed, round, probe, index, m)
                                .isSameAs(v instanceof AttributeValue.S sv ? sv.value() : null);
                        strings += s != null ? 1 : 0;
                    }
                }
            }
        }
        assertThat(strings).isGreaterThan(10_000);
    }

    private static AttributeValue value(Random r) {
        return switch (r.nextInt(6)) {
            case 0, 1 -> AttributeValue.s("s" + r.nextInt(100));
            case 2 -> AttributeValue.s("");
            case 3 -> AttributeValue.n(r.nextInt(1000));
            case 4 -> AttributeValue.nul();
            default -> AttributeValue.ss("s" + r.nextInt(5));
        };
    }
}
