package io.partita.storage.conformance;

import static io.partita.storage.conformance.Fx.item;
import static io.partita.storage.conformance.Fx.put;
import static io.partita.storage.conformance.Fx.queryItems;
import static io.partita.storage.conformance.Fx.vals;
import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.ResourceInUseException;
import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.Storage;
import io.partita.storage.TestStorage;
import io.partita.storage.ValidationException;
import io.partita.storage.api.IndexDescription;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.TableDescription;
import io.partita.storage.api.TableStatus;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProjectionType;
import io.partita.storage.schema.TableDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** DynamoDB semantics, "Tables and indexes": create/describe/list/delete, CreateTable validation, live GSI add/delete, multi-attribute keys. */
class TableConformanceTest {
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

    private static TableDefinition.Builder hashRange(String name) {
        return TableDefinition.builder(name).partitionKey(KeyAttribute.s("pk")).sortKey(KeyAttribute.s("sk"));
    }

    private void assertInvalid(TableDefinition d, String messagePart) {
        assertThatThrownBy(() -> db.createTable(d))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining(messagePart);
        assertThat(db.listTables()).doesNotContain(d.name());
    }

    @Test
    @DisplayName(
            "CreateTable/DescribeTable/ListTables/DeleteTable round trip; deleted table is gone (ResourceNotFound)")
    void lifecycle() {
        TableDescription created = db.createTable(Fx.gameScores());
        assertThat(created.status()).isEqualTo(TableStatus.ACTIVE);
        assertThat(created.tableName()).isEqualTo("GameScores");
        db.createTable(Fx.thread());
        assertThat(db.listTables()).containsExactly("GameScores", "Thread");
        put(db, "GameScores", item("UserId", s("1"), "GameTitle", s("G"), "TopScore", n(5)));
        put(db, "GameScores", item("UserId", s("2"), "GameTitle", s("G")));
        TableDescription d = db.describeTable("GameScores");
        assertThat(d.itemCount()).isEqualTo(2);
        assertThat(d.sizeBytes()).isPositive();
        assertThat(d.indexes()).extracting(IndexDescription::indexName).containsExactly("GameTitleIndex");
        assertThat(d.indexes().get(0).itemCount())
                .as("sparse: one item lacks TopScore")
                .isEqualTo(1);
        assertThat(d.definition().globalSecondaryIndexes().get(0).projection().type())
                .isEqualTo(ProjectionType.INCLUDE);
        assertThat(db.deleteTable("GameScores").tableName()).isEqualTo("GameScores");
        assertThat(db.listTables()).containsExactly("Thread");
        assertThatThrownBy(() -> db.describeTable("GameScores")).isInstanceOf(ResourceNotFoundException.class);
        assertThatThrownBy(() -> db.deleteTable("GameScores")).isInstanceOf(ResourceNotFoundException.class);
        assertThatThrownBy(() -> put(db, "GameScores", item("UserId", s("1"), "GameTitle", s("G"))))
                .isInstanceOf(ResourceNotFoundException.class);
        // re-created table starts empty
        db.createTable(Fx.gameScores());
        assertThat(Fx.scanAll(db, "GameScores")).isEmpty();
    }

    @Test
    @DisplayName("DynamoDB: CreateTable of an existing table is ResourceInUseException and leaves the table as it was")
    void createExistingTableIsResourceInUse() {
        db.createTable(Fx.gameScores());
        put(db, "GameScores", item("UserId", s("1"), "GameTitle", s("G")));
        assertThatThrownBy(() -> db.createTable(Fx.gameScores())).isInstanceOf(ResourceInUseException.class);
        assertThat(Fx.scanAll(db, "GameScores")).hasSize(1);
    }

    @Test
    @DisplayName("DynamoDB: operations on an unknown table are ResourceNotFoundException")
    void unknownTableIsResourceNotFound() {
        assertThatThrownBy(() -> db.describeTable("NoSuchTable")).isInstanceOf(ResourceNotFoundException.class);
        assertThatThrownBy(() -> Fx.query(db, "NoSuchTable", null, "a = :a", vals(":a", s("x"))))
                .isInstanceOf(ResourceNotFoundException.class);
        assertThatThrownBy(() -> Fx.scanAll(db, "NoSuchTable")).isInstanceOf(ResourceNotFoundException.class);
        assertThatThrownBy(() -> db.createGlobalSecondaryIndex(
                        "NoSuchTable", GlobalSecondaryIndex.of("Idx", KeyAttribute.s("a"), null, Projection.all())))
                .isInstanceOf(ResourceNotFoundException.class);
    }

    @Test
    @DisplayName(
            "DYNAMODB-LOCAL.md: 'Invalid table/index name.  Table/index names must be between 3 and 255 characters long'")
    void tableAndIndexNames() {
        assertInvalid(
                hashRange("ab").build(),
                "Invalid table/index name.  Table/index names must be between 3 and 255 characters long");
        assertInvalid(hashRange("bad name").build(), "Invalid table/index name");
        assertInvalid(hashRange("x".repeat(256)).build(), "Invalid table/index name");
        assertInvalid(
                hashRange("Good")
                        .globalSecondaryIndex("ix", KeyAttribute.s("a"), null, Projection.all())
                        .build(),
                "Invalid table/index name");
        db.createTable(hashRange("x".repeat(255)).build());
        db.createTable(hashRange("a.b-c_9").build());
        assertThat(db.listTables()).hasSize(2);
    }

    @Test
    @DisplayName(
            "DYNAMODB-LOCAL.md: 'Local Secondary indices are not allowed on hash tables, only hash and range tables'")
    void lsiOnHashOnlyTable() {
        assertInvalid(
                TableDefinition.builder("HashOnly")
                        .partitionKey(KeyAttribute.s("pk"))
                        .localSecondaryIndex("Lsi", KeyAttribute.s("x"), Projection.all())
                        .build(),
                "Local Secondary indices are not allowed on hash tables, only hash and range tables");
    }

    @Test
    @DisplayName("Seed 001 'you can create up to five local secondary indexes per table': a sixth is rejected")
    void atMostFiveLsis() {
        TableDefinition.Builder ok = hashRange("Five");
        for (int i = 0; i < 5; i++) {
            ok.localSecondaryIndex("Lsi" + i, KeyAttribute.s("a" + i), Projection.keysOnly());
        }
        db.createTable(ok.build());
        TableDefinition.Builder six = hashRange("Six");
        for (int i = 0; i < 6; i++) {
            six.localSecondaryIndex("Lsi" + i, KeyAttribute.s("a" + i), Projection.keysOnly());
        }
        assertInvalid(six.build(), "LocalSecondaryIndexes");
    }

    @Test
    @DisplayName("Seed 004 'Maximum 20 GSIs per table': a 21st is rejected at create time and when added live")
    void atMostTwentyGsis() {
        TableDefinition.Builder b = hashRange("Twenty");
        for (int i = 0; i < 20; i++) {
            b.globalSecondaryIndex("Gsi" + i, KeyAttribute.s("a" + i), null, Projection.keysOnly());
        }
        db.createTable(b.build());
        assertThatThrownBy(() -> db.createGlobalSecondaryIndex(
                        "Twenty", GlobalSecondaryIndex.of("Gsi20", KeyAttribute.s("a20"), null, Projection.keysOnly())))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("GlobalSecondaryIndexes");
        assertThat(db.describeTable("Twenty").indexes()).hasSize(20);
        TableDefinition.Builder c = hashRange("TwentyOne");
        for (int i = 0; i < 21; i++) {
            c.globalSecondaryIndex("Gsi" + i, KeyAttribute.s("a" + i), null, Projection.keysOnly());
        }
        assertInvalid(c.build(), "GlobalSecondaryIndexes");
    }

    @Test
    @DisplayName(
            "DynamoDB rule 'index names unique per table': duplicate index names (GSI/GSI and LSI/GSI) are rejected")
    void duplicateIndexNames() {
        assertInvalid(
                hashRange("Dup")
                        .globalSecondaryIndex("Idx", KeyAttribute.s("a"), null, Projection.all())
                        .globalSecondaryIndex("Idx", KeyAttribute.s("b"), null, Projection.all())
                        .build(),
                "Idx");
        assertInvalid(
                hashRange("Dup")
                        .localSecondaryIndex("Idx", KeyAttribute.s("a"), Projection.all())
                        .globalSecondaryIndex("Idx", KeyAttribute.s("b"), null, Projection.all())
                        .build(),
                "Idx");
        db.createTable(hashRange("Dup")
                .globalSecondaryIndex("Idx", KeyAttribute.s("a"), null, Projection.all())
                .build());
        assertThatThrownBy(() -> db.createGlobalSecondaryIndex(
                        "Dup", GlobalSecondaryIndex.of("Idx", KeyAttribute.s("b"), null, Projection.all())))
                .isInstanceOf(ValidationException.class);
        assertThat(db.describeTable("Dup").indexes()).hasSize(1);
    }

    @Test
    @DisplayName("DynamoDB AttributeDefinitions: one attribute name cannot be defined with two types in one table")
    void oneAttributeTwoTypes() {
        assertInvalid(
                hashRange("Types")
                        .globalSecondaryIndex("Idx", KeyAttribute.n("sk"), null, Projection.all())
                        .build(),
                "sk");
        assertInvalid(
                hashRange("Types")
                        .globalSecondaryIndex("IdxA", KeyAttribute.s("x"), null, Projection.all())
                        .localSecondaryIndex("IdxB", KeyAttribute.b("x"), Projection.all())
                        .build(),
                "x");
        db.createTable(hashRange("Types")
                .globalSecondaryIndex("IdxA", KeyAttribute.s("x"), null, Projection.all())
                .build());
        assertThatThrownBy(() -> db.createGlobalSecondaryIndex(
                        "Types", GlobalSecondaryIndex.of("IdxB", KeyAttribute.n("x"), null, Projection.all())))
                .isInstanceOf(ValidationException.class);
    }

    @Test
    @DisplayName("DynamoDB Projection rules: INCLUDE needs NonKeyAttributes; KEYS_ONLY/ALL take none")
    void projectionShapes() {
        assertInvalid(
                hashRange("Proj")
                        .globalSecondaryIndex(
                                "Idx", KeyAttribute.s("a"), null, new Projection(ProjectionType.INCLUDE, List.of()))
                        .build(),
                "NonKeyAttributes");
        assertInvalid(
                hashRange("Proj")
                        .globalSecondaryIndex(
                                "Idx",
                                KeyAttribute.s("a"),
                                null,
                                new Projection(ProjectionType.KEYS_ONLY, List.of("x")))
                        .build(),
                "NonKeyAttributes");
        assertInvalid(
                hashRange("Proj")
                        .localSecondaryIndex(
                                "Idx", KeyAttribute.s("a"), new Projection(ProjectionType.ALL, List.of("x")))
                        .build(),
                "NonKeyAttributes");
    }

    @Test
    @DisplayName(
            "DynamoDB rule 'at most 100 INCLUDE attributes across all indexes (an attribute projected into two indexes counts twice)'")
    void atMostHundredProjectedAttributes() {
        List<String> hundred = IntStream.range(0, 100).mapToObj(i -> "p" + i).toList();
        db.createTable(hashRange("Hundred")
                .globalSecondaryIndex("Idx", KeyAttribute.s("a"), null, Projection.include(hundred))
                .build());
        List<String> hundredOne = new ArrayList<>(hundred);
        hundredOne.add("p100");
        assertInvalid(
                hashRange("HundredOne")
                        .globalSecondaryIndex("Idx", KeyAttribute.s("a"), null, Projection.include(hundredOne))
                        .build(),
                "100");
        List<String> fiftyOne = hundredOne.subList(0, 51);
        assertInvalid(
                hashRange("Twice")
                        .globalSecondaryIndex("IdxA", KeyAttribute.s("a"), null, Projection.include(fiftyOne))
                        .localSecondaryIndex("IdxB", KeyAttribute.s("b"), Projection.include(fiftyOne))
                        .build(),
                "100");
        assertThatThrownBy(() -> db.createGlobalSecondaryIndex(
                        "Hundred", GlobalSecondaryIndex.of("More", KeyAttribute.s("b"), null, Projection.include("q"))))
                .isInstanceOf(ValidationException.class);
    }

    @Test
    @DisplayName(
            "DynamoDB semantics, GSI 'partition key of 1–4 attributes and optional sort key of 1–4': 5 parts rejected")
    void multiAttributeKeyLimits() {
        List<KeyAttribute> four =
                List.of(KeyAttribute.s("a"), KeyAttribute.n("b"), KeyAttribute.b("c"), KeyAttribute.s("d"));
        List<KeyAttribute> fourSort =
                List.of(KeyAttribute.s("e"), KeyAttribute.n("f"), KeyAttribute.s("g"), KeyAttribute.n("h"));
        db.createTable(hashRange("FourFour")
                .globalSecondaryIndex(new GlobalSecondaryIndex("Idx", four, fourSort, Projection.all()))
                .build());
        List<KeyAttribute> five = new ArrayList<>(four);
        five.add(KeyAttribute.s("z"));
        assertInvalid(
                hashRange("FivePk")
                        .globalSecondaryIndex(new GlobalSecondaryIndex("Idx", five, List.of(), Projection.all()))
                        .build(),
                "Idx");
        assertInvalid(
                hashRange("FiveSk")
                        .globalSecondaryIndex(new GlobalSecondaryIndex("Idx", four, five, Projection.all()))
                        .build(),
                "Idx");
        assertInvalid(
                hashRange("NoPk")
                        .globalSecondaryIndex(new GlobalSecondaryIndex("Idx", List.of(), fourSort, Projection.all()))
                        .build(),
                "Idx");
    }

    @Test
    @DisplayName(
            "Seed 004 'Can be added or deleted after table creation': added GSI backfills existing items, sparse respected")
    void addGsiToLiveTableBackfills() {
        db.createTable(hashRange("Orders").build());
        put(db, "Orders", item("pk", s("u1"), "sk", s("o1"), "orderState", s("PENDING"), "total", n(10)));
        put(db, "Orders", item("pk", s("u1"), "sk", s("o2"), "orderState", s("SHIPPED"), "total", n(20)));
        put(db, "Orders", item("pk", s("u2"), "sk", s("o3"), "orderState", s("PENDING"), "total", n(30)));
        put(db, "Orders", item("pk", s("u3"), "sk", s("o4"), "total", n(40))); // no status: sparse
        put(
                db,
                "Orders",
                item("pk", s("u4"), "sk", s("o5"), "orderState", n(7))); // wrong type for the new index: skipped
        TableDescription d = db.createGlobalSecondaryIndex(
                "Orders",
                GlobalSecondaryIndex.of(
                        "ByStatus", KeyAttribute.s("orderState"), KeyAttribute.n("total"), Projection.keysOnly()));
        assertThat(d.indexes()).extracting(IndexDescription::indexName).containsExactly("ByStatus");
        assertThat(d.indexes().get(0).itemCount()).isEqualTo(3);
        assertThat(queryItems(db, "Orders", "ByStatus", "orderState = :s", vals(":s", s("PENDING"))))
                .extracting(i -> i.get("sk"))
                .containsExactly(s("o1"), s("o3"));
        assertThat(Fx.scanAll(db, "Orders", "ByStatus")).hasSize(3);
        // and it is maintained from now on
        put(db, "Orders", item("pk", s("u5"), "sk", s("o6"), "orderState", s("PENDING"), "total", n(5)));
        assertThat(queryItems(db, "Orders", "ByStatus", "orderState = :s", vals(":s", s("PENDING"))))
                .extracting(i -> i.get("sk"))
                .containsExactly(s("o6"), s("o1"), s("o3"));
        assertThatThrownBy(() -> put(db, "Orders", item("pk", s("u6"), "sk", s("o7"), "orderState", n(1))))
                .isInstanceOf(ValidationException.class);
    }

    @Test
    @DisplayName("DynamoDB 'Detecting and correcting index key violations': the backfill skips items whose index key"
            + " value has another type, is an empty string or binary, or is too large; later writes keeping the"
            + " violation are rejected, deletes and fixing writes pass")
    void addGsiSkipsIndexKeyViolations() {
        db.createTable(hashRange("Orders").build());
        put(db, "Orders", item("pk", s("u1"), "sk", s("ok"), "orderState", s("OPEN"), "total", n(1)));
        put(db, "Orders", item("pk", s("u1"), "sk", s("empty"), "orderState", s(""), "total", n(2)));
        put(db, "Orders", item("pk", s("u1"), "sk", s("number"), "orderState", n(7), "total", n(3)));
        put(db, "Orders", item("pk", s("u1"), "sk", s("long"), "orderState", s("x".repeat(2049)), "total", n(4)));
        put(
                db,
                "Orders",
                item("pk", s("u1"), "sk", s("emptyBinary"), "orderState", s("OPEN"), "total", n(5), "b", b()));
        put(db, "Orders", item("pk", s("u2"), "sk", s("sortType"), "orderState", s("OPEN"), "total", s("five")));
        TableDescription d = db.createGlobalSecondaryIndex(
                "Orders",
                GlobalSecondaryIndex.of(
                        "ByState", KeyAttribute.s("orderState"), KeyAttribute.n("total"), Projection.all()));
        assertThat(d.indexes().get(0).itemCount()).isEqualTo(2);
        db.checkInvariants();
        db.createGlobalSecondaryIndex(
                "Orders", GlobalSecondaryIndex.of("ByBinary", KeyAttribute.b("b"), null, Projection.keysOnly()));
        assertThat(Fx.scanAll(db, "Orders", "ByBinary")).isEmpty();
        db.checkInvariants();
        assertThat(queryItems(db, "Orders", "ByState", "orderState = :s", vals(":s", s("OPEN"))))
                .extracting(i -> i.get("sk"))
                .containsExactly(s("ok"), s("emptyBinary"));
        // a write that keeps the violation is rejected, as on DynamoDB after the backfill
        assertThatThrownBy(
                        () -> put(db, "Orders", item("pk", s("u1"), "sk", s("empty"), "orderState", s(""), "x", n(1))))
                .isInstanceOf(ValidationException.class);
        // a write that fixes it puts the item into the index; a delete of a skipped item removes nothing
        put(db, "Orders", item("pk", s("u1"), "sk", s("number"), "orderState", s("OPEN"), "total", n(3)));
        db.deleteItem(io.partita.storage.api.DeleteItemRequest.builder()
                .tableName("Orders")
                .key(item("pk", s("u1"), "sk", s("long")))
                .build());
        db.deleteItem(io.partita.storage.api.DeleteItemRequest.builder()
                .tableName("Orders")
                .key(item("pk", s("u2"), "sk", s("sortType")))
                .build());
        assertThat(queryItems(db, "Orders", "ByState", "orderState = :s", vals(":s", s("OPEN"))))
                .extracting(i -> i.get("sk"))
                .containsExactly(s("ok"), s("number"), s("emptyBinary"));
        assertThat(db.describeTable("Orders").indexes())
                .filteredOn(i -> i.indexName().equals("ByState"))
                .extracting(IndexDescription::itemCount)
                .containsExactly(3L);
    }

    private static io.partita.storage.value.AttributeValue b() {
        return io.partita.storage.value.AttributeValue.b(new byte[0]);
    }

    @Test
    @DisplayName(
            "Seed 004 GSIs 'Can be added or deleted': a deleted GSI is no longer queryable; ResourceNotFound for unknown")
    void deleteGsi() {
        db.createTable(Fx.gameScores());
        put(db, "GameScores", item("UserId", s("1"), "GameTitle", s("G"), "TopScore", n(5)));
        TableDescription d = db.deleteGlobalSecondaryIndex("GameScores", "GameTitleIndex");
        // UpdateTable's answer lists the index DELETING (FidelityConformanceTest); then it is gone
        assertThat(d.indexes()).extracting(IndexDescription::status).containsExactly(TableStatus.DELETING);
        assertThat(db.describeTable("GameScores").indexes()).isEmpty();
        assertThat(db.describeTable("GameScores").definition().globalSecondaryIndexes())
                .isEmpty();
        assertThatThrownBy(() -> db.query(QueryRequest.builder()
                        .tableName("GameScores")
                        .indexName("GameTitleIndex")
                        .keyConditionExpression("GameTitle = :g")
                        .expressionAttributeValues(vals(":g", s("G")))
                        .build()))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("The table does not have the specified index: GameTitleIndex");
        // Without the index, TopScore's type is free again.
        put(db, "GameScores", item("UserId", s("2"), "GameTitle", s("G"), "TopScore", s("high")));
        assertThatThrownBy(() -> db.deleteGlobalSecondaryIndex("GameScores", "GameTitleIndex"))
                .isInstanceOf(ResourceNotFoundException.class);
        assertThat(Fx.scanAll(db, "GameScores")).hasSize(2);
    }

    @Test
    @DisplayName(
            "Seed 001 'Local secondary indexes on a table are created when the table is created' — described with the table")
    void lsisAreDescribed() {
        TableDescription d = db.createTable(Fx.thread());
        assertThat(d.indexes()).extracting(IndexDescription::indexName).containsExactly("LastPostIndex");
        assertThat(d.definition().localSecondaryIndexes()).hasSize(1);
    }
}
