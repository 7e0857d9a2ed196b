package io.partita.processor;

import static io.partita.processor.Expect.clean;
import static io.partita.processor.Expect.onlyError;
import static io.partita.processor.Expect.onlyWarning;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** docs/rules.md "Global secondary indexes". */
class GsiRulesTest {

    private static JavaFileObject gsis(int count) {
        String fields = IntStream.rangeClosed(1, count)
                .mapToObj(i -> "  @GsiKey(index = \"Gsi" + i + "\") String f" + i)
                .collect(Collectors.joining(",\n"));
        return source("Wide", "@Table(name = \"Wide\")", "record Wide(@PartitionKey String id,", fields + ") {}");
    }

    @Test
    void atMostTwentyGsis() {
        JavaFileObject s = gsis(21);
        onlyError(compile(s), "TooManyGsis", s, "Gsi21");
    }

    @Test
    void twentyGsisAreFine() {
        clean(compile(gsis(20)));
    }

    @Test
    void gsiQuotaRaisedByProcessorOption() {
        clean(compile(List.of("-Apartita.maxGsisPerTable=25"), gsis(21)));
    }

    @Test
    void invalidQuotaOptionIsReportedAndIgnored() {
        var c = compile(List.of("-Apartita.maxGsisPerTable=lots"), gsis(1));
        com.google.testing.compile.CompilationSubject.assertThat(c).hadWarningContaining("[InvalidOption]");
    }

    @Test
    void gsiWithOnlyASortKey() {
        JavaFileObject s = source(
                "Item",
                "@Table(name = \"Items\")",
                "record Item(@PartitionKey String id,",
                "  @GsiKey(index = \"ByTime\", role = KeyRole.SORT) Instant at) {}");
        onlyError(compile(s), "GsiMissingPartitionKey", s, "Instant at");
    }

    @Test
    void declaredGsiWithoutKeyFields() {
        JavaFileObject s = source(
                "Item",
                "@Table(name = \"Items\")",
                "@Gsi(name = \"ByTime\")",
                "record Item(@PartitionKey String id) {}");
        onlyError(compile(s), "GsiMissingPartitionKey", s, "@Gsi(name = \"ByTime\")");
    }

    @Test
    void atMostFourSortKeyParts() {
        JavaFileObject s = source(
                "Place",
                "@Table(name = \"Places\")",
                "record Place(@PartitionKey String id, @GsiKey(index = \"ByLocation\") String type,",
                "  @GsiKey(index = \"ByLocation\", role = KeyRole.SORT, order = 0) String country,",
                "  @GsiKey(index = \"ByLocation\", role = KeyRole.SORT, order = 1) String state,",
                "  @GsiKey(index = \"ByLocation\", role = KeyRole.SORT, order = 2) String city,",
                "  @GsiKey(index = \"ByLocation\", role = KeyRole.SORT, order = 3) String street,",
                "  @GsiKey(index = \"ByLocation\", role = KeyRole.SORT, order = 4) String number) {}");
        onlyError(compile(s), "TooManyKeyParts", s, "String number");
    }

    @Test
    void keyPartOrdersContiguousFromZero() {
        JavaFileObject s = source(
                "Place",
                "@Table(name = \"Places\")",
                "record Place(@PartitionKey String id, @GsiKey(index = \"ByLocation\") String type,",
                "  @GsiKey(index = \"ByLocation\", role = KeyRole.SORT, order = 0) String country,",
                "  @GsiKey(index = \"ByLocation\", role = KeyRole.SORT, order = 2) String city) {}");
        var c = compile(s);
        onlyError(c, "KeyPartOrder", s, "String city");
        assertThat(Expect.text(c, "KeyPartOrder")).contains("use order 1");
    }

    @Test
    void duplicateKeyPartOrder() {
        JavaFileObject s = source(
                "Place",
                "@Table(name = \"Places\")",
                "record Place(@PartitionKey String id, @GsiKey(index = \"ByLocation\") String type,",
                "  @GsiKey(index = \"ByLocation\", role = KeyRole.SORT, order = 0) String country,",
                "  @GsiKey(index = \"ByLocation\", role = KeyRole.SORT, order = 0) String state) {}");
        onlyError(compile(s), "DuplicateKeyPart", s, "String state");
    }

    @Test
    void sameFieldInBothRolesOfOneIndex() {
        JavaFileObject s = source(
                "Item",
                "@Table(name = \"Items\")",
                "record Item(@PartitionKey String id,",
                "  @GsiKey(index = \"ByOwner\")",
                "  @GsiKey(index = \"ByOwner\", role = KeyRole.SORT)",
                "  String owner) {}");
        onlyError(compile(s), "KeyPartInBothRoles", s, "role = KeyRole.SORT");
    }

    @Test
    void lowCardinalityEnumPartitionKeyWarns() {
        JavaFileObject s = source(
                "Order",
                "@Table(name = \"Orders\")",
                "record Order(@PartitionKey String id,",
                "  @GsiKey(index = \"ByStatus\") Status status) {}",
                "enum Status { NEW, PAID, SHIPPED }");
        var c = compile(s);
        onlyWarning(c, "LowCardinalityPartitionKey", s, "Status status");
        assertThat(Expect.text(c, "LowCardinalityPartitionKey")).contains("@Scatter(index = \"ByStatus\"");
    }

    @Test
    void scatteredLowCardinalityPartitionKeyDoesNotWarn() {
        clean(compile(source(
                "Order",
                "@Table(name = \"Orders\")",
                "@Scatter(index = \"ByStatus\", by = \"id\")",
                "record Order(@PartitionKey String id,",
                "  @GsiKey(index = \"ByStatus\") Status status) {}",
                "enum Status { NEW, PAID, SHIPPED }")));
    }

    @Test
    void enumWithElevenConstantsIsNotLowCardinality() {
        clean(compile(source(
                "Item",
                "@Table(name = \"Items\")",
                "record Item(@PartitionKey String id, @GsiKey(index = \"ByColor\") Color color) {}",
                "enum Color { A, B, C, D, E, F, G, H, I, J, K }")));
    }

    @Test
    void constantOverloadedPartitionTemplateWarns() {
        JavaFileObject t = source(
                "App",
                "@Table(name = \"App\", partitionKey = \"PK\")",
                "@Gsi(name = \"GSI1\", partitionKey = \"GSI1PK\")",
                "interface App {}");
        JavaFileObject u = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{id}\")",
                "@GsiKey(index = \"GSI1\", pk = \"ALL_USERS\")",
                "record User(String id) {}");
        onlyWarning(compile(t, u), "LowCardinalityPartitionKey", u, "ALL_USERS");
    }

    @Test
    void booleanPlaceholderPartitionTemplateWarns() {
        JavaFileObject t = source(
                "App",
                "@Table(name = \"App\", partitionKey = \"PK\")",
                "@Gsi(name = \"GSI1\", partitionKey = \"GSI1PK\")",
                "interface App {}");
        JavaFileObject u = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{id}\")",
                "@GsiKey(index = \"GSI1\", pk = \"ACTIVE#{active}\")",
                "record User(String id, boolean active) {}");
        onlyWarning(compile(t, u), "LowCardinalityPartitionKey", u, "ACTIVE#{active}");
    }
}
