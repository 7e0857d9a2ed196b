package io.partita.dynamodb;

import static org.assertj.core.api.Assertions.fail;

import io.partita.storage.Backend;
import io.partita.storage.ConditionalCheckFailedException;
import io.partita.storage.Storage;
import io.partita.storage.StorageException;
import io.partita.storage.StorageOptions;
import io.partita.storage.TransactionCanceledException;
import io.partita.storage.api.BatchGetItemRequest;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.KeysAndAttributes;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.ReturnValues;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.api.Select;
import io.partita.storage.api.TransactGetItem;
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Bytes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The same random operation sequence against the storage core and DynamoDB Local, both through {@link Backend};
 * every response (items, returned attributes, counts, pagination keys where the order is defined) or error type
 * is compared, and the full table and every index are compared every {@value #CHECK_EVERY} operations. Stops at
 * the first difference, printing the seed, the operation number and the last operations.
 *
 * <p>Size and seed: {@code -Dpartita.diff.ops=N} (default in the pom, sized for CI) and
 * {@code -Dpartita.diff.seed=S} (default {@value #DEFAULT_SEED}). Known DynamoDB Local defects (README: D1 to D5)
 * are either not generated (D1, D5) or tolerated where they show and counted in the closing line (D2 to D4).
 */
class DifferentialTest {
    static final long DEFAULT_SEED = 20261122L;
    static final int CHECK_EVERY = 250;
    static final String TABLE = "Diff";

    static final TableDefinition DEFINITION = TableDefinition.builder(TABLE)
            .partitionKey(KeyAttribute.s("pk"))
            .sortKey(KeyAttribute.s("sk"))
            .localSecondaryIndex("ByNum", KeyAttribute.n("num"), Projection.include("tag"))
            .globalSecondaryIndex(
                    "ByGrp", KeyAttribute.s("grp"), KeyAttribute.n("num"), Projection.include("tag", "cnt"))
            .globalSecondaryIndex("ByTag", KeyAttribute.s("tag"), null, Projection.all())
            .globalSecondaryIndex("ByBin", KeyAttribute.s("grp"), KeyAttribute.b("bin"), Projection.keysOnly())
            .globalSecondaryIndex(new GlobalSecondaryIndex(
                    "ByMulti",
                    List.of(KeyAttribute.s("grp"), KeyAttribute.s("cat")),
                    List.of(KeyAttribute.n("num"), KeyAttribute.s("tag")),
                    Projection.all()))
            .build();

    /** The index sort key attributes, for grouping ties (DynamoDB defines no order among equal index keys). */
    static final Map<String, List<String>> INDEX_SORT = Map.of(
            "ByNum",
            List.of("num"),
            "ByGrp",
            List.of("num"),
            "ByTag",
            List.of(),
            "ByBin",
            List.of("bin"),
            "ByMulti",
            List.of("num", "tag"));

    static final String[] SK = {
        "a", "b", "aa", "ab", "B", "Z", "é", "ü", "z", "\uD834\uDD1E", "ｚ", "a b", "10", "9", "1", "a\u0000"
    };
    static final String[] NUM = {
        "-10",
        "-1.5",
        "0",
        "0.001",
        "1",
        "1.50",
        "2",
        "10",
        "100",
        "1E3",
        "-0.5",
        "3.14159",
        "12345678901234567890123456789012345678",
        "0.000000000000000000000000000000000001"
    };
    static final String[] TAGS = {"red", "green", "blue", "re", "r", "Red"};
    static final String[] ATTRS = {
        "num", "grp", "cat", "tag", "cnt", "set", "nums", "list", "map", "flag", "nul", "bin", "nope"
    };

    static Backend core;
    static DynamoDbBackend ddb;

    private Random rnd;
    private final Deque<String> recent = new ArrayDeque<>();
    private final Map<String, Integer> opCounts = new TreeMap<>();
    private int opIndex;
    private long seed;

    @BeforeAll
    static void start() {
        core = subject();
        ddb = new DynamoDbBackend(DynamoDbLocal.client());
    }

    /**
     * The side compared with DynamoDB Local: the embedded core, or with {@code -Dpartita.diff.subject=<class>} a
     * {@code Supplier<Backend>} of that name (the server module compares its HTTP server, through
     * {@link DynamoDbBackend}, with DynamoDB Local this way).
     */
    @SuppressWarnings("unchecked")
    static Backend subject() {
        String factory = System.getProperty("partita.diff.subject", "");
        if (factory.isBlank()) {
            return Storage.inMemory(StorageOptions.defaults());
        }
        try {
            @SuppressWarnings("unchecked") // the property names a Supplier<Backend>; a wrong class fails here, by name
            java.util.function.Supplier<Backend> subject = Class.forName(factory.trim())
                    .asSubclass(java.util.function.Supplier.class)
                    .getDeclaredConstructor()
                    .newInstance();
            return subject.get();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make the differential test's subject " + factory, e);
        }
    }

    @AfterAll
    static void stop() {
        core.close();
    }

    @Test
    void randomOperationSequencesAgreeWithDynamoDbLocal() {
        String seedProperty = System.getProperty("partita.diff.seed", "");
        seed = seedProperty.isBlank() ? DEFAULT_SEED : Long.parseLong(seedProperty.trim());
        String opsProperty = System.getProperty("partita.diff.ops", "");
        int ops = opsProperty.isBlank() ? 3000 : Integer.parseInt(opsProperty.trim());
        System.out.printf(
                "differential test: seed=%d ops=%d (rerun: -Dpartita.diff.seed=%d -Dpartita.diff.ops=%d)%n",
                seed, ops, seed, ops);
        rnd = new Random(seed);
        DynamoDbLocal.deleteAllTables();
        try {
            core.deleteTable(TABLE);
        } catch (StorageException absent) {
            // first run
        }
        core.createTable(DEFINITION);
        ddb.createTable(DEFINITION);
        long t0 = System.nanoTime();
        for (opIndex = 0; opIndex < ops; opIndex++) {
            step();
            if ((opIndex + 1) % CHECK_EVERY == 0) {
                compareWholeState();
            }
        }
        compareWholeState();
        System.out.printf(
                "differential test: %d operations agreed in %d ms: %s; known DynamoDB Local defects met: %s%n",
                ops, (System.nanoTime() - t0) / 1_000_000, opCounts, knownDefects);
    }

    // ---- one random step --------------------------------------------------------------------------------------

    private void step() {
        int r = rnd.nextInt(100);
        if (r < 25) {
            put();
        } else if (r < 45) {
            update();
        } else if (r < 52) {
            delete();
        } else if (r < 58) {
            get();
        } else if (r < 68) {
            queryBase();
        } else if (r < 73) {
            queryLsi();
        } else if (r < 83) {
            queryGsi();
        } else if (r < 88) {
            scan();
        } else if (r < 93) {
            batchWrite();
        } else if (r < 95) {
            batchGet();
        } else if (r < 99) {
            transactWrite();
        } else {
            transactGet();
        }
    }

    private void count(String op) {
        opCounts.merge(op, 1, Integer::sum);
    }

    private void put() {
        count("put");
        Map<String, AttributeValue> item = randomItem();
        Expr cond = rnd.nextInt(3) == 0 ? condition() : null;
        PutItemRequest req = PutItemRequest.builder()
                .tableName(TABLE)
                .item(item)
                .conditionExpression(cond == null ? null : cond.text)
                .expressionAttributeNames(cond == null ? null : cond.names)
                .expressionAttributeValues(cond == null ? null : cond.values)
                .returnValues(rnd.nextBoolean() ? ReturnValues.ALL_OLD : ReturnValues.NONE)
                .returnOldItemOnConditionFailure(rnd.nextBoolean())
                .build();
        compare("PutItem " + req, b -> b.putItem(req).attributes());
    }

    private static final List<ReturnValues> RETURN_VALUES = List.of(ReturnValues.values());

    private void update() {
        count("update");
        Expr e = new Expr();
        String update = updateExpression(e);
        Expr cond = rnd.nextInt(3) == 0 ? condition(e) : null;
        UpdateItemRequest req = UpdateItemRequest.builder()
                .tableName(TABLE)
                .key(randomKey())
                .updateExpression(update)
                .conditionExpression(cond == null ? null : cond.text)
                .expressionAttributeNames(e.names)
                .expressionAttributeValues(e.values)
                .returnValues(RETURN_VALUES.get(rnd.nextInt(RETURN_VALUES.size())))
                .returnOldItemOnConditionFailure(rnd.nextBoolean())
                .build();
        compare("UpdateItem " + req, b -> b.updateItem(req).attributes());
    }

    private void delete() {
        count("delete");
        Expr cond = rnd.nextInt(2) == 0 ? condition() : null;
        DeleteItemRequest req = DeleteItemRequest.builder()
                .tableName(TABLE)
                .key(randomKey())
                .conditionExpression(cond == null ? null : cond.text)
                .expressionAttributeNames(cond == null ? null : cond.names)
                .expressionAttributeValues(cond == null ? null : cond.values)
                .returnValues(rnd.nextBoolean() ? ReturnValues.ALL_OLD : ReturnValues.NONE)
                .returnOldItemOnConditionFailure(rnd.nextBoolean())
                .build();
        compare("DeleteItem " + req, b -> b.deleteItem(req).attributes());
    }

    private void get() {
        count("get");
        Expr p = rnd.nextInt(3) == 0 ? projection() : null;
        GetItemRequest req = GetItemRequest.builder()
                .tableName(TABLE)
                .key(randomKey())
                .consistentRead(rnd.nextBoolean())
                .projectionExpression(p == null ? null : p.text)
                .expressionAttributeNames(p == null ? null : p.names)
                .build();
        compare("GetItem " + req, b -> b.getItem(req).item());
    }

    private void queryBase() {
        count("query-base");
        Expr e = new Expr();
        String key = e.name("pk") + " = " + e.value(AttributeValue.s(pk()));
        if (rnd.nextInt(5) > 0) {
            key += " AND " + keyCondition(e, "sk", () -> AttributeValue.s(SK[rnd.nextInt(SK.length)]));
        }
        runQuery(e, key, null, true);
    }

    private void queryLsi() {
        count("query-lsi");
        Expr e = new Expr();
        String key = e.name("pk") + " = " + e.value(AttributeValue.s(pk()));
        if (rnd.nextInt(5) > 0) {
            key += " AND " + keyCondition(e, "num", this::num);
        }
        runQuery(e, key, "ByNum", false);
    }

    private void queryGsi() {
        Expr e = new Expr();
        String index;
        String key;
        switch (rnd.nextInt(4)) {
            case 0 -> {
                index = "ByGrp";
                key = e.name("grp") + " = " + e.value(AttributeValue.s(grp()));
                if (rnd.nextInt(4) > 0) {
                    key += " AND " + keyCondition(e, "num", this::num);
                }
            }
            case 1 -> {
                index = "ByTag";
                key = e.name("tag") + " = " + e.value(AttributeValue.s(TAGS[rnd.nextInt(TAGS.length)]));
            }
            case 2 -> {
                index = "ByBin";
                key = e.name("grp") + " = " + e.value(AttributeValue.s(grp()));
                if (rnd.nextInt(4) > 0) {
                    key += " AND " + keyCondition(e, "bin", () -> AttributeValue.b(bytes(1 + rnd.nextInt(2))));
                }
            }
            default -> {
                index = "ByMulti";
                key = e.name("grp") + " = " + e.value(AttributeValue.s(grp())) + " AND " + e.name("cat") + " = "
                        + e.value(AttributeValue.s(cat()));
                int depth = rnd.nextInt(3);
                if (depth == 1) {
                    key += " AND " + keyCondition(e, "num", this::num);
                } else if (depth == 2) {
                    key += " AND " + e.name("num") + " = " + e.value(num()) + " AND "
                            + keyCondition(e, "tag", () -> AttributeValue.s(TAGS[rnd.nextInt(TAGS.length)]));
                }
            }
        }
        count("query-gsi-" + index);
        runQuery(e, key, index, false);
    }

    /** A key condition on one sort key attribute with every operator DynamoDB offers. */
    private String keyCondition(Expr e, String attribute, java.util.function.Supplier<AttributeValue> value) {
        String n = e.name(attribute);
        switch (rnd.nextInt(7)) {
            case 0:
                return n + " = " + e.value(value.get());
            case 1:
                return n + " < " + e.value(value.get());
            case 2:
                return n + " <= " + e.value(value.get());
            case 3:
                return n + " > " + e.value(value.get());
            case 4:
                return n + " >= " + e.value(value.get());
            case 5: {
                AttributeValue a = value.get();
                AttributeValue b = value.get();
                if (rnd.nextInt(8) > 0 && compareKeys(a, b) > 0) {
                    AttributeValue t = a;
                    a = b;
                    b = t;
                }
                return n + " BETWEEN " + e.value(a) + " AND " + e.value(b);
            }
            default: {
                AttributeValue v = value.get();
                if (v instanceof AttributeValue.S s && s.value().length() > 1 && rnd.nextBoolean()) {
                    // the first character, not the first char: half of a surrogate pair is no string DynamoDB takes
                    v = AttributeValue.s(s.value().substring(0, s.value().offsetByCodePoints(0, 1)));
                }
                return "begins_with(" + n + ", " + e.value(v) + ")";
            }
        }
    }

    private static int compareKeys(AttributeValue a, AttributeValue b) {
        if (a instanceof AttributeValue.N x && b instanceof AttributeValue.N y) {
            return x.value().compareTo(y.value());
        }
        if (a instanceof AttributeValue.S x && b instanceof AttributeValue.S y) {
            return Bytes.copyOf(x.value().getBytes(java.nio.charset.StandardCharsets.UTF_8))
                    .compareTo(Bytes.copyOf(y.value().getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        }
        if (a instanceof AttributeValue.B x && b instanceof AttributeValue.B y) {
            return x.value().compareTo(y.value());
        }
        return 0;
    }

    private void runQuery(Expr e, String keyCondition, String index, boolean totalOrder) {
        Expr projection = null;
        Select select = null;
        int s = rnd.nextInt(10);
        if (s == 0) {
            select = Select.COUNT;
        } else if (s == 1) {
            projection = projection(e);
        } else if (s == 2 && index != null) {
            select = Select.ALL_PROJECTED_ATTRIBUTES;
        }
        Expr filter = null;
        if (rnd.nextInt(3) == 0) {
            // mostly projected attributes; sometimes any, which an index without the attribute must reject
            attrPool = index == null || rnd.nextInt(4) == 0
                    ? List.of(ATTRS)
                    : PROJECTED.getOrDefault(index, List.of(ATTRS));
            filter = condition(e);
            attrPool = List.of(ATTRS);
        }
        Integer limit = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(6) : null;
        boolean forward = rnd.nextInt(3) > 0;
        boolean consistent =
                rnd.nextInt(index != null && index.startsWith("By") && !index.equals("ByNum") ? 20 : 3) == 0;
        QueryRequest first = QueryRequest.builder()
                .tableName(TABLE)
                .indexName(index)
                .keyConditionExpression(keyCondition)
                .filterExpression(filter == null ? null : filter.text)
                .projectionExpression(projection == null ? null : projection.text)
                .expressionAttributeNames(e.names)
                .expressionAttributeValues(e.values)
                .select(select)
                .limit(limit)
                .scanIndexForward(forward)
                .consistentRead(consistent)
                .build();
        String what = "Query " + first;
        Outcome<List<QueryResponse>> a = run(() -> allPages(core, first));
        Outcome<List<QueryResponse>> b = run(() -> allPages(ddb, first));
        if (!sameErrors(what, a, b)) {
            return;
        }
        if (a.error != null) {
            return;
        }
        if (totalOrder) {
            List<QueryResponse> ax = new ArrayList<>(a.value);
            List<QueryResponse> bx = new ArrayList<>(b.value);
            if (ax.size() == bx.size() + 1
                    && trailingEmpty(ax)
                    && !bx.isEmpty()
                    && bx.get(bx.size() - 1).lastEvaluatedKey() == null) {
                // D4: DynamoDB returns a LastEvaluatedKey when Limit ends a page even if nothing follows (the core
                // too);
                // DynamoDB Local omits it when it knows the range is exhausted
                knownDefects.merge("D4 no LastEvaluatedKey when Limit meets the end", 1, Integer::sum);
                ax.remove(ax.size() - 1);
                QueryResponse last = ax.remove(ax.size() - 1);
                ax.add(last.toBuilder().lastEvaluatedKey(null).build());
            }
            a = new Outcome<>(ax, null);
            b = new Outcome<>(bx, null);
            if (a.value.size() != b.value.size()) {
                differ(
                        what,
                        "page count " + a.value.size() + " vs " + b.value.size() + "\ncore: " + a.value + "\nddb:  "
                                + b.value);
            }
            for (int i = 0; i < a.value.size(); i++) {
                QueryResponse x = a.value.get(i);
                QueryResponse y = b.value.get(i);
                if (!x.items().equals(y.items())
                        || x.count() != y.count()
                        || x.scannedCount() != y.scannedCount()
                        || !Objects.equals(x.lastEvaluatedKey(), y.lastEvaluatedKey())) {
                    differ(what, "page " + i + "\ncore: " + x + "\nddb:  " + y);
                }
            }
        } else {
            List<Map<String, AttributeValue>> xs = concat(a.value);
            List<Map<String, AttributeValue>> ys = concat(b.value);
            if (!tieGroups(xs, INDEX_SORT.get(index)).equals(tieGroups(ys, INDEX_SORT.get(index)))) {
                differ(what, "items\ncore: " + xs + "\nddb:  " + ys);
            }
            int cx = a.value.stream().mapToInt(QueryResponse::count).sum();
            int cy = b.value.stream().mapToInt(QueryResponse::count).sum();
            int sx = a.value.stream().mapToInt(QueryResponse::scannedCount).sum();
            int sy = b.value.stream().mapToInt(QueryResponse::scannedCount).sum();
            if (cx != cy || sx != sy) {
                differ(what, "count/scannedCount " + cx + "/" + sx + " vs " + cy + "/" + sy);
            }
        }
    }

    private static boolean trailingEmpty(List<QueryResponse> pages) {
        QueryResponse last = pages.get(pages.size() - 1);
        return pages.size() >= 2
                && last.items().isEmpty()
                && last.scannedCount() == 0
                && last.lastEvaluatedKey() == null;
    }

    private static List<QueryResponse> allPages(Backend backend, QueryRequest first) {
        List<QueryResponse> pages = new ArrayList<>();
        QueryRequest request = first;
        for (int i = 0; i < 10_000; i++) {
            QueryResponse page = backend.query(request);
            pages.add(page);
            if (page.lastEvaluatedKey() == null || page.lastEvaluatedKey().isEmpty()) {
                return pages;
            }
            request = request.toBuilder()
                    .exclusiveStartKey(page.lastEvaluatedKey())
                    .build();
        }
        throw new IllegalStateException("query does not end");
    }

    private static List<Map<String, AttributeValue>> concat(List<? extends Object> pages) {
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        for (Object p : pages) {
            out.addAll(p instanceof QueryResponse q ? q.items() : ((ScanResponse) p).items());
        }
        return out;
    }

    /** Consecutive runs of equal index sort keys, each as a multiset: the order DynamoDB defines, no more. */
    private static List<Map<Map<String, AttributeValue>, Integer>> tieGroups(
            List<Map<String, AttributeValue>> items, List<String> sortKey) {
        List<Map<Map<String, AttributeValue>, Integer>> groups = new ArrayList<>();
        List<AttributeValue> previous = null;
        for (Map<String, AttributeValue> item : items) {
            List<AttributeValue> k = new ArrayList<>();
            for (String a : sortKey) {
                k.add(item.get(a));
            }
            if (previous == null || !previous.equals(k)) {
                groups.add(new HashMap<>());
                previous = k;
            }
            groups.get(groups.size() - 1).merge(item, 1, Integer::sum);
        }
        return groups;
    }

    private static Map<Map<String, AttributeValue>, Integer> multiset(List<Map<String, AttributeValue>> items) {
        Map<Map<String, AttributeValue>, Integer> m = new HashMap<>();
        items.forEach(i -> m.merge(i, 1, Integer::sum));
        return m;
    }

    private void scan() {
        count("scan");
        Expr e = new Expr();
        String[] indexes = {null, null, "ByNum", "ByGrp", "ByTag", "ByBin", "ByMulti"};
        String index = indexes[rnd.nextInt(indexes.length)];
        attrPool = index == null ? List.of(ATTRS) : PROJECTED.getOrDefault(index, List.of(ATTRS));
        Expr filter = rnd.nextBoolean() ? condition(e) : null;
        attrPool = List.of(ATTRS);
        Integer limit = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(10) : null;
        int segments = rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(3) : 0;
        ScanRequest first = ScanRequest.builder()
                .tableName(TABLE)
                .indexName(index)
                .filterExpression(filter == null ? null : filter.text)
                .expressionAttributeNames(e.names)
                .expressionAttributeValues(e.values)
                .limit(limit)
                .select(rnd.nextInt(8) == 0 ? Select.COUNT : null)
                .build();
        String what = "Scan " + first + " segments=" + segments;
        Function<Backend, List<ScanResponse>> all = backend -> {
            List<ScanResponse> pages = new ArrayList<>();
            for (int seg = 0; seg < Math.max(1, segments); seg++) {
                ScanRequest request = segments == 0
                        ? first
                        : first.toBuilder().segment(seg).totalSegments(segments).build();
                while (true) {
                    ScanResponse page = backend.scan(request);
                    pages.add(page);
                    if (page.lastEvaluatedKey() == null
                            || page.lastEvaluatedKey().isEmpty()) {
                        break;
                    }
                    request = request.toBuilder()
                            .exclusiveStartKey(page.lastEvaluatedKey())
                            .build();
                }
            }
            return pages;
        };
        Outcome<List<ScanResponse>> a = run(() -> all.apply(core));
        Outcome<List<ScanResponse>> b = run(() -> all.apply(ddb));
        if (!sameErrors(what, a, b) || a.error != null) {
            return;
        }
        if (!multiset(concat(a.value)).equals(multiset(concat(b.value)))) {
            differ(what, "items\ncore: " + concat(a.value) + "\nddb:  " + concat(b.value));
        }
        int cx = a.value.stream().mapToInt(ScanResponse::count).sum();
        int cy = b.value.stream().mapToInt(ScanResponse::count).sum();
        int sx = a.value.stream().mapToInt(ScanResponse::scannedCount).sum();
        int sy = b.value.stream().mapToInt(ScanResponse::scannedCount).sum();
        if (cx != cy || sx != sy) {
            differ(what, "count/scannedCount " + cx + "/" + sx + " vs " + cy + "/" + sy);
        }
    }

    private void batchWrite() {
        count("batch-write");
        List<WriteRequest> writes = new ArrayList<>();
        int n = 1 + rnd.nextInt(5);
        for (int i = 0; i < n; i++) {
            writes.add(rnd.nextInt(3) == 0 ? WriteRequest.delete(randomKey()) : WriteRequest.put(randomItem()));
        }
        BatchWriteItemRequest req = BatchWriteItemRequest.builder()
                .requestItems(Map.of(TABLE, writes))
                .build();
        compare("BatchWriteItem " + req, b -> b.batchWriteItem(req).unprocessedItems());
    }

    private void batchGet() {
        count("batch-get");
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        int n = 1 + rnd.nextInt(6);
        for (int i = 0; i < n; i++) {
            keys.add(randomKey());
        }
        BatchGetItemRequest req = BatchGetItemRequest.builder()
                .requestItems(Map.of(
                        TABLE,
                        KeysAndAttributes.builder()
                                .keys(keys)
                                .consistentRead(rnd.nextBoolean())
                                .build()))
                .build();
        compare(
                "BatchGetItem " + req,
                b -> multiset(b.batchGetItem(req).responses().getOrDefault(TABLE, List.of())));
    }

    private void transactWrite() {
        count("transact-write");
        List<TransactWriteItem> actions = new ArrayList<>();
        int n = 1 + rnd.nextInt(3);
        for (int i = 0; i < n; i++) {
            boolean withCondition = rnd.nextBoolean();
            Expr c = withCondition ? condition() : new Expr();
            String text = withCondition ? c.text : null;
            boolean old = rnd.nextBoolean();
            switch (rnd.nextInt(4)) {
                case 0 ->
                    actions.add(new TransactWriteItem.Put(
                            TABLE, randomItem(rnd.nextInt(4) == 0), text, c.names, c.values, old));
                case 1 -> {
                    String u = updateExpression(c);
                    actions.add(new TransactWriteItem.Update(TABLE, randomKey(), u, text, c.names, c.values, old));
                }
                case 2 -> actions.add(new TransactWriteItem.Delete(TABLE, randomKey(), text, c.names, c.values, old));
                default -> {
                    if (!withCondition) {
                        c = condition();
                    }
                    actions.add(
                            new TransactWriteItem.ConditionCheck(TABLE, randomKey(), c.text, c.names, c.values, old));
                }
            }
        }
        TransactWriteItemsRequest req =
                TransactWriteItemsRequest.builder().transactItems(actions).build();
        compare("TransactWriteItems " + req, b -> {
            b.transactWriteItems(req);
            return "ok";
        });
    }

    private void transactGet() {
        count("transact-get");
        List<TransactGetItem> gets = new ArrayList<>();
        int n = 1 + rnd.nextInt(4);
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            // rarely the same key twice: a ValidationException of the whole request
            keys.add(i > 0 && rnd.nextInt(10) == 0 ? keys.get(0) : randomKey());
        }
        keys.forEach(k -> gets.add(TransactGetItem.of(TABLE, k)));
        TransactGetItemsRequest req =
                TransactGetItemsRequest.builder().transactItems(gets).build();
        compare("TransactGetItems " + req, b -> b.transactGetItems(req).responses());
    }

    // ---- whole-state comparison -------------------------------------------------------------------------------

    private void compareWholeState() {
        for (String index : new String[] {null, "ByNum", "ByGrp", "ByTag", "ByBin", "ByMulti"}) {
            ScanRequest req =
                    ScanRequest.builder().tableName(TABLE).indexName(index).build();
            List<Map<String, AttributeValue>> a = scanAll(core, req);
            List<Map<String, AttributeValue>> b = scanAll(ddb, req);
            if (!multiset(a).equals(multiset(b))) {
                differ("state of " + (index == null ? "table" : "index " + index), "core: " + a + "\nddb:  " + b);
            }
        }
    }

    private static List<Map<String, AttributeValue>> scanAll(Backend backend, ScanRequest first) {
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        ScanRequest request = first;
        while (true) {
            ScanResponse page = backend.scan(request);
            out.addAll(page.items());
            if (page.lastEvaluatedKey() == null || page.lastEvaluatedKey().isEmpty()) {
                return out;
            }
            request = request.toBuilder()
                    .exclusiveStartKey(page.lastEvaluatedKey())
                    .build();
        }
    }

    // ---- comparing outcomes -----------------------------------------------------------------------------------

    record Outcome<T>(T value, StorageException error) {}

    private static <T> Outcome<T> run(java.util.function.Supplier<T> op) {
        try {
            return new Outcome<>(op.get(), null);
        } catch (StorageException e) {
            return new Outcome<>(null, e);
        }
    }

    private <T> void compare(String what, Function<Backend, T> op) {
        Outcome<T> a = run(() -> op.apply(core));
        Outcome<T> b = run(() -> op.apply(ddb));
        if (sameErrors(what, a, b) && a.error == null && !Objects.equals(a.value, b.value)) {
            differ(what, "core: " + a.value + "\nddb:  " + b.value);
        }
    }

    /** Whether both failed alike or both succeeded; reports a difference otherwise. */
    private boolean sameErrors(String what, Outcome<?> a, Outcome<?> b) {
        remember(what, a, b);
        if (a.error == null && b.error == null) {
            return true;
        }
        String known = knownDefect(a.error, b.error);
        if (known != null) {
            knownDefects.merge(known, 1, Integer::sum);
            return false;
        }
        if (a.error == null || b.error == null || a.error.getClass() != b.error.getClass()) {
            differ(what, "core: " + describe(a) + "\nddb:  " + describe(b));
        }
        if (a.error instanceof ConditionalCheckFailedException x
                && b.error instanceof ConditionalCheckFailedException y
                && !x.item().equals(y.item())) {
            differ(what, "condition-failure item\ncore: " + x.item() + "\nddb:  " + y.item());
        }
        if (a.error instanceof TransactionCanceledException x && b.error instanceof TransactionCanceledException y) {
            List<List<Object>> cx = x.reasons().stream()
                    .map(r -> List.<Object>of(r.code(), r.item() == null ? Map.of() : r.item()))
                    .toList();
            List<List<Object>> cy = y.reasons().stream()
                    .map(r -> List.<Object>of(r.code(), r.item() == null ? Map.of() : r.item()))
                    .toList();
            if (!cx.equals(cy)) {
                differ(what, "cancellation reasons\ncore: " + cx + "\nddb:  " + cy);
            }
        }
        return true;
    }

    /**
     * A difference that is DynamoDB Local's, documented in README.md, where neither side changed anything (so the
     * sequence can go on). D2: in TransactWriteItems an update that fails while being applied (an expression naming a
     * missing attribute, an operand of the wrong type) cancels the transaction with reason ValidationError on
     * DynamoDB and on the core; DynamoDB Local throws a ValidationException for the whole request instead.
     */
    private static String knownDefect(StorageException core, StorageException local) {
        if (core instanceof TransactionCanceledException t
                && local instanceof io.partita.storage.ValidationException
                && t.reasons().stream().anyMatch(r -> "ValidationError".equals(r.code()))) {
            return "D2 transaction item ValidationError reported as ValidationException";
        }
        if (core instanceof io.partita.storage.ValidationException v
                && v.getMessage().contains("multiple operations on one item")
                && local instanceof TransactionCanceledException) {
            return "D3 two actions on one item: conditions evaluated before the request is validated";
        }
        return null;
    }

    private final Map<String, Integer> knownDefects = new TreeMap<>();

    private static String describe(Outcome<?> o) {
        return o.error == null ? "ok " + o.value : o.error.getClass().getSimpleName() + ": " + o.error.getMessage();
    }

    private void remember(String what, Outcome<?> a, Outcome<?> b) {
        recent.addLast("#" + opIndex + " " + what + "\n    -> core " + shortly(a) + " | ddb " + shortly(b));
        if (recent.size() > 6) {
            recent.removeFirst();
        }
    }

    private static String shortly(Outcome<?> o) {
        return o.error == null ? "ok" : o.error.getClass().getSimpleName() + ": " + o.error.getMessage();
    }

    private void differ(String what, String detail) {
        fail(
                "core and DynamoDB Local differ at operation #%d (seed %d)%n%s%n%s%nlast operations:%n%s",
                opIndex, seed, what, detail, String.join("\n", recent));
    }

    // ---- random data ------------------------------------------------------------------------------------------

    private String pk() {
        return "p" + rnd.nextInt(4);
    }

    private String grp() {
        return "g" + rnd.nextInt(3);
    }

    private String cat() {
        return "c" + rnd.nextInt(2);
    }

    private AttributeValue num() {
        return AttributeValue.n(NUM[rnd.nextInt(NUM.length)]);
    }

    private byte[] bytes(int n) {
        byte[] pool = {0, 1, 0x7f, (byte) 0x80, (byte) 0xff};
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = pool[rnd.nextInt(pool.length)];
        }
        return b;
    }

    private Map<String, AttributeValue> randomKey() {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        key.put("pk", AttributeValue.s(pk()));
        key.put("sk", AttributeValue.s(SK[rnd.nextInt(SK.length)]));
        return key;
    }

    /** A random item: index key attributes present, absent (sparse) or, rarely, invalid (wrong type, empty). */
    private Map<String, AttributeValue> randomItem() {
        return randomItem(true);
    }

    /** Invalid items stay out of transactions: core gap 4 in README (the core checks the condition first). */
    private Map<String, AttributeValue> randomItem(boolean allowInvalid) {
        int invalid = allowInvalid ? 60 : Integer.MAX_VALUE;
        Map<String, AttributeValue> item = randomKey();
        if (rnd.nextInt(5) > 0) {
            item.put("num", rnd.nextInt(invalid) == 0 ? AttributeValue.s("x") : num());
        }
        if (rnd.nextInt(4) > 0) {
            item.put("grp", rnd.nextInt(invalid) == 0 ? AttributeValue.s("") : AttributeValue.s(grp()));
        }
        if (rnd.nextInt(3) > 0) {
            item.put("cat", AttributeValue.s(cat()));
        }
        if (rnd.nextInt(3) > 0) {
            item.put(
                    "tag",
                    rnd.nextInt(invalid) == 0 ? AttributeValue.n(1) : AttributeValue.s(TAGS[rnd.nextInt(TAGS.length)]));
        }
        if (rnd.nextInt(3) == 0) {
            item.put("bin", AttributeValue.b(bytes(allowInvalid && rnd.nextInt(40) == 0 ? 0 : 1 + rnd.nextInt(2))));
        }
        if (rnd.nextBoolean()) {
            item.put("cnt", AttributeValue.n(rnd.nextInt(10)));
        }
        for (String extra : new String[] {"set", "nums", "list", "map", "flag", "nul"}) {
            if (rnd.nextInt(4) == 0) {
                item.put(extra, valueFor(extra));
            }
        }
        return item;
    }

    private AttributeValue valueFor(String attribute) {
        switch (attribute) {
            case "num":
            case "cnt":
                return num();
            case "grp":
                return AttributeValue.s(grp());
            case "cat":
                return AttributeValue.s(cat());
            case "tag":
                return AttributeValue.s(TAGS[rnd.nextInt(TAGS.length)]);
            case "bin":
                return AttributeValue.b(bytes(1 + rnd.nextInt(2)));
            case "set":
                return AttributeValue.ss(
                        rnd.nextBoolean()
                                ? List.of("x")
                                : List.of("x", "y", "z").subList(rnd.nextInt(2), 3));
            case "nums":
                return AttributeValue.nsOf(rnd.nextBoolean() ? new String[] {"1"} : new String[] {"1", "2.5"});
            case "list":
                return AttributeValue.l(AttributeValue.s("e" + rnd.nextInt(3)), num());
            case "map":
                return AttributeValue.m(Map.of("k", AttributeValue.s("v" + rnd.nextInt(3)), "n", num()));
            case "flag":
                return AttributeValue.bool(rnd.nextBoolean());
            case "nul":
                return AttributeValue.nul();
            default:
                return randomScalar();
        }
    }

    private static boolean isKeyType(AttributeValue v) {
        return v instanceof AttributeValue.S || v instanceof AttributeValue.N || v instanceof AttributeValue.B;
    }

    private AttributeValue randomScalar() {
        switch (rnd.nextInt(5)) {
            case 0:
                return num();
            case 1:
                return AttributeValue.s(TAGS[rnd.nextInt(TAGS.length)]);
            case 2:
                return AttributeValue.s(SK[rnd.nextInt(SK.length)]);
            case 3:
                return AttributeValue.bool(rnd.nextBoolean());
            default:
                return AttributeValue.b(bytes(1));
        }
    }

    // ---- random expressions -----------------------------------------------------------------------------------

    /** Expression text with the names and values it uses (DynamoDB rejects unused ones). */
    static final class Expr {
        final Map<String, String> names = new LinkedHashMap<>();
        final Map<String, AttributeValue> values = new LinkedHashMap<>();
        String text;

        String name(String attribute) {
            for (Map.Entry<String, String> e : names.entrySet()) {
                if (e.getValue().equals(attribute)) {
                    return e.getKey();
                }
            }
            String placeholder = "#n" + names.size();
            names.put(placeholder, attribute);
            return placeholder;
        }

        String value(AttributeValue v) {
            String placeholder = ":v" + values.size();
            values.put(placeholder, v);
            return placeholder;
        }
    }

    private Expr condition() {
        return condition(new Expr());
    }

    private Expr condition(Expr e) {
        e.text = conditionText(e, 0);
        return e;
    }

    /** Attributes conditions may name: every one, or for an index query or scan only those it projects. */
    private List<String> attrPool = List.of(ATTRS);

    static final Map<String, List<String>> PROJECTED = Map.of(
            "ByNum", List.of("pk", "sk", "num", "tag"),
            "ByGrp", List.of("pk", "sk", "grp", "num", "tag", "cnt"),
            "ByBin", List.of("pk", "sk", "grp", "bin"));

    private String attribute() {
        return attrPool.get(rnd.nextInt(attrPool.size()));
    }

    private String conditionText(Expr e, int depth) {
        int r = rnd.nextInt(depth < 2 ? 14 : 11);
        String a = attribute();
        switch (r) {
            case 0:
                return "attribute_exists(" + e.name(a) + ")";
            case 1:
                return "attribute_not_exists(" + e.name(rnd.nextInt(4) == 0 && attrPool.contains("pk") ? "pk" : a)
                        + ")";
            case 2: {
                String[] ops = {"=", "<>", "<", "<=", ">", ">="};
                String op = ops[rnd.nextInt(ops.length)];
                AttributeValue v = rnd.nextInt(4) == 0 ? randomScalar() : valueFor(a);
                if (!op.equals("=") && !op.equals("<>") && !isKeyType(v) && rnd.nextInt(8) > 0) {
                    v = num(); // mostly orderable; sometimes a set/list/map/BOOL/NULL operand, an invalid request
                }
                return e.name(a) + " " + op + " " + e.value(v);
            }
            case 3: {
                // BETWEEN: operands of a key type only (core gap: README)
                // and ordered, same type: in a transaction the core reports lo > hi as a cancellation, DynamoDB as a
                // ValidationException of the request (README, core gaps)
                AttributeValue lo = valueFor(a);
                AttributeValue hi = valueFor(a);
                if ((!isKeyType(lo) || !isKeyType(hi) || lo.type() != hi.type()) && rnd.nextInt(8) > 0) {
                    lo = num();
                    hi = num();
                }
                if (isKeyType(lo)
                        && isKeyType(hi)
                        && lo.type() == hi.type()
                        && compareKeys(lo, hi) > 0
                        && rnd.nextInt(8) > 0) {
                    AttributeValue t = lo;
                    lo = hi;
                    hi = t;
                }
                return e.name(a) + " BETWEEN " + e.value(lo) + " AND " + e.value(hi);
            }
            case 4:
                return e.name(a) + " IN (" + e.value(valueFor(a)) + ", " + e.value(randomScalar()) + ")";
            case 5: {
                String[] types = {"S", "N", "B", "SS", "NS", "BS", "L", "M", "BOOL", "NULL"};
                return "attribute_type(" + e.name(a) + ", "
                        + e.value(AttributeValue.s(types[rnd.nextInt(types.length)])) + ")";
            }
            case 6:
                return "begins_with(" + e.name(a) + ", " + e.value(AttributeValue.s(rnd.nextBoolean() ? "r" : "g"))
                        + ")";
            case 7:
                return "contains(" + e.name(a) + ", "
                        + e.value(rnd.nextBoolean() ? AttributeValue.s("x") : AttributeValue.s("e1")) + ")";
            case 8:
                // not on sk: size() of a string with non-BMP characters differs (README, difference U1)
                return "size(" + e.name(a.equals("sk") ? "pk" : a) + ") " + (rnd.nextBoolean() ? ">" : "<=") + " "
                        + e.value(AttributeValue.n(rnd.nextInt(4)));
            case 9:
                if (!attrPool.contains("map")) {
                    return "attribute_exists(" + e.name(a) + ")";
                }
                return e.name("map") + "." + e.name("k") + " = " + e.value(AttributeValue.s("v" + rnd.nextInt(3)));
            case 10:
                if (!attrPool.contains("list")) {
                    return "attribute_not_exists(" + e.name(a) + ")";
                }
                return e.name("list") + "[0] = " + e.value(AttributeValue.s("e" + rnd.nextInt(3)));
            case 11:
                return "NOT " + conditionText(e, depth + 1);
            case 12:
                return "(" + conditionText(e, depth + 1) + " AND " + conditionText(e, depth + 1) + ")";
            default:
                return "(" + conditionText(e, depth + 1) + " OR " + conditionText(e, depth + 1) + ")";
        }
    }

    private Expr projection() {
        return projection(new Expr());
    }

    private Expr projection(Expr e) {
        // mostly one path per top-level attribute; sometimes overlapping paths (list and list[1]), an invalid request
        Map<String, String> parts = new LinkedHashMap<>();
        if (rnd.nextInt(12) == 0) {
            parts.put("list", e.name("list"));
            parts.put("list[1]", e.name("list") + "[1]");
        }
        int n = 1 + rnd.nextInt(3);
        for (int i = 0; i < n; i++) {
            switch (rnd.nextInt(5)) {
                case 0 -> parts.putIfAbsent("map", e.name("map") + "." + e.name("k"));
                case 1 -> parts.putIfAbsent("list", e.name("list") + "[" + rnd.nextInt(2) + "]");
                default -> {
                    String a = rnd.nextInt(6) == 0 ? "pk" : attribute();
                    parts.putIfAbsent(a, e.name(a));
                }
            }
        }
        e.text = String.join(", ", parts.values());
        return e;
    }

    /** SET / REMOVE / ADD / DELETE clauses on distinct attributes, index keys always with their right type. */
    private String updateExpression(Expr e) {
        List<String> set = new ArrayList<>();
        List<String> remove = new ArrayList<>();
        List<String> add = new ArrayList<>();
        List<String> del = new ArrayList<>();
        java.util.Set<String> used = new java.util.HashSet<>();
        int n = 1 + rnd.nextInt(3);
        for (int i = 0; i < n; i++) {
            switch (rnd.nextInt(10)) {
                case 0, 1 -> {
                    String a = ATTRS[rnd.nextInt(ATTRS.length - 1)];
                    if (used.add(a)) {
                        set.add(e.name(a) + " = " + e.value(valueFor(a)));
                    }
                }
                case 2 -> {
                    if (used.add("cnt")) {
                        set.add(e.name("cnt") + " = " + e.name("cnt") + (rnd.nextBoolean() ? " + " : " - ")
                                + e.value(AttributeValue.n(rnd.nextInt(5))));
                    }
                }
                case 3 -> {
                    if (used.add("tag")) {
                        set.add(e.name("tag") + " = if_not_exists(" + e.name("tag") + ", " + e.value(valueFor("tag"))
                                + ")");
                    }
                }
                case 4 -> {
                    if (used.add("list")) {
                        String l = e.name("list");
                        String v = e.value(AttributeValue.l(AttributeValue.s("e" + rnd.nextInt(3))));
                        set.add(l + " = "
                                + (rnd.nextBoolean()
                                        ? "list_append(" + l + ", " + v + ")"
                                        : "list_append(" + v + ", " + l + ")"));
                    }
                }
                case 5 -> {
                    if (used.add("map")) {
                        set.add(e.name("map") + "." + e.name("k") + " = "
                                + e.value(AttributeValue.s("v" + rnd.nextInt(3))));
                    }
                }
                case 6 -> {
                    String a = ATTRS[rnd.nextInt(ATTRS.length)];
                    if (used.add(a)) {
                        remove.add(e.name(a));
                    }
                }
                case 7 -> {
                    if (used.add("cnt")) {
                        add.add(e.name("cnt") + " " + e.value(AttributeValue.n(rnd.nextInt(7) - 3)));
                    }
                }
                case 8 -> {
                    if (used.add("set")) {
                        add.add(e.name("set") + " " + e.value(valueFor("set")));
                    }
                }
                default -> {
                    if (used.add("set")) {
                        del.add(e.name("set") + " " + e.value(valueFor("set")));
                    }
                }
            }
        }
        if (set.isEmpty() && add.isEmpty()) { // D5: no update that only removes (it may meet a missing item)
            set.add(e.name("flag") + " = " + e.value(AttributeValue.bool(true)));
        }
        StringBuilder sb = new StringBuilder();
        if (!set.isEmpty()) {
            sb.append("SET ").append(String.join(", ", set)).append(' ');
        }
        if (!remove.isEmpty()) {
            sb.append("REMOVE ").append(String.join(", ", remove)).append(' ');
        }
        if (!add.isEmpty()) {
            sb.append("ADD ").append(String.join(", ", add)).append(' ');
        }
        if (!del.isEmpty()) {
            sb.append("DELETE ").append(String.join(", ", del));
        }
        return sb.toString().trim();
    }
}
