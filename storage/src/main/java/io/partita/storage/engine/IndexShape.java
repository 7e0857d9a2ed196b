package io.partita.storage.engine;

import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProjectionType;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import io.partita.storage.value.Items;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One secondary index, compiled for the write and read paths: which attributes key it, which are projected,
 * and how an item becomes an entry. Entry keys are {@code [index partition parts, index sort parts, table
 * partition key, table sort key]}, so entries with equal index keys are ordered by table key.
 */
final class IndexShape {
    final String name;
    final boolean global;
    final KeyAttribute[] partitionKey;
    final KeyAttribute[] sortKey;
    final ProjectionType projectionType;
    final Projection projection;
    /** Table keys + index keys: always projected. */
    final Set<String> keyAttributes;
    /** {@link #keyAttributes} as an array, for LastEvaluatedKey. */
    private final String[] keyNames;
    /** Every attribute an entry holds, for INCLUDE and KEYS_ONLY; null for ALL. */
    final Set<String> projectedAttributes;

    private final String[] projected;
    /**
     * {@link #projected} as a layout: an entry holding every projected attribute (the usual case) is built as one
     * array of values sharing the layout's names, with no scratch arrays; null for ALL.
     */
    private final ItemMap.Layout projectedLayout;
    /** UTF-8 sizes of the projected names, computed once: every write sizes its entries. */
    private final int[] projectedSizes;

    private final TableShape table;

    /** The last projected entry with a new layout; later entries share its name arrays (racy by design, as in {@link TableData#itemLayout}). */
    private ItemMap entryLayout;

    IndexShape(
            TableShape table,
            String name,
            boolean global,
            List<KeyAttribute> partitionKey,
            List<KeyAttribute> sortKey,
            Projection projection) {
        this.table = table;
        this.name = name;
        this.global = global;
        // toArray(new T[0]), not toArray(T[]::new): each method reference is a lambda bootstrap when the first table
        // is created in a fresh JVM
        this.partitionKey = partitionKey.toArray(new KeyAttribute[0]);
        this.sortKey = sortKey.toArray(new KeyAttribute[0]);
        this.projection = projection;
        this.projectionType = projection.type();
        Set<String> keys = new LinkedHashSet<>();
        keys.add(table.partitionKey.name());
        if (table.sortKey != null) {
            keys.add(table.sortKey.name());
        }
        for (KeyAttribute k : this.partitionKey) {
            keys.add(k.name());
        }
        for (KeyAttribute k : this.sortKey) {
            keys.add(k.name());
        }
        this.keyAttributes = Collections.unmodifiableSet(keys);
        this.keyNames = keys.toArray(new String[0]);
        if (projectionType == ProjectionType.ALL) {
            this.projectedAttributes = null;
        } else {
            Set<String> p = new LinkedHashSet<>(keys);
            p.addAll(projection.nonKeyAttributes());
            this.projectedAttributes = Collections.unmodifiableSet(p);
        }
        this.projected = projectedAttributes == null ? null : projectedAttributes.toArray(new String[0]);
        this.projectedLayout = projected == null ? null : ItemMap.Layout.of(List.of(projected));
        this.projectedSizes = new int[projected == null ? 0 : projected.length];
        for (int i = 0; i < projectedSizes.length; i++) {
            projectedSizes[i] = Items.utf8Length(projected[i]);
        }
    }

    /** Index key attributes, partition parts first. */
    KeyAttribute[] indexKeys() {
        KeyAttribute[] all = new KeyAttribute[partitionKey.length + sortKey.length];
        System.arraycopy(partitionKey, 0, all, 0, partitionKey.length);
        System.arraycopy(sortKey, 0, all, partitionKey.length, sortKey.length);
        return all;
    }

    /** Rejects an item whose value for one of this index's key attributes has the wrong type, is empty or too large. */
    void validate(Map<String, AttributeValue> item) {
        check(item, true);
    }

    /** Only the value rules of {@link #validate}: index key values present in the item are non-empty and within size. */
    void validateValues(Map<String, AttributeValue> item) {
        check(item, false);
    }

    /** Checks the index key values the item holds; with {@code types} false, values of another type pass. */
    private void check(Map<String, AttributeValue> item, boolean types) {
        for (KeyAttribute k : partitionKey) {
            AttributeValue v = item.get(k.name());
            if (v != null && (types || v.type() == k.type())) {
                KeyRules.checkIndexKey(name, k, v, true);
            }
        }
        for (KeyAttribute k : sortKey) {
            AttributeValue v = item.get(k.name());
            if (v != null && (types || v.type() == k.type())) {
                KeyRules.checkIndexKey(name, k, v, false);
            }
        }
    }

    /**
     * The entry key of an item, or null when the item has no entry in this index: it lacks an index key attribute
     * (sparse), or holds a value the index cannot key — another type, an empty string or binary, a value over the
     * key size limit. Writes never store such an item (they are validated first), but a GSI added to a live table
     * finds them among the existing items: DynamoDB's backfill leaves them out of the index ("index key
     * violations"), and so do the backfill, every later write (the old item's entry) and the invariant checker,
     * which all ask this method.
     */
    OrderKey entryKey(Map<String, AttributeValue> item) {
        AttributeValue first = item.get(partitionKey[0].name());
        if (first == null || !KeyRules.indexable(partitionKey[0], first, true)) {
            return null;
        }
        AttributeValue[] pkParts = null;
        if (partitionKey.length > 1) {
            pkParts = partitionParts(item, first);
            if (pkParts == null) {
                return null;
            }
        }
        int rest = sortLength(item);
        if (rest < 0) {
            return null;
        }
        AttributeValue tablePartition = item.get(table.partitionKey.name());
        AttributeValue tableSort = table.sortKey == null ? null : item.get(table.sortKey.name());
        int hash;
        int length = KeyCodec.HASH_BYTES + rest + KeyCodec.sizeOf(tablePartition);
        length += tableSort == null ? 0 : KeyCodec.sizeOf(tableSort);
        if (pkParts == null) {
            hash = OrderKey.partitionHash(first);
            length += KeyCodec.sizeOf(first);
        } else {
            hash = OrderKey.partitionHash(pkParts, pkParts.length);
            for (AttributeValue v : pkParts) {
                length += KeyCodec.sizeOf(v);
            }
        }
        if (pkParts == null && sortKey.length <= 1) {
            // the usual key, written straight into its exact array (no builder)
            AttributeValue sort = sortKey.length == 0 ? null : item.get(sortKey[0].name());
            OrderKey exact = KeyCodec.exactKey(hash, length, first, sort, tablePartition, tableSort);
            if (exact != null) {
                return exact;
            }
        }
        // sized exactly for the usual keys: the key keeps the builder's buffer (no scratch array, no copy)
        KeyCodec.Builder key = KeyCodec.builder(hash, length);
        if (pkParts == null) {
            key.add(first);
        } else {
            for (AttributeValue v : pkParts) {
                key.add(v);
            }
        }
        key.endPartition();
        for (KeyAttribute k : sortKey) {
            key.add(item.get(k.name()));
        }
        key.add(tablePartition);
        if (table.sortKey != null) {
            key.add(tableSort);
        }
        return key.build();
    }

    /**
     * True when the item has an entry in this index: {@link #entryKey} is not null for it, told without encoding the
     * key.
     */
    boolean hasEntry(Map<String, AttributeValue> item) {
        for (int i = 0; i < partitionKey.length; i++) {
            AttributeValue v = item.get(partitionKey[i].name());
            if (v == null || !KeyRules.indexable(partitionKey[i], v, true)) {
                return false;
            }
        }
        return sortLength(item) >= 0;
    }

    /**
     * The item's entry key as {@link KeyCodec#scratchKey} writes it (this thread's scratch array, to find the entry
     * with, never to store), for the usual index of one partition and at most one sort attribute whose values'
     * encodings have their exact {@link KeyCodec#sizeOf}; otherwise, or when the item has no entry, null.
     */
    byte[] scratchEntryKey(Map<String, AttributeValue> item, KeyCodec.Scratch s) {
        return exactEntryKey(item, s, false);
    }

    /**
     * The item's entry key as a new array of its exact length, to store (an insert's: no key object), its partition's
     * end in {@link KeyCodec.Scratch#partitionEnd}; null where {@link #scratchEntryKey} is null.
     */
    byte[] newEntryKey(Map<String, AttributeValue> item, KeyCodec.Scratch s) {
        return exactEntryKey(item, s, true);
    }

    /** {@link #scratchEntryKey} ({@code fresh} false) or {@link #newEntryKey} ({@code fresh} true). */
    private byte[] exactEntryKey(Map<String, AttributeValue> item, KeyCodec.Scratch s, boolean fresh) {
        if (partitionKey.length > 1 || sortKey.length > 1) {
            return null;
        }
        AttributeValue first = item.get(partitionKey[0].name());
        if (first == null || !KeyRules.indexable(partitionKey[0], first, true)) {
            return null;
        }
        AttributeValue sort = sortKey.length == 0 ? null : item.get(sortKey[0].name());
        if (sortKey.length == 1 && (sort == null || !KeyRules.indexable(sortKey[0], sort, false))) {
            return null;
        }
        AttributeValue tablePartition = item.get(table.partitionKey.name());
        AttributeValue tableSort = table.sortKey == null ? null : item.get(table.sortKey.name());
        int length = KeyCodec.HASH_BYTES + KeyCodec.sizeOf(first) + KeyCodec.sizeOf(tablePartition);
        length += (sort == null ? 0 : KeyCodec.sizeOf(sort)) + (tableSort == null ? 0 : KeyCodec.sizeOf(tableSort));
        int hash = OrderKey.partitionHash(first);
        return fresh
                ? KeyCodec.newKey(s, hash, length, first, sort, tablePartition, tableSort)
                : KeyCodec.scratchKey(s, hash, length, first, sort, tablePartition, tableSort);
    }

    /** The values of a multi-attribute partition key, {@code first} first; null when one cannot key the index. */
    private AttributeValue[] partitionParts(Map<String, AttributeValue> item, AttributeValue first) {
        AttributeValue[] parts = new AttributeValue[partitionKey.length];
        parts[0] = first;
        for (int i = 1; i < parts.length; i++) {
            parts[i] = item.get(partitionKey[i].name());
            if (parts[i] == null || !KeyRules.indexable(partitionKey[i], parts[i], true)) {
                return null;
            }
        }
        return parts;
    }

    /** The encoded length of the index sort key's values; -1 when one is missing or cannot key the index. */
    private int sortLength(Map<String, AttributeValue> item) {
        int length = 0;
        for (KeyAttribute k : sortKey) {
            AttributeValue v = item.get(k.name());
            if (v == null || !KeyRules.indexable(k, v, false)) {
                return -1;
            }
            length += KeyCodec.sizeOf(v);
        }
        return length;
    }

    /** True when both items have equal values for every index key attribute (table keys are equal by construction). */
    boolean sameIndexKey(Map<String, AttributeValue> a, Map<String, AttributeValue> b) {
        for (KeyAttribute k : partitionKey) {
            if (!java.util.Objects.equals(a.get(k.name()), b.get(k.name()))) {
                return false;
            }
        }
        for (KeyAttribute k : sortKey) {
            if (!java.util.Objects.equals(a.get(k.name()), b.get(k.name()))) {
                return false;
            }
        }
        return true;
    }

    /**
     * True when an item changed from {@code a} to {@code b} keeps this index's entry exactly as it is: the projection
     * is not ALL (whose entry is the item itself, so a new item is a new entry) and every projected attribute has an
     * equal value in both, or is absent from both. The projected attributes include the table's and the index's keys,
     * so the entry's key, whether the item has an entry at all (a sparse index), its attributes and its size (equal
     * values have equal sizes) are all unchanged: the write has nothing to do here. A KEYS_ONLY index meets this on
     * every overwrite that keeps the index keys; an INCLUDE index when the included attributes are unchanged too.
     */
    boolean sameEntry(Map<String, AttributeValue> a, Map<String, AttributeValue> b) {
        String[] names = projected;
        if (names == null) {
            return false;
        }
        for (String n : names) {
            if (!java.util.Objects.equals(a.get(n), b.get(n))) {
                return false;
            }
        }
        return true;
    }

    /** The entry an item contributes to this index: the projected attributes, with their size. */
    Stored project(Stored item) {
        if (projectionType == ProjectionType.ALL) {
            return item;
        }
        ItemMap.Builder entry = ItemMap.builder(projectedLayout);
        int size = 0;
        Map<String, AttributeValue> source = item.item();
        for (int i = 0; i < projected.length; i++) {
            AttributeValue v = source.get(projected[i]);
            if (v != null) {
                entry.add(projected[i], v);
                size += projectedSizes[i] + v.size();
            }
        }
        ItemMap layout = entryLayout;
        ItemMap built = entry.build(layout);
        if (!built.sharesLayoutWith(layout)) {
            entryLayout = built;
        }
        return new Stored(built, size);
    }

    /** The size of {@link #project}'s entry of {@code item}, without building it. */
    int entrySize(Stored item) {
        if (projectionType == ProjectionType.ALL) {
            return item.size();
        }
        int size = 0;
        Map<String, AttributeValue> source = item.item();
        for (int i = 0; i < projected.length; i++) {
            AttributeValue v = source.get(projected[i]);
            if (v != null) {
                size += projectedSizes[i] + v.size();
            }
        }
        return size;
    }

    /** True when the attribute is held by this index's entries. */
    boolean projects(String attribute) {
        return projectedAttributes == null || projectedAttributes.contains(attribute);
    }

    /**
     * The key attributes of an entry, as they appear in LastEvaluatedKey (table keys, then index keys, in
     * {@link #keyAttributes} order): an immutable {@link ItemMap}, sized once (every entry holds all of them).
     */
    Map<String, AttributeValue> lastEvaluatedKey(Map<String, AttributeValue> entry) {
        String[] names = keyNames;
        ItemMap.Builder key = ItemMap.builder(names.length);
        for (String k : names) {
            AttributeValue v = entry.get(k);
            if (v != null) {
                key.add(k, v);
            }
        }
        return key.build();
    }
}
