package io.partita.repository;

import io.partita.Cursor;
import io.partita.Page;
import io.partita.internal.Futures;
import io.partita.storage.api.QueryRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The asynchronous terminals of a {@link QueryBuilder}: the same steps as {@link QueryEngine}'s, requests sent to the
 * spec's {@code AsyncBackend} and results completed on futures (cancelling one cancels the requests in flight).
 */
final class AsyncQueries {
    private AsyncQueries() {}

    /** One page without blocking; a gather's shard requests run at most {@code concurrency} at a time. */
    static <R> CompletableFuture<Page<R>> pageAsync(QueryBuilder<R, ?> q, Cursor cursor) {
        if (q.scatterValues != null) {
            int size = q.limit > 0 ? q.limit : QueryEngine.DEFAULT_SCATTER_PAGE;
            MergedShards merged;
            try {
                merged = new MergedShards(q, cursor, q.spec.decoderMaySkip() ? -1 : size, true);
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
            List<R> items = new ArrayList<>();
            CompletableFuture<Void> pumped = merged.pump(item -> {
                R decoded = q.spec.decoder().fromItem(item);
                if (decoded != null) {
                    items.add(decoded);
                }
                return items.size() < size;
            });
            return linked(
                    pumped,
                    pumped.thenApply(
                            v -> Page.of(items, merged.mayHaveMore() ? merged.cursor() : null, merged.consumed())));
        }
        return AsyncRepository.send(
                () -> q.spec.asyncBackend().query(QueryEngine.pageRequest(q, cursor)),
                response -> QueryEngine.pageOf(q, response));
    }

    /** Every result up to the limit without blocking: page after page (a gather: the merged shards). */
    static <R> CompletableFuture<List<R>> listAsync(QueryBuilder<R, ?> q) {
        int rawLimit = q.spec.decoderMaySkip() ? -1 : q.limit;
        int limit = q.limit;
        List<R> out = new ArrayList<>();
        if (q.scatterValues != null) {
            MergedShards merged;
            try {
                merged = new MergedShards(q, null, rawLimit, true);
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
            if (limit == 0) {
                return CompletableFuture.completedFuture(out);
            }
            CompletableFuture<Void> pumped = merged.pump(item -> {
                R decoded = q.spec.decoder().fromItem(item);
                if (decoded != null) {
                    out.add(decoded);
                }
                return limit < 0 || out.size() < limit;
            });
            return linked(pumped, pumped.thenApply(v -> out));
        }
        QueryEngine.PartitionReader reader;
        try {
            reader = new QueryEngine.PartitionReader(q, null, null, rawLimit);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return Futures.loop(
                () -> {
                    QueryRequest next = limit > 0 && out.size() >= limit ? null : reader.nextRequest();
                    return next == null ? null : q.spec.asyncBackend().query(next);
                },
                response -> {
                    reader.absorb(response);
                    while (reader.buffered() && (limit < 0 || out.size() < limit)) {
                        R decoded = q.spec.decoder().fromItem(reader.next());
                        if (decoded != null) {
                            out.add(decoded);
                        }
                    }
                    return null;
                },
                () -> out);
    }

    /** Returns {@code dependent}, cancelling {@code source} when it is cancelled. */
    static <T> CompletableFuture<T> linked(CompletableFuture<?> source, CompletableFuture<T> dependent) {
        Futures.cancelWith(dependent, source);
        return dependent;
    }

    @SuppressWarnings("unchecked") // counting reads results as Objects only
    private static QueryBuilder<Object, ?> erase(QueryBuilder<?, ?> q) {
        return (QueryBuilder<Object, ?>) q;
    }

    /** {@link QueryEngine#count} without blocking. */
    static CompletableFuture<Long> countAsync(QueryBuilder<?, ?> q) {
        if (q.residual != null || q.spec.decoderMaySkip()) {
            CompletableFuture<List<Object>> list = listAsync(erase(q));
            return linked(list, list.thenApply(l -> (long) l.size()));
        }
        if (q.scatterValues != null) {
            return Gather.countAsync(q);
        }
        QueryEngine.Counting counting;
        try {
            counting = new QueryEngine.Counting(q, null);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return Futures.loop(
                () -> {
                    QueryRequest r = counting.nextRequest();
                    return r == null ? null : q.spec.asyncBackend().query(r);
                },
                response -> {
                    counting.absorb(response);
                    return null;
                },
                counting::total);
    }
}
