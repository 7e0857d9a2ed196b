package io.partita.storage.value;

import java.util.List;
import java.util.Map;

/**
 * {@link ItemMap#prefetch}: reads, without changing or allocating anything, the objects a reader of a list of items
 * loads first, in two passes over the list: each {@code ItemMap} (with its {@link ItemMap#memo()} field), then for
 * an item with a memo the memo's class word (a reader that finds its value there reads nothing else), for one
 * without its value array and each of its values. A stored item's objects are scattered over the heap and rarely in
 * cache: reading a page of query results item by item waits for them in turn; issued together, the loads are in
 * flight at once.
 */
final class ItemPrefetch {
    private ItemPrefetch() {}

    static void prefetch(List<? extends Map<String, AttributeValue>> items) {
        int n = items.size();
        int seen = 0;
        for (int i = 0; i < n; i++) {
            if (items.get(i) instanceof ItemMap m) {
                // the item's own line: its memo field, and for an item without a memo its value array's header
                // (a memo hit never reads the values: loading their array would be a miss for nothing)
                seen += m.memo() != null ? 1 : m.valueArray().length;
            }
        }
        for (int i = 0; i < n; i++) {
            if (items.get(i) instanceof ItemMap m) {
                seen = seen * 31 + touch(m);
            }
        }
        sink(seen);
    }

    static void prefetch(ItemMap item) {
        sink(touch(item));
    }

    /**
     * Loads what a reader of the item reads next: nothing more for an owned memo ({@link ItemMap#memoOf} reads the
     * item alone), the memo's class word for one without an owner, else its values.
     */
    private static int touch(ItemMap item) {
        Object m = item.memo();
        return m == null ? touchValues(item) : item.memoOwnerPlain() != null ? 1 : m instanceof Record ? 2 : 3;
    }

    /** Loads the class word of each value (which brings the value's cache line in); a number derived from them. */
    private static int touchValues(ItemMap item) {
        int h = 1;
        for (AttributeValue v : item.valueArray()) {
            h = h * 31 + (v instanceof AttributeValue.S ? 1 : v instanceof AttributeValue.N ? 2 : 3);
        }
        return h;
    }

    /**
     * Keeps the prefetch loads from being removed as unused: the compiler cannot tell what {@code h} is, and the
     * branch, taken once in 2^32 at most, does nothing observable (a spin-wait hint).
     */
    private static void sink(int h) {
        if (h == 0x7A3F_19C5) {
            Thread.onSpinWait();
        }
    }
}
