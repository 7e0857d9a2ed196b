package io.partita.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.partita.processor.Expect.onlyError;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.source;

import com.google.testing.compile.Compilation;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * docs/rules.md "Change streams": {@code @ChangeStream} puts the stream on the table definition, CreateTable JSON,
 * design report and design.json, and gives the repository its typed {@code changes()}; conflicting views and a
 * stream without a table are errors.
 */
class ChangeStreamRulesTest {
    private static final JavaFileObject USER = source(
            "User",
            "@Entity(table = Shop.class, type = \"User\")",
            "@Key(pk = \"SHOP#{shop}\", sk = \"USER#{id}\")",
            "record User(String shop, String id) implements Shop {}");
    private static final JavaFileObject ORDER = source(
            "Order",
            "@Entity(table = Shop.class, type = \"Order\")",
            "@Key(pk = \"SHOP#{shop}\", sk = \"ORDER#{id}\")",
            "record Order(String shop, String id, long total) implements Shop {}");

    @Test
    void aStreamedEntityTableCarriesTheStreamAndATypedFeed() {
        JavaFileObject event = source(
                "Event",
                "@Table(name = \"Events\")",
                "@ChangeStream(StreamView.NEW_IMAGE)",
                "record Event(@PartitionKey String id, String what) {}");
        JavaFileObject caller = source(
                "Caller",
                "class Caller {",
                "  static int read(EventRepository events) {",
                "    try (io.partita.ChangeFeed<Event> feed = events.changes()) {",
                "      int n = 0;",
                "      for (io.partita.Change<Event> c : feed.poll(Duration.ofMillis(1))) {",
                "        n += c.newValue().map(e -> e.what().length()).orElse(0);",
                "      }",
                "      return n + events.changes(io.partita.StartingPosition.TRIM_HORIZON).poll(Duration.ZERO).size();",
                "    }",
                "  }",
                "}");
        Compilation c = compile(event, caller);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c)
                .generatedSourceFile("p.EventRepository")
                .contentsAsUtf8String()
                .contains(".stream(StreamViewType.NEW_IMAGE)");
        assertThat(c)
                .generatedSourceFile("p.EventRepository")
                .contentsAsUtf8String()
                .contains("implements ChangeSource<Event>");
        Map<String, String> reports = GoldenFilesTest.reports(c);
        org.assertj.core.api.Assertions.assertThat(reports.get("META-INF/partita/Events.create-table.json"))
                .contains("\"StreamSpecification\": {", "\"StreamViewType\": \"NEW_IMAGE\"");
        org.assertj.core.api.Assertions.assertThat(reports.get("META-INF/partita/Events.md"))
                .contains("## Change stream", "view `NEW_IMAGE`", "`@ChangeStream` on `Event`");
        org.assertj.core.api.Assertions.assertThat(reports.get("META-INF/partita/design.json"))
                .contains("\"stream\" : \"NEW_IMAGE\"");
    }

    @Test
    void aTableWithoutAStreamHasNoFeed() {
        JavaFileObject event = source("Event", "@Table(name = \"Events\")", "record Event(@PartitionKey String id) {}");
        JavaFileObject caller = source(
                "Caller",
                "class Caller {",
                "  static Object read(EventRepository events) {",
                "    return events.changes();",
                "  }",
                "}");
        Compilation c = compile(event, caller);
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("cannot find symbol");
    }

    @Test
    void aSealedSharedTableFeedsItsInterface() {
        JavaFileObject shop = source(
                "Shop",
                "@Table(name = \"Shop\", partitionKey = \"PK\", sortKey = \"SK\")",
                "@ChangeStream",
                "sealed interface Shop permits User, Order {}");
        JavaFileObject caller = source(
                "Caller",
                "class Caller {",
                "  static long totals(ShopRepository shop) {",
                "    long sum = 0;",
                "    for (io.partita.Change<Shop> c : shop.changes().poll(Duration.ZERO)) {",
                "      Shop s = c.newValue().orElseThrow();",
                "      if (s instanceof Order o) { sum += o.total(); }",
                "    }",
                "    return sum;",
                "  }",
                "}");
        Compilation c = compile(shop, USER, ORDER, caller);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c)
                .generatedSourceFile("p.ShopRepository")
                .contentsAsUtf8String()
                .contains("implements ChangeSource<Shop>");
        assertThat(c)
                .generatedSourceFile("p.OrderRepository")
                .contentsAsUtf8String()
                .contains("public ChangeFeed<Order> changes()");
    }

    @Test
    void twoViewsOnOneSharedTable() {
        JavaFileObject shop = source(
                "Shop",
                "@Table(name = \"Shop\", partitionKey = \"PK\", sortKey = \"SK\")",
                "@ChangeStream",
                "interface Shop {}");
        JavaFileObject order = source(
                "Order",
                "@Entity(table = Shop.class, type = \"Order\")",
                "@ChangeStream(StreamView.KEYS_ONLY)",
                "@Key(pk = \"SHOP#{shop}\", sk = \"ORDER#{id}\")",
                "record Order(String shop, String id, long total) implements Shop {}");
        onlyError(compile(shop, USER, order), "ConflictingChangeStreams", order, "@ChangeStream(StreamView.KEYS_ONLY)");
    }

    @Test
    void aStreamOnATypeWithoutATable() {
        JavaFileObject event = source("Event", "@ChangeStream", "record Event(String id) {}");
        onlyError(compile(event), "ChangeStreamWithoutTable", event, "@ChangeStream");
    }
}
