package io.partita.storage.conformance;

import static io.partita.storage.conformance.Fx.item;
import static io.partita.storage.conformance.Fx.put;
import static io.partita.storage.conformance.Fx.putCap;
import static io.partita.storage.conformance.Fx.vals;
import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.Storage;
import io.partita.storage.TestStorage;
import io.partita.storage.api.Capacity;
import io.partita.storage.api.ConsumedCapacity;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.TransactGetItem;
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** DynamoDB semantics, "Capacity accounting (from the seeds)", reported through ReturnConsumedCapacity TOTAL and INDEXES. */
class CapacityConformanceTest {
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

    private static double gsiWrite(ConsumedCapacity c, String index) {
        Capacity cap = c.globalSecondaryIndexes().get(index);
        return cap == null ? 0.0 : cap.writeCapacityUnits();
    }

    private ConsumedCapacity updateCap(
            String table, Map<String, AttributeValue> key, String expr, Map<String, AttributeValue> values) {
        return db.updateItem(UpdateItemRequest.builder()
                        .tableName(table)
                        .key(key)
                        .updateExpression(expr)
                        .expressionAttributeValues(values)
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                        .build())
                .consumedCapacity();
    }

    @Test
    @DisplayName(
            "Seed 000: '8 items ... 2000 bytes × 8 items = 16,000 bytes ... 0.5 × (16 KB / 4 KB), or 2 read capacity units'")
    void seed000WorkedExample() {
        db.createTable(TableDefinition.builder("Scores2k")
                .partitionKey(KeyAttribute.s("id"))
                .globalSecondaryIndex("ByGroup", KeyAttribute.s("grp"), null, Projection.all())
                .build());
        for (int i = 0; i < 8; i++) {
            put(db, "Scores2k", Fx.padTo(item("id", s("i" + i), "grp", s("G")), "pad", 2000));
        }
        ConsumedCapacity c = db.query(QueryRequest.builder()
                        .tableName("Scores2k")
                        .indexName("ByGroup")
                        .keyConditionExpression("grp = :g")
                        .expressionAttributeValues(vals(":g", s("G")))
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                        .build())
                .consumedCapacity();
        assertThat(c.capacityUnits()).isEqualTo(2.0);
        assertThat(c.readCapacityUnits()).isEqualTo(2.0);
        assertThat(c.globalSecondaryIndexes().get("ByGroup").readCapacityUnits())
                .isEqualTo(2.0);
        assertThat(c.table().readCapacityUnits()).isEqualTo(0.0);
        // TOTAL reports the total only
        ConsumedCapacity total = db.query(QueryRequest.builder()
                        .tableName("Scores2k")
                        .indexName("ByGroup")
                        .keyConditionExpression("grp = :g")
                        .expressionAttributeValues(vals(":g", s("G")))
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .build())
                .consumedCapacity();
        assertThat(total.capacityUnits()).isEqualTo(2.0);
        assertThat(total.globalSecondaryIndexes()).isEmpty();
        assertThat(db.query(QueryRequest.builder()
                                .tableName("Scores2k")
                                .indexName("ByGroup")
                                .keyConditionExpression("grp = :g")
                                .expressionAttributeValues(vals(":g", s("G")))
                                .build())
                        .consumedCapacity())
                .isNull();
    }

    @Test
    @DisplayName(
            "DynamoDB semantics, 'Reads: 4 KB units, rounded up over the summed size of returned items per request; eventually consistent reads cost half'")
    void readUnits() {
        db.createTable(TableDefinition.builder("Reads")
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.n("sk"))
                .build());
        put(db, "Reads", Fx.padTo(item("pk", s("a"), "sk", n(1)), "d", 4096));
        put(db, "Reads", Fx.padTo(item("pk", s("a"), "sk", n(2)), "d", 4097));
        for (int i = 0; i < 3; i++) {
            put(db, "Reads", Fx.padTo(item("pk", s("b"), "sk", n(i)), "d", 1500));
        }
        assertThat(getUnits(item("pk", s("a"), "sk", n(1)), true)).isEqualTo(1.0);
        assertThat(getUnits(item("pk", s("a"), "sk", n(1)), false)).isEqualTo(0.5);
        assertThat(getUnits(item("pk", s("a"), "sk", n(2)), true)).isEqualTo(2.0);
        assertThat(getUnits(item("pk", s("a"), "sk", n(2)), false)).isEqualTo(1.0);
        // Query: 3 × 1500 = 4500 bytes summed, then rounded: 2 units, not 3.
        QueryRequest.Builder q = QueryRequest.builder()
                .tableName("Reads")
                .keyConditionExpression("pk = :p")
                .expressionAttributeValues(vals(":p", s("b")))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
        assertThat(db.query(q.consistentRead(true).build()).consumedCapacity().capacityUnits())
                .isEqualTo(2.0);
        assertThat(db.query(q.consistentRead(false).build()).consumedCapacity().capacityUnits())
                .isEqualTo(1.0);
    }

    private double getUnits(Map<String, AttributeValue> key, boolean consistent) {
        return db.getItem(GetItemRequest.builder()
                        .tableName("Reads")
                        .key(key)
                        .consistentRead(consistent)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .build())
                .consumedCapacity()
                .capacityUnits();
    }

    @Test
    @DisplayName(
            "DynamoDB semantics, 'Writes: 1 KB units' — 1024 bytes is 1 WCU, 1025 is 2; an update is charged by the larger image")
    void writeUnits() {
        db.createTable(TableDefinition.builder("Writes")
                .partitionKey(KeyAttribute.s("pk"))
                .build());
        assertThat(putCap(db, "Writes", Fx.padTo(item("pk", s("a")), "d", 1024))
                        .consumedCapacity()
                        .capacityUnits())
                .isEqualTo(1.0);
        assertThat(putCap(db, "Writes", Fx.padTo(item("pk", s("b")), "d", 1025))
                        .consumedCapacity()
                        .capacityUnits())
                .isEqualTo(2.0);
        assertThat(putCap(db, "Writes", Fx.padTo(item("pk", s("c")), "d", 3000))
                        .consumedCapacity()
                        .writeCapacityUnits())
                .isEqualTo(3.0);
        // shrinking the 3000-byte item to a tiny one still costs by the larger image
        assertThat(updateCap("Writes", item("pk", s("c")), "REMOVE d", null).capacityUnits())
                .isEqualTo(3.0);
    }

    @Test
    @DisplayName(
            "Seed 000 GSI write cost: 'one write ... to put the item into the index' (new item and newly defined attribute)")
    void gsiWriteCostPut() {
        db.createTable(Fx.gameScores());
        ConsumedCapacity c = putCap(db, "GameScores", item("UserId", s("1"), "GameTitle", s("G"), "TopScore", n(5)))
                .consumedCapacity();
        assertThat(gsiWrite(c, "GameTitleIndex")).isEqualTo(1.0);
        assertThat(c.table().writeCapacityUnits()).isEqualTo(1.0);
        assertThat(c.capacityUnits()).isEqualTo(2.0);
        put(db, "GameScores", item("UserId", s("2"), "GameTitle", s("G")));
        ConsumedCapacity defined = updateCap(
                "GameScores", item("UserId", s("2"), "GameTitle", s("G")), "SET TopScore = :t", vals(":t", n(1)));
        assertThat(gsiWrite(defined, "GameTitleIndex")).isEqualTo(1.0);
    }

    @Test
    @DisplayName(
            "Seed 000 GSI write cost: key change 'two writes are required, one to delete the previous item from the index and another ... to put'")
    void gsiWriteCostKeyChange() {
        db.createTable(Fx.gameScores());
        put(db, "GameScores", item("UserId", s("1"), "GameTitle", s("G"), "TopScore", n(5)));
        ConsumedCapacity c = updateCap(
                "GameScores", item("UserId", s("1"), "GameTitle", s("G")), "SET TopScore = :t", vals(":t", n(6)));
        assertThat(gsiWrite(c, "GameTitleIndex")).isEqualTo(2.0);
        assertThat(c.capacityUnits()).isEqualTo(3.0);
    }

    @Test
    @DisplayName("Seed 000 GSI write cost: 'one write is required to delete the old item projection from the index'")
    void gsiWriteCostRemoveKey() {
        db.createTable(Fx.gameScores());
        put(db, "GameScores", item("UserId", s("1"), "GameTitle", s("G"), "TopScore", n(5)));
        ConsumedCapacity c =
                updateCap("GameScores", item("UserId", s("1"), "GameTitle", s("G")), "REMOVE TopScore", null);
        assertThat(gsiWrite(c, "GameTitleIndex")).isEqualTo(1.0);
        put(db, "GameScores", item("UserId", s("2"), "GameTitle", s("G"), "TopScore", n(5)));
        ConsumedCapacity d = db.deleteItem(io.partita.storage.api.DeleteItemRequest.builder()
                        .tableName("GameScores")
                        .key(item("UserId", s("2"), "GameTitle", s("G")))
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                        .build())
                .consumedCapacity();
        assertThat(gsiWrite(d, "GameTitleIndex")).isEqualTo(1.0);
    }

    @Test
    @DisplayName(
            "Seed 000 GSI write cost: 'If an item is not present in the index before or after ... no additional write cost'")
    void gsiWriteCostAbsent() {
        db.createTable(Fx.gameScores());
        ConsumedCapacity c = putCap(db, "GameScores", item("UserId", s("1"), "GameTitle", s("G"), "Wins", n(1)))
                .consumedCapacity();
        assertThat(gsiWrite(c, "GameTitleIndex")).isEqualTo(0.0);
        assertThat(c.capacityUnits()).isEqualTo(1.0);
        ConsumedCapacity u =
                updateCap("GameScores", item("UserId", s("1"), "GameTitle", s("G")), "SET Wins = :w", vals(":w", n(2)));
        assertThat(u.capacityUnits()).isEqualTo(1.0);
    }

    @Test
    @DisplayName(
            "Seed 000 GSI write cost: 'only changes the value of projected attributes ... one write is required'; unprojected changes cost none")
    void gsiWriteCostProjectedAttributes() {
        db.createTable(Fx.gameScores());
        put(
                db,
                "GameScores",
                item(
                        "UserId",
                        s("1"),
                        "GameTitle",
                        s("G"),
                        "TopScore",
                        n(5),
                        "Wins",
                        n(1),
                        "TopScoreDateTime",
                        s("t1")));
        ConsumedCapacity projected =
                updateCap("GameScores", item("UserId", s("1"), "GameTitle", s("G")), "SET Wins = :w", vals(":w", n(2)));
        assertThat(gsiWrite(projected, "GameTitleIndex")).isEqualTo(1.0);
        // Seed 000: "if a write to a table does not require a global secondary index update, then no write capacity is
        // consumed from the index"
        ConsumedCapacity unprojected = updateCap(
                "GameScores",
                item("UserId", s("1"), "GameTitle", s("G")),
                "SET TopScoreDateTime = :d",
                vals(":d", s("t2")));
        assertThat(gsiWrite(unprojected, "GameTitleIndex")).isEqualTo(0.0);
        assertThat(unprojected.capacityUnits()).isEqualTo(1.0);
    }

    @Test
    @DisplayName("Seed 000 'Larger index entries will require additional write capacity units' (1 KB units per entry)")
    void largeIndexEntriesCostMore() {
        db.createTable(Fx.gameScores());
        // Losses is projected (INCLUDE): the entry is the whole 2500-byte item, 3 write units in the index as in the
        // table.
        Map<String, AttributeValue> big =
                Fx.padTo(item("UserId", s("1"), "GameTitle", s("G"), "TopScore", n(5)), "Losses", 2500);
        ConsumedCapacity c = putCap(db, "GameScores", big).consumedCapacity();
        assertThat(gsiWrite(c, "GameTitleIndex")).isEqualTo(3.0);
        assertThat(c.table().writeCapacityUnits()).isEqualTo(3.0);
    }

    /** Seed 001's example: items of 300 bytes, 200 of them projected into the LSI. */
    private void loadSeed001Example() {
        db.createTable(Fx.thread());
        for (int i = 0; i < 4; i++) {
            Map<String, AttributeValue> entry = Fx.padTo(
                    item("ForumName", s("EC2"), "Subject", s("s" + i), "LastPostDateTime", s("2015-09-0" + (i + 1))),
                    "Replies",
                    200);
            put(db, "Thread", Fx.padTo(entry, "Tags", 300));
        }
    }

    private ConsumedCapacity lsiQuery(boolean consistent, String projection) {
        return db.query(QueryRequest.builder()
                        .tableName("Thread")
                        .indexName("LastPostIndex")
                        .keyConditionExpression("ForumName = :f")
                        .expressionAttributeValues(vals(":f", s("EC2")))
                        .projectionExpression(projection)
                        .consistentRead(consistent)
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                        .build())
                .consumedCapacity();
    }

    @Test
    @DisplayName(
            "Seed 001: '200 bytes × 4 items = 800 bytes ... rounded up to 4 KB' + '(300 bytes, rounded up to 4 KB) × 4 items = 16 KB' = 20 KB")
    void lsiFetchCharges() {
        loadSeed001Example();
        ConsumedCapacity strong = lsiQuery(true, "Subject, LastPostDateTime, Replies, Tags");
        assertThat(strong.capacityUnits()).isEqualTo(5.0);
        assertThat(strong.localSecondaryIndexes().get("LastPostIndex").readCapacityUnits())
                .isEqualTo(1.0);
        assertThat(strong.table().readCapacityUnits())
                .as("the base-table fetches")
                .isEqualTo(4.0);
        assertThat(lsiQuery(false, "Subject, LastPostDateTime, Replies, Tags").capacityUnits())
                .isEqualTo(2.5);
        // Seed 001: "Because the Replies attribute is projected into the index, DynamoDB can retrieve this attribute
        // without consuming any additional provisioned throughput"
        assertThat(lsiQuery(true, "Subject, LastPostDateTime, Replies").capacityUnits())
                .isEqualTo(1.0);
        assertThat(lsiQuery(false, null).capacityUnits()).isEqualTo(0.5);
    }

    @Test
    @DisplayName(
            "Seed 001 LSI write cost: put into the index 1, key change 2, key removed 1 — charged to the table's LSI share")
    void lsiWriteCosts() {
        db.createTable(Fx.thread());
        Map<String, AttributeValue> key = item("ForumName", s("S3"), "Subject", s("a"));
        ConsumedCapacity p = putCap(
                        db, "Thread", item("ForumName", s("S3"), "Subject", s("a"), "LastPostDateTime", s("1")))
                .consumedCapacity();
        assertThat(p.localSecondaryIndexes().get("LastPostIndex").writeCapacityUnits())
                .isEqualTo(1.0);
        ConsumedCapacity moved = updateCap("Thread", key, "SET LastPostDateTime = :d", vals(":d", s("2")));
        assertThat(moved.localSecondaryIndexes().get("LastPostIndex").writeCapacityUnits())
                .isEqualTo(2.0);
        ConsumedCapacity removed = updateCap("Thread", key, "REMOVE LastPostDateTime", null);
        assertThat(removed.localSecondaryIndexes().get("LastPostIndex").writeCapacityUnits())
                .isEqualTo(1.0);
        ConsumedCapacity none = updateCap("Thread", key, "SET ViewCount = :v", vals(":v", n(1)));
        assertThat(none.capacityUnits()).isEqualTo(1.0);
    }

    @Test
    @DisplayName(
            "DynamoDB transactions: 'TransactWriteItems ... 2 WCUs per 1 KB', TransactGetItems 2 RCUs per 4 KB (index writes doubled too)")
    void transactionsCostDouble() {
        db.createTable(Fx.gameScores());
        var w = db.transactWriteItems(TransactWriteItemsRequest.builder()
                .transactItems(List.of(
                        TransactWriteItem.put(
                                "GameScores", item("UserId", s("1"), "GameTitle", s("G"), "TopScore", n(1))),
                        TransactWriteItem.put("GameScores", item("UserId", s("2"), "GameTitle", s("G")))))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                .build());
        ConsumedCapacity wc = w.consumedCapacity().get(0);
        assertThat(wc.table().writeCapacityUnits()).isEqualTo(4.0);
        assertThat(gsiWrite(wc, "GameTitleIndex")).isEqualTo(2.0);
        assertThat(wc.capacityUnits()).isEqualTo(6.0);
        var g = db.transactGetItems(TransactGetItemsRequest.builder()
                .transactItems(List.of(TransactGetItem.of("GameScores", item("UserId", s("1"), "GameTitle", s("G")))))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build());
        assertThat(g.consumedCapacity().get(0).capacityUnits()).isEqualTo(2.0);
    }
}
