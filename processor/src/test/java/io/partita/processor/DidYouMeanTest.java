package io.partita.processor;

import static io.partita.processor.Expect.onlyError;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** Names that differ from a known one by case or a small edit get a "did you mean"; field names in INCLUDE the stored name. */
class DidYouMeanTest {

    @Test
    void includeOfAFieldNameSaysWhichStoredNameToUse() {
        JavaFileObject s = source(
                "Book",
                "@Table(name = \"Books\")",
                "@Gsi(name = \"ByAuthor\", projection = Projection.INCLUDE, include = {\"title\"})",
                "record Book(@PartitionKey String id, @GsiKey(index = \"ByAuthor\") String author,",
                "  @Attribute(\"Title\") String title) {}");
        Compilation c = compile(s);
        onlyError(c, "IncludeUnknownAttribute", s, "\"title\"");
        assertThat(Expect.text(c, "IncludeUnknownAttribute"))
                .contains("\"title\" is a field stored as attribute \"Title\": include \"Title\"");
    }

    @Test
    void includeWithASmallEditGetsDidYouMean() {
        JavaFileObject s = source(
                "Book",
                "@Table(name = \"Books\")",
                "@Gsi(name = \"ByAuthor\", projection = Projection.INCLUDE, include = {\"pages\"})",
                "record Book(@PartitionKey String id, @GsiKey(index = \"ByAuthor\") String author,",
                "  @Attribute(\"PageCount\") int pageCount, @Attribute(\"Page\") int page) {}");
        Compilation c = compile(s);
        onlyError(c, "IncludeUnknownAttribute", s, "\"pages\"");
        assertThat(Expect.text(c, "IncludeUnknownAttribute")).contains("did you mean \"Page\"?");
    }

    @Test
    void placeholderDifferingByCase() {
        JavaFileObject t = source("App", "@Table(name = \"App\", partitionKey = \"PK\")", "interface App {}");
        JavaFileObject u = source(
                "Member",
                "@Entity(table = App.class, type = \"Member\")",
                "@Key(pk = \"MEMBER#{memberID}\")",
                "record Member(String memberId, String name) {}");
        Compilation c = compile(t, u);
        onlyError(c, "UnknownPlaceholder", u, "MEMBER#{memberID}");
        assertThat(Expect.text(c, "UnknownPlaceholder"))
                .contains("did you mean {memberId}? use one of: memberId, name");
    }

    @Test
    void gsiKeyIndexWithATypo() {
        JavaFileObject t = source(
                "App",
                "@Table(name = \"App\", partitionKey = \"PK\", sortKey = \"SK\")",
                "@Gsi(name = \"EmailIndex\", partitionKey = \"GSI1PK\", sortKey = \"GSI1SK\")",
                "interface App {}");
        JavaFileObject u = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{id}\", sk = \"PROFILE\")",
                "@GsiKey(index = \"EmailIndx\", pk = \"EMAIL#{email}\", sk = \"USER\")",
                "record User(String id, String email) {}");
        Compilation c = compile(t, u);
        onlyError(c, "UnknownIndex", u, "EmailIndx");
        assertThat(Expect.text(c, "UnknownIndex")).contains("(did you mean \"EmailIndex\"?)");
    }

    @Test
    void scatterIndexDifferingByCase() {
        JavaFileObject s = source(
                "Order",
                "@Table(name = \"Orders\")",
                "@Scatter(index = \"byStatus\", shards = 4)",
                "record Order(@PartitionKey String id, @GsiKey(index = \"ByStatus\") String status) {}");
        Compilation c = compile(s);
        assertThat(Expect.text(c, "ScatterUnknownIndex")).contains("(did you mean \"ByStatus\"?)");
    }
}
