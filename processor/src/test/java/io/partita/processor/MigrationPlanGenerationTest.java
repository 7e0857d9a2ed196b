package io.partita.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.partita.processor.Sources.source;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated migration plan ({@code <TableType>Migrations.PLAN}): one per table that declares migrations, with
 * the new design's entity mappings, the steps sorted as in design.json and their values read from the baseline,
 * random shards kept; none for a table without declarations; the same sources give the same plan.
 */
class MigrationPlanGenerationTest {
    @TempDir
    Path dir;

    private static JavaFileObject app(String... more) {
        return source(
                "App",
                "@Table(name = \"App\", partitionKey = \"PK\", sortKey = \"SK\")",
                "@Gsi(name = \"GSI1\", partitionKey = \"GSI1PK\", sortKey = \"GSI1SK\")",
                String.join("\n", more),
                "interface App {}");
    }

    private static JavaFileObject user(String type, String pk, String... annotations) {
        return source(
                "User",
                "@Entity(table = App.class, type = \"" + type + "\")",
                "@Key(pk = \"" + pk + "\", sk = \"PROFILE\")",
                "@GsiKey(index = \"GSI1\", pk = \"STATUS#{status}\", sk = \"U#{id}\")",
                String.join("\n", annotations),
                "record User(String id, String status, @Attribute(value = \"Mail\", formerly = \"Email\") String mail) {}");
    }

    private static String plan(Compilation c) throws IOException {
        return c.generatedSourceFile("p.AppMigrations")
                .orElseThrow()
                .getCharContent(true)
                .toString();
    }

    @Test
    void aSharedTablePlanListsItsEntitiesAndSortedSteps() throws IOException {
        Compilation c = Sources.compile(
                app(),
                user(
                        "User",
                        "MEMBER#{id}",
                        "@Migration(change = Migration.Change.KEY_TEMPLATE)",
                        "@Scatter(index = \"GSI1\", shards = 4)",
                        "@Migration(change = Migration.Change.SCATTER, target = \"GSI1\")"));
        assertThat(c).succeeded();
        String plan = plan(c);
        org.assertj.core.api.Assertions.assertThat(plan)
                .contains("public final class AppMigrations {")
                .contains("public static final MigrationPlan PLAN = MigrationPlan.builder(\"App\")")
                .contains(".entity(\"p.User\", UserRepository.MAPPING)")
                .contains(".step(\"ATTRIBUTE_NAME\", \"Mail\", \"p.User\", \"Email\", \"Mail\")")
                .contains(".step(\"KEY_TEMPLATE\", \"\", \"p.User\", null,"
                        + " \"{\\\"partition\\\":\\\"MEMBER#{id}\\\",\\\"sort\\\":\\\"PROFILE\\\"}\")")
                .contains(".randomShard(\"GSI1PK\", 4, true)")
                .contains(".build();");
        org.assertj.core.api.Assertions.assertThat(plan.indexOf("ATTRIBUTE_NAME"))
                .isLessThan(plan.indexOf("KEY_TEMPLATE"));
        org.assertj.core.api.Assertions.assertThat(plan.indexOf("KEY_TEMPLATE"))
                .isLessThan(plan.indexOf("\"SCATTER\""));
        // deterministic: the same sources give the same plan
        org.assertj.core.api.Assertions.assertThat(plan(Sources.compile(
                        app(),
                        user(
                                "User",
                                "MEMBER#{id}",
                                "@Migration(change = Migration.Change.KEY_TEMPLATE)",
                                "@Scatter(index = \"GSI1\", shards = 4)",
                                "@Migration(change = Migration.Change.SCATTER, target = \"GSI1\")"))))
                .isEqualTo(plan);
    }

    @Test
    void withABaselineTheStepsCarryTheOldValues() throws IOException {
        Compilation before = Sources.compile(
                app(),
                source(
                        "User",
                        "@Entity(table = App.class, type = \"User\")",
                        "@Key(pk = \"USER#{id}\", sk = \"PROFILE\")",
                        "@GsiKey(index = \"GSI1\", pk = \"STATUS#{status}\", sk = \"U#{id}\")",
                        "record User(String id, String status, @Attribute(\"Email\") String mail) {}"));
        assertThat(before).succeededWithoutWarnings();
        Path baseline = dir.resolve("design-baseline.json");
        Files.writeString(baseline, DesignBaselineTest.design(before), StandardCharsets.UTF_8);
        Compilation c = Sources.compile(
                List.of("-Apartita.baseline=" + baseline),
                app(),
                user(
                        "Member",
                        "MEMBER#{id}",
                        "@Migration(change = Migration.Change.DISCRIMINATOR)",
                        "@Migration(change = Migration.Change.KEY_TEMPLATE)"));
        assertThat(c).succeededWithoutWarnings();
        org.assertj.core.api.Assertions.assertThat(plan(c))
                .contains(".step(\"DISCRIMINATOR\", \"\", \"p.User\", \"User\", \"Member\")")
                .contains(".step(\"KEY_TEMPLATE\", \"\", \"p.User\","
                        + " \"{\\\"partition\\\":\\\"USER#{id}\\\",\\\"sort\\\":\\\"PROFILE\\\"}\","
                        + " \"{\\\"partition\\\":\\\"MEMBER#{id}\\\",\\\"sort\\\":\\\"PROFILE\\\"}\")");
    }

    @Test
    void aSingleEntityTableGetsAPlanNamedAfterItsType() throws IOException {
        Compilation c = Sources.compile(
                source(
                        "Book",
                        "@Table(name = \"Books\")",
                        "record Book(@PartitionKey String id, @Attribute(value = \"Name\", formerly = \"Title\") String name) {}"));
        assertThat(c).succeededWithoutWarnings();
        org.assertj.core.api.Assertions.assertThat(c.generatedSourceFile("p.BookMigrations")
                        .orElseThrow()
                        .getCharContent(true)
                        .toString())
                .contains(".entity(\"p.Book\", BookRepository.MAPPING)")
                .contains(".step(\"ATTRIBUTE_NAME\", \"Name\", \"p.Book\", \"Title\", \"Name\")");
    }

    @Test
    void aTableWithoutDeclarationsGetsNoPlan() {
        Compilation c = Sources.compile(
                source("Book", "@Table(name = \"Books\")", "record Book(@PartitionKey String id, String name) {}"));
        assertThat(c).succeededWithoutWarnings();
        org.assertj.core.api.Assertions.assertThat(c.generatedSourceFile("p.BookMigrations"))
                .isEmpty();
    }
}
