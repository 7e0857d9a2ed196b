package io.partita.storage.conformance;

import static io.partita.storage.conformance.Fx.item;
import static io.partita.storage.conformance.Fx.put;
import static io.partita.storage.conformance.Fx.queryItems;
import static io.partita.storage.conformance.Fx.vals;
import static io.partita.storage.value.AttributeValue.b;
import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.Storage;
import io.partita.storage.TestStorage;
import io.partita.storage.ValidationException;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.Select;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Items;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** DynamoDB semantics, "Operations" — Query: key conditions, multi-attribute keys, errors, order, pagination, 1 MB, Select, projections, filters. */
class QueryConformanceTest {
    private Storage db;

    @BeforeEach
    void open() {
        db = TestStorage.create();
    }

    @AfterEach
    void close() {
        db.checkInvariants();
        db.close();
    }

    private QueryRequest.Builder q(String table, String index, String kce, Map<String, AttributeValue> values) {
        return QueryRequest.builder()
                .tableName(table)
                .indexName(index)
                .keyConditionExpression(kce)
                .expressionAttributeValues(values);
    }

    // ---- every key-condition operator on S, N and B sort keys -------------------------------------------------

    enum SortType {
        S,
        N,
        B
    }

    /** Five ascending sort-key values of the type; for S and B, values 1 and 2 start with {@code prefix}. */
    private static List<AttributeValue> ascending(SortType t) {
        return switch (t) {
            case S -> List.of(s("a"), s("ab"), s("abc"), s("b"), s("c"));
            case N -> List.of(n("-5"), n("-1.5"), n("0"), n("2"), n("10"));
            case B ->
                List.of(
                        b(new byte[] {0}),
                        b(new byte[] {1, 0}),
                        b(new byte[] {1, 1}),
                        b(new byte[] {(byte) 0x80}),
                        b(new byte[] {(byte) 0xFF}));
        };
    }

    private List<AttributeValue> sortKeys(String kce, Map<String, AttributeValue> values) {
        return queryItems(db, "Sorted", null, kce, values).stream()
                .map(i -> i.get("sk"))
                .toList();
    }

    @ParameterizedTest
    @EnumSource(SortType.class)
    @DisplayName("DynamoDB semantics, 'on the sort key = < <= > >= BETWEEN begins_with' for S, N and B sort keys")
    void everyOperator(SortType type) {
        db.createTable(TableDefinition.builder("Sorted")
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(new KeyAttribute("sk", AttributeType.valueOf(type.name())))
                .build());
        List<AttributeValue> v = ascending(type);
        for (int i = v.size() - 1; i >= 0; i--) {
            put(db, "Sorted", item("pk", s("p"), "sk", v.get(i)));
            put(db, "Sorted", item("pk", s("other"), "sk", v.get(i)));
        }
        Map<String, AttributeValue> at2 = vals(":p", s("p"), ":v", v.get(2));
        assertThat(sortKeys("pk = :p", vals(":p", s("p")))).containsExactlyElementsOf(v);
        assertThat(sortKeys("pk = :p AND sk = :v", at2)).containsExactly(v.get(2));
        assertThat(sortKeys("pk = :p AND sk < :v", at2)).containsExactly(v.get(0), v.get(1));
        assertThat(sortKeys("pk = :p AND sk <= :v", at2)).containsExactly(v.get(0), v.get(1), v.get(2));
        assertThat(sortKeys("pk = :p AND sk > :v", at2)).containsExactly(v.get(3), v.get(4));
        assertThat(sortKeys("pk = :p AND sk >= :v", at2)).containsExactly(v.get(2), v.get(3), v.get(4));
        assertThat(sortKeys("pk = :p AND sk BETWEEN :lo AND :hi", vals(":p", s("p"), ":lo", v.get(1), ":hi", v.get(3))))
                .containsExactly(v.get(1), v.get(2), v.get(3));
        assertThat(sortKeys("pk = :p AND sk BETWEEN :lo AND :hi", vals(":p", s("p"), ":lo", v.get(2), ":hi", v.get(2))))
                .containsExactly(v.get(2));
        if (type == SortType.N) {
            assertThatThrownBy(() -> sortKeys("pk = :p AND begins_with(sk, :v)", at2))
                    .isInstanceOf(ValidationException.class)
                    .hasMessageContaining(
                            "Invalid KeyConditionExpression: Incorrect operand type for operator or function; "
                                    + "operator or function: begins_with, operand type: N");
        } else {
            AttributeValue prefix = type == SortType.S ? s("ab") : b(new byte[] {1});
            assertThat(sortKeys("pk = :p AND begins_with(sk, :v)", vals(":p", s("p"), ":v", prefix)))
                    .containsExactly(v.get(1), v.get(2));
            // a prefix ending in the maximal byte/char still works
            AttributeValue top = type == SortType.S ? s("c") : b(new byte[] {(byte) 0xFF});
            assertThat(sortKeys("pk = :p AND begins_with(sk, :v)", vals(":p", s("p"), ":v", top)))
                    .containsExactly(v.get(4));
        }
        // other partition never leaks
        assertThat(sortKeys("pk = :p AND sk >= :v", vals(":p", s("nope"), ":v", v.get(0))))
                .isEmpty();
    }

    @Test
    @DisplayName("begins_with on S compares UTF-8 prefixes, including supplementary characters")
    void beginsWithSupplementary() {
        db.createTable(TableDefinition.builder("Sorted")
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.s("sk"))
                .build());
        for (String v : List.of("\uFFFF", "\uFFFFa", "\uD83D\uDE00", "\uD83D\uDE00x", "\uD83D\uDE01")) {
            put(db, "Sorted", item("pk", s("p"), "sk", s(v)));
        }
        assertThat(sortKeys("pk = :p AND begins_with(sk, :v)", vals(":p", s("p"), ":v", s("\uFFFF"))))
                .containsExactly(s("\uFFFF"), s("\uFFFFa"));
        assertThat(sortKeys("pk = :p AND begins_with(sk, :v)", vals(":p", s("p"), ":v", s("\uD83D\uDE00"))))
                .containsExactly(s("\uD83D\uDE00"), s("\uD83D\uDE00x"));
    }

    // ---- multi-attribute GSI keys ---------------------------------------------------------------------------

    private void createMatches() {
        db.createTable(TableDefinition.builder("Matches")
                .partitionKey(KeyAttribute.s("matchId"))
                .globalSecondaryIndex(new GlobalSecondaryIndex(
                        "ByBracket",
                        List.of(KeyAttribute.s("tournament"), KeyAttribute.s("regionCode")),
                        List.of(KeyAttribute.n("round"), KeyAttribute.n("score")),
                        Projection.keysOnly()))
                .build());
        int id = 0;
        for (String region : List.of("EU", "US")) {
            for (int round = 1; round <= 3; round++) {
                for (int score : new int[] {30, 10, 20}) {
                    put(
                            db,
                            "Matches",
                            item(
                                    "matchId",
                                    s("m" + id++),
                                    "tournament",
                                    s("WC"),
                                    "regionCode",
                                    s(region),
                                    "round",
                                    n(round),
                                    "score",
                                    n(score)));
                }
            }
        }
        put(db, "Matches", item("matchId", s("sparse"), "tournament", s("WC"), "regionCode", s("EU"), "round", n(1)));
    }

    private List<String> bracket(String kce, Map<String, AttributeValue> values) {
        return queryItems(db, "Matches", "ByBracket", kce, values).stream()
                .map(i -> i.get("round").asN().toPlainString() + "/"
                        + i.get("score").asN().toPlainString())
                .toList();
    }

    @Test
    @DisplayName(
            "DynamoDB semantics, multi-attribute GSI keys: '= on every partition key attribute', sorted by (round, score)")
    void multiAttributeEqualityOnAllPartitionParts() {
        createMatches();
        Map<String, AttributeValue> wcEu = vals(":t", s("WC"), ":r", s("EU"));
        assertThat(bracket("tournament = :t AND regionCode = :r", wcEu))
                .containsExactly("1/10", "1/20", "1/30", "2/10", "2/20", "2/30", "3/10", "3/20", "3/30");
        assertThatThrownBy(() -> bracket("tournament = :t", vals(":t", s("WC"))))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("Query condition missed key schema element")
                .hasMessageContaining("regionCode");
    }

    @Test
    @DisplayName("DynamoDB semantics, 'equality on leading parts and a range only on the last part given'")
    void multiAttributeSortKeyPrefixes() {
        createMatches();
        assertThat(bracket(
                        "tournament = :t AND regionCode = :r AND round = :rd",
                        vals(":t", s("WC"), ":r", s("EU"), ":rd", n(2))))
                .containsExactly("2/10", "2/20", "2/30");
        assertThat(bracket(
                        "tournament = :t AND regionCode = :r AND round = :rd AND score > :s",
                        vals(":t", s("WC"), ":r", s("EU"), ":rd", n(2), ":s", n(10))))
                .containsExactly("2/20", "2/30");
        assertThat(bracket(
                        "tournament = :t AND regionCode = :r AND round = :rd AND score BETWEEN :a AND :b",
                        vals(":t", s("WC"), ":r", s("US"), ":rd", n(3), ":a", n(10), ":b", n(20))))
                .containsExactly("3/10", "3/20");
        assertThat(bracket(
                        "tournament = :t AND regionCode = :r AND round >= :rd",
                        vals(":t", s("WC"), ":r", s("EU"), ":rd", n(3))))
                .containsExactly("3/10", "3/20", "3/30");
        assertThat(bracket(
                        "tournament = :t AND regionCode = :r AND round < :rd",
                        vals(":t", s("WC"), ":r", s("EU"), ":rd", n(2))))
                .containsExactly("1/10", "1/20", "1/30");
    }

    @Test
    @DisplayName(
            "DynamoDB semantics, multi-attribute sort keys: a gap (score without round) and a range before equality are errors")
    void multiAttributeSortKeyErrors() {
        createMatches();
        assertThatThrownBy(() -> bracket(
                        "tournament = :t AND regionCode = :r AND score = :s",
                        vals(":t", s("WC"), ":r", s("EU"), ":s", n(10))))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("round");
        assertThatThrownBy(() -> bracket(
                        "tournament = :t AND regionCode = :r AND round > :rd AND score = :s",
                        vals(":t", s("WC"), ":r", s("EU"), ":rd", n(1), ":s", n(10))))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("round");
        assertThatThrownBy(() -> bracket("tournament = :t AND regionCode > :r", vals(":t", s("WC"), ":r", s("EU"))))
                .isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> bracket(
                        "tournament = :t AND regionCode = :r AND round = :rd",
                        vals(":t", s("WC"), ":r", s("EU"), ":rd", s("2"))))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("Condition parameter type does not match schema type");
    }

    @Test
    @DisplayName(
            "DynamoDB semantics, 'each attribute keeping its type': wrong type in one part of a multi-attribute key is rejected")
    void multiAttributeKeyPartsAreTyped() {
        createMatches();
        var before = Fx.snapshot(db, "Matches");
        assertThatThrownBy(() -> put(
                        db,
                        "Matches",
                        item(
                                "matchId",
                                s("x"),
                                "tournament",
                                s("WC"),
                                "regionCode",
                                n(1),
                                "round",
                                n(1),
                                "score",
                                n(1))))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("regionCode");
        assertThatThrownBy(() -> put(
                        db,
                        "Matches",
                        item(
                                "matchId",
                                s("x"),
                                "tournament",
                                s("WC"),
                                "regionCode",
                                s("EU"),
                                "round",
                                n(1),
                                "score",
                                s("1"))))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("score");
        assertThat(Fx.snapshot(db, "Matches")).isEqualTo(before);
        // "An item is indexed only when every index key attribute is present (sparse)": the item without score is
        // absent
        assertThat(Fx.scanAll(db, "Matches", "ByBracket")).hasSize(18);
    }

    // ---- errors ---------------------------------------------------------------------------------------------

    @Test
    @DisplayName(
            "DYNAMODB-LOCAL.md query errors: missed key schema element, non-key attribute, partition key range, wrong type")
    void keyConditionErrors() {
        db.createTable(Fx.gameScores());
        assertThatThrownBy(() -> queryItems(db, "GameScores", null, "GameTitle = :g", vals(":g", s("x"))))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("Query condition missed key schema element");
        assertThatThrownBy(() ->
                        queryItems(db, "GameScores", null, "UserId = :u AND Wins > :w", vals(":u", s("1"), ":w", n(1))))
                .isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> queryItems(db, "GameScores", null, "UserId > :u", vals(":u", s("1"))))
                .isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> queryItems(db, "GameScores", null, "UserId = :u", vals(":u", n(1))))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("Condition parameter type does not match schema type");
        assertThatThrownBy(() -> queryItems(
                        db,
                        "GameScores",
                        "GameTitleIndex",
                        "GameTitle = :g AND TopScore > :t",
                        vals(":g", s("x"), ":t", s("1"))))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("Condition parameter type does not match schema type");
        assertThatThrownBy(() -> queryItems(
                        db, "GameScores", "GameTitleIndex", "GameTitle = :g AND GameTitle = :g", vals(":g", s("x"))))
                .isInstanceOf(ValidationException.class);
        assertThatThrownBy(() ->
                        db.query(QueryRequest.builder().tableName("GameScores").build()))
                .isInstanceOf(ValidationException.class);
    }

    @Test
    @DisplayName(
            "DYNAMODB-LOCAL.md 'The BETWEEN operator requires upper bound to be greater than or equal to lower bound' (N compared numerically)")
    void betweenLowAboveHigh() {
        db.createTable(Fx.gameScores());
        assertThatThrownBy(() -> queryItems(
                        db,
                        "GameScores",
                        "GameTitleIndex",
                        "GameTitle = :g AND TopScore BETWEEN :a AND :b",
                        vals(":g", s("x"), ":a", n(10), ":b", n(9))))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining(
                        "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound");
        // 9 < 10 numerically although "9" > "10" as text: accepted
        assertThat(queryItems(
                        db,
                        "GameScores",
                        "GameTitleIndex",
                        "GameTitle = :g AND TopScore BETWEEN :a AND :b",
                        vals(":g", s("x"), ":a", n(9), ":b", n(10))))
                .isEmpty();
    }

    @Test
    @DisplayName("DYNAMODB-LOCAL.md 'The table does not have the specified index: NoSuchIndex'")
    void unknownIndex() {
        db.createTable(Fx.gameScores());
        assertThatThrownBy(() -> queryItems(db, "GameScores", "NoSuchIndex", "GameTitle = :g", vals(":g", s("x"))))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("The table does not have the specified index: NoSuchIndex");
    }

    @Test
    @DisplayName("DynamoDB 'Consistent reads are not supported on global secondary indexes'; on an LSI: accepted")
    void consistentReadOnIndexes() {
        db.createTable(Fx.gameScores());
        db.createTable(Fx.thread());
        assertThatThrownBy(() -> db.query(q("GameScores", "GameTitleIndex", "GameTitle = :g", vals(":g", s("x")))
                        .consistentRead(true)
                        .build()))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("Consistent reads are not supported on global secondary indexes");
        put(db, "Thread", item("ForumName", s("S3"), "Subject", s("a"), "LastPostDateTime", s("2015")));
        assertThat(db.query(q("Thread", "LastPostIndex", "ForumName = :f", vals(":f", s("S3")))
                                .consistentRead(true)
                                .build())
                        .items())
                .hasSize(1);
    }

    // ---- order, Limit, pagination ---------------------------------------------------------------------------

    @Test
    @DisplayName(
            "Seed 000 'If you set the ScanIndexForward parameter to false, the results are returned in descending order'")
    void direction() {
        db.createTable(Fx.gameScores());
        for (int i = 0; i < 5; i++) {
            put(
                    db,
                    "GameScores",
                    item("UserId", s("u" + i), "GameTitle", s("Meteor Blasters"), "TopScore", n(i * 100L)));
        }
        QueryResponse r = db.query(q("GameScores", "GameTitleIndex", "GameTitle = :g", vals(":g", s("Meteor Blasters")))
                .scanIndexForward(false)
                .build());
        assertThat(r.items()).extracting(i -> i.get("TopScore")).containsExactly(n(400), n(300), n(200), n(100), n(0));
    }

    @Test
    @DisplayName(
            "DynamoDB Limit: at most Limit items evaluated per page, LastEvaluatedKey set, pages chain (both directions)")
    void limitAndPagination() {
        db.createTable(TableDefinition.builder("Sorted")
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.n("sk"))
                .build());
        for (int i = 0; i < 7; i++) {
            put(db, "Sorted", item("pk", s("p"), "sk", n(i)));
        }
        for (boolean forward : new boolean[] {true, false}) {
            List<AttributeValue> seen = new ArrayList<>();
            Map<String, AttributeValue> start = null;
            int pages = 0;
            do {
                QueryResponse r = db.query(q("Sorted", null, "pk = :p AND sk >= :lo", vals(":p", s("p"), ":lo", n(1)))
                        .limit(2)
                        .scanIndexForward(forward)
                        .exclusiveStartKey(start)
                        .build());
                assertThat(r.items()).hasSizeLessThanOrEqualTo(2);
                r.items().forEach(i -> seen.add(i.get("sk")));
                start = r.lastEvaluatedKey();
                if (start != null) {
                    assertThat(start).containsOnlyKeys("pk", "sk");
                }
                pages++;
            } while (start != null && pages < 10);
            List<AttributeValue> expected = new ArrayList<>(List.of(n(1), n(2), n(3), n(4), n(5), n(6)));
            if (!forward) {
                java.util.Collections.reverse(expected);
            }
            assertThat(seen).containsExactlyElementsOf(expected);
        }
    }

    @Test
    @DisplayName(
            "DYNAMODB-LOCAL.md 'LastEvaluatedKey of an index query holds the index keys and the table keys'; equal GSI keys page without loss")
    void indexLastEvaluatedKey() {
        db.createTable(Fx.gameScores());
        db.createTable(Fx.thread());
        // Seed 000's Comet Quest: many users with TopScore 0 — keys need not be unique.
        for (String u : List.of("123", "201", "301", "400", "500")) {
            put(db, "GameScores", item("UserId", s(u), "GameTitle", s("Comet Quest"), "TopScore", n(0)));
        }
        Set<AttributeValue> users = new HashSet<>();
        Map<String, AttributeValue> start = null;
        int pages = 0;
        do {
            QueryResponse r = db.query(q(
                            "GameScores",
                            "GameTitleIndex",
                            "GameTitle = :g AND TopScore = :z",
                            vals(":g", s("Comet Quest"), ":z", n(0)))
                    .limit(1)
                    .exclusiveStartKey(start)
                    .build());
            for (var i : r.items()) {
                assertThat(users.add(i.get("UserId")))
                        .as("no duplicates across pages")
                        .isTrue();
            }
            start = r.lastEvaluatedKey();
            if (start != null) {
                assertThat(start).containsOnlyKeys("UserId", "GameTitle", "TopScore");
            }
        } while (start != null && ++pages < 20);
        assertThat(users).hasSize(5);

        put(db, "Thread", item("ForumName", s("S3"), "Subject", s("a"), "LastPostDateTime", s("1")));
        put(db, "Thread", item("ForumName", s("S3"), "Subject", s("b"), "LastPostDateTime", s("2")));
        QueryResponse lsi = db.query(q("Thread", "LastPostIndex", "ForumName = :f", vals(":f", s("S3")))
                .limit(1)
                .build());
        assertThat(lsi.lastEvaluatedKey()).containsOnlyKeys("ForumName", "Subject", "LastPostDateTime");
    }

    @Test
    @DisplayName(
            "Seed 000 'The maximum size of the results returned by a Query operation is 1 MB': ~1.2 MB in one partition takes two pages")
    void oneMegabytePageCap() {
        db.createTable(TableDefinition.builder("Big")
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.n("sk"))
                .build());
        int itemSize = 100 * 1024;
        for (int i = 0; i < 12; i++) {
            put(db, "Big", Fx.padTo(item("pk", s("p"), "sk", n(i)), "d", itemSize));
        }
        QueryResponse first = Fx.query(db, "Big", null, "pk = :p", vals(":p", s("p")));
        long bytes = first.items().stream().mapToLong(Items::size).sum();
        assertThat(first.lastEvaluatedKey()).isNotNull();
        assertThat(first.items()).hasSizeBetween(9, 11);
        assertThat(bytes).isBetween(1024L * 1024 - itemSize, 1024L * 1024 + itemSize);
        QueryResponse second = db.query(q("Big", null, "pk = :p", vals(":p", s("p")))
                .exclusiveStartKey(first.lastEvaluatedKey())
                .build());
        assertThat(first.items().size() + second.items().size()).isEqualTo(12);
        assertThat(second.lastEvaluatedKey()).isNull();
        // COUNT pages at the same 1 MB of data read
        QueryResponse count = db.query(q("Big", null, "pk = :p", vals(":p", s("p")))
                .select(Select.COUNT)
                .build());
        assertThat(count.count()).isEqualTo(first.count());
        assertThat(count.lastEvaluatedKey()).isNotNull();
    }

    // ---- Select, projections ----------------------------------------------------------------------------------

    private void loadGameScores() {
        db.createTable(Fx.gameScores());
        put(
                db,
                "GameScores",
                item(
                        "UserId",
                        s("101"),
                        "GameTitle",
                        s("Galaxy Invaders"),
                        "TopScore",
                        n(5842),
                        "Wins",
                        n(21),
                        "Losses",
                        n(72),
                        "TopScoreDateTime",
                        s("2015-09-15:17:24:31")));
        put(
                db,
                "GameScores",
                item(
                        "UserId",
                        s("103"),
                        "GameTitle",
                        s("Galaxy Invaders"),
                        "TopScore",
                        n(2317),
                        "Wins",
                        n(40),
                        "Losses",
                        n(3),
                        "TopScoreDateTime",
                        s("2015-09-16:17:24:31")));
    }

    @Test
    @DisplayName(
            "DynamoDB Select: COUNT returns no items but Count; SPECIFIC_ATTRIBUTES needs a projection; ALL_PROJECTED only on an index")
    void selectModes() {
        loadGameScores();
        QueryResponse count =
                db.query(q("GameScores", "GameTitleIndex", "GameTitle = :g", vals(":g", s("Galaxy Invaders")))
                        .select(Select.COUNT)
                        .build());
        assertThat(count.items()).isEmpty();
        assertThat(count.count()).isEqualTo(2);
        assertThat(count.scannedCount()).isEqualTo(2);
        QueryResponse all = db.query(q("GameScores", null, "UserId = :u", vals(":u", s("101")))
                .select(Select.ALL_ATTRIBUTES)
                .build());
        assertThat(all.items().get(0)).containsKey("TopScoreDateTime");
        QueryResponse projected =
                db.query(q("GameScores", "GameTitleIndex", "GameTitle = :g", vals(":g", s("Galaxy Invaders")))
                        .select(Select.ALL_PROJECTED_ATTRIBUTES)
                        .build());
        assertThat(projected.items().get(0)).containsOnlyKeys("UserId", "GameTitle", "TopScore", "Wins", "Losses");
        QueryResponse specific =
                db.query(q("GameScores", "GameTitleIndex", "GameTitle = :g", vals(":g", s("Galaxy Invaders")))
                        .projectionExpression("UserId, TopScore")
                        .build());
        assertThat(specific.items())
                .containsExactly(
                        item("UserId", s("103"), "TopScore", n(2317)), item("UserId", s("101"), "TopScore", n(5842)));
        assertThatThrownBy(() -> db.query(q("GameScores", null, "UserId = :u", vals(":u", s("101")))
                        .select(Select.ALL_PROJECTED_ATTRIBUTES)
                        .build()))
                .isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> db.query(q("GameScores", null, "UserId = :u", vals(":u", s("101")))
                        .select(Select.SPECIFIC_ATTRIBUTES)
                        .build()))
                .isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> db.query(q("GameScores", null, "UserId = :u", vals(":u", s("101")))
                        .select(Select.COUNT)
                        .projectionExpression("Wins")
                        .build()))
                .isInstanceOf(ValidationException.class);
    }

    @Test
    @DisplayName(
            "DYNAMODB-LOCAL.md 'Select type ALL_ATTRIBUTES is not supported for global secondary index GameTitleIndex because its projection type is not ALL'")
    void gsiRejectsAllAttributes() {
        loadGameScores();
        assertThatThrownBy(() ->
                        db.query(q("GameScores", "GameTitleIndex", "GameTitle = :g", vals(":g", s("Galaxy Invaders")))
                                .select(Select.ALL_ATTRIBUTES)
                                .build()))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining(
                        "Select type ALL_ATTRIBUTES is not supported for global secondary index GameTitleIndex "
                                + "because its projection type is not ALL");
    }

    @Test
    @DisplayName(
            "DYNAMODB-LOCAL.md 'Global secondary index GameTitleIndex does not project [TopScoreDateTime]' (seed 000: 'cannot fetch attributes from the base table')")
    void gsiRejectsUnprojectedAttributes() {
        loadGameScores();
        assertThatThrownBy(() ->
                        db.query(q("GameScores", "GameTitleIndex", "GameTitle = :g", vals(":g", s("Galaxy Invaders")))
                                .projectionExpression("UserId, TopScoreDateTime")
                                .build()))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("Global secondary index GameTitleIndex does not project [TopScoreDateTime]");
        db.createTable(TableDefinition.builder("KeysOnly")
                .partitionKey(KeyAttribute.s("pk"))
                .globalSecondaryIndex("GkIndex", KeyAttribute.s("g"), null, Projection.keysOnly())
                .build());
        assertThatThrownBy(() -> db.query(q("KeysOnly", "GkIndex", "g = :g", vals(":g", s("x")))
                        .select(Select.ALL_ATTRIBUTES)
                        .build()))
                .isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> db.query(q("KeysOnly", "GkIndex", "g = :g", vals(":g", s("x")))
                        .projectionExpression("otherAttr")
                        .build()))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("does not project [otherAttr]");
    }

    @Test
    @DisplayName(
            "Seed 001 'The Tags attribute is not projected into the index, so DynamoDB must access the Thread table and fetch this attribute'")
    void lsiFetchesUnprojectedAttributes() {
        db.createTable(Fx.thread());
        put(
                db,
                "Thread",
                item(
                        "ForumName",
                        s("EC2"),
                        "Subject",
                        s("a"),
                        "LastPostDateTime",
                        s("2015-09-01T00:00:00.000Z"),
                        "Replies",
                        n(3),
                        "Tags",
                        AttributeValue.ss("t1", "t2"),
                        "Views",
                        n(99)));
        QueryResponse r = db.query(q(
                        "Thread",
                        "LastPostIndex",
                        "ForumName = :v_forum and LastPostDateTime between :v_start and :v_end",
                        vals(
                                ":v_forum",
                                s("EC2"),
                                ":v_start",
                                s("2015-08-31T00:00:00.000Z"),
                                ":v_end",
                                s("2015-11-31T00:00:00.000Z")))
                .projectionExpression("Subject, LastPostDateTime, Replies, Tags")
                .build());
        assertThat(r.items())
                .containsExactly(item(
                        "Subject",
                        s("a"),
                        "LastPostDateTime",
                        s("2015-09-01T00:00:00.000Z"),
                        "Replies",
                        n(3),
                        "Tags",
                        AttributeValue.ss("t1", "t2")));
        QueryResponse all = db.query(q("Thread", "LastPostIndex", "ForumName = :f", vals(":f", s("EC2")))
                .select(Select.ALL_ATTRIBUTES)
                .build());
        assertThat(all.items().get(0)).containsKeys("Tags", "Views");
        QueryResponse projected = db.query(q("Thread", "LastPostIndex", "ForumName = :f", vals(":f", s("EC2")))
                .build());
        assertThat(projected.items().get(0)).containsOnlyKeys("ForumName", "Subject", "LastPostDateTime", "Replies");
    }

    // ---- filters ----------------------------------------------------------------------------------------------

    @Test
    @DisplayName(
            "DynamoDB filter: applied after the read — Count counts matches, ScannedCount counts items read; Limit bounds items read")
    void filterCountVsScannedCount() {
        db.createTable(TableDefinition.builder("Sorted")
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.n("sk"))
                .build());
        for (int i = 0; i < 10; i++) {
            put(db, "Sorted", item("pk", s("p"), "sk", n(i), "even", AttributeValue.bool(i % 2 == 0)));
        }
        QueryResponse r = db.query(q("Sorted", null, "pk = :p", vals(":p", s("p"), ":t", AttributeValue.bool(true)))
                .filterExpression("even = :t")
                .build());
        assertThat(r.count()).isEqualTo(5);
        assertThat(r.scannedCount()).isEqualTo(10);
        assertThat(r.items()).extracting(i -> i.get("sk")).containsExactly(n(0), n(2), n(4), n(6), n(8));
        QueryResponse limited =
                db.query(q("Sorted", null, "pk = :p", vals(":p", s("p"), ":t", AttributeValue.bool(true)))
                        .filterExpression("even = :t")
                        .limit(3)
                        .build());
        assertThat(limited.scannedCount()).isEqualTo(3);
        assertThat(limited.count()).isEqualTo(2);
        assertThat(limited.lastEvaluatedKey()).isEqualTo(item("pk", s("p"), "sk", n(2)));
        QueryResponse counted =
                db.query(q("Sorted", null, "pk = :p", vals(":p", s("p"), ":t", AttributeValue.bool(true)))
                        .filterExpression("even = :t")
                        .select(Select.COUNT)
                        .build());
        assertThat(counted.count()).isEqualTo(5);
        assertThat(counted.items()).isEmpty();
    }

    @Test
    @DisplayName("DynamoDB Query: 'Filter Expression can only contain non-primary key attributes'")
    void queryFilterOnKeyAttributeRejected() {
        db.createTable(TableDefinition.builder("Sorted")
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.n("sk"))
                .build());
        put(db, "Sorted", item("pk", s("p"), "sk", n(1)));
        assertThatThrownBy(() -> db.query(q("Sorted", null, "pk = :p", vals(":p", s("p"), ":one", n(1)))
                        .filterExpression("sk = :one")
                        .build()))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("Filter Expression can only contain non-primary key attributes");
    }
}
