package io.partita.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.partita.processor.DesignBaselineTest.design;
import static io.partita.processor.Sources.seed;
import static io.partita.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * META-INF/partita/design.json: one file for the compilation, byte-identical for the same design whatever the order
 * of the sources, and a build without -Apartita.baseline reports nothing about it. The seeds' file is a golden file
 * ({@code GoldenFilesTest}, golden/META-INF/partita/design.json).
 */
class DesignFileTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static final List<String> SEEDS = List.of(
            "orders/Order",
            "orders/OrderStatus",
            "sessions/Session",
            "singletable/AppTable",
            "singletable/User",
            "singletable/Order",
            "singletable/Product",
            "singletable/Ticket");

    @Test
    void theSameDesignGivesTheSameBytesInAnySourceOrder() throws IOException {
        List<JavaFileObject> sources =
                new ArrayList<>(SEEDS.stream().map(s -> seed(s)).toList());
        String first = design(Sources.compile(sources.toArray(JavaFileObject[]::new)));
        Collections.reverse(sources);
        String reversed = design(Sources.compile(sources.toArray(JavaFileObject[]::new)));
        assertThat(reversed).isEqualTo(first);
        assertThat(first).endsWith("}\n").doesNotContain("\r");
    }

    @Test
    void recordsKeysIndexesTemplatesScatterAndTimeToLive() throws IOException {
        JsonNode tables = JSON.readTree(
                        design(Sources.compile(SEEDS.stream().map(s -> seed(s)).toArray(JavaFileObject[]::new))))
                .path("tables");
        assertThat(tables.fieldNames()).toIterable().containsExactly("App", "Orders", "Sessions");
        JsonNode orders = tables.path("Orders");
        assertThat(orders.at("/partitionKey/0/attribute").asText()).isEqualTo("OrderId");
        assertThat(orders.at("/indexes/StatusIndex/partitionKey/1/attribute").asText())
                .isEqualTo("StatusIndex_shard");
        assertThat(orders.at("/entities/seeds.orders.Order/scatter/StatusIndex/layout")
                        .asText())
                .isEqualTo("SHARD_KEY_PART");
        assertThat(orders.path("stream").isNull()).isTrue();
        assertThat(tables.at("/Sessions/timeToLive").isTextual()).isTrue();
        JsonNode app = tables.path("App");
        assertThat(app.path("kind").asText()).isEqualTo("SHARED");
        assertThat(app.at("/entities/seeds.singletable.User/key/partition").asText())
                .contains("{");
    }

    @Test
    void withoutTheOptionADesignChangeReportsNothing() throws IOException {
        Compilation c = Sources.compile(
                source(
                        "Book",
                        "@Table(name = \"Books\")",
                        "record Book(@PartitionKey String id, @Attribute(value = \"Name\", formerly = \"Title\") String title) {}"));
        assertThat(c).succeededWithoutWarnings();
        assertThat(c.diagnostics().stream()
                        .filter(d -> d.getKind() == Diagnostic.Kind.NOTE)
                        .map(d -> d.getMessage(null))
                        .filter(m -> m.contains("Design") || m.contains("Baseline")))
                .isEmpty();
        JsonNode step = JSON.readTree(design(c)).at("/tables/Books/migrations/0");
        assertThat(step.path("change").asText()).isEqualTo("ATTRIBUTE_NAME");
        assertThat(step.path("from").asText()).isEqualTo("Title");
    }

    @Test
    void noTableNoFile() {
        Compilation c = Sources.compile(source("Plain", "record Plain(String id) {}"));
        assertThat(c).succeeded();
        assertThat(GoldenFilesTest.reports(c)).doesNotContainKey("META-INF/partita/design.json");
    }
}
