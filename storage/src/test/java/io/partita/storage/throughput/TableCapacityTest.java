package io.partita.storage.throughput;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.ThroughputModel;
import io.partita.storage.ValidationException;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.storage.schema.TableDefinition;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Table-level provisioned capacity: the switch, the refill, burst, item sizes, validation. */
class TableCapacityTest extends Fixture {

    private static TableDefinition table(long rcu, long wcu) {
        return TableDefinition.builder("Tab")
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.s("sk"))
                .provisionedThroughput(new ProvisionedThroughput(rcu, wcu))
                .build();
    }

    private static int putsUntilThrottled(Storage db, String pk, int max) {
        int n = 0;
        while (n < max && tryPut(db, "Tab", item("pk", pk + "-" + n, "sk", "s"))) {
            n++;
        }
        return n;
    }

    @Test
    void offByDefault_provisionedThroughputIsIgnored() {
        try (Storage db = Storage.inMemory(StorageOptions.defaults().withClock(clock))) {
            db.createTable(table(1, 1));
            for (int i = 0; i < 5_000; i++) {
                put(db, "Tab", item("pk", "hot", "sk", "s" + i)); // one partition, far past 1 WCU and 1,000 WCU/s
            }
            assertThat(db.describeTable("Tab").itemCount()).isEqualTo(5_000);
        }
        assertThat(StorageOptions.defaults().throughputModel()).isNull();
    }

    @Test
    void aTableAdmitsOneSecondOfItsWriteCapacityThenRefillsAtItsRate() {
        try (Storage db = core()) {
            db.createTable(table(100, 10));
            assertThat(putsUntilThrottled(db, "a", 100)).isEqualTo(10);
            clock.advanceMillis(100); // 1 unit accrues
            assertThat(putsUntilThrottled(db, "b", 100)).isEqualTo(1);
            clock.advanceMillis(50); // half a unit: not enough for a 1-unit write
            assertThat(putsUntilThrottled(db, "c", 100)).isZero();
            clock.advanceMillis(1_000);
            assertThat(putsUntilThrottled(db, "d", 100)).isEqualTo(10);
            assertThat(db.describeTable("Tab").itemCount()).isEqualTo(21);
            db.checkInvariants();
        }
    }

    @Test
    void unusedCapacityIsSavedUpToTheBurstWindow() {
        try (Storage db = core(ThroughputModel.defaults().withBurstWindow(Duration.ofSeconds(30)))) {
            db.createTable(table(100, 10));
            clock.advance(Duration.ofSeconds(10));
            assertThat(putsUntilThrottled(db, "a", 1_000))
                    .isEqualTo(110); // the first second plus 10 idle seconds of 10 WCU
            clock.advance(Duration.ofMinutes(5));
            assertThat(putsUntilThrottled(db, "b", 1_000)).isEqualTo(300); // capped at 30 s of capacity
        }
    }

    @Test
    void theDefaultBurstWindowSavesFiveMinutes() {
        try (Storage db = core()) {
            db.createTable(table(100, 2));
            clock.advance(Duration.ofHours(1));
            assertThat(putsUntilThrottled(db, "a", 10_000)).isEqualTo(600);
        }
    }

    @Test
    void largeItemsTakeOneUnitPerKilobyte() {
        try (Storage db = core()) {
            db.createTable(table(100, 10));
            put(db, "Tab", item("pk", "a", "sk", "1", "pad", pad(3_000))); // 3 KB: 3 units
            put(db, "Tab", item("pk", "b", "sk", "1", "pad", pad(5_000))); // 5 KB: 5 units
            put(db, "Tab", item("pk", "c", "sk", "1")); // 1 unit
            put(db, "Tab", item("pk", "d", "sk", "1")); // 1 unit: 10 used
            assertThatThrownBy(() -> put(db, "Tab", item("pk", "e", "sk", "1")))
                    .isInstanceOf(ProvisionedThroughputExceededException.class)
                    .hasMessageContaining("The level of configured provisioned throughput for the table was exceeded")
                    .hasMessageContaining("TableWriteProvisionedThroughputExceeded")
                    .hasMessageContaining("table Tab");
        }
    }

    @Test
    void anItemLargerThanTheBucketPassesWhenTheBucketIsFullAndLeavesItInDebt() {
        try (Storage db = core(ThroughputModel.defaults().withBurstWindow(Duration.ofSeconds(1)))) {
            db.createTable(table(100, 2)); // the bucket never holds more than 2 units
            put(db, "Tab", item("pk", "a", "sk", "1", "pad", pad(5_000))); // 5 units from a full bucket of 2
            assertThat(tryPut(db, "Tab", item("pk", "b", "sk", "1"))).isFalse();
            clock.advanceMillis(1_500); // debt of 3 repaid
            assertThat(tryPut(db, "Tab", item("pk", "b", "sk", "1"))).isFalse();
            clock.advanceMillis(500);
            assertThat(tryPut(db, "Tab", item("pk", "b", "sk", "1"))).isTrue();
        }
    }

    @Test
    void aThrottledWriteChangesNothing() {
        try (Storage db = core()) {
            db.createTable(table(100, 1));
            put(db, "Tab", item("pk", "a", "sk", "1", "v", "old"));
            assertThat(tryPut(db, "Tab", item("pk", "a", "sk", "1", "v", "new")))
                    .isFalse();
            assertThat(get(db, "Tab", item("pk", "a", "sk", "1"), true).item())
                    .isEqualTo(item("pk", "a", "sk", "1", "v", "old"));
            db.checkInvariants();
        }
    }

    @Test
    void onDemandTablesHaveNoTableLevelLimit() {
        try (Storage db = core()) {
            db.createTable(TableDefinition.builder("Tab")
                    .partitionKey(KeyAttribute.s("pk"))
                    .sortKey(KeyAttribute.s("sk"))
                    .build());
            for (int i = 0; i < 20_000; i++) {
                put(db, "Tab", item("pk", "p" + (i % 50), "sk", "s" + i)); // 50 partitions, 400 writes each
            }
            assertThat(db.describeTable("Tab").itemCount()).isEqualTo(20_000);
        }
    }

    @Test
    void capacityBelowOneUnitIsRejectedWhenTheModelIsOn() {
        try (Storage db = core()) {
            assertThatThrownBy(() -> db.createTable(table(0, 5)))
                    .isInstanceOf(ValidationException.class)
                    .hasMessageContaining("ReadCapacityUnits and WriteCapacityUnits");
            db.createTable(table(5, 5));
            GlobalSecondaryIndex bad = new GlobalSecondaryIndex(
                    "Gsi",
                    List.of(KeyAttribute.s("g")),
                    List.of(),
                    Projection.keysOnly(),
                    new ProvisionedThroughput(5, 0));
            assertThatThrownBy(() -> db.createGlobalSecondaryIndex("Tab", bad))
                    .isInstanceOf(ValidationException.class)
                    .hasMessageContaining("global secondary index Gsi of table Tab");
            assertThat(db.describeTable("Tab").definition().globalSecondaryIndexes())
                    .isEmpty();
        }
    }

    @Test
    void modelParametersAreValidated() {
        assertThatThrownBy(() -> ThroughputModel.defaults().withPartitionCeilings(0, 3000))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ThroughputModel.defaults().withBurstWindow(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(ThroughputModel.defaults().partitionWriteUnitsPerSecond()).isEqualTo(1_000);
        assertThat(ThroughputModel.defaults().partitionReadUnitsPerSecond()).isEqualTo(3_000);
        assertThat(ThroughputModel.defaults().burstWindow()).isEqualTo(Duration.ofMinutes(5));
    }

    @Test
    void aDeletedAndRecreatedTableStartsWithFreshBuckets() {
        try (Storage db = core()) {
            db.createTable(table(100, 3));
            assertThat(putsUntilThrottled(db, "a", 100)).isEqualTo(3);
            db.deleteTable("Tab");
            db.createTable(table(100, 3));
            assertThat(putsUntilThrottled(db, "a", 100)).isEqualTo(3);
        }
    }
}
