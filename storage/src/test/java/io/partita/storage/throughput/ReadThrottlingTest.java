package io.partita.storage.throughput;

import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.Storage;
import io.partita.storage.ThroughputModel;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.storage.schema.TableDefinition;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reads consume from their table or GSI and from the partition they read. */
class ReadThrottlingTest extends Fixture {

    private Storage withTable(ThroughputModel model, long rcu, long gsiRcu) {
        Storage db = core(model);
        db.createTable(TableDefinition.builder("Threads")
                .partitionKey(KeyAttribute.s("forum"))
                .sortKey(KeyAttribute.s("subject"))
                .provisionedThroughput(new ProvisionedThroughput(rcu, 1_000))
                .globalSecondaryIndex(new GlobalSecondaryIndex(
                        "ByAuthor",
                        List.of(KeyAttribute.s("author")),
                        List.of(),
                        Projection.all(),
                        new ProvisionedThroughput(gsiRcu, 1_000)))
                .build());
        for (int i = 0; i < 10; i++) {
            put(db, "Threads", item("forum", "f" + (i % 2), "subject", "s" + i, "author", "a" + (i % 2)));
        }
        return db;
    }

    private static boolean tryGet(Storage db, String forum, String subject, boolean consistent) {
        try {
            get(db, "Threads", item("forum", forum, "subject", subject), consistent);
            return true;
        } catch (ProvisionedThroughputExceededException e) {
            return false;
        }
    }

    @Test
    void getItemIsThrottledByTheTablesReadCapacity_eventuallyConsistentReadsCostHalf() {
        try (Storage db = withTable(ThroughputModel.defaults(), 2, 100)) {
            assertThat(tryGet(db, "f0", "s0", true)).isTrue(); // 1 unit
            assertThat(tryGet(db, "f0", "s2", false)).isTrue(); // 0.5
            assertThat(tryGet(db, "f1", "s1", false)).isTrue(); // 0.5: 2 used
            assertThatThrownBy(() -> get(db, "Threads", item("forum", "f0", "subject", "s0"), false))
                    .isInstanceOf(ProvisionedThroughputExceededException.class)
                    .hasMessageContaining("TableReadProvisionedThroughputExceeded")
                    .hasMessageContaining("table Threads");
            clock.advanceMillis(250); // half a unit
            assertThat(tryGet(db, "f0", "s0", true)).isFalse();
            assertThat(tryGet(db, "f0", "s0", false)).isTrue();
        }
    }

    @Test
    void aHotPartitionIsCappedAtThreeThousandReadUnitsPerSecond() {
        try (Storage db = withTable(ThroughputModel.defaults(), 100_000, 100_000)) {
            int reads = 0;
            while (reads < 10_000 && tryGet(db, "f0", "s0", true)) {
                reads++;
            }
            assertThat(reads).isEqualTo(3_000);
            assertThatThrownBy(() -> get(db, "Threads", item("forum", "f0", "subject", "s0"), true))
                    .hasMessageContaining("TableReadKeyRangeThroughputExceeded")
                    .hasMessageContaining("partition key forum = {S: \"f0\"}");
            assertThat(tryGet(db, "f1", "s1", true)).isTrue();
        }
    }

    @Test
    void aGsiQueryConsumesTheIndexsReadCapacityNotTheTables() {
        try (Storage db = withTable(ThroughputModel.defaults(), 100, 1)) {
            queryIndex(db, "Threads", "ByAuthor", "author", "a0"); // 0.5
            queryIndex(db, "Threads", "ByAuthor", "author", "a1"); // 0.5: the index's 1 RCU is used
            assertThatThrownBy(() -> queryIndex(db, "Threads", "ByAuthor", "author", "a0"))
                    .isInstanceOf(ProvisionedThroughputExceededException.class)
                    .hasMessageContaining("IndexReadProvisionedThroughputExceeded")
                    .hasMessageContaining("global secondary index ByAuthor of table Threads");
            assertThat(tryGet(db, "f0", "s0", true)).isTrue(); // the table still has its own
        }
    }

    @Test
    void aHotGsiPartitionIsCappedForQueries() {
        try (Storage db = withTable(ThroughputModel.defaults().withPartitionCeilings(1_000, 2), 100, 100)) {
            queryIndex(db, "Threads", "ByAuthor", "author", "a0");
            queryIndex(db, "Threads", "ByAuthor", "author", "a0");
            queryIndex(db, "Threads", "ByAuthor", "author", "a0");
            queryIndex(db, "Threads", "ByAuthor", "author", "a0"); // 4 x 0.5 = the partition's 2 units
            assertThatThrownBy(() -> queryIndex(db, "Threads", "ByAuthor", "author", "a0"))
                    .hasMessageContaining("IndexReadKeyRangeThroughputExceeded")
                    .hasMessageContaining("partition key author = {S: \"a0\"}");
            queryIndex(db, "Threads", "ByAuthor", "author", "a1");
        }
    }

    @Test
    void aTableQueryConsumesByTheBytesItReads() {
        try (Storage db = core()) {
            db.createTable(TableDefinition.builder("Threads")
                    .partitionKey(KeyAttribute.s("forum"))
                    .sortKey(KeyAttribute.s("subject"))
                    .provisionedThroughput(new ProvisionedThroughput(4, 1_000))
                    .build());
            for (int i = 0; i < 4; i++) {
                put(db, "Threads", item("forum", "f", "subject", "s" + i, "body", pad(3_900))); // 4 x ~3.9 KB
            }
            QueryRequest q = QueryRequest.builder()
                    .tableName("Threads")
                    .keyConditionExpression("forum = :f")
                    .expressionAttributeValues(Map.of(":f", s("f")))
                    .consistentRead(true)
                    .build();
            db.query(q); // 4 units of the 4
            assertThatThrownBy(() -> db.query(q)).isInstanceOf(ProvisionedThroughputExceededException.class);
        }
    }

    @Test
    void aScanIsChargedToItsTable() {
        try (Storage db = withTable(ThroughputModel.defaults(), 1, 100)) {
            db.scan(ScanRequest.builder().tableName("Threads").build()); // 0.5
            db.scan(ScanRequest.builder().tableName("Threads").build()); // 0.5
            assertThatThrownBy(() ->
                            db.scan(ScanRequest.builder().tableName("Threads").build()))
                    .isInstanceOf(ProvisionedThroughputExceededException.class);
            db.scan(ScanRequest.builder()
                    .tableName("Threads")
                    .indexName("ByAuthor")
                    .build()); // the index pays
        }
    }
}
