package io.partita.repository;

import io.partita.GatherException;
import io.partita.internal.RuntimeMessage;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;

/**
 * The gather side of {@code @Scatter}: reads every shard of a scattered query with bounded parallelism and
 * merges the shard streams lazily.
 *
 * <ul>
 *   <li><b>Bounded parallelism</b> ({@link GatherRunner}): a query's shard requests go to a per-query queue drained by at
 *       most {@code concurrency} tasks on the executor; the consuming thread runs a queued request itself when it
 *       needs its result and no worker has started it (so a saturated or direct executor never deadlocks). On
 *       the default executor, a backend whose {@link GatherRunner.Pace} is fast has every request run on the caller.</li>
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
     * {@link QueryBuilder#list()} of a scattered query: the merged entries decoded straight into the result list,
     * which is sized once from what the shards' first pages hold (every row of a gather that fits in one page per
     * shard). The same steps, in the same order, as collecting {@code QueryEngine.iterator(q)} (the decoding
     * iterator over {@link MergedShards}): the same requests, results, limit and errors — without that iterator, and
     * without growing the list from ten slots one copy at a time.
     */
    static <R> List<R> list(QueryBuilder<R, ?> q) {
        int limit = q.limit;
        MergedShards merged = new MergedShards(q, null, q.spec.decoderMaySkip() ? -1 : limit);
        try {
            int held = limit == 0 || !merged.hasNext() ? 0 : merged.held();
            List<R> out = new ArrayList<>(limit > 0 ? Math.min(held, limit) : held);
            return QueryEngine.decodeInto(out, merged, q.spec.decoder(), limit);
        } finally {
            merged.close(); // also when a shard's page or the decoder fails: no page task is left in flight
        }
    }

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
        GatherRunner runner = GatherRunner.of(q);
        List<GatherRunner.Task<Long>> tasks = new ArrayList<>(q.scatterValues.size());
        for (int i = 0; i < q.scatterValues.size(); i++) {
            AttributeValue shard = q.scatterValues.get(i);
            tasks.add(runner.submit(i, () -> countShard(q, shard)));
        }
        long total = 0;
        for (GatherRunner.Task<Long> t : tasks) {
            try {
                total += t.await();
            } catch (CancellationException e) {
                GatherRunner.Task<?> failed = runner.failure();
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
                RuntimeMessage.GatherCountShardFailed.format(
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
        AsyncGatherRunner runner = new AsyncGatherRunner(q.effectiveConcurrency());
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
}
