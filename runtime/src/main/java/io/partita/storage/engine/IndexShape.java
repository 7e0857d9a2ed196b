package io.partita.storage.engine;

import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProjectionType;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Items;
import java.util.Collections;
import java.util.LinkedHashMap;
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
    /** Every attribute an entry holds, for INCLUDE and KEYS_ONLY; null for ALL. */
    final Set<String> projectedAttributes;
    private final TableShape table;

    IndexShape(TableShape table, String name, boolean global, List<KeyAttribute> partitionKey, List<KeyAttribute> sortKey,
               Projection projection) {
        this.table = table;
        this.name = name;
        this.global = global;
        this.partitionKey = partitionKey.toArray(KeyAttribute[]::new);
        this.sortKey = sortKey.toArray(KeyAttribute[]::new);
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
        if (projectionType == ProjectionType.ALL) {
            this.projectedAttributes = null;
        } else {
            Set<String> p = new LinkedHashSet<>(keys);
            p.addAll(projection.nonKeyAttributes());
            this.projectedAttributes = Collections.unmodifiableSet(p);
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
        for (KeyAttribute k : partitionKey) {
            AttributeValue v = item.get(k.name());
            if (v != null) {
                KeyRules.checkIndexKey(name, k, v, true);
            }
        }
        for (KeyAttribute k : sortKey) {
            AttributeValue v = item.get(k.name());
            if (v != null) {
                KeyRules.checkIndexKey(name, k, v, false);
            }
        }
    }

    /** The entry key of a (validated) item, or null when the item lacks an index key attribute (sparse). */
    OrderKey entryKey(Map<String, AttributeValue> item) {
        int np = partitionKey.length;
        int ns = sortKey.length;
        int nt = table.sortKey == null ? 1 : 2;
        AttributeValue[] parts = new AttributeValue[np + ns + nt];
        for (int i = 0; i < np; i++) {
            AttributeValue v = item.get(partitionKey[i].name());
            if (v == null) {
                return null;
            }
            parts[i] = v;
        }
        for (int i = 0; i < ns; i++) {
            AttributeValue v = item.get(sortKey[i].name());
            if (v == null) {
                return null;
            }
            parts[np + i] = v;
        }
        parts[np + ns] = item.get(table.partitionKey.name());
        if (nt == 2) {
            parts[np + ns + 1] = item.get(table.sortKey.name());
        }
        int hash = np == 1 ? OrderKey.partitionHash(parts[0]) : OrderKey.partitionHash(parts, np);
        return OrderKey.exact(hash, parts);
    }

    int partitionHash(AttributeValue[] partitionParts) {
        return partitionParts.length == 1 ? OrderKey.partitionHash(partitionParts[0])
                : OrderKey.partitionHash(partitionParts, partitionParts.length);
    }

    /** The entry an item contributes to this index: the projected attributes, with their size. */
    Stored project(Stored item) {
        if (projectionType == ProjectionType.ALL) {
            return item;
        }
        Map<String, AttributeValue> entry = new LinkedHashMap<>(projectedAttributes.size() * 2);
        for (String a : projectedAttributes) {
            AttributeValue v = item.item().get(a);
            if (v != null) {
                entry.put(a, v);
            }
        }
        Map<String, AttributeValue> frozen = Collections.unmodifiableMap(entry);
        return new Stored(frozen, Items.size(frozen));
    }

    /** True when the attribute is held by this index's entries. */
    boolean projects(String attribute) {
        return projectedAttributes == null || projectedAttributes.contains(attribute);
    }

    /** The key attributes of an entry, as they appear in LastEvaluatedKey (index keys and table keys). */
    Map<String, AttributeValue> lastEvaluatedKey(Map<String, AttributeValue> entry) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        for (String k : keyAttributes) {
            AttributeValue v = entry.get(k);
            if (v != null) {
                key.put(k, v);
            }
        }
        return key;
    }
}
