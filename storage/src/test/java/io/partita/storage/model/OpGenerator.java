package io.partita.storage.model;

import io.partita.storage.api.ReturnValues;
import io.partita.storage.api.Select;
import io.partita.storage.model.ReferenceStore.IndexView;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.ProjectionType;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Bytes;
import io.partita.storage.value.KeyOrder;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Generates operations over {@link ModelSchemas} from small value pools, so keys collide, items are overwritten
 * and index keys move all the time. Generation never looks at the state: an operation is data that means the same
 * thing on any replay, which is what makes failing sequences shrinkable.
 */
final class OpGenerator {
    // Strings chosen to exercise UTF-8 order: U+FF41 sorts after U+00E9 and before U+1D11E in UTF-8 but not in UTF-16.
    static final String[] STRINGS = {"a", "ab", "abc", "b", "\u00e9", "\uff41", "\ud834\udd1e"};
    static final String[] NUMBERS = {"-10", "-1.5", "0", "1", "1.5", "2", "10", "100"};
    static final byte[][] BINARIES = {{0}, {0, 1}, {1}, {0x7f}, {(byte) 0x80}, {(byte) 0xff}};

    static final String[] T1_PK = {"a", "b", "\u00e9", "\ud834\udd1e"};
    static final String[] T1_SK = {"-1", "0", "1", "1.5", "2", "10"};
    static final String[] T2_ID = {"1", "2", "3", "4", "5", "6", "7", "8"};

    /** Non-key attributes of T1 with a fixed type (so conditions on them are well typed): p1 S, p2 N; p3, p4 any type. */
    static final List<String> T1_INDEX_ATTRS = List.of("gA", "gB", "gC", "gD", "gX", "gY", "lA", "lB");

    static final List<String> T2_INDEX_ATTRS = List.of("hg", "hs");
    static final List<String> PLAIN_ATTRS = List.of("p1", "p2", "p3", "p4");

    private final Random rnd;
    private final ReferenceStore schema;
    private final boolean expressions;
    /** Probability (percent) that a write carries a deliberately invalid index/table key value. */
    private final int invalidPercent;

    OpGenerator(Random rnd, ReferenceStore schema, boolean expressions, int invalidPercent) {
        this.rnd = rnd;
        this.schema = schema;
        this.expressions = expressions;
        this.invalidPercent = invalidPercent;
    }

    Op next() {
        int r = rnd.nextInt(100);
        if (!expressions) {
            if (r < 35) {
                return put(false);
            } else if (r < 50) {
                return delete(false);
            } else if (r < 60) {
                return batch();
            } else if (r < 85) {
                return get(false);
            } else {
                return scan();
            }
        }
        if (r < 18) {
            return put(true);
        } else if (r < 36) {
            return update();
        } else if (r < 44) {
            return delete(true);
        } else if (r < 51) {
            return transact();
        } else if (r < 55) {
            return batch();
        } else if (r < 63) {
            return get(true);
        } else if (r < 94) {
            return query();
        } else {
            return scan();
        }
    }

    // ---- values -------------------------------------------------------------------------------------------

    private <T> T pick(T[] a) {
        return a[rnd.nextInt(a.length)];
    }

    private <T> T pick(List<T> a) {
        return a.get(rnd.nextInt(a.size()));
    }

    AttributeValue.S str() {
        return AttributeValue.s(pick(STRINGS));
    }

    AttributeValue.N num() {
        return AttributeValue.n(pick(NUMBERS));
    }

    AttributeValue.B bin() {
        return AttributeValue.b(pick(BINARIES));
    }

    AttributeValue valueOf(AttributeType t) {
        return switch (t) {
            case S -> str();
            case N -> num();
            case B -> bin();
            default -> throw new IllegalArgumentException(t.toString());
        };
    }

    /** A value for an index key attribute, from a pool small enough to make partitions and ties crowded. */
    AttributeValue indexValue(String attr) {
        return switch (attr) {
            case "gA" -> AttributeValue.s(rnd.nextBoolean() ? "a" : "b");
            case "gB" -> AttributeValue.n(rnd.nextBoolean() ? "1" : "2");
            case "gX" -> AttributeValue.n(pick(new String[] {"1", "2", "3"}));
            case "hg" -> AttributeValue.s(rnd.nextBoolean() ? "x" : "y");
            case "pk" -> AttributeValue.s(pick(T1_PK));
            case "sk" -> AttributeValue.n(pick(T1_SK));
            case "id" -> AttributeValue.n(pick(T2_ID));
            default -> valueOf(typeOf(attr));
        };
    }

    AttributeType typeOf(String attr) {
        for (String t : List.of(ModelSchemas.T1, ModelSchemas.T2)) {
            for (IndexView v : schema.indexViews(t)) {
                for (KeyAttribute k : v.allKeyAttributes()) {
                    if (k.name().equals(attr)) {
                        return k.type();
                    }
                }
            }
            for (KeyAttribute k : schema.tableKey(t)) {
                if (k.name().equals(attr)) {
                    return k.type();
                }
            }
        }
        return switch (attr) {
            case "p1" -> AttributeType.S;
            case "p2" -> AttributeType.N;
            default -> null;
        };
    }

    /** A value of the wrong kind for a key attribute of type t: another scalar type, a non-scalar, or an empty S/B. */
    AttributeValue wrongValue(AttributeType t) {
        return switch (rnd.nextInt(6)) {
            case 0 -> t == AttributeType.S ? num() : str();
            case 1 -> t == AttributeType.B ? num() : bin();
            case 2 -> AttributeValue.bool(true);
            case 3 -> AttributeValue.ss("a", "b");
            case 4 -> AttributeValue.l(AttributeValue.s("x"));
            default ->
                switch (t) {
                    case S -> AttributeValue.s("");
                    case B -> AttributeValue.b(new byte[0]);
                    default -> AttributeValue.nul();
                };
        };
    }

    /** Any DynamoDB type, including documents and sets, for attributes no index keys on. */
    AttributeValue anyValue() {
        return switch (rnd.nextInt(11)) {
            case 0 -> str();
            case 1 -> num();
            case 2 -> bin();
            case 3 -> AttributeValue.bool(rnd.nextBoolean());
            case 4 -> AttributeValue.nul();
            case 5 -> AttributeValue.l(str(), num());
            case 6 -> AttributeValue.m(Map.of("k", str(), "n", num()));
            case 7 -> AttributeValue.ss(rnd.nextBoolean() ? List.of("x") : List.of("x", "y"));
            case 8 -> AttributeValue.ns(List.of(new BigDecimal(rnd.nextInt(5)), new BigDecimal("0.5")));
            case 9 -> AttributeValue.bs(List.of(Bytes.copyOf(new byte[] {(byte) rnd.nextInt(3)})));
            default -> AttributeValue.s(""); // empty strings are fine outside keys
        };
    }

    AttributeValue plainValue(String attr) {
        return switch (attr) {
            case "p1" -> str();
            case "p2" -> num();
            default -> anyValue();
        };
    }

    // ---- keys and items -----------------------------------------------------------------------------------

    String table() {
        return rnd.nextInt(4) == 0 ? ModelSchemas.T2 : ModelSchemas.T1;
    }

    Map<String, AttributeValue> key(String table) {
        Map<String, AttributeValue> key = new TreeMap<>();
        if (table.equals(ModelSchemas.T1)) {
            key.put("pk", AttributeValue.s(pick(T1_PK)));
            key.put("sk", AttributeValue.n(pick(T1_SK)));
        } else {
            key.put("id", AttributeValue.n(pick(T2_ID)));
        }
        if (rnd.nextInt(1000) < invalidPercent * 2) {
            // A broken table key: wrong type, empty, or missing.
            String k = pick(new ArrayList<>(key.keySet()));
            switch (rnd.nextInt(3)) {
                case 0 -> key.put(k, wrongValue(typeOf(k)));
                case 1 -> key.remove(k);
                default -> key.put("p1", str());
            }
        }
        return key;
    }

    Map<String, AttributeValue> item(String table) {
        Map<String, AttributeValue> item = new TreeMap<>(key(table));
        List<String> indexAttrs = table.equals(ModelSchemas.T1) ? T1_INDEX_ATTRS : T2_INDEX_ATTRS;
        for (String a : indexAttrs) {
            if (rnd.nextInt(100) < 65) {
                item.put(a, indexValue(a));
            }
        }
        for (String a : PLAIN_ATTRS) {
            if (rnd.nextInt(100) < 55) {
                item.put(a, plainValue(a));
            }
        }
        if (rnd.nextInt(100) < invalidPercent) {
            String a = pick(indexAttrs);
            item.put(a, wrongValue(typeOf(a)));
        }
        return item;
    }

    // ---- conditions ---------------------------------------------------------------------------------------

    Cond cond(String table) {
        String keyAttr = schema.tableKeyNames(table).get(0);
        List<String> typed =
                table.equals(ModelSchemas.T1) ? List.of("p1", "p2", "gB", "gC", "sk") : List.of("p1", "p2", "hs", "hg");
        Cond c = switch (rnd.nextInt(9)) {
            case 0 -> new Cond.Exists(keyAttr);
            case 1 -> new Cond.NotExists(keyAttr);
            case 2 -> new Cond.Exists(pick(PLAIN_ATTRS));
            case 3 -> new Cond.NotExists(pick(table.equals(ModelSchemas.T1) ? T1_INDEX_ATTRS : T2_INDEX_ATTRS));
            case 4 -> {
                String a = pick(typed);
                yield new Cond.Cmp(a, pick(new String[] {"=", "<", "<=", ">", ">="}), valueOf(typeOf(a)));
            }
            case 5 -> {
                String a = pick(typed);
                AttributeValue x = valueOf(typeOf(a));
                AttributeValue y = valueOf(typeOf(a));
                yield KeyOrder.compare(x, y) <= 0 ? new Cond.Between(a, x, y) : new Cond.Between(a, y, x);
            }
            case 6 -> new Cond.BeginsWith("p1", AttributeValue.s(rnd.nextBoolean() ? "a" : "ab"));
            case 7 -> {
                String a = pick(typed);
                yield new Cond.And(new Cond.Exists(a), new Cond.Cmp(a, "<>", valueOf(typeOf(a))));
            }
            default -> new Cond.Not(new Cond.Cmp("p2", ">", num()));
        };
        if (rnd.nextInt(5) == 0) {
            Cond d = new Cond.Exists(pick(PLAIN_ATTRS));
            c = rnd.nextBoolean() ? new Cond.And(c, d) : new Cond.Or(c, d);
        }
        return c;
    }

    // ---- writes -------------------------------------------------------------------------------------------

    Op put(boolean withConditions) {
        String t = table();
        Cond c = withConditions && rnd.nextInt(3) == 0 ? cond(t) : null;
        return new Op.Put(t, item(t), c, rnd.nextInt(4) == 0);
    }

    Upd upd(String table) {
        List<String> indexAttrs = table.equals(ModelSchemas.T1) ? T1_INDEX_ATTRS : T2_INDEX_ATTRS;
        List<String> attrs = new ArrayList<>(indexAttrs);
        attrs.addAll(PLAIN_ATTRS);
        List<Upd.Action> actions = new ArrayList<>();
        int n = 1 + rnd.nextInt(4);
        List<String> used = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String a = pick(attrs);
            if (used.contains(a) && rnd.nextInt(20) != 0) {
                continue; // occasionally keep the overlap: DynamoDB rejects two actions on one path
            }
            used.add(a);
            AttributeType type = typeOf(a);
            int kind = rnd.nextInt(10);
            if (kind < 5) {
                AttributeValue v = indexAttrs.contains(a) ? indexValue(a) : plainValue(a);
                if (indexAttrs.contains(a) && rnd.nextInt(100) < invalidPercent * 2) {
                    v = wrongValue(type);
                }
                actions.add(new Upd.Set_(a, v));
            } else if (kind < 8) {
                actions.add(new Upd.Remove(a));
            } else if (type == AttributeType.N) {
                AttributeValue.N d = AttributeValue.n(rnd.nextBoolean() ? "1" : "-1");
                actions.add(kind == 8 ? new Upd.Add(a, d) : new Upd.SetPlus(a, d));
            } else if (a.equals("p3") || a.equals("p4")) {
                actions.add(new Upd.Add(a, AttributeValue.n("1"))); // fails when the attribute holds a non-number
            } else {
                actions.add(new Upd.Set_(a, indexAttrs.contains(a) ? indexValue(a) : plainValue(a)));
            }
        }
        if (rnd.nextInt(1000) < invalidPercent * 3) {
            String k = schema.tableKeyNames(table).get(0);
            actions.add(new Upd.Set_(k, valueOf(typeOf(k)))); // updating a table key is a ValidationException
        }
        return new Upd(actions);
    }

    Op update() {
        String t = table();
        Upd u = upd(t);
        Cond c = rnd.nextInt(3) == 0 ? cond(t) : null;
        if (u.onlyRemoves()) {
            // Whether a REMOVE-only update creates a missing item is murky in DynamoDB; only run it on existing items.
            Cond exists = new Cond.Exists(schema.tableKeyNames(t).get(0));
            c = c == null ? exists : new Cond.And(exists, c);
        }
        ReturnValues rv = pick(ReturnValues.values());
        return new Op.Update(t, key(t), u, c, rv);
    }

    Op delete(boolean withConditions) {
        String t = table();
        Cond c = withConditions && rnd.nextInt(3) == 0 ? cond(t) : null;
        return new Op.Delete(t, key(t), c, rnd.nextInt(3) == 0);
    }

    Op transact() {
        int n = 1 + rnd.nextInt(4);
        List<Op.TxAction> actions = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String t = table();
            Cond c = rnd.nextInt(3) == 0 ? cond(t) : null;
            switch (rnd.nextInt(4)) {
                case 0 -> actions.add(new Op.TxPut(t, item(t), c));
                case 1 -> {
                    Upd u = upd(t);
                    if (u.onlyRemoves()) {
                        Cond exists = new Cond.Exists(schema.tableKeyNames(t).get(0));
                        c = c == null ? exists : new Cond.And(exists, c);
                    }
                    actions.add(new Op.TxUpdate(t, key(t), u, c));
                }
                case 2 -> actions.add(new Op.TxDelete(t, key(t), c));
                default -> actions.add(new Op.TxCheck(t, key(t), c == null ? cond(t) : c));
            }
        }
        return new Op.Transact(actions);
    }

    Op batch() {
        int n = 1 + rnd.nextInt(6);
        List<Op.BatchEntry> entries = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String t = table();
            boolean put = rnd.nextInt(3) != 0;
            entries.add(new Op.BatchEntry(t, put, put ? item(t) : key(t)));
        }
        return new Op.Batch(entries);
    }

    // ---- reads --------------------------------------------------------------------------------------------

    Op get(boolean withProjection) {
        String t = table();
        List<String> projection = null;
        if (withProjection && rnd.nextInt(4) == 0) {
            projection = names(t, 1 + rnd.nextInt(3));
        }
        return new Op.Get(t, key(t), rnd.nextBoolean(), projection);
    }

    private List<String> names(String table, int n) {
        List<String> all = new ArrayList<>(schema.tableKeyNames(table));
        all.addAll(table.equals(ModelSchemas.T1) ? T1_INDEX_ATTRS : T2_INDEX_ATTRS);
        all.addAll(PLAIN_ATTRS);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String a = pick(all);
            if (!out.contains(a)) {
                out.add(a);
            }
        }
        return out;
    }

    Op query() {
        String t = table();
        List<IndexView> views = new ArrayList<>();
        views.add(schema.baseView(t));
        views.addAll(schema.indexViews(t));
        IndexView v = pick(views);
        List<KeyTerm> terms = new ArrayList<>();
        for (KeyAttribute k : v.partitionKey()) {
            AttributeValue val = v.isBase() ? key(t).getOrDefault(k.name(), valueOf(k.type())) : indexValue(k.name());
            terms.add(new KeyTerm(k.name(), "=", val, null));
        }
        List<KeyAttribute> sk = v.sortKey();
        if (!sk.isEmpty() && rnd.nextInt(10) < 7) {
            int rangePart = sk.size() == 1 || rnd.nextBoolean() ? 0 : sk.size() - 1;
            for (int i = 0; i < rangePart; i++) {
                terms.add(
                        new KeyTerm(sk.get(i).name(), "=", indexValue(sk.get(i).name()), null));
            }
            KeyAttribute k = sk.get(rangePart);
            terms.add(rangeTerm(k));
        }
        boolean invalid = rnd.nextInt(100) < invalidPercent;
        if (invalid) {
            switch (rnd.nextInt(4)) {
                case 0 -> terms.remove(rnd.nextInt(terms.size()));
                case 1 -> {
                    KeyTerm old = terms.get(0);
                    terms.set(
                            0, new KeyTerm(old.attr(), "=", wrongScalar(old.lo().type()), null));
                }
                case 2 -> {
                    if (!sk.isEmpty()) {
                        KeyAttribute k = sk.get(sk.size() - 1);
                        terms.removeIf(x -> x.attr().equals(k.name()));
                        AttributeValue lo = valueOf(k.type());
                        terms.add(new KeyTerm(k.name(), "begins_with", lo, null));
                    }
                }
                default -> {
                    if (!sk.isEmpty()) {
                        KeyAttribute k = sk.get(0);
                        terms.removeIf(x -> sk.stream().anyMatch(s -> s.name().equals(x.attr())));
                        AttributeValue a = valueOf(k.type());
                        AttributeValue b = valueOf(k.type());
                        terms.add(
                                KeyOrder.compare(a, b) >= 0
                                        ? new KeyTerm(k.name(), "BETWEEN", a, b)
                                        : new KeyTerm(k.name(), "BETWEEN", b, a));
                    }
                }
            }
        }
        Integer limit = rnd.nextBoolean() ? null : 1 + rnd.nextInt(4);
        Select select = null;
        List<String> projection = null;
        switch (rnd.nextInt(10)) {
            case 0, 1 -> select = Select.COUNT;
            case 2 -> select = Select.ALL_ATTRIBUTES;
            case 3 -> select = Select.ALL_PROJECTED_ATTRIBUTES;
            case 4 -> projection = names(t, 1 + rnd.nextInt(3));
            default -> {}
        }
        Cond filter = null;
        if (rnd.nextInt(6) == 0) {
            String keyAttr = schema.tableKeyNames(t).get(schema.tableKeyNames(t).size() - 1);
            boolean fullItems = v.isBase() || v.projectionType() == ProjectionType.ALL;
            filter = fullItems && rnd.nextBoolean()
                    ? new Cond.Exists(pick(PLAIN_ATTRS))
                    : new Cond.Cmp(keyAttr, pick(new String[] {"<", ">=", "<>"}), valueOf(typeOf(keyAttr)));
        }
        boolean consistent = rnd.nextInt(v.global() ? 25 : 3) == 0;
        return new Op.Query(t, v.indexName(), terms, rnd.nextBoolean(), limit, select, projection, filter, consistent);
    }

    private AttributeValue wrongScalar(AttributeType t) {
        return t == AttributeType.S ? num() : str();
    }

    private KeyTerm rangeTerm(KeyAttribute k) {
        String attr = k.name();
        int op = rnd.nextInt(7);
        if (op == 6 && k.type() == AttributeType.N) {
            op = 5;
        }
        AttributeValue a = indexOrKeyValue(attr);
        return switch (op) {
            case 0 -> new KeyTerm(attr, "=", a, null);
            case 1 -> new KeyTerm(attr, "<", a, null);
            case 2 -> new KeyTerm(attr, "<=", a, null);
            case 3 -> new KeyTerm(attr, ">", a, null);
            case 4 -> new KeyTerm(attr, ">=", a, null);
            case 5 -> {
                AttributeValue b = indexOrKeyValue(attr);
                yield KeyOrder.compare(a, b) <= 0
                        ? new KeyTerm(attr, "BETWEEN", a, b)
                        : new KeyTerm(attr, "BETWEEN", b, a);
            }
            default -> new KeyTerm(attr, "begins_with", prefix(a), null);
        };
    }

    private AttributeValue indexOrKeyValue(String attr) {
        if (attr.equals("sk")) {
            return AttributeValue.n(pick(T1_SK));
        }
        return indexValue(attr);
    }

    private AttributeValue prefix(AttributeValue v) {
        if (v instanceof AttributeValue.S s) {
            String x = s.value();
            int cut = rnd.nextInt(x.length()) + 1;
            if (Character.isHighSurrogate(x.charAt(cut - 1))) {
                cut++;
            }
            return AttributeValue.s(x.substring(0, cut));
        }
        byte[] b = v.asB().toByteArray();
        return AttributeValue.b(java.util.Arrays.copyOf(b, 1 + rnd.nextInt(b.length)));
    }

    Op scan() {
        String t = table();
        List<IndexView> views = new ArrayList<>();
        views.add(schema.baseView(t));
        views.addAll(schema.indexViews(t));
        IndexView v = pick(views);
        int segments = 1 + rnd.nextInt(4);
        Integer limit = rnd.nextBoolean() ? null : 1 + rnd.nextInt(5);
        return new Op.Scan(t, v.indexName(), segments, limit, rnd.nextInt(v.global() ? 20 : 3) == 0);
    }

    static Map<String, Integer> emptyCounts() {
        return new LinkedHashMap<>();
    }
}
