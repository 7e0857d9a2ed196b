package io.partita.processor;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.processor.diag.Phrase;
import io.partita.processor.diag.Rule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The message catalogue is closed: every word a diagnostic prints is in {@link Rule} or {@link Phrase}.
 * Code that finds problems (extraction, validation, the processor, codec selection) passes names and values
 * only, so no string literal there holds words. The generators' own literals are generated Javadoc, not
 * diagnostics, and are not scanned (except codec selection, whose failures become UnsupportedFieldType).
 */
class ClosedCatalogueTest {
    private static final Path MAIN = Path.of("src/main/java/io/partita/processor");
    private static final Pattern COMMENT = Pattern.compile("//[^\\n]*|/\\*.*?\\*/", Pattern.DOTALL);
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");
    private static final Pattern WORDS = Pattern.compile("[A-Za-z] +[A-Za-z(]|^ [a-z]|[a-z] $");

    @Test
    void noWordsOutsideTheCatalogue() throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path file : files.filter(ClosedCatalogueTest::scanned).toList()) {
                String code = COMMENT.matcher(Files.readString(file).replace("'\"'", ""))
                        .replaceAll("");
                Matcher m = LITERAL.matcher(code);
                while (m.find()) {
                    if (WORDS.matcher(m.group(1)).find()) {
                        found.add(MAIN.relativize(file) + ": \"" + m.group(1) + "\"");
                    }
                }
            }
        }
        assertThat(found)
                .as("words outside diag/Rule.java and diag/Phrase.java")
                .isEmpty();
    }

    @Test
    void everyPhraseRenders() {
        for (Phrase p : Phrase.values()) {
            Object[] args = new Object[8];
            java.util.Arrays.fill(args, 1); // an Integer satisfies both %s and %d
            assertThat(p.with(args).toString()).isNotBlank();
        }
    }

    private static boolean scanned(Path p) {
        String name = MAIN.relativize(p).toString().replace('\\', '/');
        return name.endsWith(".java")
                && !name.endsWith("package-info.java")
                && !name.equals("diag/Rule.java")
                && !name.equals("diag/Phrase.java")
                && (!name.startsWith("generate/") || name.equals("generate/CodecExpressions.java"));
    }
}
