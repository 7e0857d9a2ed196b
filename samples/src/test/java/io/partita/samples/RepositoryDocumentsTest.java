package io.partita.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The repository carries its own documents: nothing in it may point at design notes that live outside it (a user
 * cloning Partita has only the clone), and the README links the API reference. Reads the whole repository tree
 * (this module's parent), skipping build output and version-control metadata.
 */
class RepositoryDocumentsTest {
    // assembled, so that this file does not match itself
    private static final List<String> OUTSIDE = List.of("../" + "shared", "shared" + "/design");
    private static final Set<String> SKIPPED = Set.of(".git", "target", ".idea", ".vscode", "node_modules");

    private static Path root() {
        Path root = Path.of("").toAbsolutePath().getParent();
        assertThat(root.resolve("pom.xml")).as("the repository root").exists();
        assertThat(root.resolve("samples")).exists();
        return root;
    }

    @Test
    void noFileMentionsDocumentsOutsideTheRepository() throws IOException {
        Path root = root();
        List<String> offenders = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                Path relative = root.relativize(file);
                if (skipped(relative)) {
                    continue;
                }
                String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
                for (String needle : OUTSIDE) {
                    if (text.contains(needle)) {
                        offenders.add(relative.toString().replace('\\', '/') + " mentions " + needle);
                    }
                }
            }
        }
        assertThat(offenders)
                .as("files pointing outside the repository; link docs/ instead")
                .isEmpty();
    }

    @Test
    void readmeLinksTheApiReference() throws IOException {
        Path root = root();
        assertThat(root.resolve("docs/api.md")).exists();
        assertThat(Files.readString(root.resolve("README.md"), StandardCharsets.UTF_8))
                .contains("(docs/api.md)");
    }

    /**
     * The README's Maven commands build modules the processor runs in; {@code -q} would hide its warnings and notes
     * ({@code [LowCardinalityPartitionKey]}, {@code [LsiItemCollectionLimit]}), which a user trying Partita should
     * see.
     */
    @Test
    void readmeCommandsShowTheProcessorsWarnings() throws IOException {
        List<String> commands = Files.readAllLines(root().resolve("README.md"), StandardCharsets.UTF_8).stream()
                .map(String::strip)
                .filter(l -> l.startsWith("./mvnw ") || l.startsWith("mvn ") || l.contains("`./mvnw "))
                .toList();
        assertThat(commands).as("the README's Maven commands").isNotEmpty();
        assertThat(commands)
                .as("README commands hiding the processor's warnings with -q")
                .noneMatch(l -> l.matches(".*\\s-q(\\s.*|`.*|$)"));
    }

    private static boolean skipped(Path relative) {
        for (Path part : relative) {
            if (SKIPPED.contains(part.toString())) {
                return true;
            }
        }
        return false;
    }
}
