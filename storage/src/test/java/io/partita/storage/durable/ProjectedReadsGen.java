package io.partita.storage.durable;

import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;

import io.partita.storage.api.BatchGetItemRequest;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.KeysAndAttributes;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.Select;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Bytes;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Random items of every attribute type (nested maps and lists, sets, decimals past a long, a non-ASCII name) and
 * random reads of them: GetItem, BatchGetItem, Query and Scan with random projections (nested paths included),
 * filters, Select values, limits and indexes of every projection type.
 */
final class ProjectedReadsGen {
    static final String TABLE = "Things";
    static final String ODD = "näme";
    private static final String[] INDEXES = {null, "ByG", "ByGKeys", "ByGInc", "ByL"};
    private static final String[] PATHS = {
        "a",
        "b",
        "c",
        "m",
        "m.x",
        "m.inner.z[1]",
        "lst[0]",
        "lst[2].k",
        "ss",
        "ns",
        "bs",
        "t",
        "z",
        "bin",
        "#o",
        "big",
        "pk",
        "sk",
        "g",
        "l",
        "missing",
        "m.inner"
    };
    private static final String[] FILTERS = {
        "c > :n",
        "attribute_exists(a)",
        "size(ss) > :one",
        "b < :n",
        "contains(m.inner.z, :n)",
        "begins_with(a, :s)",
        "t = :t",
        "attribute_not_exists(m.x)",
        "#o = :s",
        "big >= :n",
        "lst[0] = :n",
        "z = :z"
    };
    private static final Select[] SELECTS = {
        null, Select.ALL_ATTRIBUTES, Select.ALL_PROJECTED_ATTRIBUTES, Select.SPECIFIC_ATTRIBUTES, Select.COUNT
    };
    private static final ReturnConsumedCapacity[] CAPACITY = ReturnConsumedCapacity.values();

    private final Random random;

    ProjectedReadsGen(Random random) {
        this.random = random;
    }

    static TableDefinition table() {
        return TableDefinition.builder(TABLE)
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.n("sk"))
                .globalSecondaryIndex(
                        GlobalSecondaryIndex.of("ByG", KeyAttribute.s("g"), KeyAttribute.n("sk"), Projection.all()))
                .globalSecondaryIndex(GlobalSecondaryIndex.of(
                        "ByGKeys", KeyAttribute.s("g"), KeyAttribute.n("c"), Projection.keysOnly()))
                .globalSecondaryIndex(GlobalSecondaryIndex.of(
                        "ByGInc", KeyAttribute.s("g"), KeyAttribute.s("a"), Projection.include("b", "m")))
                .localSecondaryIndex("ByL", KeyAttribute.n("l"), Projection.include("a"))
                .build();
    }

    Map<String, AttributeValue> key(int pk, int sk) {
        return Map.of("pk", s("p" + pk), "sk", n(sk));
    }

    /** An item of the key, each other attribute present or not. */
    Map<String, AttributeValue> item(int pk, int sk) {
        Map<String, AttributeValue> item = new LinkedHashMap<>(key(pk, sk));
        maybe(item, "g", s("g" + random.nextInt(3)));
        maybe(item, "l", n(random.nextInt(20)));
        maybe(item, "a", s((random.nextBoolean() ? "a" : "b") + "x".repeat(random.nextInt(60))));
        maybe(item, "b", n(new BigDecimal(random.nextInt(2000) - 1000).movePointLeft(random.nextInt(4))));
        maybe(item, "c", n(random.nextInt(100)));
        maybe(item, "big", n("12345678901234567890123456789." + random.nextInt(1000)));
        maybe(item, "m", AttributeValue.m(map()));
        maybe(
                item,
                "lst",
                AttributeValue.l(n(random.nextInt(100)), s("é" + random.nextInt(9)), AttributeValue.m(map())));
        maybe(item, "ss", AttributeValue.ss(strings()));
        maybe(item, "ns", AttributeValue.nsOf("1", "2.5", String.valueOf(10 + random.nextInt(50)), "-1E+30"));
        maybe(item, "bs", AttributeValue.bs(List.of(Bytes.copyOf(new byte[] {1, 2}), Bytes.copyOf(new byte[] {9}))));
        maybe(item, "t", AttributeValue.bool(random.nextBoolean()));
        maybe(item, "z", AttributeValue.nul());
        maybe(item, "bin", AttributeValue.b(new byte[random.nextInt(40)]));
        maybe(item, ODD, s(random.nextBoolean() ? "a" : "ü"));
        return item;
    }

    private Map<String, AttributeValue> map() {
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        maybe(m, "x", n(random.nextInt(100)));
        maybe(m, "y", s("y" + random.nextInt(5)));
        maybe(m, "k", AttributeValue.nsOf("3", "4.25"));
        Map<String, AttributeValue> inner = new LinkedHashMap<>();
        inner.put("z", AttributeValue.l(n(random.nextInt(100)), n(50), AttributeValue.bool(true)));
        maybe(m, "inner", AttributeValue.m(inner));
        return m;
    }

    private Set<String> strings() {
        Set<String> set = new LinkedHashSet<>();
        for (int i = random.nextInt(4); i >= 0; i--) {
            set.add("s" + random.nextInt(10));
        }
        return set;
    }

    private void maybe(Map<String, AttributeValue> item, String name, AttributeValue value) {
        if (random.nextInt(5) != 0) {
            item.put(name, value);
        }
    }

    GetItemRequest get(int pks, int sks) {
        String projection = projection();
        return new GetItemRequest(
                TABLE,
                key(random.nextInt(pks), random.nextInt(sks)),
                random.nextBoolean(),
                projection,
                names(projection, null),
                capacity());
    }

    BatchGetItemRequest batchGet(int pks, int sks) {
        Set<Map<String, AttributeValue>> keys = new LinkedHashSet<>();
        for (int i = 1 + random.nextInt(10); i > 0; i--) {
            keys.add(key(random.nextInt(pks), random.nextInt(sks)));
        }
        String projection = projection();
        return new BatchGetItemRequest(
                Map.of(
                        TABLE,
                        new KeysAndAttributes(
                                new ArrayList<>(keys), projection, names(projection, null), random.nextBoolean())),
                capacity());
    }

    QueryRequest query(int pks, int sks, Map<String, AttributeValue> start) {
        String index = INDEXES[random.nextInt(INDEXES.length)];
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        String kc;
        if (index == null || index.equals("ByL")) {
            kc = "pk = :pk";
            values.put(":pk", s("p" + random.nextInt(pks)));
            if (random.nextBoolean()) {
                kc += " AND " + (index == null ? "sk" : "l") + " BETWEEN :lo AND :hi";
                int lo = random.nextInt(sks);
                values.put(":lo", n(lo));
                values.put(":hi", n(lo + random.nextInt(sks)));
            }
        } else {
            kc = "g = :g";
            values.put(":g", s("g" + random.nextInt(3)));
        }
        String projection = projection();
        String filter = filter(values);
        return new QueryRequest(
                TABLE,
                index,
                kc,
                filter,
                projection,
                names(projection, filter),
                values,
                SELECTS[random.nextInt(SELECTS.length)],
                limit(),
                random.nextBoolean(),
                start,
                index == null && random.nextBoolean(),
                capacity());
    }

    ScanRequest scan() {
        String index = INDEXES[random.nextInt(INDEXES.length)];
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        String projection = projection();
        String filter = filter(values);
        Integer total = random.nextInt(3) == 0 ? 1 + random.nextInt(3) : null;
        return new ScanRequest(
                TABLE,
                index,
                filter,
                projection,
                names(projection, filter),
                values,
                SELECTS[random.nextInt(SELECTS.length)],
                limit(),
                null,
                false,
                total == null ? null : random.nextInt(total),
                total,
                capacity());
    }

    private String projection() {
        if (random.nextInt(4) == 0) {
            return null;
        }
        Set<String> paths = new LinkedHashSet<>();
        for (int i = 1 + random.nextInt(4); i > 0; i--) {
            paths.add(PATHS[random.nextInt(PATHS.length)]);
        }
        return String.join(", ", paths);
    }

    private String filter(Map<String, AttributeValue> values) {
        if (random.nextInt(3) == 0) {
            return null;
        }
        String f = FILTERS[random.nextInt(FILTERS.length)];
        if (random.nextBoolean()) {
            f += (random.nextBoolean() ? " AND " : " OR ") + FILTERS[random.nextInt(FILTERS.length)];
        }
        put(values, f, ":n", n(50));
        put(values, f, ":one", n(1));
        put(values, f, ":s", s("a"));
        put(values, f, ":t", AttributeValue.bool(true));
        put(values, f, ":z", AttributeValue.nul());
        return f;
    }

    private static void put(Map<String, AttributeValue> values, String f, String name, AttributeValue v) {
        if (f.matches(".*" + name + "\\b.*")) {
            values.put(name, v);
        }
    }

    private static Map<String, String> names(String projection, String filter) {
        boolean used = (projection != null && projection.contains("#o")) || (filter != null && filter.contains("#o"));
        return used ? Map.of("#o", ODD) : null;
    }

    private Integer limit() {
        return random.nextInt(3) == 0 ? 1 + random.nextInt(7) : null;
    }

    private ReturnConsumedCapacity capacity() {
        return CAPACITY[random.nextInt(CAPACITY.length)];
    }
}
