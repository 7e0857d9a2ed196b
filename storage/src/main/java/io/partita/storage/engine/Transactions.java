package io.partita.storage.engine;

import io.partita.storage.Message;
import io.partita.storage.StorageException;
import io.partita.storage.StorageOptions;
import io.partita.storage.TransactionCanceledException;
import io.partita.storage.TransactionCanceledException.CancellationReason;
import io.partita.storage.ValidationException;
import io.partita.storage.api.ItemCollectionMetrics;
import io.partita.storage.api.TransactGetItem;
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactGetItemsResponse;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.TransactWriteItemsResponse;
import io.partita.storage.expression.ConditionExpression;
import io.partita.storage.expression.Expressions;
import io.partita.storage.expression.Placeholders;
import io.partita.storage.expression.ProjectionExpression;
import io.partita.storage.expression.UpdateExpression;
import io.partita.storage.schema.Limits;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Items;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.locks.Lock;

/**
 * TransactWriteItems and TransactGetItems: all-or-nothing over up to 100 items in any tables. They exist
 * apart from single writes because a transaction locks all of its items in one global order, plans every
 * action before applying any, and reports failures as per-action cancellation reasons.
 */
final class Transactions {
    private final Catalog catalog;
    private final StorageOptions options;
    private final ThroughputPolicy throughput;
    private final IndexPropagation propagation;

    Transactions(Catalog catalog, StorageOptions options, ThroughputPolicy throughput, IndexPropagation propagation) {
        this.catalog = catalog;
        this.options = options;
        this.throughput = throughput;
        this.propagation = propagation;
    }

    /** An item a transaction locks and reads or writes. */
    interface Target {
        TableData table();

        OrderKey key();
    }

    /** One action of a TransactWriteItems: the validated request, then (under the locks) its plan or why it cannot run. */
    static final class WriteAction implements Target {
        final TransactWriteItem request;
        final TableData table;
        final OrderKey key;
        /** The new item of a Put; null otherwise. */
        final Stored item;

        final ConditionExpression condition;
        final UpdateExpression update;
        final Placeholders placeholders;
        /** The planned write; null for a ConditionCheck or an action that cannot run. */
        Mutation mutation;

        CancellationReason reason;

        WriteAction(
                TransactWriteItem request,
                TableData table,
                OrderKey key,
                Stored item,
                ConditionExpression condition,
                UpdateExpression update,
                Placeholders placeholders) {
            this.request = request;
            this.table = table;
            this.key = key;
            this.item = item;
            this.condition = condition;
            this.update = update;
            this.placeholders = placeholders;
        }

        @Override
        public TableData table() {
            return table;
        }

        @Override
        public OrderKey key() {
            return key;
        }
    }

    /** One read of a TransactGetItems. */
    record GetAction(TransactGetItem request, TableData table, OrderKey key, ProjectionExpression projection)
            implements Target {}

    TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest r) {
        catalog.checkOpen();
        List<TransactWriteItem> requests = r.transactItems();
        checkActionCount(requests);
        checkClientRequestToken(r.clientRequestToken());
        List<WriteAction> actions = validateAll(requests);
        List<Lock> locks = lockAll(actions);
        try {
            commit(actions);
        } finally {
            unlockAll(locks);
        }
        return response(r, actions);
    }

    /** Every action validated, in order, with the transaction's size limit and one action per item checked. */
    private List<WriteAction> validateAll(List<TransactWriteItem> requests) {
        List<WriteAction> actions = new ArrayList<>(requests.size());
        Set<String> seen = new HashSet<>();
        long payload = 0;
        for (TransactWriteItem a : requests) {
            WriteAction action = validate(a);
            payload += action.item != null ? action.item.size() : keySize(a);
            if (payload > Limits.MAX_TRANSACTION_BYTES) {
                throw Message.TransactionTooLarge.exception(payload);
            }
            checkDistinct(seen, action.table, action.key);
            actions.add(action);
        }
        return actions;
    }

    /**
     * Under the actions' locks: plans every action, then applies all of them at once, or cancels the transaction
     * with one reason per action when a condition, a collection size or the throughput model refuses it.
     */
    private void commit(List<WriteAction> actions) {
        boolean cancelled = false;
        for (WriteAction a : actions) {
            cancelled |= !plan(a);
        }
        if (!cancelled) {
            cancelled = checkCombinedCollections(actions);
        }
        if (!cancelled) { // all of the transaction's capacity, or none of it
            cancelled = throughput.chargeTransaction(actions);
        }
        if (cancelled) {
            List<CancellationReason> reasons = new ArrayList<>(actions.size());
            for (WriteAction a : actions) {
                reasons.add(a.reason);
            }
            throw new TransactionCanceledException(reasons);
        }
        List<Mutation> mutations = new ArrayList<>(actions.size());
        for (WriteAction a : actions) {
            mutations.add(a.mutation);
        }
        MutationStaging.applyAll(mutations, propagation, options.clock().millis()); // durable: one atomic batch
    }

    /** The consumed capacity of a committed transaction and, when asked for, its item-collection metrics. */
    private static TransactWriteItemsResponse response(TransactWriteItemsRequest r, List<WriteAction> actions) {
        Meter meter = new Meter();
        for (WriteAction a : actions) {
            if (a.mutation != null) {
                a.mutation.meter(meter, 2);
            } else {
                Stored s = a.table.items.get(a.key);
                meter.tableRead(a.table.shape.name, Meter.transactionalReadUnits(s));
            }
        }
        Map<String, List<ItemCollectionMetrics>> metrics = new LinkedHashMap<>();
        if (r.returnItemCollectionMetrics()) {
            for (WriteAction a : actions) {
                Mutation m = a.mutation;
                if (m != null && m.table.lsis.length > 0) {
                    metrics.computeIfAbsent(m.table.shape.name, k -> new ArrayList<>())
                            .add(ItemWrites.collectionMetrics(m));
                }
            }
        }
        return new TransactWriteItemsResponse(meter.reportAll(r.returnConsumedCapacity()), metrics);
    }

    /** Validates one action as DynamoDB does before looking at any item. */
    private WriteAction validate(TransactWriteItem a) {
        TableData t = catalog.table(a.tableName());
        Placeholders ph = new Placeholders(a.expressionAttributeNames(), a.expressionAttributeValues());
        ConditionExpression condition = ItemWrites.condition(a.conditionExpression());
        OrderKey key;
        Stored item = null;
        UpdateExpression update = null;
        if (a instanceof TransactWriteItem.Put put) {
            item = ItemRules.freeze(put.item(), t);
            key = t.shape.itemKey(item.item());
            ItemRules.checkIndexKeyValues(t, item.item());
        } else if (a instanceof TransactWriteItem.Update u) {
            key = t.shape.requestKey(u.key());
            update = u.updateExpression() == null ? null : Expressions.parseUpdate(u.updateExpression());
            ItemRules.updatedAttributes(t.shape, update, ph);
        } else if (a instanceof TransactWriteItem.Delete d) {
            key = t.shape.requestKey(d.key());
        } else {
            TransactWriteItem.ConditionCheck c = (TransactWriteItem.ConditionCheck) a;
            key = t.shape.requestKey(c.key());
            if (condition == null) {
                throw Message.ConditionCheckWithoutCondition.exception();
            }
        }
        ph.checkExpressions(t.definition, condition, update);
        return new WriteAction(a, t, key, item, condition, update, ph);
    }

    /**
     * Under the locks: checks the action's condition and plans its write, or records why it cannot run.
     * Returns false when the action cancels the transaction.
     */
    private boolean plan(WriteAction a) {
        TableData t = a.table;
        Stored before = t.items.get(a.key);
        try {
            if (a.condition != null && !a.condition.test(before == null ? Map.of() : before.item(), a.placeholders)) {
                a.reason = new CancellationReason(
                        "ConditionalCheckFailed",
                        Message.ConditionalCheckFailed.format(),
                        a.request.returnOldItemOnConditionFailure() && before != null ? before.item() : null);
                return false;
            }
            if (a.request instanceof TransactWriteItem.ConditionCheck) {
                a.reason = CancellationReason.NONE;
                return true;
            }
            Stored after;
            if (a.request instanceof TransactWriteItem.Put) {
                after = a.item;
                ItemRules.validateIndexKeys(t, after.item());
            } else if (a.request instanceof TransactWriteItem.Update u) {
                after = new ItemWrites.Updater(a.update, a.placeholders, t.shape.keyOf(u.key())).apply(before);
                if (after != null) {
                    ItemRules.validateIndexKeys(t, after.item());
                }
            } else {
                after = null;
            }
            a.mutation = Mutation.plan(t, a.key, before, after, options);
            a.reason = CancellationReason.NONE;
            return true;
        } catch (ValidationException e) {
            a.reason = new CancellationReason("ValidationError", e.getMessage(), null);
            return false;
        } catch (StorageException e) {
            a.reason = new CancellationReason(e.errorCode().replace("Exception", ""), e.getMessage(), null);
            return false;
        }
    }

    TransactGetItemsResponse transactGetItems(TransactGetItemsRequest r) {
        catalog.checkOpen();
        List<TransactGetItem> requests = r.transactItems();
        checkActionCount(requests);
        List<GetAction> gets = new ArrayList<>(requests.size());
        Set<String> distinct = new HashSet<>();
        for (TransactGetItem g : requests) {
            TableData t = catalog.table(g.tableName());
            OrderKey key = t.shape.requestKey(g.key());
            checkDistinct(distinct, t, key);
            ProjectionExpression projection =
                    g.projectionExpression() == null ? null : Expressions.parseProjection(g.projectionExpression());
            new Placeholders(g.expressionAttributeNames(), Map.of()).checkExpressions(t.definition, projection);
            gets.add(new GetAction(g, t, key, projection));
        }
        List<Map<String, AttributeValue>> out = new ArrayList<>(gets.size());
        Meter meter = new Meter();
        List<Lock> locks = lockAll(gets);
        try {
            throughput.chargeTransactGet(gets); // all of the transaction's capacity, or none of it
            for (GetAction g : gets) {
                Stored s = g.table.items.get(g.key);
                meter.tableRead(g.table.shape.name, Meter.transactionalReadUnits(s));
                Placeholders ph = new Placeholders(g.request.expressionAttributeNames(), Map.of());
                out.add(s == null ? null : g.projection == null ? s.item() : g.projection.apply(s.item(), ph));
            }
        } finally {
            unlockAll(locks);
        }
        return new TransactGetItemsResponse(
                Collections.unmodifiableList(out), meter.reportAll(r.returnConsumedCapacity()));
    }

    /** DynamoDB: a transaction has 1 to 100 actions. */
    private static void checkActionCount(List<?> actions) {
        if (actions == null || actions.isEmpty() || actions.size() > Limits.MAX_TRANSACT_ITEMS) {
            throw Message.TransactItemsCount.exception(Limits.MAX_TRANSACT_ITEMS);
        }
    }

    /**
     * DynamoDB: a {@code ClientRequestToken}, when given, has {@value Limits#MIN_CLIENT_REQUEST_TOKEN_LENGTH} to
     * {@value Limits#MAX_CLIENT_REQUEST_TOKEN_LENGTH} characters.
     */
    private static void checkClientRequestToken(String token) {
        if (token == null) {
            return;
        }
        if (token.length() < Limits.MIN_CLIENT_REQUEST_TOKEN_LENGTH) {
            throw Message.ClientRequestTokenTooShort.exception(token, Limits.MIN_CLIENT_REQUEST_TOKEN_LENGTH);
        }
        if (token.length() > Limits.MAX_CLIENT_REQUEST_TOKEN_LENGTH) {
            throw Message.ClientRequestTokenTooLong.exception(token, Limits.MAX_CLIENT_REQUEST_TOKEN_LENGTH);
        }
    }

    /** The accounted size of the key an Update, Delete or ConditionCheck names: its share of the 4 MB. */
    private static long keySize(TransactWriteItem a) {
        Map<String, AttributeValue> key = a instanceof TransactWriteItem.Update u
                ? u.key()
                : a instanceof TransactWriteItem.Delete d ? d.key() : ((TransactWriteItem.ConditionCheck) a).key();
        return Items.size(key);
    }

    /** DynamoDB: no two actions of one transaction may name the same item. */
    private static void checkDistinct(Set<String> seen, TableData table, OrderKey key) {
        if (!seen.add(table.id + "/" + key)) {
            throw Message.TransactionSameItem.exception();
        }
    }

    /**
     * Two actions never touch one item, but several may grow one item collection: the limit must hold for
     * their sum, not only for each alone. Marks the actions at fault and returns true when one is exceeded.
     */
    private boolean checkCombinedCollections(List<WriteAction> actions) {
        Map<String, Long> growth = new HashMap<>();
        for (WriteAction a : actions) {
            Mutation m = a.mutation;
            if (m != null && m.table.lsis.length > 0) {
                growth.merge(m.table.id + "/" + m.partitionValue(), m.collectionDelta(), Long::sum);
            }
        }
        boolean cancelled = false;
        for (WriteAction a : actions) {
            Mutation m = a.mutation;
            if (m == null || m.table.lsis.length == 0 || m.collectionDelta() <= 0) {
                continue;
            }
            try {
                Mutation.checkCollectionLimit(
                        m.table, m.partitionValue(), growth.get(m.table.id + "/" + m.partitionValue()), options);
            } catch (StorageException e) {
                a.reason = new CancellationReason("ItemCollectionSizeLimitExceeded", e.getMessage(), null);
                cancelled = true;
            }
        }
        return cancelled;
    }

    /**
     * Takes the stripe locks of several items in one global order (table id, then stripe index), so transactions
     * cannot deadlock, with each other or with a schema change ({@link TableData#lockWrites} follows the same order).
     * Fails, holding nothing, when one of the tables was deleted meanwhile.
     */
    private static List<Lock> lockAll(List<? extends Target> targets) {
        TreeMap<Long, TableData> byId = new TreeMap<>();
        TreeMap<Long, Set<Integer>> stripes = new TreeMap<>();
        for (Target target : targets) {
            TableData t = target.table();
            byId.put(t.id, t);
            stripes.computeIfAbsent(t.id, k -> new TreeSet<>()).add(t.stripeOf(target.key()));
        }
        List<Lock> locks = new ArrayList<>();
        try {
            for (Map.Entry<Long, Set<Integer>> e : stripes.entrySet()) {
                TableData t = byId.get(e.getKey());
                for (int s : e.getValue()) {
                    Lock l = t.stripe(s);
                    l.lock();
                    locks.add(l);
                }
            }
            for (TableData t : byId.values()) {
                t.checkNotDropped(); // a table deleted while this request waited for its locks
            }
        } catch (RuntimeException | Error e) {
            unlockAll(locks);
            throw e;
        }
        return locks;
    }

    private static void unlockAll(List<Lock> locks) {
        for (int i = locks.size() - 1; i >= 0; i--) {
            locks.get(i).unlock();
        }
    }
}
