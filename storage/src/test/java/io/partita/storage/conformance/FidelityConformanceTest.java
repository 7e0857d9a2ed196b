package io.partita.storage.conformance;

import static io.partita.storage.conformance.Fx.item;
import static io.partita.storage.conformance.Fx.put;
import static io.partita.storage.conformance.Fx.queryItems;
import static io.partita.storage.conformance.Fx.vals;
import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.Storage;
import io.partita.storage.TestStorage;
import io.partita.storage.ValidationException;
import io.partita.storage.api.IndexDescription;
import io.partita.storage.api.ReturnValues;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.api.TableDescription;
import io.partita.storage.api.TableStatus;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.UpdateItemResponse;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * DynamoDB behaviours the wire-level comparison with DynamoDB showed the core getting wrong: an update that sets
 * nothing on a missing item, a parallel scan's start key outside its segment, UpdateTable's GSI creation
 * (CREATING while backfilling) and deletion (DELETING).
 */
class FidelityConformanceTest {
    private Storage db;

    @BeforeEach
    void open() {
        db = TestStorage.create();
        db.createTable(TableDefinition.builder("Tab")
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.s("sk"))
                .build());
    }

    @AfterEach
    void close() {
        db.checkInvariants();
        db.close();
    }

    private static Map<String, AttributeValue> key(String pk) {
        return item("pk", s(pk), "sk", s("s"));
    }

    private UpdateItemResponse update(String pk, String expression, Map<String, AttributeValue> values) {
        return db.updateItem(UpdateItemRequest.builder()
                .tableName("Tab")
                .key(key(pk))
                .updateExpression(expression)
                .expressionAttributeValues(values)
                .returnValues(ReturnValues.ALL_NEW)
                .build());
    }

    @Test
    @DisplayName("UpdateItem that only removes on a missing item creates nothing; ALL_NEW returns no attributes")
    void updateSettingNothingOnMissingItemCreatesNothing() {
        assertThat(update("a", "REMOVE x", null).attributes()).isNull();
        assertThat(Fx.get(db, "Tab", key("a"))).isNull();
        assertThat(update("b", "DELETE tags :t", vals(":t", AttributeValue.ss(List.of("x"))))
                        .attributes())
                .isNull();
        assertThat(Fx.get(db, "Tab", key("b"))).isNull();
        assertThat(db.describeTable("Tab").itemCount()).isZero();
        // a SET still creates the item, and REMOVE on an existing item still leaves it
        assertThat(update("c", "SET x = :one", vals(":one", n(1))).attributes()).containsEntry("x", n(1));
        assertThat(update("c", "REMOVE x", null).attributes()).isEqualTo(key("c"));
    }

    @Test
    @DisplayName("TransactWriteItems: an Update that sets nothing on a missing item creates nothing either")
    void transactionalUpdateSettingNothingCreatesNothing() {
        db.transactWriteItems(TransactWriteItemsRequest.builder()
                .transactItems(
                        List.of(new TransactWriteItem.Update("Tab", key("t"), "REMOVE x", null, null, null, false)))
                .build());
        assertThat(Fx.get(db, "Tab", key("t"))).isNull();
    }

    @Test
    @DisplayName("Parallel scan: a start key from another segment is DynamoDB's ValidationException, its own is taken")
    void parallelScanStartKeyMustLieInTheSegment() {
        for (int i = 0; i < 40; i++) {
            put(db, "Tab", item("pk", s("p" + i), "sk", s("s")));
        }
        ScanResponse first = db.scan(ScanRequest.builder()
                .tableName("Tab")
                .segment(0)
                .totalSegments(2)
                .limit(1)
                .build());
        Map<String, AttributeValue> own = first.lastEvaluatedKey();
        assertThat(own).isNotNull();
        db.scan(ScanRequest.builder()
                .tableName("Tab")
                .segment(0)
                .totalSegments(2)
                .exclusiveStartKey(own)
                .build());
        assertThatThrownBy(() -> db.scan(ScanRequest.builder()
                        .tableName("Tab")
                        .segment(1)
                        .totalSegments(2)
                        .exclusiveStartKey(own)
                        .build()))
                .isInstanceOf(ValidationException.class)
                .hasMessage("The provided starting key is invalid: Invalid ExclusiveStartKey. Please use "
                        + "ExclusiveStartKey with correct Segment. TotalSegments: 2 Segment: 1");
    }

    @Test
    @DisplayName("UpdateTable's GSI: CREATING (table UPDATING) and unreadable while the backfill waits, then ACTIVE")
    void startedGsiIsCreatingUntilItsBackfillRuns() {
        put(db, "Tab", item("pk", s("a"), "sk", s("s"), "g", s("G")));
        Queue<Runnable> backfills = new ArrayDeque<>();
        TableDescription started = db.startGlobalSecondaryIndex(
                "Tab", GlobalSecondaryIndex.of("ByG", KeyAttribute.s("g"), null, Projection.all()), backfills::add);
        assertThat(started.status()).isEqualTo(TableStatus.UPDATING);
        assertThat(started.definition().globalSecondaryIndexes())
                .extracting(GlobalSecondaryIndex::name)
                .containsExactly("ByG");
        assertThat(started.indexes())
                .extracting(IndexDescription::indexName, IndexDescription::status)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("ByG", TableStatus.CREATING));
        assertThat(db.describeTable("Tab").indexes().get(0).status()).isEqualTo(TableStatus.CREATING);
        assertThatThrownBy(() -> queryItems(db, "Tab", "ByG", "g = :g", vals(":g", s("G"))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Cannot read from backfilling global secondary index: ByG");
        put(db, "Tab", item("pk", s("b"), "sk", s("s"), "g", s("G"))); // writes go on meanwhile
        assertThat(backfills).hasSize(1);
        backfills.remove().run();
        TableDescription done = db.describeTable("Tab");
        assertThat(done.status()).isEqualTo(TableStatus.ACTIVE);
        assertThat(done.indexes()).extracting(IndexDescription::status).containsExactly(TableStatus.ACTIVE);
        assertThat(queryItems(db, "Tab", "ByG", "g = :g", vals(":g", s("G")))).hasSize(2);
    }

    @Test
    @DisplayName("UpdateTable's GSI: a backfill that finds its table deleted is dropped; a bad index fails at once")
    void backfillOfDeletedTableIsDropped() {
        Queue<Runnable> backfills = new ArrayDeque<>();
        db.startGlobalSecondaryIndex(
                "Tab", GlobalSecondaryIndex.of("ByG", KeyAttribute.s("g"), null, Projection.all()), backfills::add);
        assertThatThrownBy(() -> db.startGlobalSecondaryIndex(
                        "Tab",
                        GlobalSecondaryIndex.of("ByG", KeyAttribute.n("h"), null, Projection.all()),
                        backfills::add))
                .isInstanceOf(ValidationException.class);
        db.deleteTable("Tab");
        backfills.remove().run();
        assertThat(backfills).isEmpty();
        db.createTable(TableDefinition.builder("Tab")
                .partitionKey(KeyAttribute.s("pk"))
                .build());
        assertThat(db.describeTable("Tab").indexes()).isEmpty();
    }

    @Test
    @DisplayName("UpdateTable deleting a GSI answers it DELETING (table UPDATING); then it is gone")
    void deletedGsiIsReportedDeleting() {
        db.createGlobalSecondaryIndex(
                "Tab", GlobalSecondaryIndex.of("ByG", KeyAttribute.s("g"), null, Projection.all()));
        TableDescription d = db.deleteGlobalSecondaryIndex("Tab", "ByG");
        assertThat(d.status()).isEqualTo(TableStatus.UPDATING);
        assertThat(d.indexes()).extracting(IndexDescription::status).containsExactly(TableStatus.DELETING);
        assertThat(d.definition().globalSecondaryIndexes()).hasSize(1);
        assertThat(db.describeTable("Tab").definition().globalSecondaryIndexes())
                .isEmpty();
        assertThat(db.describeTable("Tab").indexes()).isEmpty();
    }
}
