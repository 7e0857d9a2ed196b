package io.partita.migration;

import io.partita.Partita;
import io.partita.internal.RuntimeMessage;
import io.partita.progress.ProgressTracker;
import io.partita.storage.Backend;
import io.partita.storage.ConditionalCheckFailedException;
import io.partita.storage.TransactionCanceledException;
import io.partita.storage.api.ConsumedCapacity;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.PutItemResponse;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.TransactWriteItemsResponse;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
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
 * crash are found migrated and left alone). A run that completes removes them. When the table's key schema changes,
 * the pass reads the old table and writes the new forms into the new one ({@link TableCopy}) instead of rewriting in
 * place, and a completed copy ends with the design check of the new table.
 */
final class RewritePass {
    private static final int NAMED_CONFLICTS = 20;

    private final Partita db;
    private final Backend requests;
    private final MigrationPlan plan;
    private final String copyTarget;
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
    private final List<String> conflictKeys = Collections.synchronizedList(new ArrayList<>());
    private Checkpoints checkpoints;
    private ProgressTracker tracker;
    private TableCopy copy; // null: the items are rewritten in place
    private boolean targetExists;

    /** {@code copyTarget}: the table a key schema change copies into. */
    RewritePass(
            Partita db,
            MigrationPlan plan,
            String copyTarget,
            MigrationOptions options,
            boolean write,
            AtomicBoolean stop) {
        this.db = db;
        this.requests = db.requests();
        this.plan = plan;
        this.copyTarget = copyTarget;
        this.options = options;
        this.write = write;
        this.stop = stop;
        this.rewriter = new ItemRewriter(plan);
        this.items = new RateLimiter(options.itemsPerSecond, options.clock, options.sleeper);
        this.capacity = new RateLimiter(options.capacityUnitsPerSecond, options.clock, options.sleeper);
    }

    MigrationReport run() {
        long started = options.clock.millis();
        TableDefinition deployed = requests.describeTable(plan.table()).definition();
        if (TableCopy.keySchemaChanged(deployed, TableCopy.design(plan))) {
            copy = new TableCopy(requests, plan, copyTarget, deployed);
        }
        String table = copy == null ? plan.table() : copyTarget;
        String runId = copy == null ? plan.id() : plan.id() + ">" + copyTarget;
        List<String> indexes = indexes(table);
        Map<Integer, Checkpoints.Segment> saved = Map.of();
        if (write) {
            checkpoints = new Checkpoints(db, options.checkpointTable);
            saved = checkpoints.load(runId);
        }
        boolean resumed = unfinished(saved);
        if (!resumed && !saved.isEmpty()) {
            checkpoints.clear(runId); // a finished run whose clean-up was cut short
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
        runSegments(segments, saved, runId);
        if (write && !stop.get()) {
            complete(runId);
        }
        boolean stopped = stop.get();
        if (!stopped) {
            tracker.total(tracker.done());
        }
        tracker.finish();
        return new MigrationReport(
                plan.id(),
                table,
                !write,
                scanned.sum(),
                migrated.sum(),
                rewritten.sum(),
                moved.sum(),
                foreign.sum(),
                conflicts.sum(),
                List.copyOf(conflictKeys),
                copy != null && !targetExists,
                indexes,
                resumed,
                stopped,
                Duration.ofMillis(options.clock.millis() - started));
    }

    /**
     * Whether saved checkpoints are a stopped run's: a segment not done, or a segment with none at all (it was stopped
     * before its first page was recorded, while another segment finished). Every segment done is a finished run whose
     * clean-up was cut short.
     */
    private static boolean unfinished(Map<Integer, Checkpoints.Segment> saved) {
        if (saved.isEmpty()) {
            return false;
        }
        int segments = saved.values().iterator().next().totalSegments();
        return saved.size() < segments || saved.values().stream().anyMatch(s -> !s.done());
    }

    /**
     * The end of a run that was not stopped: its checkpoints go, and a copy without conflicts drops its markers and
     * must then match the new design.
     */
    private void complete(String runId) {
        checkpoints.clear(runId);
        if (copy == null || conflicts.sum() != 0) {
            return;
        }
        CopyMarkers.remove(
                requests,
                copy,
                copyTarget,
                options.pageSize,
                items,
                capacity,
                options.capacityUnitsPerSecond > 0,
                this::stopped);
        if (!stop.get()) {
            db.tables().check(copy.design()).requireMatch();
        }
    }

    /** Creates (a run) or lists (a dry run) the indexes, and on a copy the new table first. */
    private List<String> indexes(String table) {
        if (copy != null && write) {
            copy.createTarget(db);
        }
        targetExists = copy == null || write || copy.targetExists();
        if (!targetExists) {
            return List.of();
        }
        return write
                ? IndexCreation.create(requests, plan, table, options)
                : IndexCreation.missing(requests, plan, table).stream()
                        .map(g -> g.name())
                        .toList();
    }

    private void runSegments(int segments, Map<Integer, Checkpoints.Segment> saved, String runId) {
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
                running.add(pool.submit(() -> segment(segment, segments, from, runId)));
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

    private void segment(int segment, int segments, Checkpoints.Segment from, String runId) {
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
            if (copy != null) {
                long copied = copyPage(page.items());
                if (copied < 0) {
                    return; // this page is not recorded: the next run reads it again
                }
                segmentRewritten += copied;
            }
            for (int i = 0; copy == null && i < page.items().size(); i++) {
                if (stopped()) {
                    return; // this page is not recorded: the next run reads it again
                }
                if (handle(page.items().get(i))) {
                    segmentRewritten++;
                }
            }
            Map<String, AttributeValue> last = page.lastEvaluatedKey();
            start = last == null || last.isEmpty() ? null : last;
            segmentScanned += page.items().size();
            scanned.add(page.items().size());
            if (write) {
                checkpoints.save(
                        runId,
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

    /** Copies the page's items the new table lacks or holds differently; the number copied, or -1 when stopped. */
    private long copyPage(List<Map<String, AttributeValue>> page) {
        TableCopy.Page p = copy.examine(page, targetExists);
        long copied = 0;
        for (TableCopy.Write w : p.writes()) {
            if (stopped()) {
                return -1;
            }
            if (!write) {
                rewritten.increment();
                moved.increment();
            } else if (put(w)) {
                copied++;
            }
        }
        migrated.add(p.copied());
        foreign.add(p.foreign());
        p.collisions().forEach(this::conflict);
        return copied;
    }

    /**
     * One item into the new table: where no item is, or over the stale copy of the same old item (its marker names
     * that item, or a completed copy removed it). Another old item's copy at the key is never overwritten.
     */
    private boolean put(TableCopy.Write w) {
        items.acquire(1);
        PutItemResponse response;
        try {
            response = requests.putItem(PutItemRequest.builder()
                    .tableName(copyTarget)
                    .item(w.item())
                    .conditionExpression(
                            w.absent() ? "attribute_not_exists(#k)" : "attribute_not_exists(#m) OR #m = :m")
                    .expressionAttributeNames(
                            w.absent() ? Map.of("#k", copy.partitionKey()) : Map.of("#m", TableCopy.MARKER))
                    .expressionAttributeValues(w.absent() ? null : Map.of(":m", w.source()))
                    .returnConsumedCapacity(
                            options.capacityUnitsPerSecond > 0
                                    ? ReturnConsumedCapacity.TOTAL
                                    : ReturnConsumedCapacity.NONE)
                    .build());
        } catch (ConditionalCheckFailedException e) {
            conflict(copy.describeNewKey(w.item()));
            return false;
        }
        ConsumedCapacity used = response.consumedCapacity();
        capacity.acquire(used == null ? 0 : used.capacityUnits());
        rewritten.increment();
        moved.increment();
        options.rewritten.rewritten(w.oldKey(), w.item());
        return true;
    }

    /** A refused copy, named by its new key (the report names the first {@value #NAMED_CONFLICTS}). */
    private void conflict(String newKey) {
        conflicts.increment();
        synchronized (conflictKeys) {
            if (conflictKeys.size() < NAMED_CONFLICTS) {
                conflictKeys.add(newKey);
            }
        }
    }

    private void count(ItemRewriter.Rewrite r) {
        rewritten.increment();
        if (r.keyChanged()) {
            moved.increment();
        }
    }
}
