package io.partita.storage.durable;

import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.DurableOptions;
import io.partita.storage.DurableStorage;
import io.partita.storage.DurableStorageException;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.TestStorage;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.TableDescription;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The durable store's own behaviour: restart, lock, format version, corruption, backup and restore. */
class DurableStoreTest {
    private Path dir;

    @BeforeEach
    void directory() throws IOException {
        dir = Files.createTempDirectory("partita-durable");
    }

    @AfterEach
    void clean() {
        TestStorage.deleteRecursively(dir);
    }

    static TableDefinition orders() {
        return TableDefinition.builder("Orders")
                .partitionKey(KeyAttribute.s("customer"))
                .sortKey(KeyAttribute.s("order"))
                .globalSecondaryIndex(
                        "ByStatus", KeyAttribute.s("stage"), KeyAttribute.n("total"), Projection.keysOnly())
                .localSecondaryIndex("ByTotal", KeyAttribute.n("total"), Projection.include("stage"))
                .build();
    }

    static Map<String, AttributeValue> order(String customer, String order, String status, int total) {
        return Map.of(
                "customer",
                s(customer),
                "order",
                s(order),
                "stage",
                s(status),
                "total",
                n(total),
                "note",
                s("x".repeat(1 + total % 50)));
    }

    static void put(Storage db, Map<String, AttributeValue> item) {
        db.putItem(PutItemRequest.builder().tableName("Orders").item(item).build());
    }

    static Map<String, AttributeValue> get(Storage db, String customer, String order) {
        return db.getItem(GetItemRequest.builder()
                        .tableName("Orders")
                        .key(Map.of("customer", s(customer), "order", s(order)))
                        .consistentRead(true)
                        .build())
                .item();
    }

    static int byStatus(Storage db, String status) {
        return db.query(QueryRequest.builder()
                        .tableName("Orders")
                        .indexName("ByStatus")
                        .keyConditionExpression("stage = :s")
                        .expressionAttributeValues(Map.of(":s", s(status)))
                        .build())
                .items()
                .size();
    }

    @Test
    void everythingSurvivesARestart() {
        try (DurableStorage db = Storage.open(dir)) {
            db.createTable(orders());
            for (int i = 0; i < 300; i++) {
                put(db, order("c" + i % 7, "o" + i, i % 3 == 0 ? "OPEN" : "DONE", i));
            }
            put(db, order("c1", "o1", "OPEN", 1)); // moves its GSI entry from DONE to OPEN
            db.createGlobalSecondaryIndex(
                    "Orders",
                    new GlobalSecondaryIndex("ByNote", List.of(KeyAttribute.s("note")), List.of(), Projection.all()));
            db.transactWriteItems(TransactWriteItemsRequest.builder()
                    .transactItems(List.of(
                            TransactWriteItem.put("Orders", order("t", "a", "OPEN", 7)),
                            TransactWriteItem.put("Orders", order("t", "b", "OPEN", 8))))
                    .build());
        }
        try (DurableStorage db = Storage.open(dir)) {
            TableDescription d = db.describeTable("Orders");
            assertThat(d.definition().globalSecondaryIndexes())
                    .extracting(GlobalSecondaryIndex::name)
                    .containsExactly("ByStatus", "ByNote");
            assertThat(d.definition().localSecondaryIndexes()).hasSize(1);
            assertThat(d.itemCount()).isEqualTo(302);
            assertThat(get(db, "c1", "o1")).containsEntry("stage", s("OPEN"));
            assertThat(get(db, "t", "b")).containsEntry("total", n(8));
            assertThat(byStatus(db, "OPEN")).isEqualTo(100 + 1 + 2);
            db.checkInvariants();
        }
    }

    @Test
    void asyncGsiWorkPendingAtCloseIsAppliedAfterReopen() {
        StorageOptions async = StorageOptions.defaults().withAsyncGsiPropagation(Duration.ofHours(1));
        try (DurableStorage db = Storage.open(dir, DurableOptions.defaults().withStorageOptions(async))) {
            db.createTable(orders());
            put(db, order("c", "o1", "OPEN", 1));
            assertThat(byStatus(db, "OPEN")).isZero(); // not propagated yet
        }
        try (DurableStorage db = Storage.open(dir, DurableOptions.defaults().withStorageOptions(async))) {
            assertThat(byStatus(db, "OPEN")).isEqualTo(1); // the pending work was in the write's batch
            db.checkInvariants();
        }
    }

    @Test
    void aSecondOpenOfTheSameDirectoryIsRefusedInThisJvm() {
        try (DurableStorage db = Storage.open(dir)) {
            db.createTable(orders());
            assertThatThrownBy(() -> Storage.open(dir))
                    .isInstanceOf(DurableStorageException.Locked.class)
                    .hasMessageContaining(dir.toAbsolutePath().toString())
                    .hasMessageContaining("already open");
            put(db, order("c", "o", "OPEN", 1)); // the first instance is unaffected
        }
        try (DurableStorage db = Storage.open(dir)) { // and after close it opens again
            assertThat(get(db, "c", "o")).isNotNull();
        }
    }

    @Test
    void anotherProcessCannotOpenALockedDirectory() throws Exception {
        try (DurableStorage db = Storage.open(dir)) {
            db.createTable(orders());
            String java =
                    Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process p = new ProcessBuilder(
                            java,
                            "-cp",
                            System.getProperty("java.class.path"),
                            OpenProbe.class.getName(),
                            dir.toString())
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(out)
                    .contains("Locked")
                    .contains("in use by another process")
                    .contains(dir.toAbsolutePath().toString());
            put(db, order("c", "o", "OPEN", 1));
        }
    }

    /** Run in a second JVM by the lock test: tries to open the directory and prints what happened. */
    public static final class OpenProbe {
        public static void main(String[] args) {
            try {
                Storage.open(Path.of(args[0])).close();
                System.out.println("OPENED");
            } catch (DurableStorageException e) {
                System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
            }
        }
    }

    @Test
    void aDirectoryOfAnotherFormatVersionIsRefusedNamingBothVersions() throws IOException {
        try (DurableStorage db = Storage.open(dir)) {
            db.createTable(orders());
        }
        Path marker = dir.resolve("PARTITA-FORMAT");
        assertThat(Files.readString(marker)).isEqualTo("partita-durable-format 2\n");
        Files.writeString(marker, "partita-durable-format 3\n");
        assertThatThrownBy(() -> Storage.open(dir))
                .isInstanceOfSatisfying(DurableStorageException.FormatMismatch.class, e -> {
                    assertThat(e.found()).isEqualTo("3");
                    assertThat(e.expected()).isEqualTo("2");
                })
                .hasMessageContaining("format version 3")
                .hasMessageContaining("format version 2");
        assertThat(Files.readString(marker)).isEqualTo("partita-durable-format 3\n"); // changed nothing
    }

    @Test
    void aDirectoryThatIsNotAStoreIsRefused() throws IOException {
        Files.writeString(dir.resolve("notes.txt"), "mine");
        assertThatThrownBy(() -> Storage.open(dir))
                .isInstanceOf(DurableStorageException.FormatMismatch.class)
                .hasMessageContaining("not a Partita store")
                .hasMessageContaining("notes.txt");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("notes.txt", "partita.lock");
        }
    }

    @Test
    void aMissingFormatMarkerIsReportedNotGuessed() throws IOException {
        try (DurableStorage db = Storage.open(dir)) {
            db.createTable(orders());
        }
        Files.delete(dir.resolve("PARTITA-FORMAT"));
        assertThatThrownBy(() -> Storage.open(dir))
                .isInstanceOf(DurableStorageException.Corrupted.class)
                .hasMessageContaining("PARTITA-FORMAT");
    }

    private Path writeAndFlush(int items) {
        try (DurableStorage db = Storage.open(dir)) {
            db.createTable(orders());
            for (int i = 0; i < items; i++) {
                put(db, order("c" + i % 11, "o" + i, "OPEN", i));
            }
        }
        // reopening replays the log into a table file (close leaves the last writes in the log only)
        try (DurableStorage db = Storage.open(dir)) {
            try {
                var flush = db.getClass().getDeclaredMethod("flush");
                flush.setAccessible(true);
                flush.invoke(db);
            } catch (ReflectiveOperationException e) {
                throw new LinkageError("RocksDB's flush() is not reachable", e);
            }
        }
        try (Stream<Path> files = Files.list(dir.resolve("rocksdb"))) {
            return files.filter(p -> p.toString().endsWith(".sst")).findFirst().orElseThrow();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aMissingDataFileIsNamedAndNothingIsServed() throws IOException {
        Path sst = writeAndFlush(200);
        Files.delete(sst);
        assertThatThrownBy(() -> Storage.open(dir))
                .isInstanceOf(DurableStorageException.Corrupted.class)
                .hasMessageContaining(sst.getFileName().toString());
    }

    @Test
    void aCorruptDataFileIsNamedAndNothingIsServedFromIt() throws IOException {
        Path sst = writeAndFlush(2000);
        try (RandomAccessFile f = new RandomAccessFile(sst.toFile(), "rw")) {
            long middle = f.length() / 3;
            for (int i = 0; i < 4096 && middle + i < f.length(); i += 7) {
                f.seek(middle + i);
                int b = f.read();
                f.seek(middle + i);
                f.write(b ^ 0x5A);
            }
        }
        // either the open or the first read of a damaged block fails, naming the file; no partial result is returned
        assertThatThrownBy(() -> {
                    try (DurableStorage db = Storage.open(dir)) {
                        for (int i = 0; i < 2000; i++) {
                            get(db, "c" + i % 11, "o" + i);
                        }
                        db.checkInvariants();
                    }
                })
                .isInstanceOf(DurableStorageException.Corrupted.class)
                .hasMessageContaining(sst.getFileName().toString());
    }

    @Test
    void backupWhileWritingIsAConsistentCopyAndOpeningItIsTheRestore() throws Exception {
        Path copy = dir.resolveSibling(dir.getFileName() + "-backup");
        AtomicInteger written = new AtomicInteger();
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch twoHundredWritten = new CountDownLatch(1);
        try (DurableStorage db = Storage.open(dir)) {
            db.createTable(orders());
            Thread writer = new Thread(() -> {
                int i = 0;
                while (!stop.get()) {
                    db.transactWriteItems(TransactWriteItemsRequest.builder()
                            .transactItems(List.of(
                                    TransactWriteItem.put("Orders", order("a", "o" + i, "OPEN", i)),
                                    TransactWriteItem.put("Orders", order("b", "o" + i, "OPEN", i))))
                            .build());
                    written.set(++i);
                    if (i == 200) {
                        twoHundredWritten.countDown();
                    }
                }
            });
            writer.start();
            assertThat(twoHundredWritten.await(60, TimeUnit.SECONDS))
                    .as("the writer reached 200 transactions")
                    .isTrue();
            int before = written.get();
            db.backup(copy);
            stop.set(true);
            writer.join();
            assertThat(written.get()).isGreaterThan(before); // writes went on during and after the backup
        }
        try (DurableStorage restored = Storage.open(copy)) {
            restored.checkInvariants();
            long items = restored.describeTable("Orders").itemCount();
            assertThat(items % 2).as("transactions whole in the copy").isZero();
            assertThat(items / 2).isGreaterThanOrEqualTo(200);
            for (int i = 0; i < items / 2; i++) {
                assertThat(get(restored, "a", "o" + i)).isNotNull();
                assertThat(get(restored, "b", "o" + i)).isNotNull();
            }
        } finally {
            TestStorage.deleteRecursively(copy);
        }
        assertThatThrownBy(() -> {
                    try (DurableStorage db = Storage.open(dir)) {
                        db.backup(dir);
                    }
                })
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("exists");
    }
}
