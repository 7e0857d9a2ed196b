package io.partita.repository;

import io.partita.Consumed;
import io.partita.Cursor;
import io.partita.ExpressionBuilder;
import io.partita.Page;
import io.partita.generated.EntityMapping;
import io.partita.generated.QuerySpec;
import io.partita.internal.RuntimeMessage;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.Select;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * Runs a {@link QueryBuilder}'s query: renders the key condition, pages through the backend lazily, applies
 * the residual checks of template ranges, decodes, and merges the shards of a scattered query.
 */
final class QueryEngine {
    /** Page size of a scattered query's {@code page()} when no limit is set. */
    static final int DEFAULT_SCATTER_PAGE = 100;

    private QueryEngine() {}

    // ---- requests ----------------------------------------------------------------------------------------

    /**
     * The request for one partition (one shard of a scattered query), without start key or limit, as a builder (the
     * page reader sets each page's start key and limit on it).
     */
    static QueryRequest.Builder request(QueryBuilder<?, ?> q, AttributeValue shardValue, boolean count) {
        return request(q, shardValue, count, null, null).toBuilder();
    }

    /**
     * The request for the one partition of a query without scatter, built as the record itself (no builder):
     * starting after {@code start} (null for the first page), at most {@code limit} items (null: no limit).
     */
    static QueryRequest singleRequest(
            QueryBuilder<?, ?> q, boolean count, Map<String, AttributeValue> start, Integer limit) {
        return request(q, null, count, start, limit);
    }

    /**
     * The request for one partition (one shard of a scattered query, {@code shardValue}). The key condition's text
     * and names come from the spec's {@link KeyConditionForm} of the query's shape (rendered once); only a query with
     * a filter renders both into one {@link ExpressionBuilder} per request.
     */
    private static QueryRequest request(
            QueryBuilder<?, ?> q,
            AttributeValue shardValue,
            boolean count,
            Map<String, AttributeValue> start,
            Integer limit) {
        String scatter = q.scatterAttribute;
        boolean appendScatter = scatter != null && !q.partition.contains(scatter);
        if (q.partition.isEmpty() && !appendScatter) {
            throw new IllegalStateException(RuntimeMessage.QueryWithoutPartitionKey.format());
        }
        QueryBuilder.RangeTerm range = q.effectiveRange();
        QuerySpec<?> spec = q.spec;
        String keyCondition;
        String filter;
        Map<String, String> names;
        Map<String, AttributeValue> values;
        if (q.filter == null) {
            KeyConditionForm form = KeyConditionForm.cached(spec, q, shardValue, appendScatter, range);
            keyCondition = form.text;
            filter = null;
            names = form.names;
            values = form.values(q, shardValue, appendScatter, range);
        } else {
            ExpressionBuilder b = new ExpressionBuilder();
            keyCondition = KeyConditionForm.render(q, shardValue, appendScatter, range, b);
            filter = q.filter.render(b);
            names = b.names();
            values = b.values();
        }
        return new QueryRequest(
                spec.tableName(),
                spec.indexName(),
                keyCondition,
                filter,
                null,
                names,
                values,
                count ? Select.COUNT : spec.select(),
                limit,
                !q.descending,
                start,
                q.consistentRead,
                q.returnConsumedCapacity);
    }

    // ---- one partition -----------------------------------------------------------------------------------

    /** Raw items of one partition that pass the residual checks, fetched page by page on demand. */
    static final class PartitionReader implements Iterator<Map<String, AttributeValue>> {
        private final QueryBuilder<?, ?> query;
        private final QueryRequest.Builder request;
        private Map<String, AttributeValue> startKey;
        private int remaining; // < 0: no limit
        private boolean exhausted;
        private List<Map<String, AttributeValue>> buffer = List.of();
        private int position;

        PartitionReader(
                QueryBuilder<?, ?> query, AttributeValue shardValue, Map<String, AttributeValue> startKey, int limit) {
            this.query = query;
            this.request = request(query, shardValue, false);
            this.startKey = startKey;
            this.remaining = limit;
        }

        /** The request for the next page, or null when the partition is read (or the limit reached). */
        QueryRequest nextRequest() {
            if (exhausted || remaining == 0) {
                return null;
            }
            return request.exclusiveStartKey(startKey)
                    .limit(remaining > 0 ? remaining : null)
                    .build();
        }

        /** Takes a page: its items that pass the residual checks become the buffer. */
        void absorb(QueryResponse response) {
            buffer = response.items();
            // the page's stored items are read next, one after the other: start loading all of them now
            ItemMap.prefetch(buffer);
            position = 0;
            startKey = response.lastEvaluatedKey();
            exhausted = startKey == null || startKey.isEmpty();
            if (query.residual != null) {
                List<Map<String, AttributeValue>> kept = new ArrayList<>(buffer.size());
                for (Map<String, AttributeValue> item : buffer) {
                    if (query.residual.test(item)) {
                        kept.add(item);
                    }
                }
                buffer = kept;
            }
        }

        /** True when an item is buffered (no request needed for {@link #next()}). */
        boolean buffered() {
            return position < buffer.size();
        }

        @Override
        public boolean hasNext() {
            while (position == buffer.size()) {
                QueryRequest next = nextRequest();
                if (next == null) {
                    return false;
                }
                absorb(query.spec.backend().query(next));
            }
            return true;
        }

        @Override
        public Map<String, AttributeValue> next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            Map<String, AttributeValue> item = buffer.get(position++);
            if (remaining > 0) {
                remaining--;
            }
            return item;
        }
    }

    // ---- iteration ---------------------------------------------------------------------------------------

    /**
     * {@link QueryBuilder#list()}: every result up to the limit. A query of one partition whose results may not be
     * skipped (no scatter, no template residual, a decoder that never refuses an item) sends its first request and,
     * when that page holds the whole answer (no LastEvaluatedKey, or the limit's worth of items), decodes the page
     * straight into the list: no page reader, no iterators. A scattered query's list is {@link Gather#list} (the merged
     * rows decoded straight into the list). Otherwise, and for every other query, the results come
     * through {@link #iterator} — from the page already read when there is one, so the requests sent are the same
     * either way.
     */
    static <R> List<R> list(QueryBuilder<R, ?> q) {
        int limit = q.limit;
        if (q.scatterValues != null) {
            return Gather.list(q); // decodes the merged rows straight into the list
        }
        if (q.residual != null || q.spec.decoderMaySkip()) {
            PartitionReader reader = new PartitionReader(q, null, null, q.spec.decoderMaySkip() ? -1 : limit);
            return decodeInto(new ArrayList<>(initialCapacity(limit)), reader, q.spec.decoder(), limit);
        }
        QueryResponse response = q.spec.backend().query(singleRequest(q, false, null, limit > 0 ? limit : null));
        List<Map<String, AttributeValue>> items = response.items();
        int n = items.size();
        Map<String, AttributeValue> last = response.lastEvaluatedKey();
        if (last != null && !last.isEmpty() && (limit < 0 || n < limit)) {
            // more pages to read: continue as the general path does after its first page
            PartitionReader reader = new PartitionReader(q, null, null, limit);
            reader.absorb(response);
            return decodeInto(new ArrayList<>(initialCapacity(limit)), reader, q.spec.decoder(), limit);
        }
        if (limit > 0 && n > limit) {
            n = limit;
        }
        List<R> out = new ArrayList<>(n);
        decodePage(items, n, q.spec.decoder(), out);
        return out;
    }

    /**
     * {@code items[0, n)} decoded into {@code out} in order, the ones the decoder refuses dropped. A memoizing reader
     * first takes the leading items' memos in one pass (a page read again is answered there, item after item, with
     * nothing else loaded); from the first item without one, the page is prefetched ({@link ItemMap#prefetch}, as in
     * {@link PartitionReader#absorb}) and the rest decoded one by one.
     */
    static <R> void decodePage(
            List<Map<String, AttributeValue>> items, int n, io.partita.mapping.ItemDecoder<R> decoder, List<R> out) {
        int i = 0;
        if (decoder instanceof EntityMapping.StoredItemReader<R> reader) {
            i = reader.takeMemos(items, n, out);
            if (i == n) {
                return;
            }
        }
        ItemMap.prefetch(items);
        for (; i < n; i++) {
            R decoded = decoder.fromItem(items.get(i));
            if (decoded != null) {
                out.add(decoded);
            }
        }
    }

    /** The first size of a list of results when nothing tells how many there will be. */
    private static int initialCapacity(int limit) {
        return limit > 0 && limit < 64 ? limit : 10;
    }

    /**
     * {@code raw}'s items decoded into {@code out}, the ones the decoder refuses dropped, until raw ends or {@code
     * limit} results are in (< 0: no limit; raw is not asked again once they are): {@link Decoding}'s steps as one
     * loop, for the {@code list()} terminals. Returns {@code out}.
     */
    static <R> List<R> decodeInto(
            List<R> out,
            Iterator<Map<String, AttributeValue>> raw,
            io.partita.mapping.ItemDecoder<R> decoder,
            int limit) {
        int remaining = limit;
        while (remaining != 0 && raw.hasNext()) {
            R decoded = decoder.fromItem(raw.next());
            if (decoded != null) {
                out.add(decoded);
                if (remaining > 0) {
                    remaining--;
                }
            }
        }
        return out;
    }

    static <R> Iterator<R> iterator(QueryBuilder<R, ?> q) {
        int rawLimit = q.spec.decoderMaySkip() ? -1 : q.limit;
        Iterator<Map<String, AttributeValue>> raw = q.scatterValues == null
                ? new PartitionReader(q, null, null, rawLimit)
                : new MergedShards(q, null, rawLimit);
        return new Decoding<>(raw, q.spec.decoder(), q.limit);
    }

    /** Decodes raw items, drops the ones the decoder refuses, stops at the limit. */
    static final class Decoding<R> implements Iterator<R> {
        private final Iterator<Map<String, AttributeValue>> raw;
        private final io.partita.mapping.ItemDecoder<R> decoder;
        private int remaining;
        private R next;

        Decoding(Iterator<Map<String, AttributeValue>> raw, io.partita.mapping.ItemDecoder<R> decoder, int limit) {
            this.raw = raw;
            this.decoder = decoder;
            this.remaining = limit;
        }

        @Override
        public boolean hasNext() {
            while (next == null) {
                if (remaining == 0 || !raw.hasNext()) {
                    close();
                    return false;
                }
                next = decoder.fromItem(raw.next());
            }
            return true;
        }

        @Override
        public R next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            R r = next;
            next = null;
            if (remaining > 0 && --remaining == 0) {
                close(); // the limit is reached: a gather stops its shard reads
            }
            return r;
        }

        /** Stops a gather's shard reads (nothing to do for a single partition). */
        void close() {
            if (raw instanceof MergedShards m) {
                m.close();
            }
        }
    }

    // ---- count -------------------------------------------------------------------------------------------

    static long count(QueryBuilder<?, ?> q) {
        if (q.residual != null || q.spec.decoderMaySkip()) {
            long n = 0;
            for (Iterator<?> it = iterator(q); it.hasNext(); it.next()) {
                n++;
            }
            return n;
        }
        if (q.scatterValues != null) {
            return Gather.count(q);
        }
        Counting counting = new Counting(q, null);
        for (QueryRequest r; (r = counting.nextRequest()) != null; ) {
            counting.absorb(q.spec.backend().query(r));
        }
        return counting.total();
    }

    /** A Select COUNT over one partition (one shard), page by page, up to the query's limit. */
    static final class Counting {
        private final QueryBuilder<?, ?> q;
        private final QueryRequest.Builder request;
        private Map<String, AttributeValue> start;
        private boolean ended;
        private long total;

        Counting(QueryBuilder<?, ?> q, AttributeValue shard) {
            this.q = q;
            this.request = request(q, shard, true);
        }

        QueryRequest nextRequest() {
            long remaining = q.limit > 0 ? q.limit - total : -1;
            if (ended || remaining == 0) {
                return null;
            }
            return request.exclusiveStartKey(start)
                    .limit(remaining > 0 ? (int) remaining : null)
                    .build();
        }

        void absorb(QueryResponse response) {
            total += response.count();
            start = response.lastEvaluatedKey();
            ended = start == null || start.isEmpty();
        }

        long total() {
            return q.limit > 0 ? Math.min(total, q.limit) : total;
        }
    }

    // ---- pages -------------------------------------------------------------------------------------------

    static <R> Page<R> page(QueryBuilder<R, ?> q, Cursor cursor) {
        if (q.scatterValues != null) {
            return scatteredPage(q, cursor);
        }
        return pageOf(q, q.spec.backend().query(pageRequest(q, cursor)));
    }

    static QueryRequest pageRequest(QueryBuilder<?, ?> q, Cursor cursor) {
        Map<String, AttributeValue> start = cursor == null ? null : cursor.lastEvaluatedKey();
        return singleRequest(q, false, start, q.limit > 0 ? q.limit : null);
    }

    static <R> Page<R> pageOf(QueryBuilder<R, ?> q, QueryResponse response) {
        List<Map<String, AttributeValue>> page = response.items();
        List<R> items = new ArrayList<>(page.size());
        if (q.residual == null) {
            decodePage(page, page.size(), q.spec.decoder(), items);
        } else {
            ItemMap.prefetch(page); // as in PartitionReader.absorb
            for (Map<String, AttributeValue> item : page) {
                if (q.residual.test(item)) {
                    R decoded = q.spec.decoder().fromItem(item);
                    if (decoded != null) {
                        items.add(decoded);
                    }
                }
            }
        }
        Map<String, AttributeValue> last = response.lastEvaluatedKey();
        Consumed consumed = q.returnConsumedCapacity == ReturnConsumedCapacity.NONE
                ? Consumed.NONE
                : new Consumed.Accumulator().add(response.consumedCapacity()).result();
        return Page.of(items, last == null || last.isEmpty() ? null : Cursor.of(last), consumed);
    }

    private static <R> Page<R> scatteredPage(QueryBuilder<R, ?> q, Cursor cursor) {
        int size = q.limit > 0 ? q.limit : DEFAULT_SCATTER_PAGE;
        MergedShards merged = new MergedShards(q, cursor, q.spec.decoderMaySkip() ? -1 : size);
        try {
            List<R> items = new ArrayList<>();
            while (items.size() < size && merged.hasNext()) {
                R decoded = q.spec.decoder().fromItem(merged.next());
                if (decoded != null) {
                    items.add(decoded);
                }
            }
            return Page.of(items, merged.mayHaveMore() ? merged.cursor() : null, merged.consumed());
        } finally {
            merged.close();
        }
    }
}
