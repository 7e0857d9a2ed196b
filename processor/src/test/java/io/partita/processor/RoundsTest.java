package io.partita.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static io.partita.processor.Sources.source;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** Types that appear in later rounds: deferral, and shared tables growing across rounds. */
class RoundsTest {

    /** Stands in for another processor: writes its sources in the first round. */
    static final class WritesInFirstRound extends AbstractProcessor {
        private final String[][] files;
        private boolean done;

        WritesInFirstRound(String[]... files) {
            this.files = files;
        }

        @Override
        public Set<String> getSupportedAnnotationTypes() {
            return Set.of("*");
        }

        @Override
        public SourceVersion getSupportedSourceVersion() {
            return SourceVersion.latestSupported();
        }

        @Override
        public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
            if (done) {
                return false;
            }
            done = true;
            for (String[] file : files) {
                try (Writer w =
                        processingEnv.getFiler().createSourceFile(file[0]).openWriter()) {
                    w.write(file[1]);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return false;
        }
    }

    @Test
    void typeGeneratedInALaterRoundIsWaitedFor() {
        JavaFileObject s =
                source("Item", "@Table(name = \"Items\")", "record Item(@PartitionKey String id, Extra extra) {}");
        Compilation c = javac().withProcessors(
                        new WritesInFirstRound(new String[] {"p.Extra", "package p; public record Extra(int n) {}"}),
                        new PartitaProcessor())
                .compile(s);
        assertThat(c).succeededWithoutWarnings();
        org.assertj.core.api.Assertions.assertThat(c.diagnostics()).isEmpty();
    }

    @Test
    void sharedTableIsRevalidatedWhenALaterRoundAddsAnEntityAndReportsOnce() {
        JavaFileObject t = source("App", "@Table(name = \"App\", partitionKey = \"PK\")", "interface App {}");
        JavaFileObject u = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{id}\")",
                "record User(String id) {}");
        Compilation c = javac().withProcessors(
                        new WritesInFirstRound(new String[] {
                            "p.Admin",
                            "package p; import io.partita.annotations.*;\n"
                                    + "@Entity(table = App.class, type = \"User\") @Key(pk = \"ADMIN#{id}\") record Admin(String id) {}"
                        }),
                        new PartitaProcessor())
                .compile(t, u);
        assertThat(c).hadErrorContaining("[DuplicateEntityType] entity type \"User\" of Admin is already used by User");
        assertThat(c).hadErrorCount(1);
    }
}
