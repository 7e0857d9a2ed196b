package io.partita.repository;

import io.partita.Condition;
import io.partita.ExpressionBuilder;
import io.partita.GatherException;
import io.partita.GatherOptions;
import io.partita.internal.RuntimeMessage;
import io.partita.mapping.ItemDecoder;
import io.partita.progress.Progress;
import io.partita.progress.ProgressListener;
import io.partita.progress.ProgressTracker;
import io.partita.storage.Backend;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * A parallel Scan of a whole table over {@code TotalSegments} segments (DynamoDB's parallel scan; seed 002's
 * "gather by parallel scan"), each segment read page by page on the database's gather executor with bounded
 * concurrency (see {@link GatherOptions}). Built by {@code repository.scanAll(segments)}:
 *
 * <pre>{@code
 * List<AdClick> all = clicks.scanAll(8)
 *         .onProgress(p -> log.info("{} of {} segments, {} items", p.segmentsDone(), p.totalSegments(), p.itemsReturned()))
 *         .list();
 * }</pre>
 *
 * A failing segment (after the retry policy's retries) cancels the others and fails the scan with a
 * {@link GatherException}; no partial result is returned. Single-use, not thread-safe.
 *
 * @param <T> the entity
 */
public final class ParallelScan<T> {
    /** DynamoDB's limit on TotalSegments. */
    public static final int MAX_SEGMENTS = 1_000_000;

    private final Backend backend;
    private final String tableName;
    private final ItemDecoder<T> decoder;
    private final int segments;
    private Condition filter;
    private Executor executor;
    private int concurrency;
    private Consumer<ScanProgress> progress = p -> {};

    ParallelScan(
            Backend backend,
            String tableName,
            ItemDecoder<T> decoder,
            GatherOptions gather,
            int segments,
            Condition typeFilter) {
        if (segments < 1 || segments > MAX_SEGMENTS) {
            throw new IllegalArgumentException(RuntimeMessage.SegmentsOutOfRange.format(MAX_SEGMENTS, segments));
        }
        this.backend = backend;
        this.tableName = tableName;
        this.decoder = decoder;
        this.segments = segments;
        this.executor = gather.executor();
        this.concurrency = gather.concurrency();
        this.filter = typeFilter;
    }

    /** Keeps only items matching {@code condition} (a filter expression: scanned items still cost reads). */
    public ParallelScan<T> filter(Condition condition) {
        this.filter = Condition.both(filter, Objects.requireNonNull(condition, "condition"));
        return this;
    }

    /** Runs segment reads on {@code executor} instead of the database's gather executor. */
    public ParallelScan<T> executor(Executor executor) {
        this.executor = Objects.requireNonNull(executor, "executor");
        return this;
    }

    /** At most {@code n} segments read at once (1 to 1000). */
    public ParallelScan<T> concurrency(int n) {
        if (n < 1 || n > 1000) {
            throw new IllegalArgumentException(RuntimeMessage.ConcurrencyOutOfRange.format(n));
        }
        this.concurrency = n;
        return this;
    }

    /** Called after every page with the scan's progress (serialized calls, on any thread). */
    public ParallelScan<T> onProgress(Consumer<ScanProgress> callback) {
        this.progress = Objects.requireNonNull(callback, "callback");
        return this;
    }

    /**
     * Reports the items delivered to {@code listener} (the {@link io.partita.progress.ProgressListener} hook of long
     * work; the total is unknown until the scan ends), besides any {@link #onProgress} callback.
     */
    public ParallelScan<T> progress(ProgressListener listener) {
        ProgressTracker tracker = ProgressTracker.of("scan " + tableName, Progress.UNKNOWN, listener);
        Consumer<ScanProgress> before = progress;
        long[] reported = {0};
        this.progress = p -> {
            before.accept(p);
            tracker.advance(p.itemsReturned() - reported[0]);
            reported[0] = p.itemsReturned();
            if (p.segmentsDone() == p.totalSegments()) {
                tracker.total(p.itemsReturned());
                tracker.finish();
            }
        };
        return this;
    }

    /** Every entity, segment 0's first, then segment 1's, and so on. */
    public List<T> list() {
        List<List<T>> bySegment = new ArrayList<>(segments);
        for (int i = 0; i < segments; i++) {
            bySegment.add(new ArrayList<>());
        }
        run((segment, item) -> bySegment.get(segment).add(item));
        List<T> out = new ArrayList<>();
        bySegment.forEach(out::addAll);
        return out;
    }

    /** Hands every entity to {@code action}; calls are serialized, in no particular order across segments. */
    public void forEach(Consumer<? super T> action) {
        Objects.requireNonNull(action, "action");
        run((segment, item) -> action.accept(item));
    }

    /** How many entities the table holds (decodes, so shared tables count only this entity type). */
    public long count() {
        long[] n = {0};
        run((segment, item) -> n[0]++);
        return n[0];
    }

    private interface Sink<T> {
        void accept(int segment, T item);
    }

    private void run(Sink<T> sink) { // the sink is always called under one lock
        ExpressionBuilder b = new ExpressionBuilder();
        String filterExpression = filter == null ? null : filter.render(b);
        GatherRunner runner = new GatherRunner(executor, concurrency);
        Segments scan = new Segments(filterExpression, b.names(), b.values(), runner, sink);
        List<GatherRunner.Task<Boolean>> tasks = new ArrayList<>(segments);
        for (int i = 0; i < segments; i++) {
            int segment = i;
            tasks.add(runner.submit(segment, () -> scan.segment(segment)));
        }
        awaitAll(runner, tasks);
    }

    /** The segments of one scan: their shared request parts, and the totals progress reports, under one lock. */
    private final class Segments {
        private final String filterExpression;
        private final Map<String, String> names;
        private final Map<String, AttributeValue> values;
        private final GatherRunner runner;
        private final Sink<T> sink;
        private final Object lock = new Object();
        private final long[] totals = new long[3]; // pages, scanned, returned
        private int done;

        Segments(
                String filterExpression,
                Map<String, String> names,
                Map<String, AttributeValue> values,
                GatherRunner runner,
                Sink<T> sink) {
            this.filterExpression = filterExpression;
            this.names = names;
            this.values = values;
            this.runner = runner;
            this.sink = sink;
        }

        /** Reads segment {@code segment} page by page to its end, handing each page's entities to the sink. */
        boolean segment(int segment) {
            Map<String, AttributeValue> start = null;
            do {
                if (runner.cancelled.get()) {
                    throw new CancellationException();
                }
                ScanResponse page = backend.scan(ScanRequest.builder()
                        .tableName(tableName)
                        .filterExpression(filterExpression)
                        .expressionAttributeNames(names.isEmpty() ? null : names)
                        .expressionAttributeValues(values.isEmpty() ? null : values)
                        .segment(segment)
                        .totalSegments(segments)
                        .exclusiveStartKey(start)
                        .build());
                start = page.lastEvaluatedKey();
                boolean last = start == null || start.isEmpty();
                List<T> decoded = new ArrayList<>(page.items().size());
                for (Map<String, AttributeValue> item : page.items()) {
                    T t = decoder.fromItem(item);
                    if (t != null) {
                        decoded.add(t);
                    }
                }
                deliver(segment, page, decoded, last);
                if (last) {
                    return true;
                }
            } while (true);
        }

        private void deliver(int segment, ScanResponse page, List<T> decoded, boolean last) {
            synchronized (lock) {
                for (T t : decoded) {
                    sink.accept(segment, t);
                }
                totals[0]++;
                totals[1] += page.scannedCount();
                totals[2] += decoded.size();
                if (last) {
                    done++;
                }
                progress.accept(new ScanProgress(segment, segments, last, done, totals[0], totals[1], totals[2]));
            }
        }
    }

    /** Waits for every segment; the first failure cancels the rest and is thrown naming its segment. */
    private void awaitAll(GatherRunner runner, List<GatherRunner.Task<Boolean>> tasks) {
        for (GatherRunner.Task<Boolean> t : tasks) {
            try {
                t.await();
            } catch (CancellationException e) {
                GatherRunner.Task<?> failed = runner.failure();
                if (failed == null) {
                    throw e;
                }
                throw failure(
                        failed.shard,
                        failed.result
                                .handle((v, x) ->
                                        x instanceof java.util.concurrent.CompletionException ? x.getCause() : x)
                                .join());
            } catch (Throwable e) {
                runner.cancel();
                throw failure(t.shard, e);
            }
        }
    }

    private GatherException failure(int segment, Throwable cause) {
        return new GatherException(
                RuntimeMessage.ScanSegmentFailed.format(segment, segments, tableName, cause), segment, cause);
    }
}
