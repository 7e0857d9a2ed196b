package io.partita.progress;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * Counts the units of one task and reports them to a {@link ProgressListener}, at most once per interval of its
 * clock (a terminal redrawn thousands of times a second would slow the work it shows), plus the first advance and the
 * end: {@link #finish()} always reports. The rate is the average since the start. Thread-safe; the listener is
 * called under the tracker's lock, so its calls never overlap.
 */
public final class ProgressTracker {
    /** How often events go out by default. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofMillis(200);

    private final String task;
    private final ProgressListener listener;
    private final Clock clock;
    private final long intervalMillis;
    private final long startMillis;
    private long total;
    private long done;
    private long lastReport = Long.MIN_VALUE;
    private boolean finished;

    /**
     * A tracker of {@code task} with {@code total} units ({@link Progress#UNKNOWN} when not known), reporting to
     * {@code listener} at most once per {@code interval} of {@code clock}.
     */
    public ProgressTracker(String task, long total, ProgressListener listener, Clock clock, Duration interval) {
        this.task = Objects.requireNonNull(task, "task");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.intervalMillis = Math.max(0, interval.toMillis());
        this.total = total;
        this.startMillis = clock.millis();
    }

    /** A tracker on the system clock with the default interval. */
    public static ProgressTracker of(String task, long total, ProgressListener listener) {
        return new ProgressTracker(task, total, listener, Clock.systemUTC(), DEFAULT_INTERVAL);
    }

    /** Counts {@code units} more done, reporting if the interval has passed since the last report. */
    public synchronized void advance(long units) {
        done += units;
        long now = clock.millis();
        if (lastReport == Long.MIN_VALUE || now - lastReport >= intervalMillis) {
            report(now, false);
        }
    }

    /** Sets the total once it is known (a count finished, a resumed task's remainder). */
    public synchronized void total(long total) {
        this.total = total;
    }

    /** Units done so far. */
    public synchronized long done() {
        return done;
    }

    /** Reports the last event (once; later calls do nothing). */
    public synchronized void finish() {
        if (!finished) {
            finished = true;
            report(clock.millis(), true);
        }
    }

    /** The current state, without reporting it. */
    public synchronized Progress snapshot() {
        return progress(clock.millis(), finished);
    }

    private void report(long now, boolean last) {
        lastReport = now;
        listener.onProgress(progress(now, last));
    }

    private Progress progress(long now, boolean last) {
        long elapsed = Math.max(0, now - startMillis);
        double rate = elapsed == 0 ? 0 : done * 1000.0 / elapsed;
        // an estimated total that the work outgrew (a scan reading moved items again) grows with it
        long shown = total >= 0 && done > total ? done : total;
        return new Progress(task, done, shown, rate, Duration.ofMillis(elapsed), last);
    }
}
