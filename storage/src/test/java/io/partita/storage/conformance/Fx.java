package io.partita.storage.conformance;

import static io.partita.storage.value.AttributeValue.s;

import io.partita.storage.Storage;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.PutItemResponse;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.UpdateItemResponse;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Items;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Shared fixtures of the conformance suite: the seeds' tables, item builders, full scans, a mutable clock. */
final class Fx {
    private Fx() {}

    /** Builds an item from name/value pairs. */
    static Map<String, AttributeValue> item(Object... nameValuePairs) {
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        for (int i = 0; i < nameValuePairs.length; i += 2) {
            m.put((String) nameValuePairs[i], (AttributeValue) nameValuePairs[i + 1]);
        }
        return m;
    }

    static Map<String, AttributeValue> vals(Object... nameValuePairs) {
        return item(nameValuePairs);
    }

    static String repeat(char c, int n) {
        return String.valueOf(c).repeat(Math.max(0, n));
    }

    /** Pads {@code base} with a string attribute {@code padName} so that the item is exactly {@code size} bytes. */
    static Map<String, AttributeValue> padTo(Map<String, AttributeValue> base, String padName, int size) {
        Map<String, AttributeValue> m = new LinkedHashMap<>(base);
        int without = Items.size(m) + Items.utf8Length(padName);
        m.put(padName, s(repeat('x', size - without)));
        if (Items.size(m) != size) {
            throw new IllegalStateException("padding failed: " + Items.size(m) + " != " + size);
        }
        return m;
    }

    static PutItemResponse put(Storage db, String table, Map<String, AttributeValue> item) {
        return db.putItem(PutItemRequest.builder().tableName(table).item(item).build());
    }

    static PutItemResponse putCap(Storage db, String table, Map<String, AttributeValue> item) {
        return db.putItem(PutItemRequest.builder()
                .tableName(table)
                .item(item)
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                .build());
    }

    static UpdateItemResponse update(
            Storage db,
            String table,
            Map<String, AttributeValue> key,
            String expr,
            Map<String, AttributeValue> values) {
        return db.updateItem(UpdateItemRequest.builder()
                .tableName(table)
                .key(key)
                .updateExpression(expr)
                .expressionAttributeValues(values)
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                .build());
    }

    static Map<String, AttributeValue> get(Storage db, String table, Map<String, AttributeValue> key) {
        return db.getItem(GetItemRequest.builder()
                        .tableName(table)
                        .key(key)
                        .consistentRead(true)
                        .build())
                .item();
    }

    static QueryResponse query(Storage db, String table, String index, String kce, Map<String, AttributeValue> values) {
        return db.query(QueryRequest.builder()
                .tableName(table)
                .indexName(index)
                .keyConditionExpression(kce)
                .expressionAttributeValues(values)
                .build());
    }

    static List<Map<String, AttributeValue>> queryItems(
            Storage db, String table, String index, String kce, Map<String, AttributeValue> values) {
        List<Map<String, AttributeValue>> all = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            QueryResponse r = db.query(QueryRequest.builder()
                    .tableName(table)
                    .indexName(index)
                    .keyConditionExpression(kce)
                    .expressionAttributeValues(values)
                    .exclusiveStartKey(start)
                    .build());
            all.addAll(r.items());
            start = r.lastEvaluatedKey();
        } while (start != null);
        return all;
    }

    /** Every item (or index entry) of a table or index, following pagination, in a canonical order. */
    static List<Map<String, AttributeValue>> scanAll(Storage db, String table, String index) {
        List<Map<String, AttributeValue>> all = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            ScanResponse r = db.scan(ScanRequest.builder()
                    .tableName(table)
                    .indexName(index)
                    .exclusiveStartKey(start)
                    .build());
            all.addAll(r.items());
            start = r.lastEvaluatedKey();
        } while (start != null);
        all.sort(Comparator.comparing(Object::toString));
        return all;
    }

    static List<Map<String, AttributeValue>> scanAll(Storage db, String table) {
        return scanAll(db, table, null);
    }

    /** The whole visible state of a table and its indexes, for before/after comparisons. */
    static Map<String, List<Map<String, AttributeValue>>> snapshot(Storage db, String table) {
        Map<String, List<Map<String, AttributeValue>>> snap = new LinkedHashMap<>();
        snap.put("<table>", scanAll(db, table));
        for (var index : db.describeTable(table).indexes()) {
            snap.put(index.indexName(), scanAll(db, table, index.indexName()));
        }
        return snap;
    }

    // ---- the seeds' tables -----------------------------------------------------------------------------------

    /** Seed 000: GameScores (UserId, GameTitle) with GameTitleIndex (GameTitle, TopScore) INCLUDE Wins, Losses. */
    static TableDefinition gameScores() {
        return TableDefinition.builder("GameScores")
                .partitionKey(KeyAttribute.s("UserId"))
                .sortKey(KeyAttribute.s("GameTitle"))
                .globalSecondaryIndex(GlobalSecondaryIndex.of(
                        "GameTitleIndex",
                        KeyAttribute.s("GameTitle"),
                        KeyAttribute.n("TopScore"),
                        Projection.include("Wins", "Losses")))
                .build();
    }

    /** Seed 001: Thread (ForumName, Subject) with LastPostIndex (ForumName, LastPostDateTime) INCLUDE Replies. */
    static TableDefinition thread() {
        return TableDefinition.builder("Thread")
                .partitionKey(KeyAttribute.s("ForumName"))
                .sortKey(KeyAttribute.s("Subject"))
                .localSecondaryIndex("LastPostIndex", KeyAttribute.s("LastPostDateTime"), Projection.include("Replies"))
                .build();
    }

    /** A mutable clock for ASYNC GSI propagation tests. */
    static final class MutableClock extends Clock {
        private volatile Instant now = Instant.parse("2026-01-01T00:00:00Z");

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
