package io.partita.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The main job runs all eight scenarios and prints tables, not object dumps. */
class SamplesTest {
    @Test
    void runsAllEightScenarios() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Samples.run(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        for (int i = 1; i <= 8; i++) {
            assertThat(out).contains("== " + i + ". ");
        }
        assertThat(out)
                .contains("Comet Quest: 4 items in the table, 3 in GameTitleIndex")
                .contains("RCU")
                .contains("+--")
                .contains("all handled: 500 events counted from the stream")
                .doesNotContain("View[");
    }
}
