package io.partita.storage.durable;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.DurableStorageException;
import io.partita.storage.Storage;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RocksDB ({@code org.rocksdb:rocksdbjni}) is an optional dependency of partita-storage: an application that
 * never opens a directory runs without it, and one that does gets an error naming the dependency. Shown in a real
 * JVM whose class path is this module's without the RocksDB jar.
 */
class OptionalEngineTest {

    @Test
    void withoutRocksDbTheInMemoryCoreWorksAndOpeningADirectoryNamesTheMissingDependency(@TempDir Path dir)
            throws IOException, InterruptedException {
        String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !Paths.get(entry).getFileName().toString().startsWith("rocksdbjni"))
                .collect(Collectors.joining(File.pathSeparator));
        assertThat(classPath).isNotEqualTo(System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                classPath,
                Probe.class.getName(),
                dir.resolve("store").toString()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS))
                .as("probe JVM finished")
                .isTrue();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(output).as(output).contains("in memory: v1");
        assertThat(output)
                .as(output)
                .contains(DurableStorageException.EngineMissing.class.getName())
                .contains("the durable engine needs RocksDB on the class path")
                .contains("org.rocksdb:rocksdbjni:")
                .doesNotContain("rocksdbjni:(the version");
        assertThat(process.exitValue()).as(output).isZero();
        assertThat(Files.exists(dir.resolve("store"))).as("nothing created").isFalse();
    }

    /** Runs in the child JVM: the in-memory core, then {@code Storage.open}. */
    static final class Probe {
        public static void main(String[] args) {
            try (Storage storage = Storage.inMemory()) {
                storage.createTable(TableDefinition.builder("Things")
                        .partitionKey(KeyAttribute.s("pk"))
                        .build());
                storage.putItem(PutItemRequest.builder()
                        .tableName("Things")
                        .item(Map.of("pk", AttributeValue.s("k"), "v", AttributeValue.s("v1")))
                        .build());
                AttributeValue v = storage.getItem(GetItemRequest.builder()
                                .tableName("Things")
                                .key(Map.of("pk", AttributeValue.s("k")))
                                .build())
                        .item()
                        .get("v");
                System.out.println("in memory: " + ((AttributeValue.S) v).value());
            }
            try (Storage durable = Storage.open(Paths.get(args[0]))) {
                System.out.println("opened without RocksDB: " + durable);
                System.exit(1);
            } catch (DurableStorageException.EngineMissing e) {
                System.out.println(e.getClass().getName() + ": " + e.getMessage());
            }
        }
    }
}
