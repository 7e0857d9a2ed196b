package io.partita.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/** Assertions shared by the rule tests: one diagnostic per problem, on the right line. */
final class Expect {
    private Expect() {}

    /** Exactly one error, with {@code [id]}, on the line of {@code file} containing {@code line}. */
    static void onlyError(Compilation c, String id, JavaFileObject file, String line) {
        assertThat(c).hadErrorContaining("[" + id + "]").inFile(file).onLineContaining(line);
        assertThat(c).hadErrorCount(1);
    }

    /** Exactly one warning, with {@code [id]}, on the line, and no error. */
    static void onlyWarning(Compilation c, String id, JavaFileObject file, String line) {
        assertThat(c).succeeded();
        assertThat(c).hadWarningContaining("[" + id + "]").inFile(file).onLineContaining(line);
        assertThat(c).hadWarningCount(1);
    }

    /** No error, no warning. */
    static void clean(Compilation c) {
        assertThat(c).succeededWithoutWarnings();
    }

    static String text(Compilation c, String id) {
        return c.diagnostics().stream()
                .map(d -> d.getMessage(null))
                .filter(m -> m.contains("[" + id + "]"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no [" + id + "] in " + c.diagnostics()));
    }

    static long count(Compilation c, Diagnostic.Kind kind) {
        return c.diagnostics().stream().filter(d -> d.getKind() == kind).count();
    }
}
