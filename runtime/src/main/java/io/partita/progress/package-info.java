/**
 * Progress of long work — JSON-lines import and export, parallel scans, migrations — through one hook:
 * {@link io.partita.progress.ProgressListener} receives {@link io.partita.progress.Progress} events (items done, the
 * total when known, the rate), throttled in time by a {@link io.partita.progress.ProgressTracker} on an injectable
 * clock; {@link io.partita.progress.ConsoleProgressBar} draws them as one terminal line. Depends on nothing else of
 * the runtime.
 */
package io.partita.progress;
