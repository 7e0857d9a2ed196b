package io.partita.migration;

import io.partita.Partita;
import io.partita.storage.Backend;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The checkpoints of migration runs, kept in the database itself (so a run resumes wherever the database is): one item
 * per plan and segment, {@code Plan} (the plan's id) and {@code Segment}, holding the segment count of the run, the
 * Scan position after the last page fully handled ({@code Start}, absent before the first), whether the segment is
 * done, and its counts. Written after every page; removed when the run completes.
 */
final class Checkpoints {
    static final String PLAN = "Plan";
    static final String SEGMENT = "Segment";

    /** One segment's position and counts. */
    record Segment(
            int segment,
            int totalSegments,
            Map<String, AttributeValue> start,
            boolean done,
            long scanned,
            long rewritten) {}

    private final Backend db;
    private final String table;

    Checkpoints(Partita db, String table) {
        this.db = db.requests();
        this.table = table;
        db.tables()
                .createIfMissing(TableDefinition.builder(table)
                        .partitionKey(KeyAttribute.s(PLAN))
                        .sortKey(KeyAttribute.n(SEGMENT))
                        .build());
    }

    /** The saved segments of {@code plan}, by segment number (empty: no run to resume). */
    Map<Integer, Segment> load(String plan) {
        Map<Integer, Segment> out = new TreeMap<>();
        Map<String, AttributeValue> start = null;
        do {
            QueryResponse page = db.query(QueryRequest.builder()
                    .tableName(table)
                    .keyConditionExpression("#p = :p")
                    .expressionAttributeNames(Map.of("#p", PLAN))
                    .expressionAttributeValues(Map.of(":p", AttributeValue.s(plan)))
                    .consistentRead(true)
                    .exclusiveStartKey(start)
                    .build());
            for (Map<String, AttributeValue> item : page.items()) {
                Segment s = segment(item);
                out.put(s.segment(), s);
            }
            start = page.lastEvaluatedKey() == null || page.lastEvaluatedKey().isEmpty()
                    ? null
                    : page.lastEvaluatedKey();
        } while (start != null);
        return out;
    }

    void save(String plan, Segment s) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(PLAN, AttributeValue.s(plan));
        item.put(SEGMENT, AttributeValue.n(Integer.toString(s.segment())));
        item.put("Segments", AttributeValue.n(Integer.toString(s.totalSegments())));
        if (s.start() != null) {
            item.put("Start", new AttributeValue.M(s.start()));
        }
        item.put("Done", new AttributeValue.Bool(s.done()));
        item.put("Scanned", AttributeValue.n(Long.toString(s.scanned())));
        item.put("Rewritten", AttributeValue.n(Long.toString(s.rewritten())));
        db.putItem(PutItemRequest.builder().tableName(table).item(item).build());
    }

    /** Removes every checkpoint of {@code plan}. */
    void clear(String plan) {
        for (Segment s : load(plan).values()) {
            db.deleteItem(DeleteItemRequest.builder()
                    .tableName(table)
                    .key(Map.of(PLAN, AttributeValue.s(plan), SEGMENT, AttributeValue.n(Integer.toString(s.segment()))))
                    .build());
        }
    }

    private static Segment segment(Map<String, AttributeValue> item) {
        AttributeValue start = item.get("Start");
        return new Segment(
                item.get(SEGMENT).asN().intValue(),
                item.get("Segments").asN().intValue(),
                start instanceof AttributeValue.M m ? m.values() : null,
                item.get("Done") instanceof AttributeValue.Bool b && b.value(),
                item.get("Scanned").asN().longValue(),
                item.get("Rewritten").asN().longValue());
    }
}
