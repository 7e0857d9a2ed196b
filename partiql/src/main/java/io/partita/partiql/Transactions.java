package io.partita.partiql;

import io.partita.storage.Backend;
import io.partita.storage.TransactionCanceledException;
import io.partita.storage.TransactionCanceledException.CancellationReason;
import io.partita.storage.ValidationException;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.TransactGetItem;
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactGetItemsResponse;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.TransactWriteItemsResponse;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code ExecuteTransaction}: 1 to 100 statements, all SELECTs of one item each (the core's TransactGetItems) or
 * all writes (its TransactWriteItems: all applied or none). A cancelled write transaction reports an INSERT whose
 * key was taken as DynamoDB Local does ({@link #duplicates}), where the core reports its failed key condition.
 */
final class Transactions {
    static final int MAX_STATEMENTS = 100;
    static final String EXISTS_FAILED = "The conditional request failed.";
    static final String MIXED =
            "ExecuteTransaction API does not support both read and write operations in the same request.";

    private final Backend backend;
    private final Translator translator;

    Transactions(Backend backend, Translator translator) {
        this.backend = backend;
        this.translator = translator;
    }

    TransactionResult run(List<BatchStatement> statements, String token, ReturnConsumedCapacity capacity) {
        Batches.checkSize(statements, MAX_STATEMENTS, "transactStatements");
        List<StatementParser.Parsed> parsed = new ArrayList<>(statements.size());
        int reads = 0;
        for (BatchStatement s : statements) {
            StatementParser.Parsed p = StatementParser.parse(s.statement());
            parsed.add(p);
            reads += p.statement() instanceof Ast.Select ? 1 : 0;
        }
        if (reads > 0 && reads < parsed.size()) { // decided before any statement is checked further
            throw new ValidationException(MIXED);
        }
        List<Plan> plans = new ArrayList<>(statements.size());
        for (int i = 0; i < statements.size(); i++) {
            BatchStatement s = statements.get(i);
            StatementParser.Parsed p = parsed.get(i);
            Translator.Options options =
                    new Translator.Options(false, null, null, capacity, s.returnOldItemOnConditionFailure());
            if (p.statement() instanceof Ast.Select) {
                plans.add(translator.get(p, s.parameters(), options));
            } else if (p.statement() instanceof Ast.Exists) {
                plans.add(translator.check(p, s.parameters(), options, i));
            } else {
                plans.add(translator.translate(p, s.parameters(), options));
            }
        }
        if (reads > 0) {
            return read(plans, capacity);
        }
        return write(plans, token, capacity);
    }

    private TransactionResult read(List<Plan> plans, ReturnConsumedCapacity capacity) {
        List<TransactGetItem> gets = new ArrayList<>(plans.size());
        for (Plan p : plans) {
            GetItemRequest g = ((Plan.Get) p).request();
            gets.add(new TransactGetItem(
                    g.tableName(), g.key(), g.projectionExpression(), g.expressionAttributeNames()));
        }
        TransactGetItemsResponse r = backend.transactGetItems(TransactGetItemsRequest.builder()
                .transactItems(gets)
                .returnConsumedCapacity(capacity)
                .build());
        List<Map<String, AttributeValue>> items = new ArrayList<>(r.responses().size());
        for (int i = 0; i < r.responses().size(); i++) {
            Map<String, AttributeValue> item = r.responses().get(i);
            Projection flat = ((Plan.Get) plans.get(i)).flat();
            items.add(item == null ? Map.of() : flat == null ? item : flat.flatten(item));
        }
        return new TransactionResult(items, r.consumedCapacity());
    }

    private TransactionResult write(List<Plan> plans, String token, ReturnConsumedCapacity capacity) {
        List<TransactWriteItem> writes = new ArrayList<>(plans.size());
        for (Plan p : plans) {
            writes.add(action(p));
        }
        try {
            TransactWriteItemsResponse r = backend.transactWriteItems(TransactWriteItemsRequest.builder()
                    .transactItems(writes)
                    .clientRequestToken(token)
                    .returnConsumedCapacity(capacity)
                    .build());
            return new TransactionResult(List.of(), r.consumedCapacity());
        } catch (TransactionCanceledException e) {
            throw duplicates(e, plans);
        }
    }

    private static TransactWriteItem action(Plan p) {
        if (p instanceof Plan.Check c) {
            return c.check();
        }
        if (p instanceof Plan.Insert i) {
            PutItemRequest r = i.request();
            return new TransactWriteItem.Put(
                    r.tableName(),
                    r.item(),
                    r.conditionExpression(),
                    r.expressionAttributeNames(),
                    r.expressionAttributeValues(),
                    r.returnOldItemOnConditionFailure());
        }
        if (p instanceof Plan.Update u) {
            UpdateItemRequest r = u.request();
            return new TransactWriteItem.Update(
                    r.tableName(),
                    r.key(),
                    r.updateExpression(),
                    r.conditionExpression(),
                    r.expressionAttributeNames(),
                    r.expressionAttributeValues(),
                    r.returnOldItemOnConditionFailure());
        }
        DeleteItemRequest r = ((Plan.Delete) p).request();
        return new TransactWriteItem.Delete(
                r.tableName(),
                r.key(),
                r.conditionExpression(),
                r.expressionAttributeNames(),
                r.expressionAttributeValues(),
                r.returnOldItemOnConditionFailure());
    }

    /**
     * The cancellation as DynamoDB Local reports an INSERT whose key is taken: a {@code ValidationError} "Duplicate
     * primary key exists in table" found before any condition is evaluated, so every other statement's reason is
     * {@code None}.
     */
    private static TransactionCanceledException duplicates(TransactionCanceledException e, List<Plan> plans) {
        List<CancellationReason> reasons = new ArrayList<>(e.reasons().size());
        boolean duplicate = false;
        for (int i = 0; i < e.reasons().size(); i++) {
            boolean taken = i < plans.size()
                    && plans.get(i) instanceof Plan.Insert
                    && e.reasons().get(i).code().equals("ConditionalCheckFailed");
            duplicate |= taken;
            reasons.add(
                    taken
                            ? new CancellationReason("ValidationError", DuplicateItemException.MESSAGE, null)
                            : CancellationReason.NONE);
        }
        return duplicate ? new TransactionCanceledException(reasons) : existsWording(e, plans);
    }

    /**
     * A failed {@code EXISTS} check's reason as DynamoDB Local gives it for PartiQL ("The conditional request
     * failed.", with its full stop; the core's TransactWriteItems words it without).
     */
    private static TransactionCanceledException existsWording(TransactionCanceledException e, List<Plan> plans) {
        List<CancellationReason> reasons = new ArrayList<>(e.reasons());
        boolean changed = false;
        for (int i = 0; i < reasons.size() && i < plans.size(); i++) {
            CancellationReason r = reasons.get(i);
            if (plans.get(i) instanceof Plan.Check && r.code().equals("ConditionalCheckFailed")) {
                reasons.set(i, new CancellationReason(r.code(), EXISTS_FAILED, r.item()));
                changed = true;
            }
        }
        return changed ? new TransactionCanceledException(reasons) : e;
    }
}
