package io.partita;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.Backend;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A database's first use in a fresh JVM ({@code Partita.inMemory()}, then a table, a put and a get through
 * {@code db.requests()}, the decorated request path repositories use) bootstraps no lambda of Partita's own: each
 * would spin a class through {@code LambdaMetafactory} on the cold-start path (issue 14). Runs {@link FirstUse} in a
 * child JVM with {@code -Xlog:class+load} and reads which lambda classes it loaded.
 */
class FirstUseLambdaTest {
    @Test
    void inMemoryDatabasePutAndGetBootstrapNoPartitaLambda() throws Exception {
        List<String> loaded = childOutput(FirstUse.class);

        assertThat(loaded).as("the child ran to the end").contains("FIRST-USE-DONE");
        assertThat(loaded)
                .as("lambda classes of Partita loaded on a database's first use")
                .filteredOn(line -> line.contains("io.partita.") && line.contains("$$Lambda"))
                .isEmpty();
    }

    /** The child: a database's first use, as an application's start does it (without a generated repository). */
    static final class FirstUse {
        private FirstUse() {}

        public static void main(String[] args) {
            try (Partita db = Partita.inMemory()) {
                Backend requests = db.requests();
                requests.createTable(TableDefinition.builder("Orders")
                        .partitionKey(KeyAttribute.s("customerId"))
                        .sortKey(KeyAttribute.s("orderId"))
                        .build());
                requests.putItem(PutItemRequest.builder()
                        .tableName("Orders")
                        .item(ItemMap.builder(3)
                                .add("customerId", AttributeValue.s("c-1"))
                                .add("orderId", AttributeValue.s("o-1"))
                                .add("total", AttributeValue.n("129.95"))
                                .build())
                        .build());
                Map<String, AttributeValue> key =
                        Map.of("customerId", AttributeValue.s("c-1"), "orderId", AttributeValue.s("o-1"));
                if (requests.getItem(GetItemRequest.builder()
                                        .tableName("Orders")
                                        .key(key)
                                        .build())
                                .item()
                        == null) {
                    throw new IllegalStateException("the item was not read back");
                }
            }
            System.out.println("FIRST-USE-DONE");
        }
    }

    /** Runs {@code main} in a fresh JVM on this class path; its output lines, class-loading log included. */
    private static List<String> childOutput(Class<?> main) throws IOException, InterruptedException {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<String> command = List.of(
                java, "-Xlog:class+load=info:stdout", "-cp", System.getProperty("java.class.path"), main.getName());
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out;
        try (InputStream in = child.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).as("child JVM finished").isTrue();
        assertThat(child.exitValue())
                .as("child JVM exit code; output:%n%s", out)
                .isZero();
        return out.lines().toList();
    }
}
