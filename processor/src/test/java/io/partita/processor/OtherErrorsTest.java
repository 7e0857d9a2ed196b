package io.partita.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** One broken entity does not stop the other repositories of the module from being generated. */
class OtherErrorsTest {

    private static final JavaFileObject GOOD = source(
            "Good",
            "@Table(name = \"Goods\")",
            "record Good(@PartitionKey String id, @GsiKey(index = \"ByName\") String name) {}");

    private static final JavaFileObject USES_GOOD = source(
            "UsesGood",
            "class UsesGood {",
            "  static Object use(io.partita.Partita p) { return GoodRepository.of(p); }",
            "}");

    @Test
    void javacErrorInAnAnnotationDoesNotHideOtherRepositories() {
        JavaFileObject broken = source(
                "Broken",
                "@Table(name = \"Brokens\")",
                "record Broken(@PartitionKey String id, @GsiKey(name = \"ByName\") String name) {}");
        Compilation c = compile(broken, GOOD, USES_GOOD);
        assertThat(c).failed();
        // javac's own error comes first, then the processor's; UsesGood compiled against the generated GoodRepository
        assertThat(c).hadErrorContaining("cannot find symbol").inFile(broken).onLine(8);
        assertThat(c).hadErrorContaining("[MissingAnnotationValue] @GsiKey on name does not set index");
        assertThat(c.errors()).hasSize(2);
        assertThat(c.errors().stream()
                        .map(d -> d.getMessage(null))
                        .filter(m -> m.contains("GoodRepository"))
                        .toList())
                .isEmpty();
    }

    @Test
    void processorErrorOnOneEntityDoesNotHideOtherRepositories() {
        JavaFileObject broken = source("Broken", "@Table(name = \"Brokens\")", "record Broken(String id) {}");
        Compilation c = compile(broken, GOOD, USES_GOOD);
        assertThat(c).hadErrorContaining("[MissingPartitionKey]");
        assertThat(c.errors()).hasSize(1);
    }
}
