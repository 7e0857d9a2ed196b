package io.partita.repository;

import io.partita.Consumed;
import io.partita.Cursor;
import io.partita.GatherException;
import io.partita.GatherOptions;
import io.partita.internal.Message;
import io.partita.storage.Backend;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.KeyOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.RandomAccess;
import java.util.WeakHashMap;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The gather side of {@code @Scatter}: reads every shard of a scattered query with bounded parallelism and
 * merges the shard streams lazily.
 *
 * <ul>
 *   <li><b>Bounded parallelism</b> ({@link Runner}): a query's shard requests go to a per-query queue drained by at
 *       most {@code concurrency} tasks on the executor; the consuming thread runs a queued request itself when it
 *       needs its result and no worker has started it (so a saturated or direct executor never deadlocks). On
 *       the default executor, a backend whose {@link Pace} is fast has every request run on the caller.</li>
 *   <li><b>Requests</b>: the shard requests are rendered once and differ only in the shard value
 *       ({@link #shardRequests}).</li>
 *   <li><b>Merge</b>: a k-way merge ({@link MergeTree}: a loser tree over pre-extracted merge keys, one leaf per
 *       shard) by the index sort key, ties broken by the table key — the order of the same entries in one
 *       unsharded partition — reversed for {@code descending}. Merging needs every shard's first page; after that
 *       a shard is read only as the merge consumes it, with <b>one page of prefetch</b> per shard (direct: none,
 *       the next page is read when the merge needs it).</li>
 *   <li><b>Limit</b>: with {@code limit(n)}, no shard reads more than the {@code n} entries it could contribute
 *       (each request asks for at most the shard's remaining quota), and nothing is fetched once the merge has
 *       produced {@code n} results.</li>
 *   <li><b>Failure</b>: the first shard error cancels queued requests and is thrown as a {@link GatherException}
 *       from the next {@code hasNext()}/{@code next()} — never a silently partial result.</li>
 * </ul>
 */
final class Gather {
    private Gather() {}

    /**
     * Runs fetches on an executor, at most {@code concurrency} tasks at a time; the caller may run them too.
     * <b>Direct</b> (the default executor, and a backend whose {@link Pace} is fast): nothing goes to the executor;
     * each task runs on the caller when it needs the result.
     */
    static final class Runner {
        private final Executor executor;
        private final int concurrency;
        /** The backend's pace, recorded by every task; null: an executor the caller chose, always used. */
        final Pace pace;

        private final boolean direct;
        private final ConcurrentLinkedQueue<Task<?>> queue = new ConcurrentLinkedQueue<>();
        private final AtomicInteger workers = new AtomicInteger();
        final AtomicBoolean cancelled = new AtomicBoolean();
        private volatile Task<?> failed;

        Runner(Executor executor, int concurrency) {
            this(executor, concurrency, null);
        }

        private Runner(Executor executor, int concurrency, Pace pace) {
            this.executor = executor;
            this.concurrency = concurrency;
            this.pace = pace;
            this.direct = pace != null && pace.direct();
        }

        /** The runner of a gather's shard requests: direct when the default pool would only add hand-offs. */
        static Runner of(QueryBuilder<?, ?> q) {
            Executor executor = q.effectiveExecutor();
            boolean shared = executor == GatherOptions.sharedExecutor();
            return new Runner(executor, q.effectiveConcurrency(), shared ? Pace.of(q.spec.backend()) : null);
        }

        <V> Task<V> submit(int shard, Supplier<V> work) {
            Task<V> task = new Task<>(this, shard, work);
            if (cancelled.get()) {
                task.cancel();
                return task;
            }
            if (direct) {
                return task; // run by the caller's await (a cancelled runner cancels it there)
            }
            queue.add(task);
            spawn();
            return task;
        }

        private void spawn() {
            while (true) {
                int w = workers.get();
                if (w >= concurrency || queue.isEmpty()) {
                    return;
                }
                if (workers.compareAndSet(w, w + 1)) {
                    try {
                        executor.execute(this::drain);
                    } catch (RejectedExecutionException e) {
                        workers.decrementAndGet();
                        return; // the caller runs what it needs itself
                    }
                }
            }
        }

        private void drain() {
            try {
                Task<?> t;
                while ((t = queue.poll()) != null) {
                    t.run();
                }
            } finally {
                workers.decrementAndGet();
            }
            if (!queue.isEmpty()) {
                spawn(); // a task queued between our last poll and the decrement
            }
        }

        void cancel() {
            if (cancelled.compareAndSet(false, true)) {
                Task<?> t;
                while ((t = queue.poll()) != null) {
                    t.cancel();
                }
            }
        }

        void failed(Task<?> task) {
            if (failed == null) {
                failed = task;
            }
            cancel();
        }

        /** The first failed task, if any. */
        Task<?> failure() {
            return failed;
        }
    }

    /**
     * How fast a backend answers shard requests, learned from the requests themselves: a score that each answer
     * within {@link #DIRECT_NANOS} raises by one (up to {@link #CAP}) and each slower answer lowers by
     * {@link #SLOW_PENALTY}. From {@link #LEARN} on (32 fast answers in a row from a fresh start; the embedded core
     * answers a 10-entry page in a few microseconds), handing a request to another thread costs more than the
     * request, so gathers on the default executor run their requests on the calling thread; a few slower answers
     * (a network round trip, large pages) send the next gathers back to the executor, while one stray slow answer
     * (a pause, a descheduled thread) does not. Only which thread runs a request depends on it, never what a
     * gather reads or returns.
     */
    static final class Pace {
        static final long DIRECT_NANOS = 100_000;
        static final int LEARN = 32;
        static final int CAP = 64;
        static final int SLOW_PENALTY = 16;
        private static final Map<Backend, Pace> PACES = Collections.synchronizedMap(new WeakHashMap<>());

        /** The score (racing updates may lose one; it is a heuristic, and only ever decides the thread). */
        private final AtomicInteger score = new AtomicInteger();

        static Pace of(Backend backend) {
            return PACES.computeIfAbsent(backend, b -> new Pace());
        }

        boolean direct() {
            return score.get() >= LEARN;
        }

        void record(long nanos) {
            int n = score.get();
            if (nanos > DIRECT_NANOS) {
                if (n != 0) {
                    score.set(Math.max(0, n - SLOW_PENALTY));
                }
            } else if (n < CAP) {
                score.set(n + 1);
            }
        }
    }

    /**
     * One unit of shard work (a page, or a shard's count); runs once, on a worker or on the caller. A direct
     * runner's task runs on the caller only, which alone reads it: it holds its outcome in plain fields, with no
     * future and no atomic claim.
     */
    static final class Task<V> {
        private final Runner runner;
        final int shard;
        private final Supplier<V> work;
        /** Null for a direct runner's task. */
        private final AtomicBoolean claimed;
        /** The outcome; null for a direct runner's task. */
        final CompletableFuture<V> result;

        /** A direct runner's task: whether it ran, and its outcome. */
        private boolean ran;

        private V value;
        private Throwable error;

        Task(Runner runner, int shard, Supplier<V> work) {
            this.runner = runner;
            this.shard = shard;
            this.work = work;
            this.claimed = runner.direct ? null : new AtomicBoolean();
            this.result = runner.direct ? null : new CompletableFuture<>();
        }

        /** Cancels the task before it runs. */
        void cancel() {
            if (result == null) {
                ran = true;
                error = new CancellationException();
            } else {
                result.cancel(false);
            }
        }

        void run() {
            if (!claimed.compareAndSet(false, true)) {
                return;
            }
            if (runner.cancelled.get()) {
                result.cancel(false);
                return;
            }
            try {
                Pace pace = runner.pace;
                if (pace == null) {
                    result.complete(work.get());
                } else {
                    long start = System.nanoTime();
                    V value = work.get();
                    pace.record(System.nanoTime() - start);
                    result.complete(value);
                }
            } catch (Throwable e) {
                result.completeExceptionally(e);
                runner.failed(this);
            }
        }

        /** The result, running the work here if no worker has claimed it; a failure surfaces as its cause. */
        V await() throws Throwable {
            if (result == null) {
                return runHere();
            }
            run();
            try {
                return result.get();
            } catch (ExecutionException e) {
                throw e.getCause();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                runner.cancel();
                throw new CancellationException(Message.InterruptedGathering.format());
            }
        }

        /** A direct runner's task: runs on the caller (once; a cancelled runner cancels it, as a worker would). */
        private V runHere() throws Throwable {
            if (!ran) {
                ran = true;
                if (runner.cancelled.get()) {
                    error = new CancellationException();
                } else {
                    try {
                        long start = System.nanoTime();
                        value = work.get();
                        runner.pace.record(System.nanoTime() - start);
                    } catch (Throwable e) {
                        error = e;
                        runner.failed(this);
                    }
                }
            }
            if (error != null) {
                throw error;
            }
            return value;
        }

        /** Why the task failed (it did: {@link Runner#failure}). */
        Throwable cause() {
            if (result == null) {
                return error;
            }
            Throwable cause = result.handle((v, e) -> e).join();
            return cause instanceof java.util.concurrent.CompletionException ? cause.getCause() : cause;
        }
    }

    // ---- list ---------------------------------------------------------------------------------------------

    /**
     * {@link QueryBuilder#list()} of a scattered query: the merged entries decoded straight into the result list,
     * which is sized once from what the shards' first pages hold (every row of a gather that fits in one page per
     * shard). The same steps, in the same order, as collecting {@code QueryEngine.iterator(q)} (the decoding
     * iterator over {@link Merged}): the same requests, results, limit and errors — without that iterator, and
     * without growing the list from ten slots one copy at a time.
     */
    static <R> List<R> list(QueryBuilder<R, ?> q) {
        int limit = q.limit;
        Merged merged = new Merged(q, null, q.spec.decoderMaySkip() ? -1 : limit);
        try {
            int held = limit == 0 || !merged.hasNext() ? 0 : merged.held();
            List<R> out = new ArrayList<>(limit > 0 ? Math.min(held, limit) : held);
            return QueryEngine.decodeInto(out, merged, q.spec.decoder(), limit);
        } finally {
            merged.close(); // also when a shard's page or the decoder fails: no page task is left in flight
        }
    }

    // ---- the merged stream --------------------------------------------------------------------------------

    /**
     * One shard's reading state (touched by the consuming thread only; pages arrive through tasks). It is also the
     * work of its page tasks ({@link #get}: one object per shard instead of a capturing lambda per page).
     */
    private static final class Shard implements Supplier<QueryResponse> {
        final Merged owner;
        final int index;
        final AttributeValue value;
        /** The shard's request without start key and limit (shares the rendered expressions with the others). */
        final QueryRequest request;

        Map<String, AttributeValue> startKey;
        Map<String, AttributeValue> position; // the incoming cursor position, until an entry is returned
        Map<String, AttributeValue> lastReturned; // the last returned entry (its key is the cursor position)
        /** The current page's entries that passed the residual checks; those from {@code taken} on are buffered. */
        List<Map<String, AttributeValue>> page = List.of();

        int taken;
        /** The shard's entry in the merge tree (its next entry to return); null when none. */
        Map<String, AttributeValue> head;

        int remaining; // entries this shard may still read; < 0: no limit
        boolean ended; // the backend has no more (LastEvaluatedKey absent)
        Task<QueryResponse> pending;
        /**
         * The request of the page {@link #pending} reads: written before the task is submitted, and not again before
         * its result was awaited (a shard has one page in flight at most).
         */
        QueryRequest fetching;

        CompletableFuture<QueryResponse> pendingAsync; // the asynchronous merge's page in flight

        Shard(
                Merged owner,
                int index,
                AttributeValue value,
                QueryRequest request,
                Map<String, AttributeValue> position,
                int limit) {
            this.owner = owner;
            this.index = index;
            this.value = value;
            this.request = request;
            this.position = position;
            this.startKey = position;
            this.remaining = limit;
        }

        boolean mayFetch() {
            return !ended && remaining != 0;
        }

        /** True when the current page holds entries not taken yet. */
        boolean buffered() {
            return taken < page.size();
        }

        /** Reads the page {@link #fetching} asks for (a blocking merge's page task). */
        @Override
        public QueryResponse get() {
            QueryResponse response = owner.query.spec.backend().query(fetching);
            if (owner.consumed != null) {
                owner.consumed.add(response.consumedCapacity());
            }
            return response;
        }
    }

    /**
     * The merge of a scattered query's shards, as raw items in index order. {@code perShardLimit} caps what each
     * shard reads (the query's limit or page size; {@code -1} for none).
     */
    static final class Merged implements Iterator<Map<String, AttributeValue>> {
        private final QueryBuilder<?, ?> query;
        private final Runner runner;
        /** Set for the asynchronous merge: shard requests go to the spec's AsyncBackend through it. */
        private final AsyncRunner asyncRunner;
        /**
         * Asynchronous merge: shards whose next entry is not in the heap yet (their page may be in flight); null for
         * the blocking merge.
         */
        private final List<Shard> unsettled;

        private final Shard[] shards;
        /** The shards' heads, merged: one leaf per shard. */
        private final MergeTree tree;

        private boolean started;
        /** The tree has played its first matches (the asynchronous merge builds it once every shard settled). */
        private boolean built;
        /** Asynchronous merge: the shard whose head was taken and whose path is replayed once it settles. */
        private int taken = -1;

        /** What the shard requests consumed, when the query asked for it. */
        private final Consumed.Accumulator consumed;

        Merged(QueryBuilder<?, ?> q, Cursor cursor, int perShardLimit) {
            this(q, cursor, perShardLimit, false);
        }

        /** {@code async}: read through the spec's {@code AsyncBackend} with {@link #pump}, never blocking. */
        Merged(QueryBuilder<?, ?> q, Cursor cursor, int perShardLimit, boolean async) {
            this.query = q;
            this.consumed = q.returnConsumedCapacity == ReturnConsumedCapacity.NONE ? null : new Consumed.Accumulator();
            int n = q.scatterValues.size();
            if (cursor != null && cursor.positions().size() != n) {
                throw new IllegalArgumentException(Message.CursorShardCountMismatch.format(
                        cursor.positions().size(), n));
            }
            this.runner = async ? null : Runner.of(q);
            this.asyncRunner = async ? new AsyncRunner(q.effectiveConcurrency()) : null;
            this.unsettled = async ? new ArrayList<>() : null;
            this.shards = new Shard[n];
            QueryRequest[] requests = shardRequests(q);
            for (int i = 0; i < n; i++) {
                Map<String, AttributeValue> position =
                        cursor == null ? null : cursor.positions().get(i);
                Shard s = new Shard(this, i, q.scatterValues.get(i), requests[i], position, perShardLimit);
                if (position != null && position.isEmpty()) {
                    s.ended = true; // read to its end by an earlier page
                }
                shards[i] = s;
            }
            this.tree = new MergeTree(n, orderAttributes(q.spec), q.descending);
        }

        private void start() {
            if (started) {
                return;
            }
            started = true;
            for (Shard s : shards) {
                if (s.mayFetch()) {
                    fetch(s);
                }
            }
            for (Shard s : shards) {
                advance(s);
            }
            tree.build();
            built = true;
        }

        private void fetch(Shard s) {
            QueryRequest request = page(s.request, s.startKey, s.remaining > 0 ? s.remaining : null);
            if (asyncRunner != null) {
                s.pendingAsync = asyncRunner.submit(() -> {
                    CompletableFuture<QueryResponse> sent =
                            query.spec.asyncBackend().query(request);
                    return QueryEngine.linked(sent, sent.thenApply(response -> {
                        if (consumed != null) {
                            consumed.add(response.consumedCapacity());
                        }
                        return response;
                    }));
                });
                return;
            }
            s.fetching = request;
            s.pending = runner.submit(s.index, s);
        }

        /**
         * Makes shard {@code s}'s next entry its head in the tree (or marks it done), waiting for (and prefetching)
         * pages as needed; the caller replays the shard's path (or builds the tree).
         */
        private void advance(Shard s) {
            while (!s.buffered()) {
                if (s.pending == null) {
                    tree.clear(s.index);
                    return; // ended, or its quota is used up
                }
                QueryResponse page = await(s);
                s.pending = null;
                absorb(s, page);
            }
            pushHead(s);
        }

        /** Takes one of shard {@code s}'s pages as its buffer (no copy) and prefetches the next one. */
        private void absorb(Shard s, QueryResponse page) {
            Map<String, AttributeValue> last = page.lastEvaluatedKey();
            s.ended = last == null || last.isEmpty();
            s.startKey = s.ended ? null : last;
            List<Map<String, AttributeValue>> items = page.items();
            if (query.residual != null) {
                List<Map<String, AttributeValue>> kept = new ArrayList<>(items.size());
                for (Map<String, AttributeValue> item : items) {
                    if (query.residual.test(item)) {
                        kept.add(item);
                    }
                }
                items = kept;
            } else if (!(items instanceof RandomAccess)) {
                items = new ArrayList<>(items);
            }
            s.page = items;
            s.taken = 0;
            if (s.remaining > 0) {
                s.remaining = Math.max(0, s.remaining - items.size());
            }
            if (s.mayFetch()) {
                fetch(s); // prefetch the next page while this one is merged
            }
        }

        /** Makes shard {@code s}'s next buffered entry its head (its merge key extracted once, here). */
        private void pushHead(Shard s) {
            Map<String, AttributeValue> item = s.page.get(s.taken++);
            s.head = item;
            tree.set(s.index, item);
        }

        // ---- the asynchronous merge ------------------------------------------------------------------

        /**
         * Feeds the merged entries, in order, to {@code sink} until it returns false or the shards are read,
         * without blocking: when a shard's next page is still in flight the merge continues when it arrives.
         * The future fails with a {@link GatherException} on a shard's failure; cancelling it cancels the shard
         * requests in flight and sends no more. Outstanding prefetches are cancelled when it completes.
         */
        CompletableFuture<Void> pump(java.util.function.Predicate<Map<String, AttributeValue>> sink) {
            CompletableFuture<Void> out = new CompletableFuture<>();
            // done: queued shard requests are dropped; cancelled or failed: requests in flight are cancelled too
            // (a prefetch still running after a normal completion finishes unobserved, as in the blocking merge)
            CompletableFuture<Void> unused = out.whenComplete((v, e) -> asyncRunner.cancel(e != null));
            if (!started) {
                started = true;
                for (Shard s : shards) {
                    if (s.mayFetch()) {
                        fetch(s);
                    }
                    unsettled.add(s);
                }
            }
            pumpStep(sink, out);
            return out;
        }

        private void pumpStep(
                java.util.function.Predicate<Map<String, AttributeValue>> sink, CompletableFuture<Void> out) {
            try {
                while (!out.isDone()) {
                    CompletableFuture<?> waitFor = settle();
                    if (waitFor != null) {
                        CompletableFuture<?> unused = waitFor.whenComplete((v, e) -> pumpStep(sink, out));
                        return;
                    }
                    if (!built) {
                        tree.build();
                        built = true;
                    } else if (taken >= 0) {
                        tree.replay(taken);
                    }
                    taken = -1;
                    int w = tree.winner();
                    if (w < 0) {
                        out.complete(null);
                        return;
                    }
                    Shard s = shards[w];
                    Map<String, AttributeValue> item = s.head;
                    s.head = null;
                    s.lastReturned = item;
                    taken = w;
                    unsettled.add(s);
                    if (!sink.test(item)) {
                        out.complete(null); // the cursor resumes this shard after item
                        return;
                    }
                }
            } catch (RuntimeException e) {
                out.completeExceptionally(e);
            }
        }

        /**
         * Makes every unsettled shard's next entry its head where its page is here; null when all are settled,
         * else a future completing when one of the pages still awaited arrives.
         */
        private CompletableFuture<?> settle() {
            List<CompletableFuture<QueryResponse>> awaited = new ArrayList<>();
            for (Iterator<Shard> it = unsettled.iterator(); it.hasNext(); ) {
                Shard s = it.next();
                while (!s.buffered() && s.pendingAsync != null && s.pendingAsync.isDone()) {
                    QueryResponse page;
                    try {
                        page = s.pendingAsync.join();
                    } catch (RuntimeException e) {
                        asyncRunner.cancel(true);
                        throw failure(s.index, io.partita.internal.Futures.unwrap(e));
                    }
                    s.pendingAsync = null;
                    absorb(s, page);
                }
                if (s.buffered()) {
                    pushHead(s);
                    it.remove();
                } else if (s.pendingAsync == null) {
                    tree.clear(s.index);
                    it.remove(); // read to its end, or its quota is used up
                } else {
                    awaited.add(s.pendingAsync);
                }
            }
            return awaited.isEmpty() ? null : CompletableFuture.anyOf(awaited.toArray(CompletableFuture<?>[]::new));
        }

        private QueryResponse await(Shard s) {
            QueryResponse r;
            try {
                r = s.pending.await();
            } catch (CancellationException e) {
                throwIfFailed();
                throw e;
            } catch (Throwable e) {
                runner.cancel();
                throw failure(s.index, e);
            }
            throwIfFailed();
            return r;
        }

        private void throwIfFailed() {
            if (runner == null) {
                return;
            }
            Task<?> failed = runner.failure();
            if (failed != null) {
                throw failure(failed.shard, failed.cause());
            }
        }

        private GatherException failure(int shard, Throwable cause) {
            return new GatherException(
                    Message.GatherQueryShardFailed.format(
                            shard,
                            shards.length,
                            query.scatterAttribute,
                            shards[shard].value,
                            query.spec.tableName(),
                            (query.spec.indexName() == null ? "" : "." + query.spec.indexName()),
                            cause),
                    shard,
                    cause);
        }

        @Override
        public boolean hasNext() {
            throwIfFailed();
            start();
            return tree.winner() >= 0;
        }

        @Override
        public Map<String, AttributeValue> next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            int w = tree.winner();
            Shard s = shards[w];
            Map<String, AttributeValue> item = s.head;
            s.head = null;
            s.lastReturned = item;
            try {
                advance(s);
            } finally {
                if (s.head == null) {
                    tree.clear(w); // done, or its page failed
                }
                tree.replay(w);
            }
            return item;
        }

        /** What the shard requests completed so far consumed ({@link Consumed#NONE} unless asked for). */
        Consumed consumed() {
            return consumed == null ? Consumed.NONE : consumed.result();
        }

        /** How many entries the shards hold now (heads and buffered pages), before any further page is read. */
        int held() {
            int n = 0;
            for (Shard s : shards) {
                n += s.page.size() - s.taken + (s.head != null ? 1 : 0);
            }
            return n;
        }

        /** True when some shard may hold entries after those returned so far (without fetching anything). */
        boolean mayHaveMore() {
            if (asyncRunner == null) {
                start();
            }
            for (Shard s : shards) {
                if (s.head != null || !s.ended) {
                    return true;
                }
            }
            return false;
        }

        /** Where each shard resumes: after its last returned entry; a shard with nothing left is marked done. */
        Cursor cursor() {
            List<Map<String, AttributeValue>> out = new ArrayList<>(shards.length);
            for (Shard s : shards) {
                boolean holds = s.buffered() || s.head != null;
                out.add(!holds && s.ended ? Map.of() : s.lastReturned != null ? entryKey(s.lastReturned) : s.position);
            }
            return Cursor.ofShards(out);
        }

        /**
         * Stops reading: queued requests are dropped (blocking: requests already running finish unobserved;
         * asynchronous: requests in flight are cancelled).
         */
        void close() {
            if (runner != null) {
                runner.cancel();
            } else {
                asyncRunner.cancel(true);
            }
        }

        private Map<String, AttributeValue> entryKey(Map<String, AttributeValue> item) {
            Map<String, AttributeValue> key = new HashMap<>(8);
            for (String name : query.spec.entryKeyAttributes()) {
                AttributeValue v = item.get(name);
                if (v != null) {
                    key.put(name, v);
                }
            }
            return key;
        }
    }

    // ---- shard requests -------------------------------------------------------------------------------------

    /**
     * Every shard's request (without start key and limit), rendered once: the shards' requests differ only in the
     * shard value, so they share the key condition, filter and names map of one rendering, each with its own
     * values map. (Rendered per shard when the shard value's placeholder cannot be told apart.)
     */
    static QueryRequest[] shardRequests(QueryBuilder<?, ?> q) {
        int n = q.scatterValues.size();
        QueryRequest[] out = new QueryRequest[n];
        if (n == 0) {
            return out;
        }
        AttributeValue first = q.scatterValues.get(0);
        QueryRequest template = QueryEngine.request(q, first, false).build();
        String placeholder = null;
        int found = 0;
        for (Map.Entry<String, AttributeValue> e :
                template.expressionAttributeValues().entrySet()) {
            if (e.getValue() == first) { // the instance passed in: the shard's own placeholder
                placeholder = e.getKey();
                found++;
            }
        }
        out[0] = template;
        for (int i = 1; i < n; i++) {
            AttributeValue value = q.scatterValues.get(i);
            out[i] = found == 1
                    ? withValues(template, withShard(template.expressionAttributeValues(), placeholder, value))
                    : QueryEngine.request(q, value, false).build();
        }
        return out;
    }

    private static Map<String, AttributeValue> withShard(
            Map<String, AttributeValue> values, String placeholder, AttributeValue value) {
        if (values.size() == 1) {
            return Map.of(placeholder, value);
        }
        Map<String, AttributeValue> copy = new HashMap<>(values);
        copy.put(placeholder, value);
        return Map.copyOf(copy);
    }

    private static QueryRequest withValues(QueryRequest r, Map<String, AttributeValue> values) {
        return new QueryRequest(
                r.tableName(),
                r.indexName(),
                r.keyConditionExpression(),
                r.filterExpression(),
                r.projectionExpression(),
                r.expressionAttributeNames(),
                values,
                r.select(),
                r.limit(),
                r.scanIndexForward(),
                r.exclusiveStartKey(),
                r.consistentRead(),
                r.returnConsumedCapacity());
    }

    /** {@code r} for one page: from {@code start} (null: the beginning), at most {@code limit} entries. */
    static QueryRequest page(QueryRequest r, Map<String, AttributeValue> start, Integer limit) {
        if (start == null && limit == null && r.exclusiveStartKey() == null && r.limit() == null) {
            return r; // a shard's first page without a limit: its request as rendered
        }
        return new QueryRequest(
                r.tableName(),
                r.indexName(),
                r.keyConditionExpression(),
                r.filterExpression(),
                r.projectionExpression(),
                r.expressionAttributeNames(),
                r.expressionAttributeValues(),
                r.select(),
                limit,
                r.scanIndexForward(),
                start,
                r.consistentRead(),
                r.returnConsumedCapacity());
    }

    // ---- count --------------------------------------------------------------------------------------------

    /** Select COUNT over every shard in parallel; each shard counts up to the limit; the sum is capped by it. */
    static long count(QueryBuilder<?, ?> q) {
        Runner runner = Runner.of(q);
        List<Task<Long>> tasks = new ArrayList<>(q.scatterValues.size());
        for (int i = 0; i < q.scatterValues.size(); i++) {
            AttributeValue shard = q.scatterValues.get(i);
            tasks.add(runner.submit(i, () -> countShard(q, shard)));
        }
        long total = 0;
        for (Task<Long> t : tasks) {
            try {
                total += t.await();
            } catch (CancellationException e) {
                Task<?> failed = runner.failure();
                if (failed == null) {
                    throw e;
                }
                throw countFailure(q, failed.shard, failed.cause());
            } catch (Throwable e) {
                runner.cancel();
                throw countFailure(q, t.shard, e);
            }
        }
        return q.limit > 0 ? Math.min(total, q.limit) : total;
    }

    private static GatherException countFailure(QueryBuilder<?, ?> q, int shard, Throwable cause) {
        return new GatherException(
                Message.GatherCountShardFailed.format(
                        shard,
                        q.scatterValues.size(),
                        q.scatterAttribute,
                        q.scatterValues.get(shard),
                        q.spec.tableName(),
                        (q.spec.indexName() == null ? "" : "." + q.spec.indexName()),
                        cause),
                shard,
                cause);
    }

    private static long countShard(QueryBuilder<?, ?> q, AttributeValue shard) {
        QueryEngine.Counting counting = new QueryEngine.Counting(q, shard);
        for (QueryRequest r; (r = counting.nextRequest()) != null; ) {
            counting.absorb(q.spec.backend().query(r));
        }
        return counting.total();
    }

    /**
     * {@link #count} without blocking: every shard counts page by page, at most {@code concurrency} requests in
     * flight; the first failure cancels the rest and fails the future with a {@link GatherException}.
     */
    static CompletableFuture<Long> countAsync(QueryBuilder<?, ?> q) {
        AsyncRunner runner = new AsyncRunner(q.effectiveConcurrency());
        int n = q.scatterValues.size();
        List<CompletableFuture<Long>> shards = new ArrayList<>(n);
        CompletableFuture<Long> out = new CompletableFuture<>();
        CompletableFuture<Long> unused = out.whenComplete((v, e) -> runner.cancel());
        for (int i = 0; i < n; i++) {
            int shard = i;
            QueryEngine.Counting counting;
            try {
                counting = new QueryEngine.Counting(q, q.scatterValues.get(i));
            } catch (RuntimeException e) {
                out.completeExceptionally(e);
                return out;
            }
            CompletableFuture<Long> count = io.partita.internal.Futures.loop(
                    () -> {
                        QueryRequest r = counting.nextRequest();
                        return r == null
                                ? null
                                : runner.submit(() -> q.spec.asyncBackend().query(r));
                    },
                    response -> {
                        counting.absorb(response);
                        return null;
                    },
                    counting::total);
            CompletableFuture<Long> unused2 = count.whenComplete((v, e) -> {
                if (e != null && !(e instanceof CancellationException)) {
                    out.completeExceptionally(countFailure(q, shard, io.partita.internal.Futures.unwrap(e)));
                }
            });
            shards.add(count);
        }
        CompletableFuture<Void> unused3 = CompletableFuture.allOf(shards.toArray(CompletableFuture<?>[]::new))
                .whenComplete((v, e) -> {
                    if (e == null) {
                        long total = 0;
                        for (CompletableFuture<Long> c : shards) {
                            total += c.join();
                        }
                        out.complete(q.limit > 0 ? Math.min(total, q.limit) : total);
                    }
                });
        return out;
    }

    /**
     * The asynchronous gather's bound on parallelism: at most {@code concurrency} requests in flight, the rest
     * queued in order; {@link #cancel()} drops the queue and cancels the requests in flight.
     */
    static final class AsyncRunner {
        private final int concurrency;
        private final ArrayDeque<Runnable> queue = new ArrayDeque<>();
        private final List<CompletableFuture<?>> queued = new ArrayList<>();
        private final List<CompletableFuture<?>> inFlight = new ArrayList<>();
        private int running;
        private boolean cancelled;

        AsyncRunner(int concurrency) {
            this.concurrency = concurrency;
        }

        <V> CompletableFuture<V> submit(Supplier<CompletableFuture<V>> call) {
            CompletableFuture<V> out = new CompletableFuture<>();
            Runnable start = () -> {
                CompletableFuture<V> sent = send(call);
                boolean cancelNow;
                synchronized (this) {
                    inFlight.add(sent);
                    cancelNow = cancelled;
                }
                if (cancelNow) {
                    sent.cancel(true);
                }
                CompletableFuture<V> unused = sent.whenComplete((r, e) -> {
                    synchronized (this) {
                        inFlight.removeIf(f -> f == sent);
                    }
                    if (e == null) {
                        out.complete(r);
                    } else {
                        out.completeExceptionally(io.partita.internal.Futures.unwrap(e));
                    }
                    release();
                });
            };
            boolean now;
            synchronized (this) {
                if (cancelled) {
                    out.cancel(false);
                    return out;
                }
                now = running < concurrency;
                if (now) {
                    running++;
                } else {
                    queue.add(start);
                    queued.add(out);
                }
            }
            if (now) {
                start.run();
            }
            return out;
        }

        private static <V> CompletableFuture<V> send(Supplier<CompletableFuture<V>> call) {
            try {
                return call.get();
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }

        private void release() {
            Runnable next;
            synchronized (this) {
                next = cancelled ? null : queue.poll();
                if (next == null) {
                    running--;
                } else {
                    queued.remove(0);
                }
            }
            if (next != null) {
                next.run();
            }
        }

        /** Drops the queue and cancels the requests in flight. */
        void cancel() {
            cancel(true);
        }

        /** Drops the queue; cancels the requests in flight too when {@code inFlight}. */
        void cancel(boolean inFlight) {
            List<CompletableFuture<?>> dropped;
            List<CompletableFuture<?>> running;
            synchronized (this) {
                if (cancelled) {
                    return;
                }
                cancelled = true;
                queue.clear();
                dropped = new ArrayList<>(queued);
                queued.clear();
                running = inFlight ? new ArrayList<>(this.inFlight) : List.of();
            }
            for (CompletableFuture<?> f : dropped) {
                f.cancel(false);
            }
            for (CompletableFuture<?> f : running) {
                f.cancel(true);
            }
        }
    }

    // ---- order --------------------------------------------------------------------------------------------

    /** The attributes that order a gather's entries: the index sort key, then the table key (the core's tie order). */
    static String[] orderAttributes(QuerySpec<?> spec) {
        List<String> names = new ArrayList<>(spec.sortKeyAttributes());
        for (String k : EntityMapping.indexKeyAttributes(spec.table(), null)) {
            if (!names.contains(k)) {
                names.add(k);
            }
        }
        return names.toArray(String[]::new);
    }

    /**
     * Compares extracted merge keys part by part in DynamoDB key order; a missing part sorts first. The order
     * {@link MergeTree} merges in (its extracted keys compare as this does); the tests' reference.
     */
    static int compareKeys(AttributeValue[] a, AttributeValue[] b) {
        for (int i = 0; i < a.length; i++) {
            AttributeValue x = a[i];
            AttributeValue y = b[i];
            if (x == null || y == null) {
                if (x != y) {
                    return x == null ? -1 : 1;
                }
                continue;
            }
            int c = KeyOrder.compare(x, y);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }
}
