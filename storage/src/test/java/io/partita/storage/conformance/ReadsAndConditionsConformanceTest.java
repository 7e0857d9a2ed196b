package io.partita.storage.conformance;

import static io.partita.storage.conformance.Fx.item;
import static io.partita.storage.conformance.Fx.put;
import static io.partita.storage.conformance.Fx.vals;
import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.partita.storage.ConditionalCheckFailedException;
import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.Storage;
import io.partita.storage.TestStorage;
import io.partita.storage.TransactionCanceledException;
import io.partita.storage.ValidationException;
import io.partita.storage.api.BatchGetItemRequest;
import io.partita.storage.api.BatchGetItemResponse;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.KeysAndAttributes;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.api.TransactGetItem;
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** DynamoDB semantics, "Operations": Scan (parallel segments, pagination, filters), GetItem, BatchGetItem, TransactGetItems, conditions. */
class ReadsAndConditionsConformanceTest {
    private Storage db;

    @BeforeEach
    void open() {
        db = TestStorage.create();
        db.createTable(Fx.gameScores());
        for (int u = 0; u < 40; u++) {
            for (int g = 0; g < 5; g++) {
                put(
                        db,
                        "GameScores",
                        item("UserId", s("u" + u), "GameTitle", s("g" + g), "TopScore", n(u * 10 + g), "Wins", n(g)));
            }
        }
    }

    @AfterEach
    void close() {
        db.checkInvariants();
        db.close();
    }

    private List<Map<String, AttributeValue>> scanSegment(String index, int segment, int total, Integer limit) {
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            ScanResponse r = db.scan(ScanRequest.builder()
                    .tableName("GameScores")
                    .indexName(index)
                    .segment(segment)
                    .totalSegments(total)
                    .limit(limit)
                    .exclusiveStartKey(start)
                    .build());
            out.addAll(r.items());
            start = r.lastEvaluatedKey();
        } while (start != null);
        return out;
    }

    @Test
    @DisplayName(
            "DynamoDB parallel Scan: the segments of TotalSegments are disjoint and their union is the whole table (and index)")
    void parallelScanSegments() {
        for (String index : new String[] {null, "GameTitleIndex"}) {
            for (int total : new int[] {1, 3, 7}) {
                Set<Map<String, AttributeValue>> union = new HashSet<>();
                int sum = 0;
                for (int seg = 0; seg < total; seg++) {
                    List<Map<String, AttributeValue>> part = scanSegment(index, seg, total, 7);
                    sum += part.size();
                    union.addAll(part);
                }
                assertThat(sum).as("disjoint, index=%s total=%d", index, total).isEqualTo(200);
                assertThat(union).hasSize(200);
            }
        }
    }

    @Test
    @DisplayName("DynamoDB Scan parameter rules: Segment needs TotalSegments, Segment < TotalSegments")
    void scanSegmentErrors() {
        assertThatThrownBy(() -> db.scan(
                        ScanRequest.builder().tableName("GameScores").segment(0).build()))
                .isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> db.scan(ScanRequest.builder()
                        .tableName("GameScores")
                        .totalSegments(2)
                        .build()))
                .isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> db.scan(ScanRequest.builder()
                        .tableName("GameScores")
                        .segment(2)
                        .totalSegments(2)
                        .build()))
                .isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> db.scan(ScanRequest.builder()
                        .tableName("GameScores")
                        .indexName("GameTitleIndex")
                        .consistentRead(true)
                        .build()))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("Consistent reads are not supported on global secondary indexes");
    }

    @Test
    @DisplayName(
            "DynamoDB Scan: Limit pages via LastEvaluatedKey without loss or duplicates; filter reduces Count not ScannedCount")
    void scanPaginationAndFilter() {
        Set<Map<String, AttributeValue>> seen = new HashSet<>();
        Map<String, AttributeValue> start = null;
        int pages = 0;
        do {
            ScanResponse r = db.scan(ScanRequest.builder()
                    .tableName("GameScores")
                    .limit(33)
                    .exclusiveStartKey(start)
                    .build());
            for (var i : r.items()) {
                assertThat(seen.add(i)).isTrue();
            }
            start = r.lastEvaluatedKey();
            pages++;
        } while (start != null);
        assertThat(seen).hasSize(200);
        assertThat(pages).isBetween(7, 8);
        ScanResponse filtered = db.scan(ScanRequest.builder()
                .tableName("GameScores")
                .filterExpression("Wins = :w")
                .expressionAttributeValues(vals(":w", n(3)))
                .build());
        assertThat(filtered.count()).isEqualTo(40);
        assertThat(filtered.scannedCount()).isEqualTo(200);
        assertThat(filtered.items()).allSatisfy(i -> assertThat(i.get("Wins")).isEqualTo(n(3)));
    }

    @Test
    @DisplayName(
            "DynamoDB GetItem: ProjectionExpression returns only the named attributes; Key must match the schema exactly")
    void getItemProjectionAndKeyRules() {
        var r = db.getItem(GetItemRequest.builder()
                .tableName("GameScores")
                .key(item("UserId", s("u1"), "GameTitle", s("g2")))
                .projectionExpression("#t, Wins")
                .expressionAttributeNames(Map.of("#t", "TopScore"))
                .build());
        assertThat(r.item()).isEqualTo(item("TopScore", n(12), "Wins", n(2)));
        assertThat(db.getItem(GetItemRequest.builder()
                                .tableName("GameScores")
                                .key(item("UserId", s("zz"), "GameTitle", s("g2")))
                                .build())
                        .item())
                .isNull();
        assertThatThrownBy(() -> db.getItem(GetItemRequest.builder()
                        .tableName("GameScores")
                        .key(item("UserId", s("u1")))
                        .build()))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("The provided key element does not match the schema");
        assertThatThrownBy(() -> db.getItem(GetItemRequest.builder()
                        .tableName("GameScores")
                        .key(item("UserId", s("u1"), "GameTitle", s("g2"), "Wins", n(2)))
                        .build()))
                .isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> db.getItem(GetItemRequest.builder()
                        .tableName("GameScores")
                        .key(item("UserId", n(1), "GameTitle", s("g2")))
                        .build()))
                .isInstanceOf(ValidationException.class);
    }

    @Test
    @DisplayName(
            "DynamoDB BatchGetItem: found items returned, missing skipped, projection applied; >100 keys and duplicate keys rejected")
    void batchGetItem() {
        BatchGetItemResponse r = db.batchGetItem(BatchGetItemRequest.builder()
                .requestItems(Map.of(
                        "GameScores",
                        KeysAndAttributes.builder()
                                .keys(List.of(
                                        item("UserId", s("u1"), "GameTitle", s("g1")),
                                        item("UserId", s("nobody"), "GameTitle", s("g1")),
                                        item("UserId", s("u2"), "GameTitle", s("g0"))))
                                .projectionExpression("UserId, Wins")
                                .build()))
                .build());
        assertThat(r.responses().get("GameScores"))
                .containsExactlyInAnyOrder(
                        item("UserId", s("u1"), "Wins", n(1)), item("UserId", s("u2"), "Wins", n(0)));
        assertThat(r.unprocessedKeys()).isEmpty();
        List<Map<String, AttributeValue>> tooMany = IntStream.range(0, 101)
                .mapToObj(i -> item("UserId", s("u" + i), "GameTitle", s("g0")))
                .toList();
        assertThatThrownBy(() -> db.batchGetItem(BatchGetItemRequest.builder()
                        .requestItems(Map.of(
                                "GameScores",
                                KeysAndAttributes.builder().keys(tooMany).build()))
                        .build()))
                .isInstanceOf(ValidationException.class);
        List<Map<String, AttributeValue>> hundred = tooMany.subList(0, 100);
        assertThat(db.batchGetItem(BatchGetItemRequest.builder()
                                .requestItems(Map.of(
                                        "GameScores",
                                        KeysAndAttributes.builder()
                                                .keys(hundred)
                                                .build()))
                                .build())
                        .responses()
                        .get("GameScores"))
                .hasSize(40);
        assertThatThrownBy(() -> db.batchGetItem(BatchGetItemRequest.builder()
                        .requestItems(Map.of(
                                "GameScores",
                                KeysAndAttributes.builder()
                                        .keys(List.of(
                                                item("UserId", s("u1"), "GameTitle", s("g1")),
                                                item("UserId", s("u1"), "GameTitle", s("g1"))))
                                        .build()))
                        .build()))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("duplicates");
        assertThatThrownBy(() -> db.batchGetItem(BatchGetItemRequest.builder()
                        .requestItems(Map.of(
                                "NoSuchTable",
                                KeysAndAttributes.builder()
                                        .keys(List.of(item("UserId", s("u1"))))
                                        .build()))
                        .build()))
                .isInstanceOf(ResourceNotFoundException.class);
    }

    @Test
    @DisplayName("DynamoDB TransactGetItems: responses in request order, null for a missing item, projection applied")
    void transactGetItems() {
        var r = db.transactGetItems(TransactGetItemsRequest.builder()
                .transactItems(List.of(
                        TransactGetItem.of("GameScores", item("UserId", s("u3"), "GameTitle", s("g3"))),
                        TransactGetItem.of("GameScores", item("UserId", s("none"), "GameTitle", s("g3"))),
                        new TransactGetItem("GameScores", item("UserId", s("u0"), "GameTitle", s("g1")), "Wins", null)))
                .build());
        assertThat(r.responses()).hasSize(3);
        assertThat(r.responses().get(0)).containsEntry("TopScore", n(33));
        assertThat(r.responses().get(1)).isNull();
        assertThat(r.responses().get(2)).isEqualTo(item("Wins", n(1)));
    }

    // ---- conditions -------------------------------------------------------------------------------------------

    @Test
    @DisplayName("DynamoDB: a false ConditionExpression is ConditionalCheckFailedException; the item is unchanged")
    void conditionalCheckFailed() {
        Map<String, AttributeValue> key = item("UserId", s("u1"), "GameTitle", s("g1"));
        var before = Fx.snapshot(db, "GameScores");
        assertThatThrownBy(() -> db.putItem(PutItemRequest.builder()
                        .tableName("GameScores")
                        .item(item("UserId", s("u1"), "GameTitle", s("g1"), "TopScore", n(1)))
                        .conditionExpression("attribute_not_exists(UserId)")
                        .build()))
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThatThrownBy(() -> db.updateItem(UpdateItemRequest.builder()
                        .tableName("GameScores")
                        .key(key)
                        .updateExpression("SET Wins = :w")
                        .conditionExpression("Wins > :w")
                        .expressionAttributeValues(vals(":w", n(5)))
                        .build()))
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThatThrownBy(() -> db.deleteItem(DeleteItemRequest.builder()
                        .tableName("GameScores")
                        .key(key)
                        .conditionExpression("attribute_exists(Nope)")
                        .build()))
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThat(Fx.snapshot(db, "GameScores")).isEqualTo(before);
        // and a true condition passes
        db.updateItem(UpdateItemRequest.builder()
                .tableName("GameScores")
                .key(key)
                .updateExpression("SET Wins = :w")
                .conditionExpression("Wins < :w")
                .expressionAttributeValues(vals(":w", n(5)))
                .build());
        assertThat(Fx.get(db, "GameScores", key)).containsEntry("Wins", n(5));
    }

    @Test
    @DisplayName(
            "DynamoDB ReturnValuesOnConditionCheckFailure=ALL_OLD: the failed check carries the current item (only when asked)")
    void returnOldItemOnConditionFailure() {
        Map<String, AttributeValue> key = item("UserId", s("u1"), "GameTitle", s("g1"));
        Throwable asked = catchThrowable(() -> db.deleteItem(DeleteItemRequest.builder()
                .tableName("GameScores")
                .key(key)
                .conditionExpression("Wins = :w")
                .expressionAttributeValues(vals(":w", n(99)))
                .returnOldItemOnConditionFailure(true)
                .build()));
        assertThat(asked).isInstanceOf(ConditionalCheckFailedException.class);
        assertThat(((ConditionalCheckFailedException) asked).item()).contains(Fx.get(db, "GameScores", key));
        Throwable notAsked = catchThrowable(() -> db.deleteItem(DeleteItemRequest.builder()
                .tableName("GameScores")
                .key(key)
                .conditionExpression("Wins = :w")
                .expressionAttributeValues(vals(":w", n(99)))
                .build()));
        assertThat(((ConditionalCheckFailedException) notAsked).item()).isEmpty();
        // In a transaction: reason ConditionalCheckFailed with the item
        Throwable tx = catchThrowable(() -> db.transactWriteItems(TransactWriteItemsRequest.builder()
                .transactItems(List.of(
                        TransactWriteItem.put("GameScores", item("UserId", s("new"), "GameTitle", s("g1"))),
                        new TransactWriteItem.ConditionCheck(
                                "GameScores", key, "Wins = :w", null, vals(":w", n(99)), true)))
                .build()));
        assertThat(tx).isInstanceOf(TransactionCanceledException.class);
        var reasons = ((TransactionCanceledException) tx).reasons();
        assertThat(reasons)
                .extracting(TransactionCanceledException.CancellationReason::code)
                .containsExactly("None", "ConditionalCheckFailed");
        assertThat(reasons.get(1).item()).isEqualTo(Fx.get(db, "GameScores", key));
        assertThat(Fx.get(db, "GameScores", item("UserId", s("new"), "GameTitle", s("g1"))))
                .isNull();
    }

    @Test
    @DisplayName(
            "DynamoDB: 'Value provided in ExpressionAttributeNames/Values unused in expressions' is a ValidationException")
    void unusedPlaceholders() {
        var before = Fx.snapshot(db, "GameScores");
        assertThatThrownBy(() -> db.putItem(PutItemRequest.builder()
                        .tableName("GameScores")
                        .item(item("UserId", s("x"), "GameTitle", s("y")))
                        .expressionAttributeValues(vals(":unused", n(1)))
                        .build()))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("unused in expressions")
                .hasMessageContaining(":unused");
        assertThatThrownBy(() -> db.updateItem(UpdateItemRequest.builder()
                        .tableName("GameScores")
                        .key(item("UserId", s("u1"), "GameTitle", s("g1")))
                        .updateExpression("SET Wins = :w")
                        .expressionAttributeNames(Map.of("#n", "Losses"))
                        .expressionAttributeValues(vals(":w", n(1)))
                        .build()))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("unused in expressions")
                .hasMessageContaining("#n");
        assertThatThrownBy(() -> db.query(io.partita.storage.api.QueryRequest.builder()
                        .tableName("GameScores")
                        .keyConditionExpression("UserId = :u")
                        .expressionAttributeValues(vals(":u", s("u1"), ":x", n(1)))
                        .build()))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("unused in expressions");
        assertThatThrownBy(() -> db.scan(ScanRequest.builder()
                        .tableName("GameScores")
                        .expressionAttributeNames(Map.of("#a", "Wins"))
                        .build()))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("unused in expressions");
        assertThatThrownBy(() -> db.getItem(GetItemRequest.builder()
                        .tableName("GameScores")
                        .key(item("UserId", s("u1"), "GameTitle", s("g1")))
                        .expressionAttributeNames(Map.of("#a", "Wins"))
                        .build()))
                .isInstanceOf(ValidationException.class);
        assertThat(Fx.snapshot(db, "GameScores")).isEqualTo(before);
    }
}
