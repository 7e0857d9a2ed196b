package io.partita.storage.value;

import java.util.Map;

/** Helpers over items: an item is a {@code Map<String, AttributeValue>} from attribute name to value. */
public final class Items {
    private Items() {}

    /** Item size as DynamoDB accounts it: attribute-name UTF-8 bytes plus value bytes, summed. */
    public static int size(Map<String, AttributeValue> item) {
        if (item instanceof ItemMap im) {
            int[] size = {0};
            im.forEachAttribute((name, value) -> size[0] += AttributeValue.utf8Length(name) + value.size());
            return size[0];
        }
        int size = 0;
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            size += AttributeValue.utf8Length(e.getKey()) + e.getValue().size();
        }
        return size;
    }

    public static int utf8Length(String s) {
        return AttributeValue.utf8Length(s);
    }
}
