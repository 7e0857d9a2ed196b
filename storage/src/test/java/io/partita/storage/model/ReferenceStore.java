package io.partita.storage.model;

import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.LocalSecondaryIndex;
import io.partita.storage.schema.ProjectionType;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.KeyOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The deliberately simple reference model: per table a sorted map from table key to item; every index read is
 * computed by brute force from the base items (sparse rule, projection, sort). No incremental index structures,
 * nothing clever: if this class and the engine disagree, this class should be obviously right.
 */
public final class ReferenceStore {

    /** A way to read a table: the table itself, one of its GSIs or one of its LSIs, as key schema + projection. */
    public record IndexView(
            String table,
            String indexName,
            boolean global,
            List<KeyAttribute> partitionKey,
            List<KeyAttribute> sortKey,
            ProjectionType projectionType,
            List<String> include,
            List<String> tableKeyNames) {
        public boolean isBase() {
            return indexName == null;
        }

        public List<KeyAttribute> allKeyAttributes() {
            List<KeyAttribute> all = new ArrayList<>(partitionKey);
            all.addAll(sortKey);
            return all;
        }

        /** Names always present in an entry: table keys and index keys. */
        public Set<String> keyNames() {
            Set<String> names = new LinkedHashSet<>(tableKeyNames);
            for (KeyAttribute k : allKeyAttributes()) {
                names.add(k.name());
            }
            return names;
        }

        /** True when the index holds the attribute (ALL holds everything). */
        public boolean projects(String attribute) {
            return projectionType == ProjectionType.ALL
                    || keyNames().contains(attribute)
                    || include.contains(attribute);
        }

        public String label() {
            return table + (indexName == null ? "" : "." + indexName);
        }
    }

    private final Map<String, TableDefinition> definitions = new LinkedHashMap<>();
    private final Map<String, TreeMap<List<AttributeValue>, Map<String, AttributeValue>>> tables = new HashMap<>();

    public ReferenceStore(List<TableDefinition> definitions) {
        for (TableDefinition d : definitions) {
            this.definitions.put(d.name(), d);
            tables.put(d.name(), new TreeMap<>(ReferenceStore::compareKeyTuples));
        }
    }

    public ReferenceStore copy() {
        ReferenceStore c = new ReferenceStore(List.copyOf(definitions.values()));
        for (var e : tables.entrySet()) {
            c.tables.get(e.getKey()).putAll(e.getValue());
        }
        return c;
    }

    public TableDefinition definition(String table) {
        return definitions.get(table);
    }

    public List<TableDefinition> definitions() {
        return List.copyOf(definitions.values());
    }

    // ---- keys ---------------------------------------------------------------------------------------------

    public List<KeyAttribute> tableKey(String table) {
        TableDefinition d = definitions.get(table);
        return d.sortKey() == null ? List.of(d.partitionKey()) : List.of(d.partitionKey(), d.sortKey());
    }

    public List<String> tableKeyNames(String table) {
        return tableKey(table).stream().map(KeyAttribute::name).toList();
    }

    public Map<String, AttributeValue> keyOf(String table, Map<String, AttributeValue> item) {
        Map<String, AttributeValue> key = new TreeMap<>();
        for (KeyAttribute k : tableKey(table)) {
            key.put(k.name(), item.get(k.name()));
        }
        return key;
    }

    private List<AttributeValue> tuple(String table, Map<String, AttributeValue> keyOrItem) {
        List<AttributeValue> t = new ArrayList<>();
        for (KeyAttribute k : tableKey(table)) {
            t.add(keyOrItem.get(k.name()));
        }
        return t;
    }

    static int compareKeyTuples(List<AttributeValue> a, List<AttributeValue> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = KeyOrder.compare(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    // ---- validation -----------------------------------------------------------------------------------------

    /** Null when the key is a valid full primary key of the table, else why not. */
    public String validateKey(String table, Map<String, AttributeValue> key) {
        if (key == null || key.size() != tableKey(table).size()) {
            return "key must hold exactly the table's key attributes";
        }
        String keyProblem = validateTableKeyAttributes(table, key);
        return keyProblem;
    }

    private String validateTableKeyAttributes(String table, Map<String, AttributeValue> item) {
        for (KeyAttribute k : tableKey(table)) {
            AttributeValue v = item.get(k.name());
            if (v == null) {
                return "missing table key attribute " + k.name();
            }
            String p = checkKeyValue(k, v);
            if (p != null) {
                return "table key " + p;
            }
        }
        return null;
    }

    private static String checkKeyValue(KeyAttribute k, AttributeValue v) {
        if (v.type() != k.type()) {
            return "type mismatch for " + k.name() + ": expected " + k.type() + ", got " + v.type();
        }
        if (v instanceof AttributeValue.S s && s.value().isEmpty()) {
            return "empty string for key attribute " + k.name();
        }
        if (v instanceof AttributeValue.B b && b.value().length() == 0) {
            return "empty binary for key attribute " + k.name();
        }
        return null;
    }

    /** Null when the whole item may be stored (table key valid, every present index key attribute well typed). */
    public String validateItem(String table, Map<String, AttributeValue> item) {
        String p = validateTableKeyAttributes(table, item);
        if (p != null) {
            return p;
        }
        for (IndexView v : indexViews(table)) {
            for (KeyAttribute k : v.allKeyAttributes()) {
                AttributeValue value = item.get(k.name());
                if (value != null) {
                    String q = checkKeyValue(k, value);
                    if (q != null) {
                        return "index " + v.indexName() + ": " + q;
                    }
                }
            }
        }
        return null;
    }

    // ---- writes -------------------------------------------------------------------------------------------

    public Map<String, AttributeValue> get(String table, Map<String, AttributeValue> key) {
        return tables.get(table).get(tuple(table, key));
    }

    public void put(String table, Map<String, AttributeValue> item) {
        String p = validateItem(table, item);
        if (p != null) {
            throw new IllegalArgumentException("model asked to store an invalid item: " + p);
        }
        tables.get(table).put(tuple(table, item), Collections.unmodifiableMap(new TreeMap<>(item)));
    }

    public void delete(String table, Map<String, AttributeValue> key) {
        tables.get(table).remove(tuple(table, key));
    }

    public List<Map<String, AttributeValue>> items(String table) {
        return new ArrayList<>(tables.get(table).values());
    }

    public int size() {
        int n = 0;
        for (var t : tables.values()) {
            n += t.size();
        }
        return n;
    }

    // ---- indexes ------------------------------------------------------------------------------------------

    public IndexView baseView(String table) {
        TableDefinition d = definitions.get(table);
        return new IndexView(
                table,
                null,
                false,
                List.of(d.partitionKey()),
                d.sortKey() == null ? List.of() : List.of(d.sortKey()),
                ProjectionType.ALL,
                List.of(),
                tableKeyNames(table));
    }

    public List<IndexView> indexViews(String table) {
        TableDefinition d = definitions.get(table);
        List<IndexView> views = new ArrayList<>();
        for (GlobalSecondaryIndex g : d.globalSecondaryIndexes()) {
            views.add(new IndexView(
                    table,
                    g.name(),
                    true,
                    g.partitionKey(),
                    g.sortKey(),
                    g.projection().type(),
                    g.projection().nonKeyAttributes(),
                    tableKeyNames(table)));
        }
        for (LocalSecondaryIndex l : d.localSecondaryIndexes()) {
            views.add(new IndexView(
                    table,
                    l.name(),
                    false,
                    List.of(d.partitionKey()),
                    List.of(l.sortKey()),
                    l.projection().type(),
                    l.projection().nonKeyAttributes(),
                    tableKeyNames(table)));
        }
        return views;
    }

    public IndexView view(String table, String indexName) {
        if (indexName == null) {
            return baseView(table);
        }
        for (IndexView v : indexViews(table)) {
            if (v.indexName().equals(indexName)) {
                return v;
            }
        }
        throw new IllegalArgumentException("no index " + indexName + " on " + table);
    }

    /** The sparse rule: an item is in an index only when every index key attribute is present. */
    public static boolean inIndex(IndexView view, Map<String, AttributeValue> item) {
        for (KeyAttribute k : view.allKeyAttributes()) {
            if (!item.containsKey(k.name())) {
                return false;
            }
        }
        return true;
    }

    /** The index entry for an item: table keys + index keys always; INCLUDE adds the listed attributes; ALL everything. */
    public static Map<String, AttributeValue> project(IndexView view, Map<String, AttributeValue> item) {
        Map<String, AttributeValue> entry = new TreeMap<>();
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            if (view.projects(e.getKey())) {
                entry.put(e.getKey(), e.getValue());
            }
        }
        return entry;
    }

    /** The full index key of an entry: partition parts then sort parts. Ties in an index share this value. */
    public static List<AttributeValue> indexKey(IndexView view, Map<String, AttributeValue> item) {
        List<AttributeValue> key = new ArrayList<>();
        for (KeyAttribute k : view.allKeyAttributes()) {
            key.add(item.get(k.name()));
        }
        return key;
    }

    /** Order within one index partition: sort key parts lexicographically, then table key (the core's tie-break). */
    public Comparator<Map<String, AttributeValue>> indexOrder(IndexView view) {
        return (a, b) -> {
            for (KeyAttribute k : view.sortKey()) {
                int c = KeyOrder.compare(a.get(k.name()), b.get(k.name()));
                if (c != 0) {
                    return c;
                }
            }
            return compareKeyTuples(tuple(view.table(), a), tuple(view.table(), b));
        };
    }

    /** One partition of an index, as full base items, ordered by sort key then table key. */
    public List<Map<String, AttributeValue>> partition(IndexView view, Map<String, AttributeValue> partitionValues) {
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        for (Map<String, AttributeValue> item : tables.get(view.table()).values()) {
            if (!inIndex(view, item)) {
                continue;
            }
            boolean match = true;
            for (KeyAttribute k : view.partitionKey()) {
                if (!item.get(k.name()).equals(partitionValues.get(k.name()))) {
                    match = false;
                    break;
                }
            }
            if (match) {
                out.add(item);
            }
        }
        out.sort(indexOrder(view));
        return out;
    }

    /** Every item an index holds (full base items), in no particular order. */
    public List<Map<String, AttributeValue>> indexItems(IndexView view) {
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        for (Map<String, AttributeValue> item : tables.get(view.table()).values()) {
            if (inIndex(view, item)) {
                out.add(item);
            }
        }
        return out;
    }

    /** The distinct partition-key value combinations present in an index. */
    public List<Map<String, AttributeValue>> partitionKeys(IndexView view) {
        Set<Map<String, AttributeValue>> keys = new LinkedHashSet<>();
        for (Map<String, AttributeValue> item : indexItems(view)) {
            Map<String, AttributeValue> pk = new TreeMap<>();
            for (KeyAttribute k : view.partitionKey()) {
                pk.put(k.name(), item.get(k.name()));
            }
            keys.add(pk);
        }
        return new ArrayList<>(keys);
    }

    public static boolean isType(AttributeValue v, AttributeType t) {
        return v != null && v.type() == t;
    }
}
