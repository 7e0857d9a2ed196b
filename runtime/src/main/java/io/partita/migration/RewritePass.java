package io.partita.migration;

import io.partita.Partita;
import io.partita.internal.RuntimeMessage;
import io.partita.progress.ProgressTracker;
import io.partita.storage.Backend;
import io.partita.storage.TransactionCanceledException;
import io.partita.storage.api.ConsumedCapacity;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.TransactWriteItemsResponse;
import io.partita.storage.value.AttributeValue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * One run of a plan (or a dry run): indexes first, then a parallel Scan whose segments each read page by page, hand
 * every item to the {@link ItemRewriter}, rewrite those that need it ({@link ItemWrites}, paced by the rate limits)
 * and record the segment's position after each page. A stopped or crashed run leaves its checkpoints; the next run
 * of the same plan reads them and goes on from each segment's last recorded page (items of a page handled before the
 * crash are found migrated and left alone). A run that completes removes them.
 */
final class RewritePass {
    private final Partita db;
    private final Backend requests;
    private final MigrationPlan plan;
    private final MigrationOptions options;
    private final boolean write;
    private final AtomicBoolean stop;
    private final ItemRewriter rewriter;
    private final RateLimiter items;
    private final RateLimiter capacity;
    private final LongAdder scanned = new LongAdder();
    private final LongAdder migrated = new LongAdder();
    private final LongAdder rewritten = new LongAdder();
    private final LongAdder moved = new LongAdder();
    private final LongAdder foreign = new LongAdder();
    private final LongAdder conflicts = new LongAdder();
    private Checkpoints checkpoints;
    private ProgressTracker tracker;

    RewritePass(Partita db, MigrationPlan plan, MigrationOptions options, boolean write, AtomicBoolean stop) {
        this.db = db;
        this.requests = db.requests();
        this.plan = plan;
        this.options = options;
        this.write = write;
        this.stop = stop;
        this.rewriter = new ItemRewriter(plan);
        this.items = new RateLimiter(options.itemsPerSecond, options.clock, options.sleeper);
        this.capacity = new RateLimiter(options.capacityUnitsPerSecond, options.clock, options.sleeper);
    }

    MigrationReport run() {
        long started = options.clock.millis();
        List<String> indexes = write
                ? IndexCreation.create(requests, plan, options)
                : IndexCreation.missing(requests, plan).stream()
                        .map(g -> g.name())
                        .toList();
        Map<Integer, Checkpoints.Segment> saved = Map.of();
        if (write) {
            checkpoints = new Checkpoints(db, options.checkpointTable);
            saved = checkpoints.load(plan.id());
        }
        boolean resumed = saved.values().stream().anyMatch(s -> !s.done());
        if (!resumed && !saved.isEmpty()) {
            checkpoints.clear(plan.id()); // a finished run whose clean-up was cut short
            saved = Map.of();
        }
        int segments = resumed ? saved.values().iterator().next().totalSegments() : options.segments;
        long estimate = requests.describeTable(plan.table()).itemCount();
        long before =
                saved.values().stream().mapToLong(Checkpoints.Segment::scanned).sum();
        tracker = new ProgressTracker(
                (write ? "migrate " : "dry run ") + plan.table(),
                Math.max(0, estimate - before),
                options.progress,
                options.clock,
                ProgressTracker.DEFAULT_INTERVAL);
        runSegments(segments, saved);
        boolean stopped = stop.get();
        if (write && !stopped) {
            checkpoints.clear(plan.id());
        }
        if (!stopped) {
            tracker.total(tracker.done());
        }
        tracker.finish();
        return new MigrationReport(
                plan.id(),
                !write,
                scanned.sum(),
                migrated.sum(),
                rewritten.sum(),
                moved.sum(),
                foreign.sum(),
                conflicts.sum(),
                indexes,
                resumed,
                stopped,
                Duration.ofMillis(options.clock.millis() - started));
    }

    private void runSegments(int segments, Map<Integer, Checkpoints.Segment> saved) {
        AtomicInteger threadNumber = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(options.threads, segments), r -> {
            Thread t = new Thread(r, "partita-migrate-" + threadNumber.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int s = 0; s < segments; s++) {
                Checkpoints.Segment from = saved.get(s);
                if (from != null && from.done()) {
                    continue;
                }
                int segment = s;
                running.add(pool.submit(() -> segment(segment, segments, from)));
            }
            for (Future<?> f : running) {
                await(f);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private void await(Future<?> f) {
        try {
            f.get();
        } catch (ExecutionException e) {
            stop.set(true);
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(RuntimeMessage.MigrationFailed.format(plan.id(), e.getCause()), e);
        } catch (InterruptedException e) {
            stop.set(true);
            Thread.currentThread().interrupt();
            throw new IllegalStateException(RuntimeMessage.MigrationInterrupted.format(), e);
        }
    }

    private boolean stopped() {
        if (!stop.get() && options.stop.getAsBoolean()) {
            stop.set(true);
        }
        return stop.get();
    }

    private void segment(int segment, int segments, Checkpoints.Segment from) {
        Map<String, AttributeValue> start = from == null ? null : from.start();
        long segmentScanned = from == null ? 0 : from.scanned();
        long segmentRewritten = from == null ? 0 : from.rewritten();
        do {
            if (stopped()) {
                return;
            }
            ScanResponse page = requests.scan(ScanRequest.builder()
                    .tableName(plan.table())
                    .segment(segment)
                    .totalSegments(segments)
                    .limit(options.pageSize)
                    .exclusiveStartKey(start)
                    .consistentRead(true)
                    .build());
            for (Map<String, AttributeValue> item : page.items()) {
                if (stopped()) {
                    return; // this page is not recorded: the next run reads it again
                }
                if (handle(item)) {
                    segmentRewritten++;
                }
            }
            Map<String, AttributeValue> last = page.lastEvaluatedKey();
            start = last == null || last.isEmpty() ? null : last;
            segmentScanned += page.items().size();
            scanned.add(page.items().size());
            if (write) {
                checkpoints.save(
                        plan.id(),
                        new Checkpoints.Segment(
                                segment, segments, start, start == null, segmentScanned, segmentRewritten));
            }
            tracker.advance(page.items().size());
        } while (start != null);
    }

    /** Examines one item and rewrites it if it needs it; true when it was rewritten. */
    private boolean handle(Map<String, AttributeValue> item) {
        ItemRewriter.Outcome out = rewriter.examine(item);
        switch (out.verdict()) {
            case MIGRATED -> migrated.increment();
            case FOREIGN -> foreign.increment();
            case REWRITE -> {
                if (!write) {
                    count(out.rewrite());
                    return false;
                }
                return rewrite(item, out.rewrite());
            }
        }
        return false;
    }

    private boolean rewrite(Map<String, AttributeValue> item, ItemRewriter.Rewrite r) {
        items.acquire(1);
        TransactWriteItemsResponse response;
        try {
            response = requests.transactWriteItems(TransactWriteItemsRequest.builder()
                    .transactItems(ItemWrites.of(plan.table(), item, r))
                    .returnConsumedCapacity(
                            options.capacityUnitsPerSecond > 0
                                    ? ReturnConsumedCapacity.TOTAL
                                    : ReturnConsumedCapacity.NONE)
                    .build());
        } catch (TransactionCanceledException e) {
            conflicts.increment();
            return false;
        }
        capacity.acquire(response.consumedCapacity().stream()
                .mapToDouble(ConsumedCapacity::capacityUnits)
                .sum());
        count(r);
        options.rewritten.rewritten(r.oldKey(), r.item());
        return true;
    }

    private void count(ItemRewriter.Rewrite r) {
        rewritten.increment();
        if (r.keyChanged()) {
            moved.increment();
        }
    }
}
