package io.partita.progress;

/**
 * Receives the progress of long work: JSON-lines import and export
 * ({@code DynamoDbJsonLines.importTable(db, table, in, listener)}), parallel scans ({@code scanAll(n).progress(l)}) and
 * migrations ({@code MigrationOptions.progress(l)}). Events come throttled in time (see {@link ProgressTracker}), the
 * last one with {@link Progress#finished()} set; calls are serialized, on any thread.
 *
 * <pre>{@code
 * DynamoDbJsonLines.importTable(db, "Orders", in, ConsoleProgressBar.onConsole());
 * }</pre>
 */
@FunctionalInterface
public interface ProgressListener {
    /** One event. Must be quick: the work waits for it. */
    void onProgress(Progress progress);

    /** A listener that ignores every event. */
    static ProgressListener none() {
        return p -> {};
    }
}
