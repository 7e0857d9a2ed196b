package io.partita.samples.durable;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The durable sample: what the first session wrote, the second (a reopen of the directory) reads. */
class DurableLibraryTest {
    @Test
    void booksSurviveARestart() throws IOException {
        Path dir = Files.createTempDirectory("partita-library-test");
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DurableLibrary.run(dir, new PrintStream(bytes, true, StandardCharsets.UTF_8));
            assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualToNormalizingNewlines("""
                    session 1: 0 books by Knuth on disk at start
                    session 2: SICP
                    session 2: 1998  TAOCP 2
                    session 2: 1997  TAOCP 1
                    """);
            bytes.reset();
            DurableLibrary.run(
                    dir, new PrintStream(bytes, true, StandardCharsets.UTF_8)); // the next run finds them at start
            assertThat(bytes.toString(StandardCharsets.UTF_8))
                    .startsWith("session 1: 2 books by Knuth on disk at start");
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
