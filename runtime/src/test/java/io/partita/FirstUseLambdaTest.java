package io.partita;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.mapping.AttributeCodec;
import io.partita.mapping.Codecs;
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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A database's first use in a fresh JVM ({@code Partita.inMemory()}, then a table, a put and a get through
 * {@code db.requests()}, the decorated request path repositories use; one attribute a string set through the codec a
 * generated schema uses) bootstraps no lambda of Partita's own: each
 * would spin a class through {@code LambdaMetafactory} on the cold-start path (issue 14). Runs {@link FirstUse} in a
 * child JVM with {@code -Xlog:class+load} and reads which lambda classes it loaded. Nor does it load the parts of
 * Partita (and the JDK) that a first put and get do not use: each named class below was once built eagerly on this
 * path, and the test fails when one comes back (loading and verifying a class from the jar is most of a cold start).
 */
class FirstUseLambdaTest {
    /** The child's output (run once for both tests). */
    private static List<String> output;

    private static final String THROW_SITE = "an exception class loaded only to verify a throw or catch site";

    /**
     * Classes a database's first put and get must not load, each with the subsystem it belongs to. Named classes,
     * not a total count: a count breaks on any JDK update, a name only when that subsystem is built eagerly again.
     */
    private static final Map<String, String> NOT_ON_FIRST_USE = Map.ofEntries(
            Map.entry("io.partita.storage.engine.TimeToLive", "time to live (no table has it)"),
            Map.entry("io.partita.storage.engine.Transactions", "transactions"),
            Map.entry("io.partita.storage.engine.Batches", "batch operations"),
            Map.entry("io.partita.storage.engine.TokenBucketThroughput", "the provisioned-throughput model"),
            Map.entry("io.partita.storage.engine.DiskCatalog", "the durable engine"),
            Map.entry("io.partita.storage.engine.DurableCore", "the durable engine"),
            Map.entry("io.partita.storage.AsyncBackend$Adapter", "the asynchronous request path"),
            Map.entry("io.partita.spi.ForwardingAsyncBackend", "the asynchronous request path"),
            Map.entry("io.partita.spi.RetryingAsyncBackend", "the asynchronous request path"),
            Map.entry("io.partita.spi.RetryingBackend", "the retrying layer (a core without a throughput model)"),
            Map.entry("io.partita.RetryPolicy", "the default retry policy (created when first needed)"),
            Map.entry("io.partita.Transaction", "runtime transactions"),
            Map.entry("io.partita.BatchWrite", "runtime batches"),
            Map.entry("io.partita.GatherOptions", "gather (its shared pool)"),
            Map.entry("java.util.concurrent.ThreadPoolExecutor", "a thread pool (gather, time to live)"),
            Map.entry("java.util.concurrent.ScheduledThreadPoolExecutor", "a thread pool (time to live)"),
            Map.entry("java.util.regex.Pattern", "regular expressions (name checks)"),
            Map.entry("java.util.Formatter", "String.format (messages are filled by hand)"),
            Map.entry("java.lang.System$LoggerFinder", "logging (loggers are created on the first message)"),
            Map.entry("java.util.stream.ReferencePipeline", "streams"),
            Map.entry("java.lang.invoke.InnerClassLambdaMetafactory", "any lambda bootstrap, the JDK's included"),
            Map.entry(
                    "java.lang.NoSuchFieldError",
                    "a switch on an enum (its synthetic switch-map class, verified against NoSuchFieldError)"),
            Map.entry("io.partita.storage.value.ArraySet$1", "an iterator class of a stored set's own"),
            Map.entry(
                    "java.util.NoSuchElementException", "an iterator's own throw site (verifying it loads the class)"),
            // exceptions the verifier would load for a throw or catch site on the path, though nothing fails: they
            // are built by helpers declared to return RuntimeException and caught as RuntimeException
            Map.entry("io.partita.storage.StorageException", THROW_SITE),
            Map.entry("io.partita.storage.ValidationException", THROW_SITE),
            Map.entry("io.partita.storage.ResourceNotFoundException", THROW_SITE),
            Map.entry("io.partita.storage.ResourceInUseException", THROW_SITE),
            Map.entry("io.partita.storage.ConditionalCheckFailedException", THROW_SITE),
            Map.entry("io.partita.storage.ItemCollectionSizeLimitExceededException", THROW_SITE),
            Map.entry("java.lang.UnsupportedOperationException", THROW_SITE),
            Map.entry(
                    "io.partita.mapping.MappingException", THROW_SITE + " (Codecs throws through MappingException.of)"),
            Map.entry(
                    "io.partita.storage.expression.ParsedExpression",
                    "the expression interface (a put's condition or a get's projection passed as it makes the verifier"
                            + " load it, though the request has no expression)"),
            Map.entry(
                    "io.partita.mapping.Codecs$1",
                    "withDefault's codec class (the primitive codecs are built-in codecs with their absent value)"),
            Map.entry("java.lang.NumberFormatException", THROW_SITE),
            Map.entry(
                    "io.partita.TableNameResolver$Identity",
                    "the identity table-name resolver (a database that keeps names as they are holds none)"),
            Map.entry(
                    "io.partita.spi.RetryObserver",
                    "the retrying layer's observer type (passing an argument as an interface makes the verifier load it)"),
            Map.entry(
                    "io.partita.storage.engine.EntryMap$Visitor",
                    "a query page's visitor (passed as an interface where a get's code is verified)"));

    @Test
    void inMemoryDatabasePutAndGetBootstrapNoPartitaLambda() throws Exception {
        List<String> loaded = output();

        assertThat(loaded).as("the child ran to the end").contains("FIRST-USE-DONE");
        assertThat(loaded)
                .as("lambda classes of Partita loaded on a database's first use")
                .filteredOn(line -> line.contains("io.partita.") && line.contains("$$Lambda"))
                .isEmpty();
    }

    @Test
    void inMemoryDatabasePutAndGetLoadNoUnusedSubsystem() throws Exception {
        List<String> lines = output();
        assertThat(lines).as("the child ran to the end").contains("FIRST-USE-DONE");
        Set<String> loaded = loadedClasses(lines.subList(0, lines.indexOf("FIRST-USE-DONE")));
        assertThat(loaded).as("classes the child loaded (the log was read)").contains("io.partita.Partita");
        Map<String, String> present = new TreeMap<>(NOT_ON_FIRST_USE);
        present.keySet().retainAll(loaded);
        assertThat(present)
                .as("classes of subsystems a first put and get do not use, loaded on a database's first use")
                .isEmpty();
    }

    @Test
    void theDefaultGatherOptionsCreateNoThreadPool() throws Exception {
        List<String> lines = output();
        assertThat(lines).as("the child ran to the end").contains("QUERY-OPTIONS-DONE");
        assertThat(loadedClasses(lines))
                .as("asking for the default gather options (as every repository query does) creates the pool")
                .contains("io.partita.GatherOptions")
                .doesNotContain("java.util.concurrent.ThreadPoolExecutor");
    }

    /**
     * The primitive codecs are built-in codecs (one class for all of them) with their default for a missing
     * attribute, not {@code withDefault} wrappers: each wrapper class would be one more class to load when the first
     * entity with a primitive field is mapped (issue 14). The names above catch {@code Codecs$1} only while it is the
     * first anonymous class of {@code Codecs}; this checks the codecs themselves.
     */
    @Test
    void thePrimitiveCodecsAreBuiltinCodecsWithTheirDefault() {
        Class<?> builtin = Codecs.STRING.getClass();
        assertThat(List.of(
                        Codecs.PRIMITIVE_BOOLEAN,
                        Codecs.PRIMITIVE_BYTE,
                        Codecs.PRIMITIVE_CHAR,
                        Codecs.PRIMITIVE_DOUBLE,
                        Codecs.PRIMITIVE_FLOAT,
                        Codecs.PRIMITIVE_INT,
                        Codecs.PRIMITIVE_LONG,
                        Codecs.PRIMITIVE_SHORT))
                .extracting(Object::getClass)
                .containsOnly(builtin);
        assertThat(List.of(
                        Codecs.PRIMITIVE_BOOLEAN.absent(),
                        Codecs.PRIMITIVE_BYTE.absent(),
                        Codecs.PRIMITIVE_CHAR.absent(),
                        Codecs.PRIMITIVE_DOUBLE.absent(),
                        Codecs.PRIMITIVE_FLOAT.absent(),
                        Codecs.PRIMITIVE_INT.absent(),
                        Codecs.PRIMITIVE_LONG.absent(),
                        Codecs.PRIMITIVE_SHORT.absent()))
                .containsExactly(false, (byte) 0, '\0', 0d, 0f, 0, 0L, (short) 0);
        assertThat(Codecs.PRIMITIVE_INT.type()).isEqualTo(Codecs.INTEGER.type());
        assertThat(Codecs.PRIMITIVE_INT.decode(Codecs.INTEGER.encode(7))).isEqualTo(7);
        assertThat(Codecs.INTEGER.absent()).isNull();
    }

    /** The classes named by the class-loading log among {@code lines}. */
    private static Set<String> loadedClasses(List<String> lines) {
        Set<String> loaded = new HashSet<>();
        for (String line : lines) {
            int at = line.indexOf("[class,load] ");
            if (at >= 0) {
                String rest = line.substring(at + "[class,load] ".length());
                int end = rest.indexOf(' ');
                loaded.add(end < 0 ? rest : rest.substring(0, end));
            }
        }
        return loaded;
    }

    private static synchronized List<String> output() throws IOException, InterruptedException {
        if (output == null) {
            output = childOutput(FirstUse.class);
        }
        return output;
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
                AttributeCodec<Set<String>> tags = Codecs.set(Codecs.STRING); // as a generated schema's Set<String>
                requests.putItem(PutItemRequest.builder()
                        .tableName("Orders")
                        .item(ItemMap.builder(4)
                                .add("customerId", AttributeValue.s("c-1"))
                                .add("orderId", AttributeValue.s("o-1"))
                                .add("total", AttributeValue.n("129.95"))
                                .add("tags", tags.encode(Set.of("gift", "prio-1")))
                                .build())
                        .build());
                Map<String, AttributeValue> key =
                        Map.of("customerId", AttributeValue.s("c-1"), "orderId", AttributeValue.s("o-1"));
                Map<String, AttributeValue> item = requests.getItem(GetItemRequest.builder()
                                .tableName("Orders")
                                .key(key)
                                .build())
                        .item();
                if (item == null || tags.decode(item.get("tags")).size() != 2) {
                    throw new IllegalStateException("the item was not read back");
                }
                System.out.println("FIRST-USE-DONE");
                // what every repository query asks for when it is first built; the gather pool is created only by
                // a gather's first task
                if (db.gatherOptions().executor() != GatherOptions.sharedExecutor()) {
                    throw new IllegalStateException("the default gather options do not use the shared executor");
                }
            }
            System.out.println("QUERY-OPTIONS-DONE");
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
