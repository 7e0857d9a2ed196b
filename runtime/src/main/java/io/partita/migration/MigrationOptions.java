package io.partita.migration;

import io.partita.internal.RuntimeMessage;
import io.partita.progress.ProgressListener;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * How a migration runs: the parallel scan's segments, threads and page size, the rate limits, the progress listener,
 * when to stop, and the clock and sleeper its waits use (injectable, so tests never wait). Immutable; each
 * {@code with...} returns a copy.
 *
 * <pre>{@code
 * MigrationOptions.defaults()
 *         .withSegments(8)
 *         .withItemsPerSecond(500)                 // rewrites per second, across segments
 *         .withCapacityUnitsPerSecond(400)         // write capacity consumed per second (DynamoDB reports it)
 *         .withProgress(ConsoleProgressBar.onConsole());
 * }</pre>
 */
public final class MigrationOptions {
    /** Waits for a duration: the rate limiter's and the backfill poll's pause. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    /** Told after each item rewritten and acknowledged by the database: its old key and its new item. */
    @FunctionalInterface
    public interface RewriteListener {
        void rewritten(Map<String, ?> oldKey, Map<String, ?> newItem);
    }

    /** The table holding run checkpoints, one item per plan and segment. */
    public static final String CHECKPOINT_TABLE = "PartitaMigrations";

    int segments = 4;
    int threads = 4;
    int pageSize = 100;
    double itemsPerSecond;
    double capacityUnitsPerSecond;
    ProgressListener progress = ProgressListener.none();
    RewriteListener rewritten = (k, i) -> {};
    BooleanSupplier stop = () -> false;
    Clock clock = Clock.systemUTC();
    Sleeper sleeper = d -> Thread.sleep(d.toMillis(), d.toNanosPart() % 1_000_000);
    Duration backfillTimeout = Duration.ofHours(2);
    Duration pollInterval = Duration.ofSeconds(5);
    String checkpointTable = CHECKPOINT_TABLE;

    private MigrationOptions() {}

    /** 4 segments on 4 threads, pages of 100 items, no rate limit, no progress listener. */
    public static MigrationOptions defaults() {
        return new MigrationOptions();
    }

    private MigrationOptions copy() {
        MigrationOptions o = new MigrationOptions();
        o.segments = segments;
        o.threads = threads;
        o.pageSize = pageSize;
        o.itemsPerSecond = itemsPerSecond;
        o.capacityUnitsPerSecond = capacityUnitsPerSecond;
        o.progress = progress;
        o.rewritten = rewritten;
        o.stop = stop;
        o.clock = clock;
        o.sleeper = sleeper;
        o.backfillTimeout = backfillTimeout;
        o.pollInterval = pollInterval;
        o.checkpointTable = checkpointTable;
        return o;
    }

    /** The parallel scan's TotalSegments (1 to 1,000,000); a resumed run keeps the segments it started with. */
    public MigrationOptions withSegments(int n) {
        if (n < 1 || n > 1_000_000) {
            throw new IllegalArgumentException(RuntimeMessage.MigrationOptionOutOfRange.format("segments", n));
        }
        MigrationOptions o = copy();
        o.segments = n;
        return o;
    }

    /** How many segments are read and rewritten at once (1 to 1000). */
    public MigrationOptions withThreads(int n) {
        if (n < 1 || n > 1000) {
            throw new IllegalArgumentException(RuntimeMessage.MigrationOptionOutOfRange.format("threads", n));
        }
        MigrationOptions o = copy();
        o.threads = n;
        return o;
    }

    /** Items per Scan page (1 to 10,000); a checkpoint is written after each page. */
    public MigrationOptions withPageSize(int n) {
        if (n < 1 || n > 10_000) {
            throw new IllegalArgumentException(RuntimeMessage.MigrationOptionOutOfRange.format("pageSize", n));
        }
        MigrationOptions o = copy();
        o.pageSize = n;
        return o;
    }

    /** At most this many rewrites per second, across segments (0: no limit). */
    public MigrationOptions withItemsPerSecond(double rate) {
        MigrationOptions o = copy();
        o.itemsPerSecond = nonNegative("itemsPerSecond", rate);
        return o;
    }

    /**
     * At most this many write capacity units consumed per second, as the database reports them with each
     * transaction (DynamoDB; the embedded core reports them too). 0: no limit.
     */
    public MigrationOptions withCapacityUnitsPerSecond(double rate) {
        MigrationOptions o = copy();
        o.capacityUnitsPerSecond = nonNegative("capacityUnitsPerSecond", rate);
        return o;
    }

    /** Where progress goes (items scanned, rate, time left). */
    public MigrationOptions withProgress(ProgressListener listener) {
        MigrationOptions o = copy();
        o.progress = Objects.requireNonNull(listener, "listener");
        return o;
    }

    /** Told after each acknowledged rewrite. */
    public MigrationOptions withRewriteListener(RewriteListener listener) {
        MigrationOptions o = copy();
        o.rewritten = Objects.requireNonNull(listener, "listener");
        return o;
    }

    /** Asked between items: true stops the run, leaving its checkpoint to resume from. */
    public MigrationOptions withStop(BooleanSupplier stop) {
        MigrationOptions o = copy();
        o.stop = Objects.requireNonNull(stop, "stop");
        return o;
    }

    /** The clock of rates, progress and backfill timeouts, and what waits. */
    public MigrationOptions withClock(Clock clock, Sleeper sleeper) {
        MigrationOptions o = copy();
        o.clock = Objects.requireNonNull(clock, "clock");
        o.sleeper = Objects.requireNonNull(sleeper, "sleeper");
        return o;
    }

    /** How long an index creation may take with its backfill, and how often its status is asked. */
    public MigrationOptions withBackfill(Duration timeout, Duration pollInterval) {
        MigrationOptions o = copy();
        o.backfillTimeout = Objects.requireNonNull(timeout, "timeout");
        o.pollInterval = Objects.requireNonNull(pollInterval, "pollInterval");
        return o;
    }

    /** The table checkpoints are kept in (created when missing); {@link #CHECKPOINT_TABLE} by default. */
    public MigrationOptions withCheckpointTable(String table) {
        MigrationOptions o = copy();
        o.checkpointTable = Objects.requireNonNull(table, "table");
        return o;
    }

    private static double nonNegative(String option, double rate) {
        if (!(rate >= 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException(RuntimeMessage.MigrationOptionOutOfRange.format(option, rate));
        }
        return rate;
    }
}
