package io.partita.storage.durable;

import static io.partita.storage.StreamReads.readAll;
import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.DurableOptions;
import io.partita.storage.DurableStorage;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.TestStorage;
import io.partita.storage.api.DescribeStreamRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.Shard;
import io.partita.storage.api.StreamEventName;
import io.partita.storage.api.StreamRecord;
import io.partita.storage.api.StreamStatus;
import io.partita.storage.api.TableDescription;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.StreamSpecification;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Streams of the durable core: records, shards, trim points and sequence numbers survive a restart; a record is in
 * the batch of its change, so after a SIGKILL every item written has exactly one record and no record names a
 * write that did not happen; a store of format 1 (before streams) opens and is marked format 2.
 */
class DurableStreamsTest {
    static final String T = "Events";
    private Path dir;

    @BeforeEach
    void directory() throws IOException {
        dir = Files.createTempDirectory("partita-streams");
    }

    @AfterEach
    void clean() {
        TestStorage.deleteRecursively(dir);
    }

    static TableDefinition events() {
        return TableDefinition.builder(T).partitionKey(KeyAttribute.s("id")).stream(StreamViewType.NEW_AND_OLD_IMAGES)
                .build();
    }

    static void put(Storage db, String id, long v) {
        db.putItem(PutItemRequest.builder()
                .tableName(T)
                .item(Map.of("id", s(id), "v", n(v)))
                .build());
    }

    static DurableStorage open(Path dir) {
        return Storage.open(
                dir,
                DurableOptions.defaults()
                        .withStorageOptions(StorageOptions.defaults()
                                .withTimeToLiveSweepInterval(Duration.ZERO)
                                .withStreamShardRollover(4, Duration.ofDays(1))));
    }

    @Test
    void streamsSurviveARestartAndGoOnWhereTheyStopped() {
        String arn;
        List<StreamRecord> before;
        try (DurableStorage db = open(dir)) {
            db.createTable(events());
            for (int i = 0; i < 10; i++) {
                put(db, "a" + (i % 3), i);
            }
            arn = db.describeTable(T).latestStreamArn();
            before = readAll(db, arn);
            assertThat(before).hasSize(10);
        }
        try (DurableStorage db = open(dir)) {
            TableDescription d = db.describeTable(T);
            assertThat(d.latestStreamArn()).isEqualTo(arn);
            assertThat(d.streamSpecification())
                    .isEqualTo(StreamSpecification.enabled(StreamViewType.NEW_AND_OLD_IMAGES));
            assertThat(readAll(db, arn)).isEqualTo(before);
            put(db, "b", 99);
            List<StreamRecord> after = readAll(db, arn);
            assertThat(after).hasSize(11);
            assertThat(after.subList(0, 10)).isEqualTo(before);
            assertThat(new java.math.BigInteger(after.get(10).sequenceNumber()))
                    .isGreaterThan(new java.math.BigInteger(before.get(9).sequenceNumber()));
            List<Shard> shards =
                    db.describeStream(DescribeStreamRequest.of(arn)).shards();
            assertThat(shards).hasSizeGreaterThan(2);
            db.updateStreamSpecification(T, StreamSpecification.disabled());
        }
        try (DurableStorage db = open(dir)) {
            assertThat(db.describeTable(T).streamSpecification().enabled()).isFalse();
            assertThat(db.describeStream(DescribeStreamRequest.of(arn)).streamStatus())
                    .isEqualTo(StreamStatus.DISABLED);
            assertThat(readAll(db, arn)).hasSize(11);
            put(db, "c", 1); // no stream: no record
            assertThat(readAll(db, arn)).hasSize(11);
        }
    }

    @Test
    void aStoreOfFormatOneOpensAndIsMarkedFormatTwo() throws IOException {
        try (DurableStorage db = open(dir)) {
            db.createTable(TableDefinition.builder("Plain")
                    .partitionKey(KeyAttribute.s("id"))
                    .build());
        }
        Files.writeString(dir.resolve("PARTITA-FORMAT"), "partita-durable-format 1\n");
        try (DurableStorage db = open(dir)) {
            assertThat(db.listTables()).containsExactly("Plain");
        }
        assertThat(Files.readString(dir.resolve("PARTITA-FORMAT"))).isEqualTo("partita-durable-format 2\n");
    }

    @Test
    void afterAKillEveryWrittenItemHasExactlyOneRecordAndNoRecordNamesAWriteThatDidNotHappen() throws Exception {
        try (DurableStorage db = open(dir)) {
            db.createTable(events());
        }
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        Writer.class.getName(),
                        dir.toString())
                .redirectErrorStream(true)
                .start();
        Set<String> acknowledged = new HashSet<>();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null && acknowledged.size() < 300) {
                if (line.startsWith("ACK ")) {
                    acknowledged.add(line.substring(4));
                }
            }
            p.destroyForcibly(); // SIGKILL, mid-write
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(acknowledged).hasSize(300);
        try (DurableStorage db = open(dir)) {
            Set<String> items = new HashSet<>();
            for (Map<String, AttributeValue> item :
                    db.scan(ScanRequest.builder().tableName(T).build()).items()) {
                items.add(((AttributeValue.S) item.get("id")).value());
            }
            Map<String, Integer> inserts = new HashMap<>();
            List<String> others = new ArrayList<>();
            for (StreamRecord r : readAll(db, db.describeTable(T).latestStreamArn())) {
                String id = ((AttributeValue.S) r.keys().get("id")).value();
                if (r.eventName() == StreamEventName.INSERT) {
                    inserts.merge(id, 1, Integer::sum);
                } else {
                    others.add(id);
                }
            }
            assertThat(items).containsAll(acknowledged);
            assertThat(inserts.keySet()).isEqualTo(items);
            assertThat(inserts.values()).allMatch(c -> c == 1);
            assertThat(others).isEmpty();
            db.checkInvariants();
        }
    }

    /** Run in a second JVM by the kill test: writes new items until it is killed, printing each acknowledged one. */
    public static final class Writer {
        public static void main(String[] args) {
            try (DurableStorage db = open(Path.of(args[0]))) {
                for (int i = 0; ; i++) {
                    put(db, "k" + i, i);
                    System.out.println("ACK k" + i);
                }
            }
        }
    }
}
