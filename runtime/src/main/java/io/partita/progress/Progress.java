package io.partita.progress;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Where a long task stands: one event of a {@link ProgressListener}.
 *
 * @param task          what runs, for display ({@code "import GameScores"}, {@code "migrate Orders"})
 * @param done          units done so far (items)
 * @param total         units in all, or {@link #UNKNOWN} (-1) when not known in advance
 * @param ratePerSecond units per second since the task started (0 before the first second has a measure)
 * @param elapsed       time since the task started
 * @param finished      true on the last event of the task
 */
public record Progress(String task, long done, long total, double ratePerSecond, Duration elapsed, boolean finished) {
    /** The {@link #total} of a task whose size is not known. */
    public static final long UNKNOWN = -1;

    /** The total, when known. */
    public OptionalLong knownTotal() {
        return total < 0 ? OptionalLong.empty() : OptionalLong.of(total);
    }

    /** The fraction done, 0 to 1, when the total is known. */
    public Optional<Double> fraction() {
        if (total < 0) {
            return Optional.empty();
        }
        return Optional.of(total == 0 ? 1.0 : Math.min(1.0, (double) done / total));
    }

    /** The time left at the current rate, when the total is known and the rate measured. */
    public Optional<Duration> timeLeft() {
        if (total < 0 || ratePerSecond <= 0) {
            return Optional.empty();
        }
        long left = Math.max(0, total - done);
        return Optional.of(Duration.ofMillis((long) Math.ceil(left * 1000.0 / ratePerSecond)));
    }
}
