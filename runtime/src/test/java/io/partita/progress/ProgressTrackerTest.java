package io.partita.progress;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The tracker's time-based throttle, rate and time left on an injected clock, and the console bar's line. */
class ProgressTrackerTest {
    /** A clock moved by hand. */
    static final class StepClock extends Clock {
        long millis;

        @Override
        public long millis() {
            return millis;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(millis);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }

    @Test
    void reportsTheFirstAdvanceThenAtMostOncePerIntervalAndAlwaysTheEnd() {
        StepClock clock = new StepClock();
        List<Progress> events = new ArrayList<>();
        ProgressTracker t = new ProgressTracker("import T", 1000, events::add, clock, Duration.ofMillis(200));
        for (int i = 0; i < 10; i++) {
            clock.millis += 50;
            t.advance(100);
        }
        t.finish();
        t.finish();
        // advances at 50 (first), 250, 450 ms; then the end at 500 ms
        assertThat(events).extracting(Progress::done).containsExactly(100L, 500L, 900L, 1000L);
        Progress last = events.get(events.size() - 1);
        assertThat(last.finished()).isTrue();
        assertThat(last.ratePerSecond()).isEqualTo(2000.0);
        assertThat(last.elapsed()).isEqualTo(Duration.ofMillis(500));
        Progress middle = events.get(1);
        assertThat(middle.fraction()).contains(0.5);
        // 500 left at 2000/s
        assertThat(middle.timeLeft()).contains(Duration.ofMillis(250));
    }

    @Test
    void anUnknownTotalHasNoFractionNorTimeLeft() {
        Progress p = new Progress("scan T", 10, Progress.UNKNOWN, 5, Duration.ofSeconds(2), false);
        assertThat(p.knownTotal()).isEmpty();
        assertThat(p.fraction()).isEmpty();
        assertThat(p.timeLeft()).isEmpty();
        assertThat(ConsoleProgressBar.line(p)).isEqualTo("scan T 10  5/s");
    }

    @Test
    void theBarDrawsOneLineRedrawnWithACarriageReturnAndEndsIt() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ConsoleProgressBar bar = new ConsoleProgressBar(new PrintStream(bytes, true, StandardCharsets.UTF_8), true);
        bar.onProgress(new Progress("import Orders", 50_000, 100_000, 12_345, Duration.ofSeconds(4), false));
        bar.onProgress(new Progress("import Orders", 100_000, 100_000, 12_500, Duration.ofSeconds(8), true));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(out)
                .isEqualTo("\rimport Orders [##########..........]  50% 50,000/100,000  12,345/s  ETA 0:05"
                        + "\rimport Orders [####################] 100% 100,000/100,000  12,500/s  done in 0:08"
                        + System.lineSeparator());
    }

    @Test
    void theBarIsQuietWhenNotOnATerminal() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ConsoleProgressBar bar = new ConsoleProgressBar(new PrintStream(bytes, true, StandardCharsets.UTF_8), false);
        bar.onProgress(new Progress("import Orders", 1, 2, 1, Duration.ofSeconds(1), true));
        assertThat(bytes.size()).isZero();
    }
}
