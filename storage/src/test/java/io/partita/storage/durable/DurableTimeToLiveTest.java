package io.partita.storage.durable;

import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.DurableOptions;
import io.partita.storage.DurableStorage;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.SweepSignallingClock;
import io.partita.storage.TestStorage;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.TimeToLiveDescription;
import io.partita.storage.api.TimeToLiveSpecification;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.value.AttributeValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The time-to-live setting is part of the durable catalogue: it survives a restart (enabled and disabled), a GSI
 * added or deleted later keeps it, and a store reopened with TTL enabled expires items with its background thread.
 */
class DurableTimeToLiveTest {
    private static final Instant NOW = Instant.parse("2026-06-01T00:00:00Z");
    private Path dir;

    @BeforeEach
    void directory() throws IOException {
        dir = Files.createTempDirectory("partita-durable-ttl");
    }

    @AfterEach
    void clean() {
        TestStorage.deleteRecursively(dir);
    }

    private DurableStorage open(Duration sweep) {
        return open(sweep, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private DurableStorage open(Duration sweep, Clock clock) {
        return Storage.open(
                dir,
                DurableOptions.defaults()
                        .withStorageOptions(
                                StorageOptions.defaults().withClock(clock).withTimeToLiveSweepInterval(sweep))
                        .withCacheBytes(8L * 1024 * 1024));
    }

    private static void put(Storage db, String id, long expiresAt) {
        Map<String, AttributeValue> item = Map.of("Id", s(id), "Kind", s("k"), "ExpiresAt", n(expiresAt));
        db.putItem(PutItemRequest.builder().tableName("Tokens").item(item).build());
    }

    @Test
    void settingSurvivesRestartsAndSchemaChanges() {
        try (DurableStorage db = open(Duration.ZERO)) {
            db.createTable(io.partita.storage.schema.TableDefinition.builder("Tokens")
                    .partitionKey(KeyAttribute.s("Id"))
                    .timeToLive("ExpiresAt")
                    .build());
            put(db, "a", NOW.getEpochSecond() - 1);
        }
        try (DurableStorage db = open(Duration.ZERO)) {
            assertThat(db.describeTimeToLive("Tokens")).isEqualTo(TimeToLiveDescription.enabled("ExpiresAt"));
            db.createGlobalSecondaryIndex(
                    "Tokens", GlobalSecondaryIndex.of("ByKind", KeyAttribute.s("Kind"), null, Projection.all()));
            assertThat(db.describeTimeToLive("Tokens").isEnabled()).isTrue();
            db.deleteGlobalSecondaryIndex("Tokens", "ByKind");
            assertThat(db.describeTimeToLive("Tokens").isEnabled()).isTrue();
            db.updateTimeToLive("Tokens", TimeToLiveSpecification.disable("ExpiresAt"));
        }
        try (DurableStorage db = open(Duration.ZERO)) {
            assertThat(db.describeTimeToLive("Tokens")).isEqualTo(TimeToLiveDescription.disabled());
            assertThat(db.expireItems()).isZero();
            db.updateTimeToLive("Tokens", TimeToLiveSpecification.enable("ExpiresAt"));
        }
        try (DurableStorage db = open(Duration.ZERO)) {
            assertThat(db.describeTimeToLive("Tokens")).isEqualTo(TimeToLiveDescription.enabled("ExpiresAt"));
            assertThat(db.expireItems()).isEqualTo(1);
            db.checkInvariants();
        }
    }

    @Test
    void reopenedStoreStartsItsSweeper() throws InterruptedException {
        try (DurableStorage db = open(Duration.ZERO)) {
            db.createTable(io.partita.storage.schema.TableDefinition.builder("Tokens")
                    .partitionKey(KeyAttribute.s("Id"))
                    .timeToLive("ExpiresAt")
                    .build());
            put(db, "a", NOW.getEpochSecond() - 1);
            put(db, "b", NOW.getEpochSecond() + 1);
        }
        SweepSignallingClock clock = new SweepSignallingClock(NOW);
        try (DurableStorage db = open(Duration.ofMillis(20), clock)) {
            assertThat(clock.awaitBackgroundSweep(Duration.ofSeconds(30)))
                    .as("the reopened store's sweeper ran")
                    .isTrue();
            assertThat(db.expireItems()).as("left over by the background sweep").isZero();
            assertThat(db.timeToLiveDeletedItemCount("Tokens")).isEqualTo(1);
            assertThat(db.scan(ScanRequest.builder().tableName("Tokens").build())
                            .items())
                    .hasSize(1);
            db.checkInvariants();
        }
    }
}
