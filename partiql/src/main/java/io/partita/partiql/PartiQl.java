package io.partita.partiql;

import io.partita.storage.Backend;
import io.partita.storage.ConditionalCheckFailedException;
import io.partita.storage.api.DeleteItemResponse;
import io.partita.storage.api.GetItemResponse;
import io.partita.storage.api.PutItemResponse;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.api.UpdateItemResponse;
import io.partita.storage.value.AttributeValue;
import java.util.List;
import java.util.Map;

/**
 * DynamoDB's PartiQL on a {@link Backend}: {@link #execute ExecuteStatement}, {@link #batch BatchExecuteStatement}
 * and {@link #transaction ExecuteTransaction}. Each statement is parsed ({@link StatementParser}), translated into
 * the core's own request ({@link Translator}) and run by the core, so conditions, updates, limits and errors are
 * the core's; what PartiQL adds is its own errors ({@link DuplicateItemException}, statement validation).
 */
public final class PartiQl {
    private final Backend backend;
    private final Translator translator;

    public PartiQl(Backend backend) {
        this.backend = backend;
        this.translator = new Translator(backend);
    }

    /** One statement: a SELECT page (a Query or a Scan), or one write. */
    public StatementResult execute(
            String statement,
            List<AttributeValue> parameters,
            boolean consistentRead,
            String nextToken,
            Integer limit,
            ReturnConsumedCapacity returnConsumedCapacity,
            boolean returnOldItemOnConditionFailure) {
        StatementParser.Parsed parsed = StatementParser.parse(statement);
        Translator.Options options = new Translator.Options(
                consistentRead,
                limit,
                NextTokens.decode(nextToken),
                returnConsumedCapacity,
                returnOldItemOnConditionFailure);
        return run(translator.translate(parsed, parameters, options));
    }

    private StatementResult run(Plan plan) {
        if (plan instanceof Plan.Query q) {
            QueryResponse r = backend.query(q.request());
            return page(flat(q.flat(), r.items()), r.lastEvaluatedKey(), r.consumedCapacity());
        }
        if (plan instanceof Plan.Scan s) {
            ScanResponse r = backend.scan(s.request());
            return page(flat(s.flat(), r.items()), r.lastEvaluatedKey(), r.consumedCapacity());
        }
        if (plan instanceof Plan.Insert i) {
            PutItemResponse r = insert(i);
            return new StatementResult(List.of(), null, null, r.consumedCapacity());
        }
        if (plan instanceof Plan.Update u) {
            UpdateItemResponse r = backend.updateItem(u.request());
            return new StatementResult(returned(r.attributes()), null, null, r.consumedCapacity());
        }
        if (plan instanceof Plan.Delete d) {
            DeleteItemResponse r = backend.deleteItem(d.request());
            return new StatementResult(returned(r.attributes()), null, null, r.consumedCapacity());
        }
        Plan.Get get = (Plan.Get) plan;
        GetItemResponse r = backend.getItem(get.request());
        Map<String, AttributeValue> item =
                get.flat() == null ? r.item() : get.flat().flatten(r.item());
        return new StatementResult(returned(item), null, null, r.consumedCapacity());
    }

    private static List<Map<String, AttributeValue>> flat(Projection flat, List<Map<String, AttributeValue>> items) {
        return flat == null ? items : flat.flatten(items);
    }

    /** An INSERT: its key condition failing means the key is taken. */
    private PutItemResponse insert(Plan.Insert i) {
        try {
            return backend.putItem(i.request());
        } catch (ConditionalCheckFailedException taken) {
            throw new DuplicateItemException();
        }
    }

    private static StatementResult page(
            List<Map<String, AttributeValue>> items,
            Map<String, AttributeValue> lastKey,
            io.partita.storage.api.ConsumedCapacity capacity) {
        boolean more = lastKey != null && !lastKey.isEmpty();
        return new StatementResult(items, more ? NextTokens.encode(lastKey) : null, more ? lastKey : null, capacity);
    }

    private static List<Map<String, AttributeValue>> returned(Map<String, AttributeValue> attributes) {
        return attributes == null || attributes.isEmpty() ? List.of() : List.of(attributes);
    }

    /** {@code BatchExecuteStatement}: each statement on its own, its failure reported in its place. */
    public List<BatchOutcome> batch(List<BatchStatement> statements, ReturnConsumedCapacity returnConsumedCapacity) {
        return new Batches(translator, this::run).run(statements, returnConsumedCapacity);
    }

    /** The {@code ConsumedCapacity} list of a batch's answer: per table, what its statements consumed. */
    public static List<io.partita.storage.api.ConsumedCapacity> capacity(List<BatchOutcome> outcomes) {
        return BatchCapacity.of(outcomes);
    }

    /** {@code ExecuteTransaction}: all reads (one TransactGetItems) or all writes (one TransactWriteItems). */
    public TransactionResult transaction(
            List<BatchStatement> statements, String clientRequestToken, ReturnConsumedCapacity returnConsumedCapacity) {
        return new Transactions(backend, translator).run(statements, clientRequestToken, returnConsumedCapacity);
    }
}
