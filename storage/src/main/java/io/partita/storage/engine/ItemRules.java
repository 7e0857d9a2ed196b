package io.partita.storage.engine;

import io.partita.storage.Message;
import io.partita.storage.expression.Placeholders;
import io.partita.storage.expression.UpdateExpression;
import io.partita.storage.schema.Limits;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemAttributes;
import io.partita.storage.value.ItemMap;
import io.partita.storage.value.Items;
import java.util.Map;
import java.util.Set;

/**
 * DynamoDB's rules for what a write may store, written once for every write path (single writes, batches,
 * transactions): attribute names and values, the item size limit, index key values, and key attributes an
 * update may not touch.
 */
final class ItemRules {
    private ItemRules() {}

    /** Copies a caller's item into an immutable map, rejecting what DynamoDB rejects. */
    static Stored freeze(Map<String, AttributeValue> item) {
        return freeze(item, null);
    }

    /**
     * As {@link #freeze(Map)}, for an item written to {@code table} (may be null): a copy shares its name arrays
     * with the table's previous item of the same layout ({@link ItemMap#builder(ItemMap.Layout)}).
     */
    static Stored freeze(Map<String, AttributeValue> item, TableData table) {
        if (item == null) {
            throw Message.ItemNull.exception();
        }
        if (item instanceof ItemMap im) {
            // already immutable, with non-null names and values (its builder checks); names must still be non-empty
            return new Stored(im, checkedSize(sizeOf(im)));
        }
        // Copied straight against the table's last layout when the item has as many attributes: if the names
        // come in its order (items written by one program usually do), the copy is one array of values sharing
        // the layout's names, with no scratch name and hash arrays; otherwise the builder falls back by itself.
        ItemMap.Layout names = table == null ? null : table.itemNames;
        ItemMap.Builder copy =
                names != null && names.size() == item.size() ? ItemMap.builder(names) : ItemMap.builder(item.size());
        int size = 0;
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            String name = e.getKey();
            AttributeValue value = e.getValue();
            if (name == null || name.isEmpty()) {
                throw Message.AttributeNameEmpty.exception();
            }
            if (value == null) {
                throw Message.AttributeValueNull.exception(name);
            }
            checkNesting(name, value);
            copy.add(name, value);
            size += checkedNameSize(name) + value.size();
        }
        int checked = checkedSize(size);
        ItemMap frozen = copy.build();
        if (table != null && !frozen.sharesLayoutWith(names)) {
            table.itemNames = frozen.layout(); // a new layout: the template of the items after it
        }
        return new Stored(frozen, checked);
    }

    private static int checkedSize(int size) {
        if (size > Limits.MAX_ITEM_BYTES) {
            throw Message.ItemTooLarge.exception(size, Limits.MAX_ITEM_BYTES);
        }
        return size;
    }

    /**
     * Rejects a document nesting more than {@link Limits#MAX_DOCUMENT_LEVELS} levels of maps and lists, as DynamoDB
     * does for every write (the wire codec's parser bounds a request's JSON depth, but an embedded caller builds
     * values directly, and a shallow request shape such as PutItem fits two more levels in the same JSON depth).
     */
    static void checkNesting(String name, AttributeValue value) {
        if ((value instanceof AttributeValue.M || value instanceof AttributeValue.L) && tooDeep(value, 1)) {
            throw Message.NestingTooDeep.exception(name, Limits.MAX_DOCUMENT_LEVELS);
        }
    }

    /**
     * Whether {@code value}, a map or list at nesting {@code level}, or anything in it is deeper than the limit.
     * The recursion stops one level past the limit, so its depth is bounded whatever the caller built.
     */
    private static boolean tooDeep(AttributeValue value, int level) {
        if (value instanceof AttributeValue.M m) {
            if (level > Limits.MAX_DOCUMENT_LEVELS) {
                return true;
            }
            for (AttributeValue v : m.values().values()) {
                if (tooDeep(v, level + 1)) {
                    return true;
                }
            }
        } else if (value instanceof AttributeValue.L l) {
            if (level > Limits.MAX_DOCUMENT_LEVELS) {
                return true;
            }
            for (AttributeValue v : l.values()) {
                if (tooDeep(v, level + 1)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Rejects an item whose value for an index key attribute has the wrong type, is empty or too large. */
    static void validateIndexKeys(TableData t, Map<String, AttributeValue> item) {
        for (IndexData l : t.lsis) {
            l.shape.validate(item);
        }
        for (IndexData g : t.gsis) {
            if (g.building == null) { // DynamoDB takes a key violation of a backfilling index; the item goes unindexed
                g.shape.validate(item);
            }
        }
    }

    /**
     * The part of index-key validation DynamoDB applies to a transaction's request before looking at any item:
     * empty and oversized key values. (A wrong type is a cancellation reason of the action instead.)
     */
    static void checkIndexKeyValues(TableData t, Map<String, AttributeValue> item) {
        for (IndexData l : t.lsis) {
            l.shape.validateValues(item);
        }
        for (IndexData g : t.gsis) {
            if (g.building == null) {
                g.shape.validateValues(item);
            }
        }
    }

    /**
     * The top-level attributes an update expression writes (null expression: none), rejecting it when it
     * writes a key attribute of the table: DynamoDB never lets an update change an item's key.
     */
    static Set<String> updatedAttributes(TableShape table, UpdateExpression update, Placeholders ph) {
        if (update == null) {
            return Set.of();
        }
        Set<String> touched = update.topLevelAttributes(ph);
        for (String a : touched) {
            if (table.isKeyAttribute(a)) {
                throw Message.KeyAttributeUpdated.exception(a);
            }
        }
        return touched;
    }

    /**
     * An {@link ItemMap}'s accounted size, checking its names are non-empty and its documents not too deep: an index
     * loop, so that no consumer object is allocated per put (nor a lambda bootstrapped on a fresh JVM's first put).
     */
    private static int sizeOf(ItemMap item) {
        int bytes = 0;
        for (int i = 0, n = item.size(); i < n; i++) {
            String name = ItemAttributes.name(item, i);
            AttributeValue value = ItemAttributes.value(item, i);
            if (name.isEmpty()) {
                throw Message.AttributeNameEmpty.exception();
            }
            checkNesting(name, value);
            bytes += checkedNameSize(name) + value.size();
        }
        return bytes;
    }

    /** An attribute name's UTF-8 size; DynamoDB takes names of fewer than 65,536 bytes. */
    static int checkedNameSize(String name) {
        int size = Items.nameSize(name);
        if (size >= Limits.MAX_ATTRIBUTE_NAME_BYTES_EXCLUSIVE) {
            throw Message.AttributeNameTooLarge.exception();
        }
        return size;
    }
}
