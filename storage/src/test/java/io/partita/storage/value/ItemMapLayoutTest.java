package io.partita.storage.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.ValidationException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link ItemMap#builder(ItemMap.Layout)}: a fast path for items in a known attribute order, which must build exactly
 * what {@link ItemMap#builder(int)} builds from the same calls, whatever the calls are.
 */
class ItemMapLayoutTest {
    private static final List<String> NAMES = List.of("pk", "sk", "a", "b", "c");
    private static final ItemMap.Layout LAYOUT = ItemMap.Layout.of(NAMES);

    @Test
    void aCompleteItemSharesTheLayoutsNames() {
        ItemMap first = fill(ItemMap.builder(LAYOUT), 1).build();
        ItemMap second = fill(ItemMap.builder(LAYOUT), 2).build();
        ItemMap generic = fill(ItemMap.builder(5), 1).build();
        assertThat(first).isEqualTo(generic).hasSameHashCodeAs(generic);
        assertThat(List.copyOf(first.keySet())).isEqualTo(NAMES);
        assertThat(first.sharesLayoutWith(second)).isTrue();
        assertThat(first.sharesLayoutWith(generic)).isFalse();
        assertThat(first.get("c")).isEqualTo(AttributeValue.n(24));
    }

    @Test
    void anItemThatLeavesAnAttributeOutIsTheGenericItem() {
        ItemMap.Builder b = ItemMap.builder(LAYOUT);
        b.add("pk", AttributeValue.s("p")).add("sk", AttributeValue.s("s")).add("b", AttributeValue.n(1));
        b.add("c", AttributeValue.n(2));
        ItemMap built = b.build();
        assertThat(List.copyOf(built.keySet())).containsExactly("pk", "sk", "b", "c");
        assertThat(built.get("a")).isNull();
        assertThat(built.sharesLayoutWith(fill(ItemMap.builder(LAYOUT), 0).build()))
                .isFalse();
    }

    @Test
    void namesEqualButNotIdenticalStillBuildTheSameItem() {
        ItemMap.Builder b = ItemMap.builder(LAYOUT);
        for (String name : NAMES) {
            b.add(new String(name.toCharArray()), AttributeValue.s(name)); // another instance: the generic path
        }
        ItemMap built = b.build();
        assertThat(List.copyOf(built.keySet())).isEqualTo(NAMES);
        assertThat(built.get("a")).isEqualTo(AttributeValue.s("a"));
        ItemMap generic = ItemMap.builder(5).build();
        for (String name : NAMES) {
            generic = generic.with(name, AttributeValue.s(name));
        }
        assertThat(built).isEqualTo(generic).hasSameHashCodeAs(generic);
        // equal names keep to the layout: the item shares its names like one built from the same instances
        assertThat(built.sharesLayoutWith(fill(ItemMap.builder(LAYOUT), 0).build()))
                .isTrue();
    }

    /** {@link ItemMap#layout()}: an item's own names as a layout, which items built from it share. */
    @Test
    void anItemsLayoutBuildsItemsSharingItsNames() {
        ItemMap first = fill(ItemMap.builder(5), 1).build();
        ItemMap second = fill(ItemMap.builder(first.layout()), 2).build();
        assertThat(second).isEqualTo(fill(ItemMap.builder(5), 2).build());
        assertThat(second.sharesLayoutWith(first)).isTrue();
        ItemMap.Builder other = ItemMap.builder(first.layout()).add("x", AttributeValue.s("y"));
        assertThat(other.build()).isEqualTo(Map.of("x", AttributeValue.s("y")));
        assertThat(first.layout().size()).isEqualTo(5);
    }

    @Test
    void nullNamesAndValuesFailAsOnTheGenericBuilder() {
        assertThatThrownBy(() -> ItemMap.builder(LAYOUT).add("pk", null))
                .isInstanceOf(ValidationException.class)
                .hasMessage(messageOf(() -> ItemMap.builder(5).add("pk", null)));
        assertThatThrownBy(() -> ItemMap.builder(LAYOUT).put(null, AttributeValue.s("x")))
                .isInstanceOf(ValidationException.class)
                .hasMessage(messageOf(() -> ItemMap.builder(5).put(null, AttributeValue.s("x"))));
        assertThatThrownBy(() -> ItemMap.Layout.of(java.util.Arrays.asList("a", null)))
                .isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> ItemMap.Layout.of(List.of("a", "b", "a")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a");
    }

    @Test
    void anEmptyLayoutIsAnOrdinaryBuilder() {
        ItemMap.Layout empty = ItemMap.Layout.of(List.of());
        assertThat(empty.size()).isZero();
        assertThat(ItemMap.builder(empty).build()).isEmpty();
        assertThat(ItemMap.builder(empty)
                        .add("x", AttributeValue.n(1))
                        .add("y", AttributeValue.n(2))
                        .add("z", AttributeValue.n(3))
                        .build())
                .containsExactly(
                        Map.entry("x", AttributeValue.n(1)),
                        Map.entry("y", AttributeValue.n(2)),
                        Map.entry("z", AttributeValue.n(3)));
    }

    /**
     * {@link ItemMap#get(int, String)} is {@link ItemMap#get(Object)} for every item, position and name: items in the
     * layout (the position hits), items with attributes left out or in another order, names that are equal but
     * other instances, names the item does not hold, positions out of range.
     */
    @Test
    void getByPositionIsGetByName() {
        long seed = 0x1A40_7001L; // fixed: a failure reproduces
        System.out.println("ItemMapLayoutTest.getByPositionIsGetByName seed " + seed);
        Random r = new Random(seed);
        List<String> probes = new ArrayList<>(NAMES);
        for (String n : NAMES) {
            probes.add(new String(n.toCharArray()));
        }
        probes.add("absent");
        probes.add(null);
        int hits = 0;
        for (int round = 0; round < 5_000; round++) {
            ItemMap.Builder b = r.nextBoolean() ? ItemMap.builder(LAYOUT) : ItemMap.builder(2);
            List<String> order = new ArrayList<>(NAMES);
            if (r.nextInt(3) == 0) {
                java.util.Collections.shuffle(order, r);
            }
            for (String n : order) {
                if (r.nextInt(6) != 0) {
                    b.add(r.nextInt(6) == 0 ? new String(n.toCharArray()) : n, AttributeValue.n(r.nextInt(100)));
                }
            }
            ItemMap item = b.build();
            for (String name : probes) {
                for (int index = -1; index <= NAMES.size() + 1; index++) {
                    assertThat(item.get(index, name))
                            .as("seed %d, %s at %d of %s", seed, name, index, item)
                            .isSameAs(item.get(name));
                    if (name != null && index >= 0 && index < item.size()) {
                        hits += List.copyOf(item.keySet()).get(index) == name ? 1 : 0;
                    }
                }
            }
        }
        assertThat(hits).isGreaterThan(1000);
    }

    /** Random sequences of add / put / remove / get / containsKey on both builders: equal results at every step. */
    @Test
    void everySequenceOfCallsBuildsWhatTheGenericBuilderBuilds() {
        long seed = 0x1A40_7002L; // fixed: a failure reproduces
        System.out.println("ItemMapLayoutTest seed " + seed);
        Random random = new Random(seed);
        List<String> pool = new ArrayList<>(NAMES);
        pool.add("x");
        pool.add("y");
        for (int round = 0; round < 5_000; round++) {
            ItemMap.Builder fast = ItemMap.builder(LAYOUT);
            ItemMap.Builder generic = ItemMap.builder(random.nextInt(4));
            List<String> held = new ArrayList<>();
            int steps = random.nextInt(12);
            int inOrder = random.nextInt(NAMES.size() + 1); // usually starts like a schema: a prefix in order
            for (int i = 0; i < inOrder; i++) {
                if (random.nextInt(8) == 0) {
                    continue; // an attribute left out (a null field)
                }
                AttributeValue v = AttributeValue.n(random.nextInt(100));
                fast.add(NAMES.get(i), v);
                generic.add(NAMES.get(i), v);
                held.add(NAMES.get(i));
            }
            for (int s = 0; s < steps; s++) {
                String name = pool.get(random.nextInt(pool.size()));
                AttributeValue v = AttributeValue.n(BigDecimal.valueOf(random.nextInt(1000), 1));
                switch (random.nextInt(5)) {
                    case 0 -> {
                        if (!held.contains(name)) { // add's contract: a name not held yet
                            fast.add(name, v);
                            generic.add(name, v);
                            held.add(name);
                        }
                    }
                    case 1 -> {
                        fast.put(name, v);
                        generic.put(name, v);
                        if (!held.contains(name)) {
                            held.add(name);
                        }
                    }
                    case 2 -> {
                        fast.remove(name);
                        generic.remove(name);
                        held.remove(name);
                    }
                    default -> {
                        assertThat(fast.get(name))
                                .as("seed %s round %s", seed, round)
                                .isEqualTo(generic.get(name));
                        assertThat(fast.containsKey(name)).isEqualTo(generic.containsKey(name));
                    }
                }
            }
            ItemMap a = fast.build();
            ItemMap b = generic.build();
            assertThat(a).as("seed %s round %s", seed, round).isEqualTo(b);
            assertThat(List.copyOf(a.keySet()))
                    .isEqualTo(List.copyOf(b.keySet()))
                    .isEqualTo(held);
            assertThat(List.copyOf(a.values())).isEqualTo(List.copyOf(b.values()));
            for (String name : pool) {
                assertThat(a.get(name)).isEqualTo(b.get(name));
            }
            // the layout's own arrays are never written: a fresh complete item still has the layout's names
            assertThat(List.copyOf(fill(ItemMap.builder(LAYOUT), round).build().keySet()))
                    .isEqualTo(NAMES);
        }
    }

    private static ItemMap.Builder fill(ItemMap.Builder b, int seed) {
        for (int i = 0; i < NAMES.size(); i++) {
            b.add(NAMES.get(i), AttributeValue.n(seed * 10L + i + 10));
        }
        return b;
    }

    private static String messageOf(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            return e.getMessage();
        }
        throw new AssertionError("no exception");
    }
}
