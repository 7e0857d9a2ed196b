package io.partita.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** A design with several problems yields exactly one error for each, each on its own element. */
class OneErrorPerProblemTest {

    @Test
    void fourProblemsFourErrors() {
        JavaFileObject s = source(
                "Thread",
                "@Table(name = \"Thread\")",
                "@Lsi(name = \"LastPostIndex\")",
                "@Scatter(index = \"Nope\")",
                "record Thread(@PartitionKey String forumName,",
                "  @LsiKey(index = \"LastPostIndex\") Instant lastPost,",
                "  @Sparse int replies,",
                "  @Version int version) {}");
        Compilation c = compile(s);
        assertThat(c).hadErrorContaining("[LsiNeedsSortKey]").inFile(s).onLineContaining("@Lsi(name");
        assertThat(c).hadErrorContaining("[ScatterUnknownIndex]").inFile(s).onLineContaining("@Scatter");
        assertThat(c).hadErrorContaining("[SparsePrimitive]").inFile(s).onLineContaining("int replies");
        assertThat(c).hadErrorContaining("[VersionType]").inFile(s).onLineContaining("int version");
        assertThat(c).hadErrorCount(4);
    }

    @Test
    void aBrokenTemplateIsOneErrorNotACascade() {
        JavaFileObject t = source(
                "App",
                "@Table(name = \"App\", partitionKey = \"PK\", sortKey = \"SK\")",
                "@Gsi(name = \"GSI1\", partitionKey = \"GSI1PK\", sortKey = \"GSI1SK\")",
                "interface App {}");
        JavaFileObject u = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{id\", sk = \"PROFILE\")",
                "@GsiKey(index = \"GSI1\", pk = \"EMAIL#{mail}\", sk = \"USER\")",
                "record User(String id, String email) {}");
        JavaFileObject o = source(
                "Order",
                "@Entity(table = App.class, type = \"Order\")",
                "@Key(pk = \"USER#{id}\", sk = \"ORDER#{n}\")",
                "@GsiKey(index = \"GSI1\", pk = \"EMAIL#{id}\", sk = \"ORDER\")",
                "record Order(String id, int n) {}");
        Compilation c = compile(t, u, o);
        assertThat(c).hadErrorContaining("[InvalidTemplate]").inFile(u).onLineContaining("USER#{id\"");
        assertThat(c).hadErrorContaining("[UnknownPlaceholder]").inFile(u).onLineContaining("EMAIL#{mail}");
        assertThat(c).hadErrorContaining("[UnorderedTemplatePart]").inFile(o).onLineContaining("ORDER#{n}");
        assertThat(c).hadErrorCount(3);
    }
}
