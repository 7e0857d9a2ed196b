package io.partita.storage.value;

import java.util.Map;

/** Helpers over items: an item is a {@code Map<String, AttributeValue>} from attribute name to value. */
public final class Items {
    private Items() {}

    /** Item size as DynamoDB accounts it: attribute-name UTF-8 bytes plus value bytes, summed. */
    public static int size(Map<String, AttributeValue> item) {
        if (item instanceof ItemMap im) {
            int[] size = {0};
            im.forEachAttribute((name, value) -> size[0] += nameSize(name) + value.size());
            return size[0];
        }
        int size = 0;
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            size += nameSize(e.getKey()) + e.getValue().size();
        }
        return size;
    }

    public static int utf8Length(String s) {
        return Utf8.length(s);
    }

    private static final int NAME_CACHE_SIZE = 1024;
    private static final NameSize[] NAME_CACHE = new NameSize[NAME_CACHE_SIZE];

    private record NameSize(String name, int size) {}

    /**
     * The UTF-8 size of an attribute name. Items name the same attributes over and over, nearly always
     * through the same String objects (literals, generated constants), so a small identity-keyed cache
     * answers most calls; races only cost a recomputation, since entries are immutable. Two ways: a name may sit in
     * its slot or the next (pairs {@code 2k, 2k + 1}), so two names of one item that share a slot do not evict each
     * other on every write (a new entry and a size computation per write, as the benchmark's item had).
     */
    public static int nameSize(String name) {
        int slot = System.identityHashCode(name) & (NAME_CACHE_SIZE - 1);
        NameSize cached = NAME_CACHE[slot];
        if (cached != null && cached.name == name) {
            return cached.size;
        }
        NameSize other = NAME_CACHE[slot ^ 1];
        if (other != null && other.name == name) {
            return other.size;
        }
        int size = Utf8.length(name);
        // into a free way of the pair, else into this name's own slot (the other way keeps its name)
        NAME_CACHE[cached == null || other != null ? slot : slot ^ 1] = new NameSize(name, size);
        return size;
    }
}
