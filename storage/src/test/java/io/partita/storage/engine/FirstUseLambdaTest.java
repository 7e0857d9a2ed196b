package io.partita.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.Storage;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The core's first use in a fresh JVM (start, create a table with a GSI, one put, one get) bootstraps no lambda of
 * the core's own: each would spin a class through {@code LambdaMetafactory} on the cold-start path (issue 14). Runs
 * {@link FirstUse} in a child JVM with {@code -Xlog:class+load} and reads which lambda classes it loaded.
 */
class FirstUseLambdaTest {
    /** The child's output (run once for both tests). */
    private static List<String> output;

    @Test
    void startCreateTablePutAndGetBootstrapNoCoreLambda() throws Exception {
        List<String> loaded = output();

        assertThat(loaded).as("the child ran to the end").contains("FIRST-USE-DONE");
        assertThat(loaded)
                .as("lambda classes of the core loaded on its first use")
                .filteredOn(line -> line.contains("io.partita.") && line.contains("$$Lambda"))
                .isEmpty();
    }

    /**
     * Nor does it load any of the core's exception classes: a {@code throw new X(..)} or {@code catch (X e)} on the
     * path makes the JVM's verifier load {@code X} (and {@code StorageException}) though nothing fails, ≈0.4 ms per
     * class from a jar in a fresh JVM. Exceptions are built by helpers declared to return {@code RuntimeException}
     * ({@code Message.exception}, {@code Failures}) and caught as {@code RuntimeException}; the same for
     * {@code EntryMap.Visitor}, an argument type only queries need, and {@code ParsedExpression}: a put's condition
     * and a get's projection are passed as their own types ({@code Placeholders.checkExpressions} has an overload for
     * each), since passing either as the interface makes the verifier load it, though the request has no expression.
     */
    @Test
    void startCreateTablePutAndGetLoadNoExceptionClass() throws Exception {
        List<String> lines = output();
        assertThat(lines).as("the child ran to the end").contains("FIRST-USE-DONE");
        assertThat(lines)
                .as(
                        "exception classes (the query visitor, the expression interface) of the core loaded on its first use")
                .filteredOn(line -> line.contains("[class,load] io.partita.storage.")
                        && (line.contains("Exception ")
                                || line.contains("EntryMap$Visitor ")
                                || line.contains(".ParsedExpression ")))
                .isEmpty();
    }

    /**
     * Nor does it bring up a VarHandle, a {@code ConcurrentSkipListMap} or a {@code LongAdder}: the first of each
     * in a fresh JVM costs a millisecond or more (access modes, forms, guards; the skip list's and the adder's own
     * handles), a third of the first put and get with the documented class-data archive. The hash table's slots use
     * fences ({@code PartitionSlots}), the counters start as one atomic word ({@code Tally}), the scan order's skip
     * list is made by the first scan and the in-place overwrite's handle by the first such overwrite. What the JDK's
     * own classes on the path bring up is not the core's: on JDK 25 the default options' {@code Clock.systemUTC()}
     * initialises {@code ZoneOffset}, whose cache is an {@code AtomicReferenceArray} (an array VarHandle), and the
     * first {@code BigDecimal} (a number value's constants) starts a {@code ForkJoinPool} (field VarHandles), so the
     * classes a child loads by making those JDK objects alone ({@link JdkPart}) are left out.
     */
    @Test
    void startCreateTablePutAndGetBringUpNoVarHandle() throws Exception {
        List<String> lines = output();
        int read = lines.indexOf("FIRST-USE-READ");
        assertThat(read).as("the child read the item back").isPositive();
        List<String> jdkPart = handleClasses(childClassLoads(JdkPart.class));
        assertThat(handleClasses(lines.subList(0, read)))
                .as("VarHandle, skip-list and adder classes loaded by the first use, beyond the JDK's part %s", jdkPart)
                .filteredOn(name -> !jdkPart.contains(name))
                .isEmpty();
    }

    /** The names of the VarHandle, skip-list and adder classes among class-loading log lines. */
    private static List<String> handleClasses(List<String> lines) {
        return lines.stream()
                .filter(line -> line.contains("[class,load] java.lang.invoke.VarHandleReferences")
                        || line.contains("[class,load] java.lang.invoke.VarHandleLongs")
                        || line.contains("[class,load] java.lang.invoke.VarHandleInts")
                        || line.contains("[class,load] java.util.concurrent.ConcurrentSkipListMap ")
                        || line.contains("[class,load] java.util.concurrent.atomic.Striped64 "))
                .map(line -> {
                    String rest = line.substring(line.indexOf("[class,load] ") + "[class,load] ".length());
                    return rest.substring(0, rest.indexOf(' '));
                })
                .toList();
    }

    private static synchronized List<String> output() throws IOException, InterruptedException {
        if (output == null) {
            output = childClassLoads(FirstUse.class);
        }
        return output;
    }

    /** The child that makes only the JDK objects the core's first use makes: the default options' and a number's. */
    static final class JdkPart {
        private JdkPart() {}

        public static void main(String[] args) {
            System.out.println(
                    Clock.systemUTC().millis() + Duration.ofMinutes(1).toMillis() + BigDecimal.ONE.scale());
        }
    }

    /** The child: the core's first use, as an embedded application's start does it. */
    static final class FirstUse {
        private FirstUse() {}

        public static void main(String[] args) {
            try (Storage storage = Storage.inMemory()) {
                storage.createTable(TableDefinition.builder("Orders")
                        .partitionKey(KeyAttribute.s("customerId"))
                        .sortKey(KeyAttribute.s("orderId"))
                        .globalSecondaryIndex(GlobalSecondaryIndex.of(
                                "ByWarehouse",
                                KeyAttribute.s("warehouseId"),
                                KeyAttribute.s("createdAt"),
                                Projection.all()))
                        .build());
                Map<String, AttributeValue> key =
                        Map.of("customerId", AttributeValue.s("c-1"), "orderId", AttributeValue.s("o-1"));
                storage.putItem(PutItemRequest.builder()
                        .tableName("Orders")
                        .item(ItemMap.builder(5) // as the runtime's generated schemas write items
                                .add("customerId", AttributeValue.s("c-1"))
                                .add("orderId", AttributeValue.s("o-1"))
                                .add("warehouseId", AttributeValue.s("wh-7"))
                                .add("createdAt", AttributeValue.s("2026-11-24T00:00:00Z"))
                                .add("total", AttributeValue.n("129.95"))
                                .build())
                        .build());
                if (storage.getItem(GetItemRequest.builder()
                                        .tableName("Orders")
                                        .key(key)
                                        .build())
                                .item()
                        == null) {
                    throw new IllegalStateException("the item was not read back");
                }
                System.out.println("FIRST-USE-READ");
            }
            System.out.println("FIRST-USE-DONE");
        }
    }

    /** Runs {@code main} in a fresh JVM on this class path; its output lines, class-loading log included. */
    private static List<String> childClassLoads(Class<?> main) throws IOException, InterruptedException {
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
