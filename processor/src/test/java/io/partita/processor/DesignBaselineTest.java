package io.partita.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.partita.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * -Apartita.baseline: each kind of change against a baseline the test writes from a first compilation — errors for
 * changes that strand or misread data, accepted and recorded when declared; notes for deployment steps; warnings for
 * removals; an error for a baseline that cannot be read.
 */
class DesignBaselineTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static JavaFileObject book(String... components) {
        return source("Book", "@Table(name = \"Books\")", "record Book(" + String.join(", ", components) + ") {}");
    }

    private static final String ID = "@PartitionKey String id";

    static String design(Compilation c) throws IOException {
        return c.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/partita/design.json")
                .orElseThrow()
                .getCharContent(true)
                .toString();
    }

    /** Compiles {@code before} without a baseline and writes its design.json as the baseline. */
    private String baseline(JavaFileObject... before) throws IOException {
        Compilation c = Sources.compile(before);
        assertThat(c).succeededWithoutWarnings();
        Path file = dir.resolve("design-baseline.json");
        Files.writeString(file, design(c), StandardCharsets.UTF_8);
        return "-Apartita.baseline=" + file;
    }

    private static Compilation against(String option, JavaFileObject... after) {
        return Sources.compile(List.of(option), after);
    }

    @Test
    void aRenamedAttributeIsAnErrorOnTheField() throws IOException {
        String option = baseline(book(ID, "@Attribute(\"Title\") String title"));
        JavaFileObject after = book(ID, "@Attribute(\"Name\") String title");
        Compilation c = against(option, after);
        assertThat(c)
                .hadErrorContaining("[IncompatibleDesignChange] the stored attribute of field title of p.Book changed"
                        + " since the design baseline (Title -> Name): items stored before keep the value under the old"
                        + " name and would read as null; revert the change, or declare the migration that carries the"
                        + " data: @Attribute(value = \"Name\", formerly = \"Title\") on field title of Book")
                .inFile(after)
                .onLineContaining("Name");
    }

    @Test
    void aDeclaredRenameIsAcceptedAndRecorded() throws IOException {
        String option = baseline(book(ID, "@Attribute(\"Title\") String title"));
        Compilation c = against(option, book(ID, "@Attribute(value = \"Name\", formerly = \"Title\") String title"));
        assertThat(c).succeededWithoutWarnings();
        JsonNode step = JSON.readTree(design(c)).at("/tables/Books/migrations/0");
        assertThat(step.path("change").asText()).isEqualTo("ATTRIBUTE_NAME");
        assertThat(step.path("from").asText()).isEqualTo("Title");
        assertThat(step.path("to").asText()).isEqualTo("Name");
        assertThat(step.path("declaredOn").asText()).isEqualTo("p.Book");
    }

    @Test
    void aTableKeyTypeChangeIsAnErrorUnlessDeclared() throws IOException {
        String option = baseline(book(ID, "String title"));
        Compilation c = against(option, book("@PartitionKey long id", "String title"));
        assertThat(c)
                .hadErrorContaining("[IncompatibleDesignChange] the key schema of table Books changed since the design"
                        + " baseline ([id:S] / [] -> [id:N] / [])");
        assertThat(c).hadErrorContaining("@Migration(change = Migration.Change.TABLE_KEY) on p.Book");
        Compilation declared = against(
                option,
                source(
                        "Book",
                        "@Table(name = \"Books\")",
                        "@Migration(change = Migration.Change.TABLE_KEY)",
                        "record Book(@PartitionKey long id, String title) {}"));
        assertThat(declared).succeededWithoutWarnings();
        JsonNode step = JSON.readTree(design(declared)).at("/tables/Books/migrations/0");
        assertThat(step.path("change").asText()).isEqualTo("TABLE_KEY");
        assertThat(step.at("/from/partitionKey/0/type").asText()).isEqualTo("S");
        assertThat(step.at("/to/partitionKey/0/type").asText()).isEqualTo("N");
    }

    @Test
    void anAttributeTypeChangeIsAnError() throws IOException {
        String option = baseline(book(ID, "@Attribute(\"Pages\") String pages"));
        Compilation c = against(option, book(ID, "@Attribute(\"Pages\") int pages"));
        assertThat(c)
                .hadErrorContaining("[IncompatibleDesignChange] the stored form of attribute \"Pages\" of p.Book"
                        + " changed since the design baseline ({\"type\":\"S\"} -> {\"type\":\"N\"})");
        assertThat(c).hadErrorContaining("target = \"Pages\") on p.Book");
    }

    @Test
    void anIndexKeyChangeAndANewLsiAreErrors() throws IOException {
        String option = baseline(book(ID, "@SortKey String part", "@GsiKey(index = \"ByAuthor\") String author"));
        Compilation c = against(
                option,
                book(
                        ID,
                        "@SortKey String part",
                        "@GsiKey(index = \"ByAuthor\") long author",
                        "@LsiKey(index = \"ByDate\") String date"));
        assertThat(c)
                .hadErrorContaining("[IncompatibleDesignChange] the key of index \"ByAuthor\" of table Books changed"
                        + " since the design baseline ([author:S] / [] -> [author:N] / [])");
        assertThat(c)
                .hadErrorContaining("the key of index \"ByDate\" of table Books changed since the design baseline"
                        + " (none -> [] / [date:S]): a local secondary index is created only with its table");
    }

    @Test
    void aNewGsiAndTimeToLiveAreNotes() throws IOException {
        String option = baseline(book(ID, "String author", "Long expires"));
        Compilation c =
                against(option, book(ID, "@GsiKey(index = \"ByAuthor\") @Sparse String author", "@Ttl Long expires"));
        assertThat(c).succeeded();
        assertThat(c)
                .hadNoteContaining("[DesignChangeNeedsDeployment] sparse index \"ByAuthor\" of table Books is new since"
                        + " the design baseline; it strands no data, but deploying it takes a step: UpdateTable creating"
                        + " the index");
        assertThat(c)
                .hadNoteContaining("[DesignChangeNeedsDeployment] the time-to-live attribute of table Books changed"
                        + " (none -> \"expires\")");
    }

    @Test
    void aGrownIncludeListIsANote() throws IOException {
        String gsi = "@Gsi(name = \"ByAuthor\", projection = Projection.INCLUDE, include = %s)";
        JavaFileObject before = source(
                "Book",
                "@Table(name = \"Books\")",
                String.format(gsi, "\"title\""),
                "record Book(@PartitionKey String id, @GsiKey(index = \"ByAuthor\") String author, String title,"
                        + " String isbn) {}");
        String option = baseline(before);
        Compilation c = against(
                option,
                source(
                        "Book",
                        "@Table(name = \"Books\")",
                        String.format(gsi, "{\"title\", \"isbn\"}"),
                        "record Book(@PartitionKey String id, @GsiKey(index = \"ByAuthor\") String author,"
                                + " String title, String isbn) {}"));
        assertThat(c).succeeded();
        assertThat(c)
                .hadNoteContaining("[DesignChangeNeedsDeployment] the projection of index \"ByAuthor\" of table Books"
                        + " changed");
        assertThat(c).hadNoteContaining("delete the index and create it again");
    }

    @Test
    void aRemovedIndexIsAWarningUnlessDeclared() throws IOException {
        String option = baseline(book(ID, "@GsiKey(index = \"ByAuthor\") String author"));
        Compilation c = against(option, book(ID, "String author"));
        assertThat(c).succeeded();
        assertThat(c)
                .hadWarningContaining("[DesignElementRemoved] index \"ByAuthor\" of table Books is in the design"
                        + " baseline but no longer declared, so its data is left behind in DynamoDB; if that is"
                        + " intended, declare @Migration(change = Migration.Change.REMOVAL, target = \"ByAuthor\") on"
                        + " p.Book, or refresh the baseline");
        Compilation declared = against(
                option,
                source(
                        "Book",
                        "@Table(name = \"Books\")",
                        "@Migration(change = Migration.Change.REMOVAL, target = \"ByAuthor\")",
                        "record Book(@PartitionKey String id, String author) {}"));
        assertThat(declared).succeededWithoutWarnings();
        assertThat(JSON.readTree(design(declared))
                        .at("/tables/Books/migrations/0/change")
                        .asText())
                .isEqualTo("REMOVAL");
    }

    @Test
    void aRemovedAttributeNearANewOneAsksWhetherItIsARename() throws IOException {
        String option = baseline(book(ID, "String title"));
        Compilation c = against(option, book(ID, "String titel"));
        assertThat(c)
                .hadWarningContaining("[DesignElementRemoved] attribute \"title\" of p.Book is in the design baseline"
                        + " but no longer declared, so its data is left behind in DynamoDB (did you mean a rename:"
                        + " @Attribute(value = \"titel\", formerly = \"title\") on field titel?)");
    }

    @Test
    void aRemovedTableIsAWarning() throws IOException {
        String option = baseline(
                book(ID, "String title"),
                source("Shelf", "@Table(name = \"Shelves\")", "record Shelf(@PartitionKey String id) {}"));
        Compilation c = against(option, book(ID, "String title"));
        assertThat(c).succeeded();
        assertThat(c)
                .hadWarningContaining(
                        "[DesignElementRemoved] table Shelves is in the design baseline but no longer" + " declared");
        assertThat(c).hadWarningContaining("on a @Table or @Entity type of the compilation");
    }

    private static JavaFileObject app() {
        return source("App", "@Table(name = \"App\", partitionKey = \"PK\", sortKey = \"SK\")", "interface App {}");
    }

    private static JavaFileObject user(String type, String pk, String... annotations) {
        return source(
                "User",
                "@Entity(table = App.class, type = \"" + type + "\")",
                "@Key(pk = \"" + pk + "\", sk = \"PROFILE\")",
                String.join("\n", annotations),
                "record User(String id, String status) {}");
    }

    @Test
    void sharedTableTemplateDiscriminatorAndScatterChangesAreErrors() throws IOException {
        String gsi = "@Gsi(name = \"GSI1\", partitionKey = \"GSI1PK\", sortKey = \"GSI1SK\")";
        JavaFileObject app = source(
                "App", "@Table(name = \"App\", partitionKey = \"PK\", sortKey = \"SK\")", gsi, "interface App {}");
        String option = baseline(
                app, user("User", "USER#{id}", "@GsiKey(index = \"GSI1\", pk = \"STATUS#{status}\", sk = \"U#{id}\")"));
        JavaFileObject after = user(
                "Member",
                "MEMBER#{id}",
                "@GsiKey(index = \"GSI1\", pk = \"STATE#{status}\", sk = \"U#{id}\")",
                "@Scatter(index = \"GSI1\", shards = 4, by = \"id\")");
        Compilation c = against(option, app, after);
        assertThat(c)
                .hadErrorContaining("[IncompatibleDesignChange] the discriminator value of p.User changed since the"
                        + " design baseline (\"User\" -> \"Member\")");
        assertThat(c)
                .hadErrorContaining("[IncompatibleDesignChange] the @Key templates of p.User changed since the design"
                        + " baseline");
        assertThat(c)
                .hadErrorContaining("the key templates of p.User for index \"GSI1\" changed since the design baseline"
                        + " ({\"partition\":\"STATUS#{status}\",\"sort\":\"U#{id}\"} ->"
                        + " {\"partition\":\"STATE#{status}\",\"sort\":\"U#{id}\"})");
        assertThat(c)
                .hadErrorContaining("the @Scatter of p.User on index \"GSI1\" changed since the design baseline (none"
                        + " -> {\"by\":\"id\",\"layout\":\"TEMPLATE_SUFFIX\",\"shards\":4}): entries written before sit"
                        + " under other shard keys");
        assertThat(c).hadErrorContaining("@Migration(change = Migration.Change.SCATTER, target = \"GSI1\") on p.User");
    }

    @Test
    void declaredSharedTableChangesAreAcceptedAndPlanned() throws IOException {
        String option = baseline(app(), user("User", "USER#{id}"));
        Compilation c = against(
                option,
                app(),
                user(
                        "Member",
                        "MEMBER#{id}",
                        "@Migration(change = Migration.Change.DISCRIMINATOR)",
                        "@Migration(change = Migration.Change.KEY_TEMPLATE)"));
        assertThat(c).succeededWithoutWarnings();
        JsonNode steps = JSON.readTree(design(c)).at("/tables/App/migrations");
        assertThat(steps).hasSize(2);
        assertThat(steps.at("/0/change").asText()).isEqualTo("DISCRIMINATOR");
        assertThat(steps.at("/0/from").asText()).isEqualTo("User");
        assertThat(steps.at("/0/to").asText()).isEqualTo("Member");
        assertThat(steps.at("/1/change").asText()).isEqualTo("KEY_TEMPLATE");
        assertThat(steps.at("/1/from/partition").asText()).isEqualTo("USER#{id}");
        assertThat(steps.at("/1/to/partition").asText()).isEqualTo("MEMBER#{id}");
    }

    @Test
    void aMissingOrMalformedBaselineIsAnErrorNamingThePath() throws IOException {
        Path missing = dir.resolve("nowhere.json");
        Compilation c = against("-Apartita.baseline=" + missing, book(ID));
        assertThat(c)
                .hadErrorContaining("[UnreadableBaseline] the design baseline " + missing
                        + " (-Apartita.baseline) cannot be read: there is no such file");
        Path malformed = dir.resolve("malformed.json");
        Files.writeString(malformed, "{\"format\": 1, \"tables\": ");
        assertThat(against("-Apartita.baseline=" + malformed, book(ID)))
                .hadErrorContaining("cannot be read: it is not JSON");
        Path other = dir.resolve("other.json");
        Files.writeString(other, "{\"tables\": {}}");
        assertThat(against("-Apartita.baseline=" + other, book(ID)))
                .hadErrorContaining("cannot be read: it is not a Partita design file of format 1");
    }

    @Test
    void anUnchangedDesignPassesSilently() throws IOException {
        JavaFileObject same = book(ID, "@GsiKey(index = \"ByAuthor\") String author", "@Ttl Long expires");
        assertThat(against(baseline(same), same)).succeededWithoutWarnings();
    }
}
