package io.partita.samples.quickstart;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The README's example prints exactly what the README shows. */
class QuickstartTest {
    @Test
    void printsWhatTheReadmeShows() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Quickstart.run(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualToNormalizingNewlines("""
                Book[isbn=978-0262510875, author=Abelson, year=1996, title=SICP]
                1998  TAOCP 2
                1997  TAOCP 1
                3 books by Knuth
                """);
    }
}
