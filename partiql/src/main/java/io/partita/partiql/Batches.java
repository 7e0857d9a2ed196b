package io.partita.partiql;

import io.partita.storage.ConditionalCheckFailedException;
import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.StorageException;
import io.partita.storage.ValidationException;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code BatchExecuteStatement}: 1 to 25 statements, each run on its own; a statement's failure is its
 * {@code Error} in the answer (DynamoDB's BatchStatementError codes), never the request's. A SELECT reads one item
 * by its full key. Two statements on one item are the request's error, as in BatchWriteItem and BatchGetItem.
 */
final class Batches {
    static final int MAX_STATEMENTS = 25;
    static final String DUPLICATE_KEYS = "Provided list of item keys contains duplicates";
    static final String MIXED = "Read and write requests together in the same batch is not supported.";

    private final Translator translator;
    private final Function<Plan, StatementResult> runner;

    Batches(Translator translator, Function<Plan, StatementResult> runner) {
        this.translator = translator;
        this.runner = runner;
    }

    List<BatchOutcome> run(List<BatchStatement> statements, ReturnConsumedCapacity capacity) {
        checkSize(statements, MAX_STATEMENTS, "statements");
        checkNotMixed(statements);
        List<Object> planned = new ArrayList<>(statements.size());
        Set<List<Object>> keys = new HashSet<>();
        for (BatchStatement s : statements) {
            Object p = plan(s, capacity);
            planned.add(p);
            if (p instanceof Plan plan && !keys.add(List.of(plan.tableName(), translator.keyOf(plan)))) {
                throw new ValidationException(DUPLICATE_KEYS);
            }
        }
        List<BatchOutcome> out = new ArrayList<>(statements.size());
        for (Object p : planned) {
            out.add(p instanceof Plan plan ? run(plan) : (BatchOutcome) p);
        }
        return out;
    }

    /**
     * A batch is all reads or all writes (the API reference's rule for BatchExecuteStatement, in DynamoDB Local's
     * words); a statement that does not parse counts as neither, and fails on its own.
     */
    private static void checkNotMixed(List<BatchStatement> statements) {
        boolean reads = false;
        boolean writes = false;
        for (BatchStatement s : statements) {
            try {
                boolean read = StatementParser.parse(s.statement()).statement() instanceof Ast.Select;
                reads |= read;
                writes |= !read;
            } catch (StorageException malformed) {
                // reported as this statement's error
            }
        }
        if (reads && writes) {
            throw new ValidationException(MIXED);
        }
    }

    /** A statement's plan, or the outcome of its failing to translate. */
    private Object plan(BatchStatement s, ReturnConsumedCapacity capacity) {
        String table = null;
        try {
            StatementParser.Parsed parsed = StatementParser.parse(s.statement());
            table = parsed.statement().table();
            Translator.Options options = new Translator.Options(
                    s.consistentRead(), null, null, capacity, s.returnOldItemOnConditionFailure());
            return parsed.statement() instanceof Ast.Select
                    ? translator.get(parsed, s.parameters(), options)
                    : translator.translate(parsed, s.parameters(), options);
        } catch (StorageException e) {
            return failed(table, e);
        }
    }

    private BatchOutcome run(Plan plan) {
        try {
            StatementResult r = runner.apply(plan);
            // a SELECT of an item that is not there answers no Item (DynamoDB Local's answer)
            Map<String, AttributeValue> item =
                    r.items().isEmpty() ? null : r.items().get(0);
            return BatchOutcome.ok(plan.tableName(), item, r.consumedCapacity());
        } catch (StorageException e) {
            return failed(plan.tableName(), e);
        }
    }

    private static BatchOutcome failed(String table, StorageException e) {
        Map<String, AttributeValue> old =
                e instanceof ConditionalCheckFailedException c ? c.item().orElse(null) : null;
        // DynamoDB Local names no table for a table that is not there
        String named = e instanceof ResourceNotFoundException ? null : table;
        return BatchOutcome.error(named, code(e), e.getMessage(), old);
    }

    /** DynamoDB's length constraint message on a list member. */
    static void checkSize(List<?> list, int max, String member) {
        if (list == null || list.isEmpty() || list.size() > max) {
            throw new ValidationException("1 validation error detected: Value '" + (list == null ? "null" : list)
                    + "' at '" + member + "' failed to satisfy constraint: Member must have length "
                    + (list == null || list.isEmpty() ? "greater than or equal to 1" : "less than or equal to " + max));
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
