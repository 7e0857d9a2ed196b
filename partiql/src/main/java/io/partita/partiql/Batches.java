package io.partita.partiql;

import io.partita.storage.ConditionalCheckFailedException;
import io.partita.storage.StorageException;
import io.partita.storage.ValidationException;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code BatchExecuteStatement}: 1 to 25 statements, each run on its own; a statement's failure is its
 * {@code Error} in the answer (DynamoDB's BatchStatementError codes), never the request's. A SELECT reads one item
 * by its full key.
 */
final class Batches {
    static final int MAX_STATEMENTS = 25;

    private final Translator translator;
    private final Function<Plan, StatementResult> runner;

    Batches(Translator translator, Function<Plan, StatementResult> runner) {
        this.translator = translator;
        this.runner = runner;
    }

    List<BatchOutcome> run(List<BatchStatement> statements, ReturnConsumedCapacity capacity) {
        checkSize(statements, MAX_STATEMENTS, "statements");
        List<BatchOutcome> out = new ArrayList<>(statements.size());
        for (BatchStatement s : statements) {
            out.add(one(s, capacity));
        }
        return out;
    }

    /** DynamoDB's length constraint message on a list member. */
    static void checkSize(List<?> list, int max, String member) {
        if (list == null || list.isEmpty() || list.size() > max) {
            throw new ValidationException("1 validation error detected: Value '" + (list == null ? "null" : list)
                    + "' at '" + member + "' failed to satisfy constraint: Member must have length "
                    + (list == null || list.isEmpty() ? "greater than or equal to 1" : "less than or equal to " + max));
        }
    }

    private BatchOutcome one(BatchStatement s, ReturnConsumedCapacity capacity) {
        String table = null;
        try {
            StatementParser.Parsed parsed = StatementParser.parse(s.statement());
            table = parsed.statement().table();
            Translator.Options options = new Translator.Options(
                    s.consistentRead(), null, null, capacity, s.returnOldItemOnConditionFailure());
            Plan plan = parsed.statement() instanceof Ast.Select
                    ? translator.get(parsed, s.parameters(), options)
                    : translator.translate(parsed, s.parameters(), options);
            StatementResult r = runner.apply(plan);
            Map<String, AttributeValue> item = plan instanceof Plan.Get
                    ? (r.items().isEmpty() ? Map.of() : r.items().get(0))
                    : null;
            return BatchOutcome.ok(table, item);
        } catch (StorageException e) {
            Map<String, AttributeValue> old =
                    e instanceof ConditionalCheckFailedException c ? c.item().orElse(null) : null;
            return BatchOutcome.error(table, code(e), e.getMessage(), old);
        }
    }

    /** DynamoDB's BatchStatementError code of a statement's failure. */
    static String code(StorageException e) {
        String type = e.errorCode();
        if (type.equals("ValidationException")) {
            return "ValidationError";
        }
        return type.endsWith("Exception") ? type.substring(0, type.length() - "Exception".length()) : type;
    }
}
