package io.partita.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** The processor never crashes javac and never validates against unresolved types. */
class RobustnessTest {

    @Test
    void entityReferencingAMissingTypeGetsADiagnosticNotAnException() {
        JavaFileObject s = source(
                "Item", "@Table(name = \"Items\")", "record Item(@PartitionKey String id,", "  Missing other) {}");
        Compilation c = compile(s);
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("cannot find symbol").inFile(s).onLineContaining("Missing other");
        assertThat(c)
                .hadNoteContaining("[UnresolvedType] p.Item was not validated")
                .inFile(s)
                .onLineContaining("record Item");
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void entityNamingAMissingTableClass() {
        JavaFileObject s = source(
                "User",
                "@Entity(table = Nowhere.class, type = \"User\")",
                "@Key(pk = \"USER#{id}\")",
                "record User(String id) {}");
        Compilation c = compile(s);
        assertThat(c).hadErrorContaining("cannot find symbol").inFile(s).onLineContaining("Nowhere");
        assertThat(c).hadNoteContaining("[UnresolvedType]");
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void aFailingValidatorBecomesAnInternalErrorOnTheElement() {
        JavaFileObject s = source("Item", "@Table(name = \"Items\")", "record Item(@PartitionKey String id) {}");
        Compilation c = javac().withProcessors(new PartitaProcessor(List.of((table, report) -> {
                    throw new IllegalStateException("boom");
                })))
                .compile(s);
        assertThat(c)
                .hadErrorContaining(
                        "[InternalError] Partita could not process p.Item: " + "java.lang.IllegalStateException: boom")
                .inFile(s)
                .onLineContaining("record Item");
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void syntaxErrorsInUserCodeDoNotCrashTheProcessor() {
        JavaFileObject s = source(
                "Item",
                "@Table(name = \"Items\")",
                "record Item(@PartitionKey String id, @GsiKey(index = ) String name) {}");
        Compilation c = compile(s);
        assertThat(c).failed();
        assertThat(c.diagnostics()).noneMatch(d -> d.getMessage(null).contains("InternalError"));
    }

    @Test
    void annotationsWithWrongValuesDoNotCrashTheProcessor() {
        JavaFileObject s = source(
                "Item",
                "@Table(name = 42)",
                "@Gsi(name = \"ByName\", projection = Projection.NOPE)",
                "record Item(@PartitionKey String id, @GsiKey(index = \"ByName\", order = \"x\") String name) {}");
        Compilation c = compile(s);
        assertThat(c).failed();
        assertThat(c.diagnostics()).noneMatch(d -> d.getMessage(null).contains("InternalError"));
    }

    @Test
    void sharedTableRulesSpanEntitiesInSeparateFilesAndReportOnce() {
        JavaFileObject t = source("App", "@Table(name = \"App\", partitionKey = \"PK\")", "interface App {}");
        JavaFileObject a = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{id}\")",
                "record User(String id) {}");
        JavaFileObject b = source(
                "Admin",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"ADMIN#{id}\")",
                "record Admin(String id) {}");
        Compilation c = compile(t, a, b);
        assertThat(c).hadErrorContaining("[DuplicateEntityType]");
        assertThat(c.diagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR))
                .hasSize(1);
    }
}
