package io.partita.storage.throughput;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.Storage;
import io.partita.storage.ThroughputModel;
import io.partita.storage.TransactionCanceledException;
import io.partita.storage.TransactionCanceledException.CancellationReason;
import io.partita.storage.api.BatchGetItemRequest;
import io.partita.storage.api.BatchGetItemResponse;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.BatchWriteItemResponse;
import io.partita.storage.api.KeysAndAttributes;
import io.partita.storage.api.TransactGetItem;
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** BatchWriteItem / BatchGetItem return throttled work as unprocessed; transactions are all or nothing. */
class BatchAndTransactionTest extends Fixture {

    private Storage withTables(long wcu, long rcu) {
        Storage db = core();
        db.createTable(TableDefinition.builder("Orders")
                .partitionKey(KeyAttribute.s("customer"))
                .sortKey(KeyAttribute.s("order"))
                .provisionedThroughput(new ProvisionedThroughput(rcu, wcu))
                .globalSecondaryIndex(new GlobalSecondaryIndex(
                        "ByStatus",
                        List.of(KeyAttribute.s("status")),
                        List.of(),
                        Projection.keysOnly(),
                        new ProvisionedThroughput(100, 100)))
                .build());
        db.createTable(TableDefinition.builder("Ledger")
                .partitionKey(KeyAttribute.s("account"))
                .sortKey(KeyAttribute.s("entry"))
                .build());
        return db;
    }

    private static List<WriteRequest> puts(String customer, int n) {
        List<WriteRequest> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(WriteRequest.put(item("customer", customer, "order", "o" + i, "status", "NEW")));
        }
        return out;
    }

    @Test
    void throttledBatchWritesComeBackAsUnprocessedItemsAndCanBeRetried() {
        try (Storage db = withTables(10, 100)) {
            List<WriteRequest> writes = puts("c1", 25);
            BatchWriteItemResponse r = db.batchWriteItem(BatchWriteItemRequest.builder()
                    .requestItems(Map.of("Orders", writes))
                    .build());
            assertThat(r.unprocessedItems().get("Orders")).containsExactlyElementsOf(writes.subList(10, 25));
            assertThat(db.describeTable("Orders").itemCount()).isEqualTo(10);
            db.checkInvariants();
            clock.advanceMillis(1_500);
            BatchWriteItemResponse retry = db.batchWriteItem(BatchWriteItemRequest.builder()
                    .requestItems(r.unprocessedItems())
                    .build());
            assertThat(retry.unprocessedItems()).isEmpty();
            assertThat(db.describeTable("Orders").itemCount()).isEqualTo(25);
            db.checkInvariants();
        }
    }

    @Test
    void aBatchWriteOfWhichNothingCanBeProcessedFailsWithProvisionedThroughputExceeded() {
        try (Storage db = withTables(1, 100)) {
            put(db, "Orders", item("customer", "c0", "order", "o", "status", "NEW"));
            assertThatThrownBy(() -> db.batchWriteItem(BatchWriteItemRequest.builder()
                            .requestItems(Map.of("Orders", puts("c1", 3)))
                            .build()))
                    .isInstanceOf(ProvisionedThroughputExceededException.class)
                    .hasMessageContaining("None of the 3 writes");
            assertThat(db.describeTable("Orders").itemCount()).isEqualTo(1);
        }
    }

    @Test
    void aBatchAcrossTablesLeavesOnlyTheThrottledTablesWritesUnprocessed() {
        try (Storage db = withTables(2, 100)) {
            List<WriteRequest> ledger = List.of(
                    WriteRequest.put(item("account", "a", "entry", "1")),
                    WriteRequest.put(item("account", "b", "entry", "1")));
            BatchWriteItemResponse r = db.batchWriteItem(BatchWriteItemRequest.builder()
                    .requestItems(Map.of("Orders", puts("c1", 4), "Ledger", ledger))
                    .build());
            assertThat(r.unprocessedItems()).containsOnlyKeys("Orders");
            assertThat(r.unprocessedItems().get("Orders")).hasSize(2);
            assertThat(db.describeTable("Ledger").itemCount()).isEqualTo(2);
        }
    }

    @Test
    void throttledBatchGetKeysComeBackAsUnprocessedKeysWithTheirProjection() {
        try (Storage db = withTables(100, 1)) {
            for (int i = 0; i < 4; i++) {
                put(db, "Orders", item("customer", "c", "order", "o" + i, "status", "NEW"));
            }
            List<Map<String, AttributeValue>> keys = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                keys.add(item("customer", "c", "order", "o" + i));
            }
            KeysAndAttributes ka = KeysAndAttributes.builder()
                    .keys(keys)
                    .projectionExpression("#o")
                    .expressionAttributeNames(Map.of("#o", "order"))
                    .build();
            BatchGetItemResponse r = db.batchGetItem(BatchGetItemRequest.builder()
                    .requestItems(Map.of("Orders", ka))
                    .build());
            assertThat(r.responses().get("Orders")).hasSize(2); // 2 eventually consistent reads of the 1 RCU
            KeysAndAttributes unprocessed = r.unprocessedKeys().get("Orders");
            assertThat(unprocessed.keys()).containsExactlyElementsOf(keys.subList(2, 4));
            assertThat(unprocessed.projectionExpression()).isEqualTo("#o");
            assertThatThrownBy(() -> db.batchGetItem(BatchGetItemRequest.builder()
                            .requestItems(r.unprocessedKeys())
                            .build()))
                    .isInstanceOf(ProvisionedThroughputExceededException.class)
                    .hasMessageContaining("None of the 2 keys");
            clock.advanceMillis(1_000);
            BatchGetItemResponse retry = db.batchGetItem(BatchGetItemRequest.builder()
                    .requestItems(r.unprocessedKeys())
                    .build());
            assertThat(retry.responses().get("Orders")).hasSize(2);
            assertThat(retry.unprocessedKeys()).isEmpty();
        }
    }

    @Test
    void aTransactionShortOfProvisionedCapacityIsCancelledWithProvisionedThroughputExceededAndWritesNothing() {
        try (Storage db = withTables(3, 100)) {
            TransactWriteItemsRequest tx = TransactWriteItemsRequest.builder()
                    .transactItems(List.of(
                            TransactWriteItem.put("Ledger", item("account", "a", "entry", "1")),
                            TransactWriteItem.put("Orders", item("customer", "c", "order", "o1", "status", "NEW")),
                            TransactWriteItem.put("Ledger", item("account", "b", "entry", "1"))))
                    .build();
            // Orders has 3 WCU; a transactional 1 KB write costs 2: one transaction fits, the second does not.
            db.transactWriteItems(tx.toBuilder()
                    .transactItems(List.of(
                            TransactWriteItem.put("Orders", item("customer", "c", "order", "o0", "status", "NEW"))))
                    .build());
            assertThatThrownBy(() -> db.transactWriteItems(tx))
                    .isInstanceOfSatisfying(TransactionCanceledException.class, e -> {
                        assertThat(e.reasons())
                                .extracting(CancellationReason::code)
                                .containsExactly("None", "ProvisionedThroughputExceeded", "None");
                        assertThat(e.reasons().get(1).message())
                                .contains("The level of configured provisioned throughput for the table was exceeded");
                    });
            assertThat(db.describeTable("Ledger").itemCount()).isZero();
            assertThat(db.describeTable("Orders").itemCount()).isEqualTo(1);
            clock.advanceMillis(1_000);
            db.transactWriteItems(tx);
            assertThat(db.describeTable("Ledger").itemCount()).isEqualTo(2);
            db.checkInvariants();
        }
    }

    @Test
    void aTransactionOnAHotOnDemandPartitionIsCancelledWithThrottlingError() {
        try (Storage db = core(ThroughputModel.defaults().withPartitionCeilings(4, 3_000))) {
            db.createTable(TableDefinition.builder("Ledger")
                    .partitionKey(KeyAttribute.s("account"))
                    .sortKey(KeyAttribute.s("entry"))
                    .build());
            put(db, "Ledger", item("account", "hot", "entry", "first")); // 3 of the partition's 4 units left
            List<TransactWriteItem> actions = new ArrayList<>();
            for (int i = 0; i < 2; i++) { // 2 x 2 units in the hot partition: the sum is over, each alone is not
                actions.add(TransactWriteItem.put("Ledger", item("account", "hot", "entry", "e" + i)));
            }
            actions.add(TransactWriteItem.put("Ledger", item("account", "cold", "entry", "e")));
            assertThatThrownBy(() -> db.transactWriteItems(TransactWriteItemsRequest.builder()
                            .transactItems(actions)
                            .build()))
                    .isInstanceOfSatisfying(TransactionCanceledException.class, e -> {
                        assertThat(e.reasons())
                                .extracting(CancellationReason::code)
                                .containsExactly("ThrottlingError", "ThrottlingError", "None");
                        assertThat(e.reasons().get(0).message())
                                .contains("TableWriteKeyRangeThroughputExceeded")
                                .contains("account = {S: \"hot\"}");
                    });
            assertThat(db.describeTable("Ledger").itemCount()).isEqualTo(1);
            db.checkInvariants();
        }
    }

    @Test
    void aTransactionWhoseGsiLacksCapacityIsCancelled() {
        try (Storage db = core()) {
            db.createTable(TableDefinition.builder("Orders")
                    .partitionKey(KeyAttribute.s("customer"))
                    .sortKey(KeyAttribute.s("order"))
                    .provisionedThroughput(new ProvisionedThroughput(100, 100))
                    .globalSecondaryIndex(new GlobalSecondaryIndex(
                            "ByStatus",
                            List.of(KeyAttribute.s("status")),
                            List.of(),
                            Projection.keysOnly(),
                            new ProvisionedThroughput(100, 1)))
                    .build());
            assertThatThrownBy(() -> db.transactWriteItems(TransactWriteItemsRequest.builder()
                            .transactItems(List.of(TransactWriteItem.put(
                                    "Orders", item("customer", "c", "order", "o1", "status", "NEW"))))
                            .build()))
                    .isInstanceOfSatisfying(
                            TransactionCanceledException.class,
                            e -> assertThat(e.reasons().get(0).message())
                                    .contains("one or more global secondary indexes")
                                    .contains("ByStatus"));
            assertThat(db.describeTable("Orders").itemCount()).isZero();
            db.checkInvariants();
        }
    }

    @Test
    void transactGetItemsIsAllOrNothing() {
        try (Storage db = withTables(100, 3)) {
            put(db, "Orders", item("customer", "c", "order", "o1", "status", "NEW"));
            put(db, "Orders", item("customer", "c", "order", "o2", "status", "NEW"));
            TransactGetItemsRequest get = TransactGetItemsRequest.builder()
                    .transactItems(List.of(
                            TransactGetItem.of("Orders", item("customer", "c", "order", "o1")),
                            TransactGetItem.of("Orders", item("customer", "c", "order", "o2"))))
                    .build();
            assertThatThrownBy(() -> db.transactGetItems(get)) // 2 x 2 units of the 3
                    .isInstanceOfSatisfying(
                            TransactionCanceledException.class,
                            e -> assertThat(e.reasons())
                                    .extracting(CancellationReason::code)
                                    .containsExactly("ProvisionedThroughputExceeded", "ProvisionedThroughputExceeded"));
            clock.advanceMillis(400);
            assertThat(db.transactGetItems(get).responses()).hasSize(2);
        }
    }
}
