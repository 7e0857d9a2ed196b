package io.partita.server;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The fuzz test's requests: a valid request of every operation on the table {@value #TABLE} (and {@value #SCRATCH},
 * created and deleted), then grammar-aware mutations of it — a member dropped, written twice, given another JSON
 * type, a huge or empty string, deep nesting, a number DynamoDB refuses, ill-formed UTF-8, an unknown attribute
 * type — or bytes that are not JSON at all. One {@link Random} drives every choice, so a seed replays a run.
 */
final class FuzzRequests {
    static final String TABLE = "Fuzz";
    static final String SCRATCH = "FuzzScratch";

    /** Written in place of a string, then replaced by ill-formed UTF-8 in the bytes. */
    private static final String BAD_UTF8_MARK = "QQBADUTF8QQ";

    private static final List<String> BAD_UTF8 = List.of("c080", "eda080", "f4908080", "80", "e282", "ff", "c3");

    private static final List<String> BAD_NUMBERS = List.of(
            "1 ",
            "1.",
            "\u0661\u0662\u0663",
            "1e999999",
            "NaN",
            "-",
            "0x10",
            "",
            "+",
            "1e",
            ".e1",
            "1..2",
            "9".repeat(39),
            "1E126",
            "1E-131",
            "Infinity");

    private static final String KEY = "{\"pk\":{\"S\":\"p1\"},\"sk\":{\"N\":\"1\"}}";
    private static final String ITEM = "{\"pk\":{\"S\":\"p1\"},\"sk\":{\"N\":\"1\"},\"g\":{\"S\":\"x\"},"
            + "\"n\":{\"N\":\"1.5\"},\"l\":{\"L\":[{\"S\":\"a\"},{\"N\":\"2\"}]},"
            + "\"m\":{\"M\":{\"a\":{\"BOOL\":true},\"b\":{\"NULL\":true}}},\"ss\":{\"SS\":[\"a\",\"b\"]},"
            + "\"ns\":{\"NS\":[\"1\",\"2\"]},\"bs\":{\"BS\":[\"AQI=\"]},\"b\":{\"B\":\"AQI=\"}}";

    /** One request: its operation and body. */
    record Request(String operation, byte[] body) {
        boolean writes() {
            return switch (operation) {
                case "PutItem",
                        "UpdateItem",
                        "DeleteItem",
                        "BatchWriteItem",
                        "TransactWriteItems",
                        "CreateTable",
                        "DeleteTable",
                        "UpdateTable",
                        "TagResource",
                        "UntagResource",
                        "UpdateTimeToLive" -> true;
                default -> false;
            };
        }
    }

    /** The table to create before a run: a string partition key, a number sort key, a GSI on {@code g}. */
    static String createTable() {
        return "{\"TableName\":\"" + TABLE + "\",\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"},"
                + "{\"AttributeName\":\"sk\",\"KeyType\":\"RANGE\"}],\"AttributeDefinitions\":["
                + "{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"},{\"AttributeName\":\"sk\",\"AttributeType\":\"N\"},"
                + "{\"AttributeName\":\"g\",\"AttributeType\":\"S\"}],\"GlobalSecondaryIndexes\":[{\"IndexName\":\"byG\","
                + "\"KeySchema\":[{\"AttributeName\":\"g\",\"KeyType\":\"HASH\"}],\"Projection\":{\"ProjectionType\":\"ALL\"}}],"
                + "\"BillingMode\":\"PAY_PER_REQUEST\"}";
    }

    /** An item of the table, {@code i} in its keys. */
    static String putItem(int i) {
        return "{\"TableName\":\"" + TABLE + "\",\"Item\":"
                + ITEM.replace("\"p1\"", "\"p" + i % 7 + "\"").replace("{\"N\":\"1\"}", "{\"N\":\"" + i + "\"}") + "}";
    }

    /** The valid request of each operation. */
    static Map<String, String> templates(String tableArn) {
        Map<String, String> t = new LinkedHashMap<>();
        String table = "\"TableName\":\"" + TABLE + "\"";
        t.put(
                "PutItem",
                "{" + table + ",\"Item\":" + ITEM + ",\"ConditionExpression\":\"attribute_not_exists(pk)\","
                        + "\"ReturnValues\":\"ALL_OLD\"}");
        t.put(
                "GetItem",
                "{" + table + ",\"Key\":" + KEY + ",\"ProjectionExpression\":\"#n, l[0], m.a\","
                        + "\"ExpressionAttributeNames\":{\"#n\":\"n\"},\"ConsistentRead\":true}");
        t.put(
                "DeleteItem",
                "{" + table + ",\"Key\":" + KEY + ",\"ConditionExpression\":\"n > :v\","
                        + "\"ExpressionAttributeValues\":{\":v\":{\"N\":\"0\"}},\"ReturnValues\":\"ALL_OLD\"}");
        t.put(
                "UpdateItem",
                "{" + table + ",\"Key\":" + KEY + ",\"UpdateExpression\":\"SET n = n + :one, "
                        + "l = list_append(l, :l) REMOVE m.b ADD ss :ss\",\"ExpressionAttributeValues\":{\":one\":{\"N\":\"1\"},"
                        + "\":l\":{\"L\":[{\"S\":\"z\"}]},\":ss\":{\"SS\":[\"c\"]}},\"ReturnValues\":\"UPDATED_NEW\"}");
        t.put(
                "Query",
                "{" + table + ",\"KeyConditionExpression\":\"pk = :p AND sk BETWEEN :a AND :b\","
                        + "\"FilterExpression\":\"attribute_exists(n)\",\"ExpressionAttributeValues\":{\":p\":{\"S\":\"p1\"},"
                        + "\":a\":{\"N\":\"0\"},\":b\":{\"N\":\"100\"}},\"Limit\":10,\"ScanIndexForward\":false,"
                        + "\"ReturnConsumedCapacity\":\"TOTAL\"}");
        t.put(
                "Scan",
                "{" + table + ",\"IndexName\":\"byG\",\"Segment\":0,\"TotalSegments\":2,\"Limit\":5,"
                        + "\"FilterExpression\":\"begins_with(pk, :p)\",\"ExpressionAttributeValues\":{\":p\":{\"S\":\"p\"}}}");
        t.put(
                "BatchGetItem",
                "{\"RequestItems\":{\"" + TABLE + "\":{\"Keys\":[" + KEY + "," + KEY.replace("p1", "p2")
                        + "],\"ProjectionExpression\":\"pk, n\"}}}");
        t.put(
                "BatchWriteItem",
                "{\"RequestItems\":{\"" + TABLE + "\":[{\"PutRequest\":{\"Item\":" + ITEM + "}},"
                        + "{\"DeleteRequest\":{\"Key\":" + KEY.replace("p1", "p3") + "}}]}}");
        t.put(
                "TransactWriteItems",
                "{\"TransactItems\":[{\"Put\":{" + table + ",\"Item\":" + ITEM.replace("p1", "p4")
                        + "}},{\"Update\":{" + table + ",\"Key\":" + KEY + ",\"UpdateExpression\":\"SET n = :v\","
                        + "\"ExpressionAttributeValues\":{\":v\":{\"N\":\"7\"}}}},{\"Delete\":{" + table + ",\"Key\":"
                        + KEY.replace("p1", "p5") + "}},{\"ConditionCheck\":{" + table + ",\"Key\":"
                        + KEY.replace("p1", "p6")
                        + ",\"ConditionExpression\":\"attribute_exists(pk)\"}}],\"ClientRequestToken\":\"fuzz-token\"}");
        t.put("TransactGetItems", "{\"TransactItems\":[{\"Get\":{" + table + ",\"Key\":" + KEY + "}}]}");
        t.put(
                "CreateTable",
                "{\"TableName\":\"" + SCRATCH + "\",\"KeySchema\":[{\"AttributeName\":\"id\","
                        + "\"KeyType\":\"HASH\"}],\"AttributeDefinitions\":[{\"AttributeName\":\"id\",\"AttributeType\":\"S\"},"
                        + "{\"AttributeName\":\"g\",\"AttributeType\":\"N\"}],\"GlobalSecondaryIndexes\":[{\"IndexName\":\"g\","
                        + "\"KeySchema\":[{\"AttributeName\":\"g\",\"KeyType\":\"HASH\"}],\"Projection\":{"
                        + "\"ProjectionType\":\"INCLUDE\",\"NonKeyAttributes\":[\"a\"]}}],\"BillingMode\":\"PAY_PER_REQUEST\","
                        + "\"Tags\":[{\"Key\":\"k\",\"Value\":\"v\"}]}");
        t.put("DescribeTable", "{" + table + "}");
        t.put("ListTables", "{\"Limit\":5,\"ExclusiveStartTableName\":\"A\"}");
        t.put("DeleteTable", "{\"TableName\":\"" + SCRATCH + "\"}");
        t.put(
                "UpdateTable",
                "{" + table + ",\"BillingMode\":\"PAY_PER_REQUEST\",\"AttributeDefinitions\":["
                        + "{\"AttributeName\":\"n2\",\"AttributeType\":\"N\"}],\"GlobalSecondaryIndexUpdates\":[{\"Create\":{"
                        + "\"IndexName\":\"byN2\",\"KeySchema\":[{\"AttributeName\":\"n2\",\"KeyType\":\"HASH\"}],"
                        + "\"Projection\":{\"ProjectionType\":\"KEYS_ONLY\"}}}]}");
        t.put("DescribeLimits", "{}");
        t.put("TagResource", "{\"ResourceArn\":\"" + tableArn + "\",\"Tags\":[{\"Key\":\"a\",\"Value\":\"b\"}]}");
        t.put("UntagResource", "{\"ResourceArn\":\"" + tableArn + "\",\"TagKeys\":[\"a\"]}");
        t.put("ListTagsOfResource", "{\"ResourceArn\":\"" + tableArn + "\"}");
        t.put("DescribeTimeToLive", "{" + table + "}");
        t.put(
                "UpdateTimeToLive",
                "{" + table + ",\"TimeToLiveSpecification\":{\"Enabled\":true," + "\"AttributeName\":\"expiresAt\"}}");
        t.put("DescribeEndpoints", "{}");
        return t;
    }

    private final Random random;
    private final List<Map.Entry<String, String>> templates;

    FuzzRequests(Random random, Map<String, String> templates) {
        this.random = random;
        this.templates = new ArrayList<>(templates.entrySet());
    }

    /** The next request: one in ten is raw bytes, the rest one to three mutations of a valid request. */
    Request next() {
        Map.Entry<String, String> t = templates.get(random.nextInt(templates.size()));
        if (random.nextInt(10) == 0) {
            return new Request(t.getKey(), garbage(t.getValue()));
        }
        Object tree = FuzzJson.parse(t.getValue());
        boolean badUtf8 = false;
        int mutations = 1 + random.nextInt(3);
        for (int i = 0; i < mutations; i++) {
            badUtf8 |= mutate(tree);
        }
        byte[] body = FuzzJson.write(tree).getBytes(StandardCharsets.UTF_8);
        return new Request(t.getKey(), badUtf8 ? withBadUtf8(body) : body);
    }

    /** Bytes that are not the request: random, a valid body cut short, or valid JSON of the wrong shape. */
    private byte[] garbage(String valid) {
        switch (random.nextInt(4)) {
            case 0 -> {
                byte[] b = new byte[random.nextInt(200)];
                random.nextBytes(b);
                return b;
            }
            case 1 -> {
                byte[] b = valid.getBytes(StandardCharsets.UTF_8);
                return java.util.Arrays.copyOf(b, random.nextInt(b.length));
            }
            case 2 -> {
                return pick(List.of("[]", "null", "1", "\"x\"", "{}{}", "{\"a\":}", "{,}", "{\"TableName\":1e400}"))
                        .getBytes(StandardCharsets.UTF_8);
            }
            default -> {
                return ("{" + "\"a\":[".repeat(200 + random.nextInt(2000))).getBytes(StandardCharsets.UTF_8);
            }
        }
    }

    /** Applies one mutation at a random place of {@code tree}; true when it asks for ill-formed UTF-8. */
    private boolean mutate(Object tree) {
        List<Object[]> places = new ArrayList<>(); // {container, key or index}
        collect(tree, places);
        if (places.isEmpty()) {
            return false;
        }
        Object[] place = places.get(random.nextInt(places.size()));
        Object value = get(place);
        switch (random.nextInt(10)) {
            case 0 -> remove(place);
            case 1 -> {
                if (place[0] instanceof Map<?, ?> m && place[1] instanceof String name) {
                    @SuppressWarnings("unchecked")
                    Map<Object, Object> map = (Map<Object, Object>) m;
                    map.remove(name);
                    map.put(new FuzzJson.Twice(name), value);
                }
            }
            case 2 -> set(place, retyped(value));
            case 3 -> set(place, "x".repeat(random.nextBoolean() ? 100_000 + random.nextInt(400_000) : 65_537));
            case 4 -> set(place, pick(List.of("", new ArrayList<>(), new LinkedHashMap<>())));
            case 5 -> set(place, new FuzzJson.Raw(deep(random.nextInt(3), 20 + random.nextInt(60))));
            case 6 -> set(place, numberValue());
            case 7 -> {
                set(place, BAD_UTF8_MARK);
                return true;
            }
            case 8 -> set(place, mutable(Map.of(pick(List.of("Q", "s", "SS ", "", "NN", "L\u0000")), "x")));
            default -> {
                if (place[0] instanceof Map<?, ?> m && place[1] instanceof String name) {
                    @SuppressWarnings("unchecked")
                    Map<Object, Object> map = (Map<Object, Object>) m;
                    map.remove(name);
                    map.put(name + pick(List.of("x", "\u00e9", " ", "\ud83d\ude00")), value);
                }
            }
        }
        return false;
    }

    private Object numberValue() {
        String n = pick(BAD_NUMBERS);
        return switch (random.nextInt(3)) {
            case 0 -> mutable(Map.of("N", random.nextInt(4) == 0 ? "9".repeat(10_000 + random.nextInt(200_000)) : n));
            case 1 -> mutable(Map.of("NS", new ArrayList<>(List.of("1", n))));
            default -> new FuzzJson.Raw(random.nextBoolean() ? "1e999999999" : "-" + "9".repeat(5000));
        };
    }

    private Object retyped(Object value) {
        List<Object> others = new ArrayList<>(List.of(
                "s",
                7L,
                true,
                new ArrayList<>(List.of("a")),
                mutable(Map.of("k", "v")),
                new FuzzJson.Raw("null"),
                new FuzzJson.Raw("-1.5e3"),
                new FuzzJson.Raw("18446744073709551616")));
        others.removeIf(o -> o.getClass() == (value == null ? Void.class : value.getClass()));
        return pick(others);
    }

    /** Maps and lists (kind 0, 1) or DynamoDB documents (2) nested {@code levels} deep. */
    private static String deep(int kind, int levels) {
        return switch (kind) {
            case 0 -> "[".repeat(levels) + "]".repeat(levels);
            case 1 -> "{\"a\":".repeat(levels) + "1" + "}".repeat(levels);
            default -> "{\"M\":{\"a\":".repeat(levels) + "{\"S\":\"x\"}" + "}}".repeat(levels);
        };
    }

    private byte[] withBadUtf8(byte[] body) {
        String text = new String(body, StandardCharsets.ISO_8859_1);
        int at = text.indexOf(BAD_UTF8_MARK);
        if (at < 0) {
            return body;
        }
        byte[] bad = HexFormat.of().parseHex(pick(BAD_UTF8));
        byte[] out = new byte[body.length - BAD_UTF8_MARK.length() + bad.length];
        System.arraycopy(body, 0, out, 0, at);
        System.arraycopy(bad, 0, out, at, bad.length);
        System.arraycopy(
                body, at + BAD_UTF8_MARK.length(), out, at + bad.length, body.length - at - BAD_UTF8_MARK.length());
        return out;
    }

    private static Map<Object, Object> mutable(Map<String, Object> m) {
        return new LinkedHashMap<>(m);
    }

    private static void collect(Object node, List<Object[]> places) {
        if (node instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (e.getKey() instanceof String) {
                    places.add(new Object[] {m, e.getKey()});
                    collect(e.getValue(), places);
                }
            }
        } else if (node instanceof List<?> l) {
            for (int i = 0; i < l.size(); i++) {
                places.add(new Object[] {l, i});
                collect(l.get(i), places);
            }
        }
    }

    private static Object get(Object[] place) {
        return place[0] instanceof Map<?, ?> m ? m.get(place[1]) : ((List<?>) place[0]).get((Integer) place[1]);
    }

    @SuppressWarnings("unchecked")
    private static void set(Object[] place, Object value) {
        if (place[0] instanceof Map<?, ?> m) {
            ((Map<Object, Object>) m).put(place[1], value);
        } else {
            ((List<Object>) place[0]).set((Integer) place[1], value);
        }
    }

    private static void remove(Object[] place) {
        if (place[0] instanceof Map<?, ?> m) {
            m.remove(place[1]);
        } else {
            ((List<?>) place[0]).remove((int) (Integer) place[1]);
        }
    }

    private <T> T pick(List<T> options) {
        return options.get(random.nextInt(options.size()));
    }
}
