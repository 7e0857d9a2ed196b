package io.partita.storage.engine;

import io.partita.storage.Message;
import io.partita.storage.StorageOptions;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.DeleteItemResponse;
import io.partita.storage.api.ItemCollectionMetrics;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.PutItemResponse;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.ReturnValues;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.UpdateItemResponse;
import io.partita.storage.expression.ConditionExpression;
import io.partita.storage.expression.ExpressionKind;
import io.partita.storage.expression.Expressions;
import io.partita.storage.expression.Placeholders;
import io.partita.storage.expression.UpdateExpression;
import io.partita.storage.value.AttributeValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * PutItem, UpdateItem and DeleteItem, and the one write path they share with BatchWriteItem: lock the item,
 * check the condition, compute the new item, plan a {@link Mutation}, charge it, apply it. It exists so that
 * every single-item write goes through {@link #writeOne}, the only place that orders those steps.
 */
final class ItemWrites {
    /** A put's response when it asked for nothing back; responses are immutable records, so one serves all. */
    private static final PutItemResponse EMPTY_PUT = new PutItemResponse(null, null, null);

    private final Catalog catalog;
    private final StorageOptions options;
    private final ThroughputPolicy throughput;
    private final IndexPropagation propagation;

    ItemWrites(Catalog catalog, StorageOptions options, ThroughputPolicy throughput, IndexPropagation propagation) {
        this.catalog = catalog;
        this.options = options;
        this.throughput = throughput;
        this.propagation = propagation;
    }

    PutItemResponse putItem(PutItemRequest r) {
        TableData t = catalog.table(r.tableName());
        Stored item = ItemRules.freeze(r.item(), t);
        OrderKey key = t.shape.itemKey(item.item());
        IndexData[] gsis = t.gsis;
        ItemRules.validateIndexKeys(t, item.item()); // before the condition: DynamoDB validates the item first
        checkReturnValues(r.returnValues(), "PutItem");
        Placeholders ph = Placeholders.of(r.expressionAttributeNames(), r.expressionAttributeValues());
        ConditionExpression condition = condition(r.conditionExpression());
        ph.checkExpressions(t.definition, condition);
        Meter meter = r.returnConsumedCapacity() == ReturnConsumedCapacity.NONE ? null : new Meter();
        if (meter == null && r.returnValues() == ReturnValues.NONE && !r.returnItemCollectionMetrics()) {
            // the common put asks for nothing back: its mutation is the stripe's spare, nothing reads it after the lock
            writeOne(t, key, null, item, gsis, condition, ph, r.returnOldItemOnConditionFailure(), null, true);
            return EMPTY_PUT;
        }
        Mutation m = writeOne(t, key, null, item, gsis, condition, ph, r.returnOldItemOnConditionFailure(), meter);
        return new PutItemResponse(
                r.returnValues() == ReturnValues.ALL_OLD && m.before != null ? m.before.item() : null,
                meter == null ? null : meter.report(t.shape.name, r.returnConsumedCapacity()),
                r.returnItemCollectionMetrics() ? collectionMetrics(m) : null);
    }

    DeleteItemResponse deleteItem(DeleteItemRequest r) {
        TableData t = catalog.table(r.tableName());
        OrderKey key = t.shape.requestKey(r.key());
        checkReturnValues(r.returnValues(), "DeleteItem");
        Placeholders ph = Placeholders.of(r.expressionAttributeNames(), r.expressionAttributeValues());
        ConditionExpression condition = condition(r.conditionExpression());
        ph.checkExpressions(t.definition, condition);
        Meter meter = r.returnConsumedCapacity() == ReturnConsumedCapacity.NONE ? null : new Meter();
        Mutation m = writeOne(t, key, null, null, null, condition, ph, r.returnOldItemOnConditionFailure(), meter);
        return new DeleteItemResponse(
                r.returnValues() == ReturnValues.ALL_OLD && m.before != null ? m.before.item() : null,
                meter == null ? null : meter.report(t.shape.name, r.returnConsumedCapacity()),
                r.returnItemCollectionMetrics() ? collectionMetrics(m) : null);
    }

    UpdateItemResponse updateItem(UpdateItemRequest r) {
        TableData t = catalog.table(r.tableName());
        OrderKey key = t.shape.requestKey(r.key());
        Placeholders ph = Placeholders.of(r.expressionAttributeNames(), r.expressionAttributeValues());
        UpdateExpression update = r.updateExpression() == null ? null : Expressions.parseUpdate(r.updateExpression());
        ConditionExpression condition = condition(r.conditionExpression());
        ph.checkExpressions(t.definition, update, condition);
        Set<String> touched = ItemRules.updatedAttributes(t.shape, update, ph);
        Meter meter = r.returnConsumedCapacity() == ReturnConsumedCapacity.NONE ? null : new Meter();
        Mutation m = writeOne(
                t,
                key,
                new Updater(update, ph, t.shape.keyOf(r.key())),
                null,
                null,
                condition,
                ph,
                r.returnOldItemOnConditionFailure(),
                meter);
        return new UpdateItemResponse(
                returnedAttributes(r.returnValues(), m, touched),
                meter == null ? null : meter.report(t.shape.name, r.returnConsumedCapacity()),
                r.returnItemCollectionMetrics() ? collectionMetrics(m) : null);
    }

    /**
     * Computes an UpdateItem's new item from the current one; null when the item is missing and the update
     * expression sets nothing on it (REMOVE or DELETE only): DynamoDB then creates no item.
     */
    record Updater(UpdateExpression update, Placeholders placeholders, Map<String, AttributeValue> key) {
        Stored apply(Stored before) {
            Map<String, AttributeValue> base = before == null ? key : before.item();
            Map<String, AttributeValue> next = update == null ? base : update.apply(base, placeholders);
            if (before == null && update != null && next.size() == key.size()) {
                return null;
            }
            return ItemRules.freeze(next);
        }
    }

    /**
     * The write path shared by Put, Update and Delete (and each write of a batch): lock the item, check the
     * condition, compute the new item, validate it against every index, plan, charge, apply.
     */
    Mutation writeOne(
            TableData t,
            OrderKey key,
            Updater updater,
            Stored newItem,
            IndexData[] validatedGsis,
            ConditionExpression condition,
            Placeholders ph,
            boolean returnOldOnFailure,
            Meter meter) {
        return writeOne(t, key, updater, newItem, validatedGsis, condition, ph, returnOldOnFailure, meter, false);
    }

    /**
     * As above; {@code spare}: the caller reads nothing of the mutation once this returns (nor meters it), so it is
     * planned into the stripe's spare mutation ({@link TableData.Stripe#takeSpare}) and the result must not be read.
     */
    Mutation writeOne(
            TableData t,
            OrderKey key,
            Updater updater,
            Stored newItem,
            IndexData[] validatedGsis,
            ConditionExpression condition,
            Placeholders ph,
            boolean returnOldOnFailure,
            Meter meter,
            boolean spare) {
        TableData.Stripe stripe = t.stripe(t.stripeOf(key));
        Mutation m;
        Mutation into = null;
        stripe.lock();
        try {
            into = spare ? stripe.takeSpare() : null;
            t.checkNotDropped();
            Stored before = t.items.get(key);
            if (condition != null && !condition.test(before == null ? Map.of() : before.item(), ph)) {
                throw Failures.conditionalCheckFailed(
                        Message.ConditionalCheckFailed.format(),
                        returnOldOnFailure && before != null ? before.item() : null);
            }
            Stored after = updater != null ? updater.apply(before) : newItem;
            // A new item was validated by the caller; check again only if a GSI appeared since.
            if (after != null && (updater != null || t.gsis != validatedGsis)) {
                ItemRules.validateIndexKeys(t, after.item());
            }
            m = Mutation.plan(t, key, before, after, options, into);
            throughput.chargeWrite(m); // throttles (throws) before anything changes
            m.apply(propagation, options.clock().millis());
        } finally {
            if (into != null) {
                stripe.giveBack(into);
            }
            stripe.unlock();
        }
        if (meter != null) {
            m.meter(meter, 1);
        }
        return m;
    }

    private static Map<String, AttributeValue> returnedAttributes(ReturnValues rv, Mutation m, Set<String> touched) {
        switch (rv) {
            case NONE:
                return null;
            case ALL_OLD:
                return m.before == null ? null : m.before.item();
            case ALL_NEW:
                return m.after == null ? null : m.after.item();
            case UPDATED_OLD:
                return m.before == null ? null : select(m.before.item(), touched);
            case UPDATED_NEW:
                return m.after == null ? null : select(m.after.item(), touched);
            default:
                throw new IllegalStateException(rv.toString());
        }
    }

    private static Map<String, AttributeValue> select(Map<String, AttributeValue> item, Set<String> names) {
        Map<String, AttributeValue> out = new LinkedHashMap<>();
        for (String n : names) {
            AttributeValue v = item.get(n);
            if (v != null) {
                out.put(n, v);
            }
        }
        return out.isEmpty() ? null : Collections.unmodifiableMap(out);
    }

    private static void checkReturnValues(ReturnValues rv, String operation) {
        if (rv != ReturnValues.NONE && rv != ReturnValues.ALL_OLD) {
            throw Message.ReturnValuesNotSupported.exception(rv, operation);
        }
    }

    /** The item-collection metrics of a write (null on tables without LSIs, which have no item collections to limit). */
    static ItemCollectionMetrics collectionMetrics(Mutation m) {
        if (m.table.lsis.length == 0) {
            return null;
        }
        long bytes = m.collectionSizeAfter();
        double gb = bytes / (1024.0 * 1024 * 1024);
        return new ItemCollectionMetrics(
                Map.of(m.table.shape.partitionKey.name(), m.partitionValue()),
                Math.floor(gb),
                Math.floor(gb) + 1,
                bytes);
    }

    static ConditionExpression condition(String text) {
        return text == null ? null : Expressions.parseCondition(text, ExpressionKind.CONDITION);
    }
}
