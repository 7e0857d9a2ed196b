package io.partita.storage.engine;

import io.partita.storage.Message;
import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.api.BatchGetItemRequest;
import io.partita.storage.api.BatchGetItemResponse;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.BatchWriteItemResponse;
import io.partita.storage.api.ItemCollectionMetrics;
import io.partita.storage.api.KeysAndAttributes;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.expression.Expressions;
import io.partita.storage.expression.Placeholders;
import io.partita.storage.expression.ProjectionExpression;
import io.partita.storage.schema.Limits;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * BatchGetItem and BatchWriteItem. They exist apart from the single-item operations because a batch is not
 * atomic but is validated as a whole before any of it runs, and because only a batch reports throttled keys
 * and writes back as unprocessed instead of failing.
 */
final class Batches {

    private final Catalog catalog;
    private final ItemWrites writes;
    private final ThroughputPolicy throughput;

    Batches(Catalog catalog, ItemWrites writes, ThroughputPolicy throughput) {
        this.catalog = catalog;
        this.writes = writes;
        this.throughput = throughput;
    }

    BatchGetItemResponse batchGetItem(BatchGetItemRequest r) {
        catalog.checkOpen();
        Map<String, KeysAndAttributes> requestItems = r.requestItems();
        checkNotEmpty(requestItems);
        int total = 0;
        for (KeysAndAttributes k : requestItems.values()) {
            total += k.keys().size();
        }
        if (total > Limits.MAX_BATCH_GET_KEYS) {
            throw Message.BatchGetTooManyKeys.exception(total, Limits.MAX_BATCH_GET_KEYS);
        }
        // Validate everything before reading anything.
        Map<String, ProjectionExpression> projections = new LinkedHashMap<>();
        Map<String, List<OrderKey>> keys = validateGets(requestItems, projections);
        Meter meter = new Meter();
        Map<String, List<Map<String, AttributeValue>>> responses = new LinkedHashMap<>();
        Map<String, KeysAndAttributes> unprocessed = null; // only the throughput model leaves keys unprocessed
        int throttled = 0;
        for (Map.Entry<String, List<OrderKey>> e : keys.entrySet()) {
            TableData t = catalog.table(e.getKey());
            KeysAndAttributes ka = requestItems.get(e.getKey());
            ProjectionExpression p = projections.get(e.getKey());
            Placeholders ph = new Placeholders(ka.expressionAttributeNames(), Map.of());
            List<Map<String, AttributeValue>> found = new ArrayList<>();
            List<OrderKey> tableKeys = e.getValue();
            for (int i = 0; i < tableKeys.size(); i++) {
                OrderKey key = tableKeys.get(i);
                Stored s = t.items.get(key, p, ph);
                double units = Meter.itemReadUnits(s) * Meter.consistency(ka.consistentRead());
                if (!throughput.tryChargeRead(
                        t, null, key, units, ka.keys().get(i))) { // throttled keys come back unprocessed
                    throttled++;
                    unprocessed = withUnprocessed(
                            unprocessed, e.getKey(), ka, ka.keys().get(i));
                    continue;
                }
                meter.tableRead(t.shape.name, units);
                if (s != null) {
                    found.add(p == null ? s.item() : p.apply(s.item(), ph));
                }
            }
            responses.put(e.getKey(), found);
        }
        if (throttled > 0 && throttled == total) {
            throw new ProvisionedThroughputExceededException(Message.BatchGetAllThrottled.format(total));
        }
        return new BatchGetItemResponse(
                responses, unprocessed == null ? Map.of() : unprocessed, meter.reportAll(r.returnConsumedCapacity()));
    }

    /**
     * Each table's keys, checked (present, distinct, valid for the table) before anything is read; each table's
     * projection, parsed and checked against its placeholders, into {@code projections}.
     */
    private Map<String, List<OrderKey>> validateGets(
            Map<String, KeysAndAttributes> requestItems, Map<String, ProjectionExpression> projections) {
        Map<String, List<OrderKey>> keys = new LinkedHashMap<>();
        for (Map.Entry<String, KeysAndAttributes> e : requestItems.entrySet()) {
            TableData t = catalog.table(e.getKey());
            KeysAndAttributes ka = e.getValue();
            if (ka.keys().isEmpty()) {
                throw Message.BatchGetKeysEmpty.exception(e.getKey());
            }
            List<OrderKey> ks = new ArrayList<>();
            Set<OrderKey> seen = new HashSet<>();
            for (Map<String, AttributeValue> k : ka.keys()) {
                OrderKey key = t.shape.requestKey(k);
                checkDistinct(seen, key);
                ks.add(key);
            }
            keys.put(e.getKey(), ks);
            ProjectionExpression p =
                    ka.projectionExpression() == null ? null : Expressions.parseProjection(ka.projectionExpression());
            new Placeholders(ka.expressionAttributeNames(), Map.of()).checkExpressions(t.definition, p);
            projections.put(e.getKey(), p);
        }
        return keys;
    }

    /** {@code unprocessed} (made when null) with one more throttled key of {@code table}, as its request asked. */
    private static Map<String, KeysAndAttributes> withUnprocessed(
            Map<String, KeysAndAttributes> unprocessed,
            String table,
            KeysAndAttributes ka,
            Map<String, AttributeValue> key) {
        Map<String, KeysAndAttributes> out = unprocessed == null ? new LinkedHashMap<>() : unprocessed;
        KeysAndAttributes u = out.get(table);
        List<Map<String, AttributeValue>> uk = new ArrayList<>(u == null ? List.of() : u.keys());
        uk.add(key);
        out.put(table, ka.toBuilder().keys(uk).build());
        return out;
    }

    BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest r) {
        catalog.checkOpen();
        Map<String, List<WriteRequest>> requestItems = r.requestItems();
        checkNotEmpty(requestItems);
        int total = 0;
        for (Map.Entry<String, List<WriteRequest>> e : requestItems.entrySet()) {
            if (e.getValue() == null || e.getValue().isEmpty()) {
                throw Message.BatchWriteTableEmpty.exception(e.getKey());
            }
            total += e.getValue().size();
        }
        if (total > Limits.MAX_BATCH_WRITES) {
            throw Message.BatchWriteTooManyWrites.exception(total);
        }
        // DynamoDB validates the whole batch before writing any of it.
        List<Planned> planned = plan(requestItems, total);
        Meter meter = new Meter();
        Map<String, List<ItemCollectionMetrics>> metrics = new LinkedHashMap<>();
        Map<String, List<WriteRequest>> unprocessed = null; // only the throughput model leaves writes unprocessed
        int throttled = 0;
        for (Planned p : planned) {
            Mutation m;
            try {
                m = writes.writeOne(
                        p.table, p.key, null, p.item, p.validatedGsis, null, Placeholders.NONE, false, meter);
            } catch (ProvisionedThroughputExceededException e) { // throttled writes come back unprocessed
                throttled++;
                if (unprocessed == null) {
                    unprocessed = new LinkedHashMap<>();
                }
                unprocessed
                        .computeIfAbsent(p.table.shape.name, k -> new ArrayList<>())
                        .add(p.request);
                continue;
            }
            if (r.returnItemCollectionMetrics() && p.table.lsis.length > 0) {
                metrics.computeIfAbsent(p.table.shape.name, k -> new ArrayList<>())
                        .add(ItemWrites.collectionMetrics(m));
            }
        }
        if (throttled > 0 && throttled == total) {
            throw new ProvisionedThroughputExceededException(Message.BatchWriteAllThrottled.format(total));
        }
        return new BatchWriteItemResponse(
                unprocessed == null ? Map.of() : unprocessed, meter.reportAll(r.returnConsumedCapacity()), metrics);
    }

    /** One write of a batch, validated: its table, key, frozen item (null for a delete) and checked GSIs. */
    private record Planned(
            TableData table, OrderKey key, Stored item, IndexData[] validatedGsis, WriteRequest request) {}

    /** Every write of the batch, validated (items, index keys, distinct keys per table) before any is applied. */
    private List<Planned> plan(Map<String, List<WriteRequest>> requestItems, int total) {
        List<Planned> planned = new ArrayList<>(total);
        for (Map.Entry<String, List<WriteRequest>> e : requestItems.entrySet()) {
            TableData t = catalog.table(e.getKey());
            Set<OrderKey> seen = new HashSet<>();
            for (WriteRequest w : e.getValue()) {
                Planned p;
                if (w instanceof WriteRequest.Put put) {
                    Stored item = ItemRules.freeze(put.item(), t);
                    OrderKey key = t.shape.itemKey(item.item());
                    IndexData[] gsis = t.gsis;
                    ItemRules.validateIndexKeys(t, item.item());
                    p = new Planned(t, key, item, gsis, w);
                } else {
                    p = new Planned(t, t.shape.requestKey(((WriteRequest.Delete) w).key()), null, null, w);
                }
                checkDistinct(seen, p.key);
                planned.add(p);
            }
        }
        return planned;
    }

    /** DynamoDB: a batch names at least one table. */
    private static void checkNotEmpty(Map<String, ?> requestItems) {
        if (requestItems == null || requestItems.isEmpty()) {
            throw Message.RequestItemsEmpty.exception();
        }
    }

    /** DynamoDB: a batch names each item of a table once. */
    private static void checkDistinct(Set<OrderKey> seen, OrderKey key) {
        if (!seen.add(key)) {
            throw Message.DuplicateKeys.exception();
        }
    }
}
