package io.partita.storage.throughput;

import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.Storage;
import io.partita.storage.ThroughputModel;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.storage.schema.TableDefinition;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Per-partition-key-value ceilings, on the base table and on each GSI partition: hot keys throttle, cold keys proceed. */
class PartitionCeilingTest extends Fixture {

    private static TableDefinition events(ProvisionedThroughput table, ProvisionedThroughput gsi) {
        return TableDefinition.builder("Events")
                .partitionKey(KeyAttribute.s("referrer"))
                .sortKey(KeyAttribute.s("id"))
                .provisionedThroughput(table)
                .globalSecondaryIndex(new GlobalSecondaryIndex(
                        "ByTime", List.of(KeyAttribute.s("eventTime")), List.of(), Projection.keysOnly(), gsi))
                .build();
    }

    @Test
    void aHotPartitionKeyIsCappedAtOneThousandWritesPerSecondWhileOtherKeysProceed() {
        try (Storage db = core()) {
            db.createTable(TableDefinition.builder("Events")
                    .partitionKey(KeyAttribute.s("referrer"))
                    .sortKey(KeyAttribute.s("id"))
                    .build());
            int hot = 0;
            for (int i = 0; i < 1_500; i++) {
                if (tryPut(db, "Events", item("referrer", "hot", "id", "h" + i))) {
                    hot++;
                }
            }
            assertThat(hot).isEqualTo(1_000);
            for (int i = 0; i < 900; i++) { // other partition key values are unaffected
                put(db, "Events", item("referrer", "cold-" + (i % 3), "id", "c" + i));
            }
            assertThatThrownBy(() -> put(db, "Events", item("referrer", "hot", "id", "again")))
                    .isInstanceOf(ProvisionedThroughputExceededException.class)
                    .hasMessageContaining("TableWriteKeyRangeThroughputExceeded")
                    .hasMessageContaining("table Events")
                    .hasMessageContaining("partition key referrer = {S: \"hot\"}")
                    .hasMessageContaining("1000 units/s per partition key value");
            clock.advanceMillis(100); // 100 units accrue in the hot partition
            int more = 0;
            while (tryPut(db, "Events", item("referrer", "hot", "id", "m" + more))) {
                more++;
            }
            assertThat(more).isEqualTo(100);
            db.checkInvariants();
        }
    }

    @Test
    void aWriterThatBacksOffWhenThrottledDrainsAHotPartitionAtItsCeiling() {
        try (Storage db = core()) {
            db.createTable(TableDefinition.builder("Events")
                    .partitionKey(KeyAttribute.s("referrer"))
                    .sortKey(KeyAttribute.s("id"))
                    .build());
            long start = clock.millis();
            int throttles = 0;
            for (int i = 0; i < 5_000; i++) {
                while (!tryPut(db, "Events", item("referrer", "hot", "id", "h" + i))) {
                    throttles++;
                    clock.advanceMillis(5); // back off: 5 units accrue meanwhile
                }
            }
            long elapsed = clock.millis() - start;
            // 1,000 units at once, then 1,000 per second: 4,000 more need 4 s of virtual time, throttled every 5
            // writes.
            assertThat(elapsed).isEqualTo(4_000);
            assertThat(throttles).isEqualTo(800);
            assertThat(db.describeTable("Events").itemCount()).isEqualTo(5_000);
        }
    }

    @Test
    void theCeilingsAreConfigurable() {
        try (Storage db = core(ThroughputModel.defaults().withPartitionCeilings(10, 30))) {
            db.createTable(TableDefinition.builder("Events")
                    .partitionKey(KeyAttribute.s("referrer"))
                    .sortKey(KeyAttribute.s("id"))
                    .build());
            int n = 0;
            while (n < 100 && tryPut(db, "Events", item("referrer", "hot", "id", "h" + n))) {
                n++;
            }
            assertThat(n).isEqualTo(10);
        }
    }

    @Test
    void aHotGsiPartitionThrottlesBaseTableWritesSpreadOverManyTablePartitions() {
        try (Storage db = core()) {
            // Ample provisioned capacity everywhere: only the single eventTime value of the index is hot (seed 002).
            db.createTable(
                    events(new ProvisionedThroughput(10_000, 10_000), new ProvisionedThroughput(10_000, 10_000)));
            int written = 0;
            for (int i = 0; i < 2_000; i++) {
                if (tryPut(
                        db,
                        "Events",
                        item("referrer", "r" + (i % 200), "id", "c" + i, "eventTime", "2015-06-15T10:31"))) {
                    written++;
                }
            }
            assertThat(written).isEqualTo(1_000);
            assertThatThrownBy(
                            () -> put(db, "Events", item("referrer", "r1", "id", "x", "eventTime", "2015-06-15T10:31")))
                    .isInstanceOf(ProvisionedThroughputExceededException.class)
                    .hasMessageContaining("IndexWriteKeyRangeThroughputExceeded")
                    .hasMessageContaining("global secondary index ByTime of table Events")
                    .hasMessageContaining("partition key eventTime = {S: \"2015-06-15T10:31\"}");
            // Items with another eventTime, or none (sparse), go through.
            put(db, "Events", item("referrer", "r1", "id", "y", "eventTime", "2015-06-15T10:32"));
            put(db, "Events", item("referrer", "r1", "id", "z"));
            assertThat(db.describeTable("Events").itemCount()).isEqualTo(1_002);
            assertThat(queryIndex(db, "Events", "ByTime", "eventTime", "2015-06-15T10:31")
                            .count())
                    .isEqualTo(1_000);
            db.checkInvariants();
        }
    }

    @Test
    void aGsiKeyChangeChargesTheDeleteToTheOldPartitionAndThePutToTheNewOne() {
        try (Storage db = core(ThroughputModel.defaults().withPartitionCeilings(5, 3_000))) {
            db.createTable(events(null, null));
            for (int i = 0; i < 5; i++) {
                put(db, "Events", item("referrer", "r" + i, "id", "1", "eventTime", "old"));
            }
            // The "old" GSI partition is exhausted: moving an item out of it needs a delete there.
            assertThatThrownBy(() -> db.updateItem(UpdateItemRequest.builder()
                            .tableName("Events")
                            .key(item("referrer", "r0", "id", "1"))
                            .updateExpression("SET eventTime = :t")
                            .expressionAttributeValues(Map.of(":t", s("new")))
                            .build()))
                    .isInstanceOf(ProvisionedThroughputExceededException.class)
                    .hasMessageContaining("eventTime = {S: \"old\"}");
            clock.advanceMillis(200); // one unit back in "old"
            db.updateItem(UpdateItemRequest.builder()
                    .tableName("Events")
                    .key(item("referrer", "r0", "id", "1"))
                    .updateExpression("SET eventTime = :t")
                    .expressionAttributeValues(Map.of(":t", s("new")))
                    .build());
            assertThat(queryIndex(db, "Events", "ByTime", "eventTime", "new").count())
                    .isEqualTo(1);
            assertThat(queryIndex(db, "Events", "ByTime", "eventTime", "old").count())
                    .isEqualTo(4);
            db.checkInvariants();
        }
    }

    @Test
    void lsiWritesChargeTheBaseTablePartition() {
        try (Storage db = core(ThroughputModel.defaults().withPartitionCeilings(4, 3_000))) {
            db.createTable(TableDefinition.builder("Threads")
                    .partitionKey(KeyAttribute.s("forum"))
                    .sortKey(KeyAttribute.s("subject"))
                    .localSecondaryIndex("ByLastPost", KeyAttribute.s("lastPost"), Projection.keysOnly())
                    .build());
            put(db, "Threads", item("forum", "f", "subject", "a", "lastPost", "1")); // 1 base + 1 LSI unit
            put(db, "Threads", item("forum", "f", "subject", "b", "lastPost", "2")); // 2 more: 4 used
            assertThat(tryPut(db, "Threads", item("forum", "f", "subject", "c")))
                    .isFalse();
            put(db, "Threads", item("forum", "g", "subject", "c"));
            db.checkInvariants();
        }
    }

    @Test
    void idlePartitionsAreForgottenAndComeBackFull() {
        try (Storage db = core(ThroughputModel.defaults().withPartitionCeilings(2, 3_000))) {
            db.createTable(TableDefinition.builder("Events")
                    .partitionKey(KeyAttribute.s("referrer"))
                    .sortKey(KeyAttribute.s("id"))
                    .build());
            for (int i = 0; i < 10_000; i++) { // enough partitions to trigger pruning of the idle ones
                put(db, "Events", item("referrer", "r" + i, "id", "1"));
                clock.advanceMillis(1);
            }
            put(db, "Events", item("referrer", "r9999", "id", "2")); // last one still has 1 unit (refilled 1 ms' worth)
            assertThat(tryPut(db, "Events", item("referrer", "r9999", "id", "3")))
                    .isFalse();
            put(db, "Events", item("referrer", "r0", "id", "2"));
            put(db, "Events", item("referrer", "r0", "id", "3"));
            assertThat(tryPut(db, "Events", item("referrer", "r0", "id", "4"))).isFalse();
        }
    }
}
