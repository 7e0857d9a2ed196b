package io.partita.storage.engine;

import io.partita.storage.Message;
import io.partita.storage.ValidationException;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.GetItemResponse;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.api.Select;
import io.partita.storage.expression.ConditionExpression;
import io.partita.storage.expression.ExpressionKind;
import io.partita.storage.expression.Expressions;
import io.partita.storage.expression.KeyConditionExpression;
import io.partita.storage.expression.Placeholders;
import io.partita.storage.expression.ProjectionExpression;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.ProjectionType;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * GetItem, Query and Scan: key ranges, Select and projection rules, LSI fetches, filters, pagination, the
 * 1 MB cap. Reads take no locks (see {@link TableData}); a read of a GSI first drains its due ASYNC writes.
 */
final class Reads {
    static final int MAX_PAGE_BYTES = 1024 * 1024;
    private static final long MAX_TOTAL_SEGMENTS = 1_000_000;

    private final Catalog catalog;
    private final ThroughputPolicy throughput;
    private final IndexPropagation propagation;

    Reads(Catalog catalog, ThroughputPolicy throughput, IndexPropagation propagation) {
        this.catalog = catalog;
        this.throughput = throughput;
        this.propagation = propagation;
    }

    GetItemResponse getItem(GetItemRequest r) {
        TableData t = catalog.table(r.tableName());
        OrderKey key = t.shape.requestKey(r.key());
        Placeholders ph = Placeholders.of(r.expressionAttributeNames(), Map.of());
        ProjectionExpression projection =
                r.projectionExpression() == null ? null : Expressions.parseProjection(r.projectionExpression());
        ph.checkExpressions(t.definition, projection);
        Stored stored = t.items.get(key, projection, ph);
        double units = Meter.itemReadUnits(stored) * Meter.consistency(r.consistentRead());
        throughput.chargeRead(t, null, key, units, r.key());
        ReturnConsumedCapacity rcc = r.returnConsumedCapacity();
        Meter meter = null;
        if (rcc != ReturnConsumedCapacity.NONE) {
            meter = new Meter();
            meter.tableRead(t.shape.name, units);
        }
        Map<String, AttributeValue> item =
                stored == null ? null : projection == null ? stored.item() : projection.apply(stored.item(), ph);
        return new GetItemResponse(item, meter == null ? null : meter.report(t.shape.name, rcc));
    }

    QueryResponse query(QueryRequest r) {
        TableData t = catalog.table(r.tableName());
        IndexData index = index(t, r.indexName());
        rejectConsistentGsiRead(index, r.consistentRead());
        if (r.keyConditionExpression() == null) {
            throw Message.KeyConditionRequired.exception();
        }
        KeyConditionExpression kc;
        try {
            kc = Expressions.parseKeyCondition(r.keyConditionExpression());
        } catch (RuntimeException | Error e) {
            // DynamoDB checks the placeholders' keys before the expression: their error first
            Placeholders.of(r.expressionAttributeNames(), r.expressionAttributeValues());
            throw e;
        }
        Placeholders ph = Placeholders.ofKeyCondition(r.expressionAttributeNames(), r.expressionAttributeValues(), kc);
        Page page = plan(
                t,
                index,
                r.select(),
                r.filterExpression(),
                r.projectionExpression(),
                ph,
                r.consistentRead(),
                r.limit(),
                kc);
        KeyAttribute[] pk;
        KeyAttribute[] sk;
        if (index == null) {
            pk = new KeyAttribute[] {t.shape.partitionKey};
            sk = t.shape.sortKey == null ? new KeyAttribute[0] : new KeyAttribute[] {t.shape.sortKey};
        } else {
            pk = index.shape.partitionKey;
            sk = index.shape.sortKey;
        }
        if (page.filter != null) {
            Set<String> filtered = page.filter.topLevelAttributes(ph);
            for (KeyAttribute k : pk) {
                rejectKeyInFilter(filtered, k);
            }
            for (KeyAttribute k : sk) {
                rejectKeyInFilter(filtered, k);
            }
        }
        // plan() has validated the key condition against ph (checkExpressions): resolve without checking again
        List<io.partita.storage.expression.KeyConditionTerm> terms = kc.validatedTerms(ph);
        KeyRange range = KeyRange.of(terms, pk, sk);
        // The low end is inclusive (it may equal a key: "sk >= v"), the high end exclusive ("sk < v" ends at v's key).
        OrderKey start = null;
        if (r.exclusiveStartKey() != null) {
            start = startKey(t, index, r.exclusiveStartKey());
            if (start.compareTo(range.low()) < 0 || start.compareTo(range.high()) >= 0) {
                throw Message.StartKeyOutsideRange.exception();
            }
        }
        page.read(source(t, index), range.low(), range.bound(), start, r.scanIndexForward());
        // the queried partition and its table or GSI
        throughput.chargeQuery(t, index, range.low(), page.units(), terms, pk);
        return new QueryResponse(
                page.items, page.count, page.scanned, page.lastEvaluatedKey, page.capacity(r.returnConsumedCapacity()));
    }

    ScanResponse scan(ScanRequest r) {
        TableData t = catalog.table(r.tableName());
        IndexData index = index(t, r.indexName());
        rejectConsistentGsiRead(index, r.consistentRead());
        Placeholders ph = Placeholders.of(r.expressionAttributeNames(), r.expressionAttributeValues());
        Page page = plan(
                t,
                index,
                r.select(),
                r.filterExpression(),
                r.projectionExpression(),
                ph,
                r.consistentRead(),
                r.limit(),
                null);
        long hashFrom = 0;
        long hashTo = 1L << 32;
        if (r.segment() != null || r.totalSegments() != null) {
            if (r.segment() == null) {
                throw Message.SegmentRequired.exception();
            }
            if (r.totalSegments() == null) {
                throw Message.TotalSegmentsRequired.exception();
            }
            int total = r.totalSegments();
            int segment = r.segment();
            if (total < 1 || total > MAX_TOTAL_SEGMENTS) { // DynamoDB's constraint message on each bound
                throw Message.TotalSegmentsRange.exception(
                        total,
                        total < 1 ? "greater than or equal to 1" : "less than or equal to " + MAX_TOTAL_SEGMENTS);
            }
            if (segment < 0) {
                throw Message.SegmentNegative.exception(segment);
            }
            if (segment >= total) {
                throw Message.SegmentRange.exception(segment, total);
            }
            hashFrom = (1L << 32) * segment / total;
            hashTo = (1L << 32) * (segment + 1) / total;
        }
        OrderKey start = r.exclusiveStartKey() == null ? null : startKey(t, index, r.exclusiveStartKey());
        if (start != null && r.totalSegments() != null) { // DynamoDB: the start key must lie in the segment
            long h = Integer.toUnsignedLong(start.hash());
            if (h < hashFrom || h >= hashTo) {
                throw Message.StartKeyOtherSegment.exception(r.totalSegments(), r.segment());
            }
        }
        for (Map.Entry<OrderKey, Stored> e : source(t, index).scan(hashFrom, hashTo, start, page.needs)) {
            Stored stored = e.getValue();
            if (!page.visit(stored.item(), stored.size())) {
                break;
            }
        }
        throughput.chargeRead(
                t, index, null, page.units(), null); // a Scan is charged to its table or GSI, not to partitions
        return new ScanResponse(
                page.items, page.count, page.scanned, page.lastEvaluatedKey, page.capacity(r.returnConsumedCapacity()));
    }

    private IndexData index(TableData t, String name) {
        if (name == null) {
            return null;
        }
        IndexData index = t.gsi(name);
        if (index == null) {
            index = t.lsi(name);
        }
        if (index == null || index.building != null) {
            throw t.isCreating(name) ? Message.IndexBackfilling.exception(name) : Message.NoSuchIndex.exception(name);
        }
        if (index.shape.global) {
            propagation.drainDue(t);
        }
        return index;
    }

    /** DynamoDB: GSIs are eventually consistent, so a strongly consistent read of one is an error. */
    private static void rejectConsistentGsiRead(IndexData index, boolean consistentRead) {
        if (index != null && index.shape.global && consistentRead) {
            throw Message.GsiConsistentRead.exception();
        }
    }

    private static EntryMap source(TableData t, IndexData index) {
        return index == null ? t.items : index.entries;
    }

    /** DynamoDB: a Query's key conditions belong in the key condition expression, not in its filter. */
    private static void rejectKeyInFilter(Set<String> filtered, KeyAttribute key) {
        if (filtered.contains(key.name())) {
            throw Message.KeyInFilter.exception(key.name());
        }
    }

    private static OrderKey startKey(TableData t, IndexData index, Map<String, AttributeValue> esk) {
        int expected = index == null ? (t.shape.sortKey == null ? 1 : 2) : index.shape.keyAttributes.size();
        if (esk.size() != expected) {
            throw Message.StartKeySize.exception(expected, esk.keySet());
        }
        try {
            OrderKey tableKey = t.shape.itemKey(esk);
            if (index == null) {
                return tableKey;
            }
            index.shape.validate(esk);
            OrderKey k = index.shape.entryKey(esk);
            if (k == null) {
                throw Message.StartKeyMissingIndexKey.exception();
            }
            return k;
        } catch (RuntimeException e) {
            if (e instanceof ValidationException) { // caught by its superclass: see Failures
                throw Message.StartKeyInvalid.exception(e.getMessage());
            }
            throw e;
        }
    }

    /** Checks a Query's or Scan's parameters: the page to read them into. */
    private Page plan(
            TableData t,
            IndexData index,
            Select requested,
            String filterText,
            String projectionText,
            Placeholders ph,
            boolean consistent,
            Integer limit,
            KeyConditionExpression kc) {
        if (limit != null && limit < 1) {
            throw Message.LimitRange.exception(limit);
        }
        ConditionExpression filter =
                filterText == null ? null : Expressions.parseCondition(filterText, ExpressionKind.FILTER);
        ProjectionExpression projection = projectionText == null ? null : Expressions.parseProjection(projectionText);
        if (kc != null && filter == null && projection == null) {
            ph.checkKeyCondition(kc);
        } else {
            ph.checkExpressions(t.definition, kc, filter, projection);
        }
        Select select = select(requested, index, projection);
        boolean fetch = fetchesFromTable(index, select, projection, ph);
        checkFilterProjected(index, fetch, filter, ph);
        return new Page(
                t, index, select, fetch, filter, projection, ph, consistent, limit == null ? Integer.MAX_VALUE : limit);
    }

    /** The {@code Select} asked for, or DynamoDB's default for the request, checked against the projection. */
    private static Select select(Select requested, IndexData index, ProjectionExpression projection) {
        Select select = requested;
        if (select == null) {
            select = projection != null
                    ? Select.SPECIFIC_ATTRIBUTES
                    : index == null ? Select.ALL_ATTRIBUTES : Select.ALL_PROJECTED_ATTRIBUTES;
        }
        if (projection != null && select != Select.SPECIFIC_ATTRIBUTES) {
            throw Message.ProjectionWithSelect.exception(select == Select.COUNT ? "only the Count" : select);
        }
        if (select == Select.SPECIFIC_ATTRIBUTES && projection == null) {
            throw Message.SpecificAttributesWithoutProjection.exception();
        }
        if (select == Select.ALL_PROJECTED_ATTRIBUTES && index == null) {
            throw Message.AllProjectedWithoutIndex.exception();
        }
        return select;
    }

    /**
     * Whether a read of an index that does not project everything must fetch from the table: never for a GSI (asking
     * for what it does not project is an error), for an LSI when it is asked for what it does not project.
     */
    private static boolean fetchesFromTable(
            IndexData index, Select select, ProjectionExpression projection, Placeholders ph) {
        if (index == null || index.shape.projectionType == ProjectionType.ALL) {
            return false;
        }
        Set<String> missing = new TreeSet<>();
        if (select == Select.SPECIFIC_ATTRIBUTES) {
            for (String a : projection.topLevelAttributes(ph)) {
                if (!index.shape.projects(a)) {
                    missing.add(a);
                }
            }
        }
        if (index.shape.global) {
            if (select == Select.ALL_ATTRIBUTES) {
                throw Message.GsiSelectAllAttributes.exception(index.shape.name);
            }
            if (!missing.isEmpty()) {
                throw Message.GsiDoesNotProject.exception(index.shape.name, missing);
            }
            return false;
        }
        // An LSI fetches what it does not project from the base item, and is charged for it.
        return select == Select.ALL_ATTRIBUTES || !missing.isEmpty();
    }

    /**
     * DynamoDB filters index entries as read: an attribute the index does not hold cannot be filtered on (an LSI
     * query that fetches from the table may).
     */
    private static void checkFilterProjected(
            IndexData index, boolean fetch, ConditionExpression filter, Placeholders ph) {
        if (filter == null || index == null || index.shape.projectionType == ProjectionType.ALL || fetch) {
            return;
        }
        Set<String> unprojected = new TreeSet<>();
        for (String a : filter.topLevelAttributes(ph)) {
            if (!index.shape.projects(a)) {
                unprojected.add(a);
            }
        }
        if (!unprojected.isEmpty()) {
            throw Message.IndexDoesNotProjectFilter.exception(index.shape.name, unprojected);
        }
    }

    /**
     * One page of results and what reading it cost, with everything a Query or Scan needs once its parameters are
     * validated (one object per read); reads take entries one by one ({@link #visit}) until it is full.
     */
    private static final class Page implements EntryMap.Visitor {
        final TableData table;
        final IndexData index;
        final Select select;
        final boolean fetch;
        final ConditionExpression filter;
        final ProjectionExpression projection;
        final Placeholders placeholders;
        final boolean consistent;
        final int limit;
        /** What the page needs of each entry: all of it when it returns whole items, else the names it reads. */
        final Needs needs;

        final List<Map<String, AttributeValue>> items = new ArrayList<>();
        int count;
        int scanned;
        long bytesRead;
        long fetchUnits;
        long pageBytes;
        Map<String, AttributeValue> lastEvaluatedKey;

        Page(
                TableData table,
                IndexData index,
                Select select,
                boolean fetch,
                ConditionExpression filter,
                ProjectionExpression projection,
                Placeholders placeholders,
                boolean consistent,
                int limit) {
            this.table = table;
            this.index = index;
            this.select = select;
            this.fetch = fetch;
            this.filter = filter;
            this.projection = projection;
            this.placeholders = placeholders;
            this.consistent = consistent;
            this.limit = limit;
            this.needs = projection == null && select != Select.COUNT
                    ? Needs.ALL
                    : Needs.of(
                            projection,
                            filter,
                            placeholders,
                            index == null ? table.shape.keyNames() : index.shape.keyAttributes,
                            select != Select.COUNT);
        }

        /**
         * Reads {@code source} from {@code low} on into this page. Called here rather than in the query code so that
         * verifying {@code Reads} (on a fresh JVM's first get) does not load {@code EntryMap.Visitor} to check the
         * argument's type: only the first query, which loads this class, does.
         */
        void read(EntryMap source, OrderKey low, OrderKey high, OrderKey exclusiveStart, boolean forward) {
            source.visit(low, high, exclusiveStart, forward, needs, this);
        }

        /** Takes one entry read in order; false once the page is full (its last evaluated key then set). */
        @Override
        public boolean visit(Map<String, AttributeValue> entry, int size) {
            TableData t = table;
            scanned++;
            bytesRead += size;
            pageBytes += size;
            Map<String, AttributeValue> item = entry;
            if (fetch) {
                Stored base = t.items.get(t.shape.itemKey(item), needs);
                if (base != null) {
                    item = base.item();
                    fetchUnits += Meter.readUnits(base.size());
                    pageBytes += (long) Meter.readUnits(base.size()) * Meter.READ_UNIT;
                }
            }
            if (filter == null || filter.test(item, placeholders)) {
                count++;
                if (select != Select.COUNT) {
                    items.add(projection == null ? item : projection.apply(item, placeholders));
                }
            }
            if (scanned >= limit || pageBytes >= MAX_PAGE_BYTES) {
                lastEvaluatedKey =
                        index == null ? t.shape.lastEvaluatedKey(entry) : index.shape.lastEvaluatedKey(entry);
                return false;
            }
            return true;
        }

        /**
         * Takes a whole run of entries at once when none of it can end the page or be left out (no fetch, filter or
         * projection, items returned, the limit and the page's byte cap past the run's last entry): the same counters
         * and items, in the same order, as {@link #visit} one by one; any other run goes one by one.
         */
        @Override
        public void visitRun(Map<String, AttributeValue>[] entries, int[] sizes, int n, boolean forward) {
            if (fetch || filter != null || projection != null || select == Select.COUNT || n >= limit - scanned) {
                EntryMap.Visitor.super.visitRun(entries, sizes, n, forward);
                return;
            }
            long bytes = 0;
            for (int i = 0; i < n; i++) {
                bytes += sizes[i];
            }
            if (pageBytes + bytes >= MAX_PAGE_BYTES) {
                EntryMap.Visitor.super.visitRun(entries, sizes, n, forward);
                return;
            }
            scanned += n;
            count += n;
            bytesRead += bytes;
            pageBytes += bytes;
            List<Map<String, AttributeValue>> out = items;
            if (forward) {
                for (int i = 0; i < n; i++) {
                    out.add(entries[i]);
                }
            } else {
                for (int i = n - 1; i >= 0; i--) {
                    out.add(entries[i]);
                }
            }
        }

        /** Everything the page consumed (index or table reads plus LSI fetches), as the capacity report counts it. */
        double units() {
            return (Meter.readUnits(bytesRead) + fetchUnits) * Meter.consistency(consistent);
        }

        io.partita.storage.api.ConsumedCapacity capacity(ReturnConsumedCapacity mode) {
            if (mode == ReturnConsumedCapacity.NONE) {
                return null;
            }
            double factor = Meter.consistency(consistent);
            double indexUnits = Meter.readUnits(bytesRead) * factor;
            Meter meter = new Meter();
            String name = table.shape.name;
            if (index == null) {
                meter.tableRead(name, indexUnits);
            } else {
                meter.indexRead(name, index.shape.name, index.shape.global, indexUnits);
                if (fetchUnits > 0) {
                    meter.tableRead(name, fetchUnits * factor);
                }
            }
            return meter.report(name, mode);
        }
    }
}
