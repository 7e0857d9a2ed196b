package io.partita.processor;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.processor.diag.Rule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import org.junit.jupiter.api.Test;

/** The message catalogue: stable, well-formed ids, each exercised by a test. */
class CatalogueTest {

    @Test
    void everyRuleIdIsAssertedByATest() throws IOException {
        String tests;
        try (Stream<Path> files = Files.walk(Path.of("src/test/java"))) {
            tests = files.filter(p -> p.toString().endsWith("Test.java") && !p.endsWith("CatalogueTest.java"))
                    .map(CatalogueTest::read)
                    .collect(Collectors.joining("\n"));
        }
        List<String> untested = Arrays.stream(Rule.values())
                .map(Rule::id)
                .filter(id -> !tests.contains("[" + id + "]") && !tests.contains("\"" + id + "\""))
                .toList();
        assertThat(untested).as("rule ids without a test").isEmpty();
    }

    @Test
    void idsAreBracketedAndMessagesNameAFix() {
        for (Rule m : Rule.values()) {
            assertThat(m.id()).matches("[A-Z][A-Za-z]+");
            Object[] args = new Object[20];
            Arrays.fill(args, 1); // an Integer satisfies both %s and %d
            assertThat(m.render(args)).startsWith("[" + m.id() + "] ");
        }
        assertThat(Rule.LowCardinalityPartitionKey.kind()).isEqualTo(Diagnostic.Kind.WARNING);
        assertThat(Rule.RandomScatterUpdatedInPlace.kind()).isEqualTo(Diagnostic.Kind.WARNING);
        assertThat(Rule.LsiItemCollectionLimit.kind()).isEqualTo(Diagnostic.Kind.NOTE);
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
