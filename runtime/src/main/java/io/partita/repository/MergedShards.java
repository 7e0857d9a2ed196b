package io.partita.repository;

import io.partita.Consumed;
import io.partita.Cursor;
import io.partita.GatherException;
import io.partita.generated.IndexKeys;
import io.partita.generated.QuerySpec;
import io.partita.internal.RuntimeMessage;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.KeyOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.RandomAccess;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The merge of a scattered query's shards, as raw items in index order. {@code perShardLimit} caps what each
 * shard reads (the query's limit or page size; {@code -1} for none).
 */
final class MergedShards implements Iterator<Map<String, AttributeValue>> {
    private final QueryBuilder<?, ?> query;
    private final GatherRunner runner;
    /** Set for the asynchronous merge: shard requests go to the spec's AsyncBackend through it. */
    private final AsyncGatherRunner asyncRunner;
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

    MergedShards(QueryBuilder<?, ?> q, Cursor cursor, int perShardLimit) {
        this(q, cursor, perShardLimit, false);
    }

    /** {@code async}: read through the spec's {@code AsyncBackend} with {@link #pump}, never blocking. */
    MergedShards(QueryBuilder<?, ?> q, Cursor cursor, int perShardLimit, boolean async) {
        this.query = q;
        this.consumed = q.returnConsumedCapacity == ReturnConsumedCapacity.NONE ? null : new Consumed.Accumulator();
        int n = q.scatterValues.size();
        if (cursor != null && cursor.positions().size() != n) {
            throw new IllegalArgumentException(RuntimeMessage.CursorShardCountMismatch.format(
                    cursor.positions().size(), n));
        }
        this.runner = async ? null : GatherRunner.of(q);
        this.asyncRunner = async ? new AsyncGatherRunner(q.effectiveConcurrency()) : null;
        this.unsettled = async ? new ArrayList<>() : null;
        this.shards = new Shard[n];
        QueryRequest[] requests = Gather.shardRequests(q);
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
        QueryRequest request = Gather.page(s.request, s.startKey, s.remaining > 0 ? s.remaining : null);
        if (asyncRunner != null) {
            s.pendingAsync = asyncRunner.submit(() -> {
                CompletableFuture<QueryResponse> sent =
                        query.spec.asyncBackend().query(request);
                return AsyncQueries.linked(sent, sent.thenApply(response -> {
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

    private void pumpStep(java.util.function.Predicate<Map<String, AttributeValue>> sink, CompletableFuture<Void> out) {
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
        GatherRunner.Task<?> failed = runner.failure();
        if (failed != null) {
            throw failure(failed.shard, failed.cause());
        }
    }

    private GatherException failure(int shard, Throwable cause) {
        return new GatherException(
                RuntimeMessage.GatherQueryShardFailed.format(
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

    /**
     * One shard's reading state (touched by the consuming thread only; pages arrive through tasks). It is also the
     * work of its page tasks ({@link #get}: one object per shard instead of a capturing lambda per page).
     */
    private static final class Shard implements Supplier<QueryResponse> {
        final MergedShards owner;
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
        GatherRunner.Task<QueryResponse> pending;
        /**
         * The request of the page {@link #pending} reads: written before the task is submitted, and not again before
         * its result was awaited (a shard has one page in flight at most).
         */
        QueryRequest fetching;

        CompletableFuture<QueryResponse> pendingAsync; // the asynchronous merge's page in flight

        Shard(
                MergedShards owner,
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

    /** The attributes that order a gather's entries: the index sort key, then the table key (the core's tie order). */
    static String[] orderAttributes(QuerySpec<?> spec) {
        List<String> names = new ArrayList<>(spec.sortKeyAttributes());
        for (String k : IndexKeys.indexKeyAttributes(spec.table(), null)) {
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
