package io.partita.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.partita.processor.Sources.seed;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.testing.compile.Compilation;
import io.partita.repository.CreateTableJson;
import io.partita.storage.schema.TableDefinition;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The design report and CreateTable JSON resources: the JSON parses and equals what the runtime's
 * {@link CreateTableJson} prints for the generated {@code TABLE} (key schema, attribute definitions,
 * indexes, projections), for every seed table.
 */
class ReportTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static final List<String> SEEDS = List.of(
            "gamescores/GameScore",
            "forum/Thread",
            "orders/Order",
            "orders/OrderStatus",
            "directory/Business",
            "adclicks/AdClick",
            "singletable/AppTable",
            "singletable/User",
            "singletable/Order",
            "singletable/Product",
            "singletable/Ticket");

    @Test
    void createTableJsonParsesAndMatchesTheGeneratedTableDefinition() throws Exception {
        Compilation c = Sources.compile(SEEDS.stream().map(s -> seed(s)).toArray(JavaFileObject[]::new));
        assertThat(c).succeeded();
        Map<String, String> reports = GoldenFilesTest.reports(c);
        Map<String, TableDefinition> tables = generatedTables(c);
        assertThat(tables.keySet())
                .containsExactlyInAnyOrder("GameScores", "Thread", "Orders", "BusinessDirectory", "AdClicks", "App");
        for (Map.Entry<String, TableDefinition> t : tables.entrySet()) {
            String json = reports.get("META-INF/partita/" + t.getKey() + ".create-table.json");
            assertThat(json).as(t.getKey()).isNotNull();
            JsonNode parsed = JSON.readTree(json);
            JsonNode expected = CreateTableJson.toJson(t.getValue());
            assertThat(parsed.get("KeySchema")).as(t.getKey() + " KeySchema").isEqualTo(expected.get("KeySchema"));
            assertThat(parsed).as(t.getKey() + " CreateTable request").isEqualTo(expected);
            assertThat(reports).containsKey("META-INF/partita/" + t.getKey() + ".md");
        }
    }

    @Test
    void scatterShardAttributesAreKeyElementsInOrder() throws IOException {
        Compilation c = Sources.compile(seed("orders/Order"), seed("orders/OrderStatus"));
        JsonNode orders = JSON.readTree(GoldenFilesTest.reports(c).get("META-INF/partita/Orders.create-table.json"));
        JsonNode status = null;
        for (JsonNode gsi : orders.get("GlobalSecondaryIndexes")) {
            if (gsi.get("IndexName").asText().equals("StatusIndex")) {
                status = gsi;
            }
        }
        assertThat(status).isNotNull();
        assertThat(status.get("KeySchema").toString())
                .isEqualTo("[{\"AttributeName\":\"Status\",\"KeyType\":\"HASH\"},"
                        + "{\"AttributeName\":\"StatusIndex_shard\",\"KeyType\":\"HASH\"},"
                        + "{\"AttributeName\":\"OrderDate\",\"KeyType\":\"RANGE\"}]");
        assertThat(orders.get("BillingMode").asText()).isEqualTo("PAY_PER_REQUEST");
    }

    @Test
    void reportListsAccessPatternsWriteAmplificationAndNotes() {
        Compilation c = Sources.compile(seed("gamescores/GameScore"), seed("forum/Thread"));
        Map<String, String> reports = GoldenFilesTest.reports(c);
        String games = reports.get("META-INF/partita/GameScores.md");
        assertThat(games)
                .contains("`gameTitleIndex(String gameTitle).topScore()…`")
                .contains("Write amplification: **1 + 1**")
                .contains("`GameTitleIndex` (when `topScore` is set)");
        assertThat(reports.get("META-INF/partita/Thread.md")).contains("10 GB");
    }

    /** Loads the compiled classes and reads {@code TABLE} of every generated repository, by table name. */
    private static Map<String, TableDefinition> generatedTables(Compilation c) throws Exception {
        Map<String, byte[]> classes = new HashMap<>();
        for (JavaFileObject f : c.generatedFiles()) {
            String path = f.toUri().getPath();
            if (f.getKind() == JavaFileObject.Kind.CLASS && path.contains("CLASS_OUTPUT/")) {
                String name = path.substring(
                                path.indexOf("CLASS_OUTPUT/") + "CLASS_OUTPUT/".length(), path.length() - 6)
                        .replace('/', '.');
                try (InputStream in = f.openInputStream()) {
                    classes.put(name, in.readAllBytes());
                }
            }
        }
        ClassLoader loader = new ClassLoader(ReportTest.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                byte[] b = classes.get(name);
                if (b == null) {
                    throw new ClassNotFoundException(name);
                }
                return defineClass(name, b, 0, b.length);
            }
        };
        Map<String, TableDefinition> tables = new TreeMap<>();
        for (String name : new java.util.TreeSet<>(classes.keySet())) {
            if (!name.endsWith("Repository")) {
                continue;
            }
            TableDefinition t =
                    (TableDefinition) loader.loadClass(name).getField("TABLE").get(null);
            TableDefinition previous = tables.putIfAbsent(t.name(), t);
            if (previous != null) {
                try {
                    assertThat(CreateTableJson.toJson(t)).as(name).isEqualTo(CreateTableJson.toJson(previous));
                } catch (RuntimeException e) {
                    throw new UncheckedIOException(new IOException(e));
                }
            }
        }
        return tables;
    }
}
