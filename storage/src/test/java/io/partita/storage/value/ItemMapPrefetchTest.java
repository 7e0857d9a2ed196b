package io.partita.storage.value;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link ItemMap#prefetch(List)} and {@link ItemMap#prefetch()}: a hint to the memory system that reads a page of
 * stored items ahead of their decoding. It must change nothing (the items, their order, what reading them returns),
 * accept any list of maps (items of other map types are skipped), and allocate nothing.
 */
class ItemMapPrefetchTest {
    private static final List<String> NAMES = List.of("pk", "sk", "a", "b", "c", "d", "e");
    private static final ItemMap.Layout LAYOUT = ItemMap.Layout.of(NAMES);

    /** Random pages of items of every value type, as ItemMap (layout and generic) and as other maps. */
    @Test
    void prefetchChangesNothing() {
        long seed = 0x1A40_7501L; // fixed: a failure reproduces
        System.out.println("ItemMapPrefetchTest.prefetchChangesNothing seed " + seed);
        Random r = new Random(seed);
        for (int round = 0; round < 2_000; round++) {
            List<Map<String, AttributeValue>> page = new ArrayList<>();
            List<Map<String, AttributeValue>> copies = new ArrayList<>();
            int n = r.nextInt(12);
            for (int i = 0; i < n; i++) {
                Map<String, AttributeValue> item = item(r);
                page.add(item);
                copies.add(new LinkedHashMap<>(item));
            }
            List<Map<String, AttributeValue>> before = List.copyOf(page);
            ItemMap.prefetch(page);
            for (Map<String, AttributeValue> item : page) {
                if (item instanceof ItemMap m) {
                    m.prefetch();
                }
            }
            assertThat(page).as("seed %d round %d", seed, round).hasSize(n);
            for (int i = 0; i < n; i++) {
                assertThat(page.get(i)).isSameAs(before.get(i)).isEqualTo(copies.get(i));
                assertThat(List.copyOf(page.get(i).keySet()))
                        .isEqualTo(List.copyOf(copies.get(i).keySet()));
                for (String name : copies.get(i).keySet()) {
                    assertThat(page.get(i).get(name)).isSameAs(copies.get(i).get(name));
                }
            }
        }
        ItemMap.prefetch(List.of());
        ItemMap.empty().prefetch();
    }

    /** A page's prefetch allocates nothing (measured as the calling thread's allocated bytes, after warm-up). */
    @Test
    void prefetchAllocatesNothing() {
        long seed = 0x1A40_7502L;
        System.out.println("ItemMapPrefetchTest.prefetchAllocatesNothing seed " + seed);
        Random r = new Random(seed);
        List<Map<String, AttributeValue>> page = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            page.add(layoutItem(r));
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (int i = 0; i < 20_000; i++) {
            ItemMap.prefetch(page);
        }
        long empty = allocated(threads, () -> {});
        long prefetched = allocated(threads, () -> ItemMap.prefetch(page));
        // the measurement itself may allocate a few bytes; a page's prefetch allocating anything would show
        // as at least 1,000 times its allocation
        assertThat(prefetched - empty).isLessThan(1_000);
    }

    private static long allocated(com.sun.management.ThreadMXBean threads, Runnable action) {
        long best = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 5; attempt++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 1_000; i++) {
                action.run();
            }
            best = Math.min(best, threads.getCurrentThreadAllocatedBytes() - before);
        }
        return best;
    }

    private static Map<String, AttributeValue> item(Random r) {
        return switch (r.nextInt(4)) {
            case 0, 1 -> layoutItem(r);
            case 2 -> {
                ItemMap.Builder b = ItemMap.builder(2);
                for (String name : NAMES) {
                    if (r.nextInt(4) != 0) {
                        b.put(name, value(r));
                    }
                }
                yield b.build();
            }
            default -> {
                Map<String, AttributeValue> m = new HashMap<>();
                for (String name : NAMES) {
                    if (r.nextBoolean()) {
                        m.put(name, value(r));
                    }
                }
                yield m;
            }
        };
    }

    private static ItemMap layoutItem(Random r) {
        ItemMap.Builder b = ItemMap.builder(LAYOUT);
        for (String name : NAMES) {
            b.add(name, value(r));
        }
        return b.build();
    }

    private static AttributeValue value(Random r) {
        return switch (r.nextInt(10)) {
            case 0 -> AttributeValue.s("s" + r.nextInt(1000));
            case 1 -> AttributeValue.n(r.nextLong());
            case 2 -> AttributeValue.n(new BigDecimal(r.nextInt(1000)).movePointLeft(2));
            case 3 -> AttributeValue.b(new byte[] {(byte) r.nextInt()});
            case 4 -> AttributeValue.bool(r.nextBoolean());
            case 5 -> AttributeValue.nul();
            case 6 -> AttributeValue.l(AttributeValue.s("x"), AttributeValue.n(r.nextInt(9)));
            case 7 -> AttributeValue.m(Map.of("k", AttributeValue.s("v" + r.nextInt(5))));
            case 8 -> AttributeValue.ss("a", "b" + r.nextInt(5));
            default -> AttributeValue.nsOf("1", String.valueOf(2 + r.nextInt(5)));
        };
    }
}
