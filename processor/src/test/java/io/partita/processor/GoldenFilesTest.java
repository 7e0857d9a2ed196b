package io.partita.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.partita.processor.Sources.seed;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The generated sources of the seed designs equal the golden files under
 * {@code src/test/resources/golden}, and compile without warnings under the build's lint settings.
 * Regenerate with {@code -Dpartita.regenerateGolden=true}, then review the diff.
 */
class GoldenFilesTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");

    private static final List<String> SEEDS = List.of(
            "gamescores/GameScore",
            "forum/Thread",
            "orders/Order",
            "orders/OrderStatus",
            "directory/Business",
            "adclicks/AdClick",
            "library/Holding",
            "singletable/AppTable",
            "singletable/User",
            "singletable/Order",
            "singletable/Product",
            "singletable/Ticket",
            "sessions/Session",
            "articles/Article",
            "articles/PageStats");

    @Test
    void generatedSourcesEqualTheGoldenFiles() throws IOException {
        Compilation c = Sources.compile(
                List.of("-Xlint:all,-processing,-serial", "-Werror"),
                SEEDS.stream().map(s -> seed(s)).toArray(JavaFileObject[]::new));
        assertThat(c).succeededWithoutWarnings();
        Map<String, String> generated = new TreeMap<>();
        for (JavaFileObject f : c.generatedSourceFiles()) {
            String path = f.toUri().getPath();
            path = path.substring(path.indexOf("SOURCE_OUTPUT/") + "SOURCE_OUTPUT/".length());
            generated.put(path, f.getCharContent(true).toString());
        }
        generated.putAll(reports(c));
        assertThat(generated)
                .containsKeys(
                        "seeds/gamescores/GameScoreRepository.java",
                        "seeds/gamescores/GameScoreGameTitleIndexView.java",
                        "seeds/singletable/AppTableRepository.java",
                        "META-INF/partita/GameScores.md",
                        "META-INF/partita/GameScores.create-table.json");
        if (Boolean.getBoolean("partita.regenerateGolden")) {
            if (Files.exists(GOLDEN)) {
                try (Stream<Path> old = Files.walk(GOLDEN)) {
                    old.sorted(java.util.Comparator.reverseOrder()).forEach(p -> {
                        try {
                            Files.delete(p);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    });
                }
            }
            for (Map.Entry<String, String> e : generated.entrySet()) {
                Path target = GOLDEN.resolve(e.getKey());
                Files.createDirectories(target.getParent());
                Files.writeString(target, e.getValue(), StandardCharsets.UTF_8);
            }
            return;
        }
        Map<String, String> golden = new TreeMap<>();
        try (Stream<Path> files = Files.walk(GOLDEN)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                golden.put(
                        GOLDEN.relativize(p).toString().replace('\\', '/'),
                        Files.readString(p, StandardCharsets.UTF_8));
            }
        }
        assertThat(generated.keySet())
                .as("generated files (regenerate with -Dpartita.regenerateGolden=true)")
                .containsExactlyElementsOf(golden.keySet());
        for (String path : golden.keySet()) {
            assertThat(generated.get(path))
                    .as(path + " (regenerate with -Dpartita.regenerateGolden=true)")
                    .isEqualTo(golden.get(path));
        }
    }

    /** The design reports and CreateTable JSON (class-output resources), by path under the class output. */
    static Map<String, String> reports(Compilation c) {
        Map<String, String> out = new TreeMap<>();
        for (JavaFileObject f : c.generatedFiles()) {
            String path = f.toUri().getPath();
            int at = path.indexOf("CLASS_OUTPUT/META-INF/partita/");
            if (at >= 0) {
                try {
                    out.put(
                            path.substring(at + "CLASS_OUTPUT/".length()),
                            f.getCharContent(true).toString());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return out;
    }

    @Test
    void reportsAreDeterministic() {
        JavaFileObject[] sources = SEEDS.stream().map(s -> seed(s)).toArray(JavaFileObject[]::new);
        assertThat(reports(Sources.compile(sources)))
                .isEqualTo(reports(Sources.compile(sources)))
                .isNotEmpty();
    }

    @Test
    void generationIsDeterministic() {
        JavaFileObject[] sources = SEEDS.stream().map(s -> seed(s)).toArray(JavaFileObject[]::new);
        Compilation a = Sources.compile(sources);
        Compilation b = Sources.compile(sources);
        assertThat(a.generatedSourceFiles()).hasSameSizeAs(b.generatedSourceFiles());
        for (int i = 0; i < a.generatedSourceFiles().size(); i++) {
            try {
                assertThat(a.generatedSourceFiles().get(i).getCharContent(true).toString())
                        .isEqualTo(b.generatedSourceFiles()
                                .get(i)
                                .getCharContent(true)
                                .toString());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
