package io.partita.migration;

import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The one transaction that rewrites an item: under the same key, a Put of the new form; under a new key, a Put of the
 * new form where no item is and the Delete of the old item — together, so a reader finds the item under its old key
 * or its new one, never under neither and never under both. Either way the old item must still be as it was read
 * (its key present and its scalar attributes unchanged): a concurrent write makes the transaction fail, counted as a
 * conflict, instead of being overwritten with the stale copy.
 */
final class ItemWrites {
    private ItemWrites() {}

    static List<TransactWriteItem> of(String table, Map<String, AttributeValue> stored, ItemRewriter.Rewrite rewrite) {
        Map<String, String> names = new HashMap<>();
        Map<String, AttributeValue> values = new HashMap<>();
        String unchanged = unchanged(stored, rewrite.oldKey(), names, values);
        Map<String, AttributeValue> given = values.isEmpty() ? null : values;
        List<TransactWriteItem> out = new ArrayList<>(2);
        if (!rewrite.keyChanged()) {
            out.add(new TransactWriteItem.Put(table, rewrite.item(), unchanged, names, given, false));
            return out;
        }
        String pk = rewrite.oldKey().keySet().iterator().next();
        out.add(new TransactWriteItem.Put(
                table, rewrite.item(), "attribute_not_exists(#new)", Map.of("#new", pk), null, false));
        out.add(new TransactWriteItem.Delete(table, rewrite.oldKey(), unchanged, names, given, false));
        return out;
    }

    /** {@code attribute_exists(key) AND a = :a ...} over the stored item's scalar attributes. */
    private static String unchanged(
            Map<String, AttributeValue> stored,
            Map<String, AttributeValue> key,
            Map<String, String> names,
            Map<String, AttributeValue> values) {
        StringBuilder c = new StringBuilder("attribute_exists(#k)");
        names.put("#k", key.keySet().iterator().next());
        int i = 0;
        for (Map.Entry<String, AttributeValue> e : stored.entrySet()) {
            AttributeValue v = e.getValue();
            boolean scalar = v instanceof AttributeValue.S
                    || v instanceof AttributeValue.N
                    || v instanceof AttributeValue.B
                    || v instanceof AttributeValue.Bool;
            if (!scalar || key.containsKey(e.getKey())) {
                continue;
            }
            names.put("#a" + i, e.getKey());
            values.put(":a" + i, v);
            c.append(" AND #a").append(i).append(" = :a").append(i);
            i++;
        }
        return c.toString();
    }
}
