package io.partita.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The main job's output states what the seeds say it should. */
class SamplesTest {
    @Test
    void scenariosPrintWhatTheSeedsDescribe() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Samples.run(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        // Seed 000: top scores descending; the sparse Comet Quest example (4 items, 3 indexed).
        assertThat(out).containsSubsequence("| 101    | 5842", "| 103    | 2317", "| 102    | 0 ");
        assertThat(out).contains("Comet Quest: 4 items in the table, 3 in the sparse index");
        // Seed 001: fetching the unprojected Tags costs a base-table read per item on top of the index read.
        assertThat(out).contains("projected attributes only, consumed: 1.0 RCU (LastPostIndex 1.0)");
        assertThat(out).contains("consumed: 3.0 RCU (table 2.0 LastPostIndex 1.0)");
    }
}
