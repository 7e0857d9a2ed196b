package io.partita.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/** META-INF/partita/repositories.idx lists every generated repository, for frameworks that register them. */
class RepositoryIndexTest {

    @Test
    void listsEntityAndSharedTableRepositories() throws IOException {
        JavaFileObject single = source("Book", "@Table(name = \"Books\")", "record Book(@PartitionKey String id) {}");
        JavaFileObject app =
                source("App", "@Table(name = \"App\", partitionKey = \"PK\", sortKey = \"SK\")", "interface App {}");
        JavaFileObject user = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{id}\", sk = \"PROFILE\")",
                "record User(String id) {}");
        Compilation c = compile(single, app, user);
        assertThat(c).succeeded();
        String index = c.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/partita/repositories.idx")
                .orElseThrow()
                .getCharContent(true)
                .toString();
        assertThat(index.lines())
                .containsExactly(
                        "entity\tp.BookRepository\tp.Book\tBooks",
                        "entity\tp.UserRepository\tp.User\tApp",
                        "table\tp.AppRepository\tp.App\tApp");
    }
}
