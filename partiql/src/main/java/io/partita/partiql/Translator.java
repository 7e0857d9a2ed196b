package io.partita.partiql;

import io.partita.storage.Backend;
import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.ValidationException;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.ReturnValues;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Translates a parsed statement into the core request that carries it out, reading the table's key schema from
 * the core: a SELECT whose WHERE fixes the partition key is a Query (its sort-key term, if any, in the key
 * condition), any other a Scan, the rest of the WHERE its filter; INSERT a put conditioned on the key being absent;
 * UPDATE and DELETE a write of the item the WHERE's key equalities name, the rest of the WHERE its condition.
 */
final class Translator {
    static final String NO_TABLE = "Cannot do operations on a non-existent table";
    static final String MISSING_KEY = "Where clause does not contain a mandatory equality on all key attributes";
    static final String EXISTS_OUTSIDE_TRANSACTION = "EXISTS can only be used in ExecuteTransaction write requests.";
    static final String EXISTS_NEEDS_CONDITION = "EXISTS() must contain a single item read with additional condition";
    static final String ORDER_BY_WITHOUT_WHERE = "Must have WHERE clause in the statement when using ORDER BY clause.";
    static final String ORDER_BY_SCAN = "ORDER BY needs a WHERE clause that fixes the partition key with =: "
            + "any other SELECT is a Scan, which has no order to choose";

    /** The request members that shape how a statement runs. */
    record Options(
            boolean consistentRead,
            Integer limit,
            Map<String, AttributeValue> exclusiveStartKey,
            ReturnConsumedCapacity returnConsumedCapacity,
            boolean returnOldItemOnConditionFailure) {}

    private final Backend backend;

    Translator(Backend backend) {
        this.backend = backend;
    }

    Plan translate(StatementParser.Parsed parsed, List<AttributeValue> parameters, Options options) {
        Bind bind = new Bind(parameters, parsed.parameterCount());
        Ast.Statement s = parsed.statement();
        TableDefinition table = table(s.table());
        if (s instanceof Ast.Select select) {
            return select(select, table, new ExpressionText(bind), options);
        }
        if (s instanceof Ast.Insert insert) {
            return insert(insert, table, bind, options);
        }
        if (s instanceof Ast.Update update) {
            return update(update, table, new ExpressionText(bind), options);
        }
        if (s instanceof Ast.Exists) {
            throw new ValidationException(EXISTS_OUTSIDE_TRANSACTION);
        }
        return delete((Ast.Delete) s, table, new ExpressionText(bind), options);
    }

    /** The statement's table; a missing one in the words DynamoDB's PartiQL uses. */
    TableDefinition table(String name) {
        try {
            return backend.describeTable(name).definition();
        } catch (ResourceNotFoundException missing) {
            throw new ResourceNotFoundException(NO_TABLE);
        }
    }

    private static Plan select(Ast.Select s, TableDefinition table, ExpressionText text, Options o) {
        KeySchema keys = KeySchema.of(table, s.index());
        boolean forward = forward(s, keys);
        Conjuncts where = new Conjuncts(s.where());
        String keyCondition = partitionKeyCondition(keys, where, text);
        String projection = projection(s.projection(), text);
        if (keyCondition == null && !s.orderBy().isEmpty()) {
            throw new ValidationException(ORDER_BY_SCAN);
        }
        if (keyCondition == null) {
            Ast.Expr filter = where.rest();
            return new Plan.Scan(
                    ScanRequest.builder()
                            .tableName(s.table())
                            .indexName(s.index())
                            .projectionExpression(projection)
                            .filterExpression(filter == null ? null : text.condition(filter))
                            .expressionAttributeNames(text.names())
                            .expressionAttributeValues(text.values())
                            .consistentRead(o.consistentRead())
                            .limit(o.limit())
                            .exclusiveStartKey(o.exclusiveStartKey())
                            .returnConsumedCapacity(o.returnConsumedCapacity())
                            .build(),
                    Projection.of(s.projection()));
        }
        if (keys.sortKey().size() == 1) {
            Ast.Expr range = where.takeSortKeyTerm(keys.sortKey().get(0).name());
            if (range != null) {
                keyCondition = keyCondition + " AND " + text.condition(range);
            }
        }
        Ast.Expr filter = where.rest();
        return new Plan.Query(
                QueryRequest.builder()
                        .tableName(s.table())
                        .indexName(s.index())
                        .keyConditionExpression(keyCondition)
                        .scanIndexForward(forward)
                        .projectionExpression(projection)
                        .filterExpression(filter == null ? null : text.condition(filter))
                        .expressionAttributeNames(text.names())
                        .expressionAttributeValues(text.values())
                        .consistentRead(o.consistentRead())
                        .limit(o.limit())
                        .exclusiveStartKey(o.exclusiveStartKey())
                        .returnConsumedCapacity(o.returnConsumedCapacity())
                        .build(),
                Projection.of(s.projection()));
    }

    /**
     * The order a SELECT's {@code ORDER BY} asks for, in DynamoDB's rules (as DynamoDB Local words them): only with a
     * WHERE clause, only on the key attributes of the table or index read; the sort key's term gives the direction
     * (ascending without {@code DESC}, and when only the partition key is named, which fixes no order).
     */
    private static boolean forward(Ast.Select s, KeySchema keys) {
        if (s.orderBy().isEmpty()) {
            return true;
        }
        if (s.where() == null) {
            throw new ValidationException(ORDER_BY_WITHOUT_WHERE);
        }
        Boolean forward = null;
        for (Ast.Order order : s.orderBy()) {
            boolean sortKey = keys.sortKey().stream().anyMatch(k -> k.name().equals(order.name()));
            boolean partitionKey =
                    keys.partitionKey().stream().anyMatch(k -> k.name().equals(order.name()));
            if (!sortKey && !partitionKey) {
                throw new ValidationException(
                        "Variable reference " + order.name() + " in ORDER BY clause must be part of the primary key");
            }
            if (sortKey && forward == null) {
                forward = !order.descending();
            }
        }
        return forward == null || forward;
    }

    /** {@code #pk = :v} for every partition-key attribute the WHERE fixes; {@code null} unless it fixes all. */
    private static String partitionKeyCondition(KeySchema keys, Conjuncts where, ExpressionText text) {
        if (keys.partitionKey().isEmpty()) {
            return null;
        }
        for (KeyAttribute k : keys.partitionKey()) {
            if (!where.hasEquality(k.name())) {
                return null;
            }
        }
        StringBuilder condition = new StringBuilder();
        for (KeyAttribute k : keys.partitionKey()) {
            Ast.ValueOperand v = where.takeEquality(k.name());
            condition.append(condition.length() == 0 ? "" : " AND ");
            condition
                    .append(text.path(new Ast.Path(List.of(k.name()))))
                    .append(" = ")
                    .append(text.operand(v));
        }
        return condition.toString();
    }

    /**
     * The core's projection of a SELECT list: the paths themselves when all are top-level names; otherwise the
     * top-level attributes they start at, which {@link Projection} then reads the paths out of (the core would
     * answer {@code a.l[1]} as {@code a.l[0]}, a list of the one element).
     */
    private static String projection(List<Ast.Path> paths, ExpressionText text) {
        if (paths.isEmpty()) {
            return null;
        }
        boolean nested = Projection.of(paths) != null;
        Set<String> written = new HashSet<>();
        StringBuilder p = new StringBuilder();
        for (Ast.Path path : paths) {
            Ast.Path projected = nested ? new Ast.Path(List.of(path.first())) : path;
            if (written.add(projected.toString())) {
                p.append(p.length() == 0 ? "" : ", ").append(text.path(projected));
            }
        }
        return p.toString();
    }

    private static Plan insert(Ast.Insert s, TableDefinition table, Bind bind, Options o) {
        Map<String, AttributeValue> item = bind.item(s.item());
        for (KeyAttribute k : KeySchema.of(table, null).primaryKey()) {
            if (!item.containsKey(k.name())) {
                throw new ValidationException("Key attribute should be present in the item: Key " + k.name());
            }
            checkKeyType(k, item.get(k.name()));
        }
        return new Plan.Insert(PutItemRequest.builder()
                .tableName(s.table())
                .item(item)
                .conditionExpression("attribute_not_exists(#k)")
                .expressionAttributeNames(Map.of("#k", table.partitionKey().name()))
                .returnConsumedCapacity(o.returnConsumedCapacity())
                .build());
    }

    private static Plan update(Ast.Update s, TableDefinition table, ExpressionText text, Options o) {
        Conjuncts where = new Conjuncts(s.where());
        Map<String, AttributeValue> key = key(table, where, text);
        String exists = "attribute_exists("
                + text.path(new Ast.Path(List.of(table.partitionKey().name()))) + ")";
        Ast.Expr rest = where.rest();
        String condition = rest == null ? exists : exists + " AND (" + text.condition(rest) + ")";
        String update = text.update(s.sets(), s.removes());
        return new Plan.Update(UpdateItemRequest.builder()
                .tableName(s.table())
                .key(key)
                .updateExpression(update)
                .conditionExpression(condition)
                .expressionAttributeNames(text.names())
                .expressionAttributeValues(text.values())
                .returnValues(returnValues(s.returning()))
                .returnConsumedCapacity(o.returnConsumedCapacity())
                .returnOldItemOnConditionFailure(o.returnOldItemOnConditionFailure())
                .build());
    }

    private static Plan delete(Ast.Delete s, TableDefinition table, ExpressionText text, Options o) {
        Conjuncts where = new Conjuncts(s.where());
        Map<String, AttributeValue> key = key(table, where, text);
        Ast.Expr rest = where.rest();
        if (s.returning() != null && !s.returning().equals("ALL_OLD")) {
            throw StatementParser.malformed("DELETE returns ALL OLD * only");
        }
        // a DELETE of an item that is not there succeeds, whatever its further terms (as DynamoDB Local answers)
        String condition = rest == null
                ? null
                : "attribute_not_exists("
                        + text.path(new Ast.Path(List.of(table.partitionKey().name()))) + ") OR ("
                        + text.condition(rest) + ")";
        return new Plan.Delete(DeleteItemRequest.builder()
                .tableName(s.table())
                .key(key)
                .conditionExpression(condition)
                .expressionAttributeNames(text.names())
                .expressionAttributeValues(text.values())
                .returnValues(returnValues(s.returning()))
                .returnConsumedCapacity(o.returnConsumedCapacity())
                .returnOldItemOnConditionFailure(o.returnOldItemOnConditionFailure())
                .build());
    }

    /** A SELECT of one item by its full key, as batches and transactions read. */
    Plan get(StatementParser.Parsed parsed, List<AttributeValue> parameters, Options o) {
        Bind bind = new Bind(parameters, parsed.parameterCount());
        if (!(parsed.statement() instanceof Ast.Select s) || s.index() != null) {
            throw new ValidationException("Only SELECT statements on a table can be read here");
        }
        TableDefinition table = table(s.table());
        ExpressionText text = new ExpressionText(bind);
        Conjuncts where = new Conjuncts(s.where());
        Map<String, AttributeValue> key = key(table, where, text);
        if (where.rest() != null) {
            throw new ValidationException(MISSING_KEY);
        }
        String projection = projection(s.projection(), text);
        return new Plan.Get(
                GetItemRequest.builder()
                        .tableName(s.table())
                        .key(key)
                        .projectionExpression(projection)
                        .expressionAttributeNames(text.names())
                        .consistentRead(o.consistentRead())
                        .returnConsumedCapacity(o.returnConsumedCapacity())
                        .build(),
                Projection.of(s.projection()));
    }

    /**
     * {@code EXISTS(SELECT * FROM table WHERE <full key> AND <condition>)}, the {@code index}-th statement of a
     * transaction: a condition check that the item is there and the condition holds (TransactWriteItems'
     * ConditionCheck). As the developer guide requires (and DynamoDB Local checks, in these words): a full key and
     * one other condition, on a table, not an index.
     */
    Plan check(StatementParser.Parsed parsed, List<AttributeValue> parameters, Options o, int index) {
        Ast.Select s = ((Ast.Exists) parsed.statement()).select();
        String where = "Validation failed in TransactStatements[" + index + "]: ";
        if (s.index() != null) {
            throw new ValidationException(where + "Operations on indices are not supported in transactions");
        }
        Bind bind = new Bind(parameters, parsed.parameterCount());
        TableDefinition table;
        try {
            table = backend.describeTable(s.table()).definition();
        } catch (ResourceNotFoundException missing) {
            throw new ResourceNotFoundException("Requested resource not found");
        }
        ExpressionText text = new ExpressionText(bind);
        Conjuncts terms = new Conjuncts(s.where());
        Map<String, AttributeValue> key;
        try {
            key = key(table, terms, text);
        } catch (ValidationException noKey) {
            throw new ValidationException(where + EXISTS_NEEDS_CONDITION);
        }
        Ast.Expr rest = terms.rest();
        if (rest == null || !s.projection().isEmpty() || !s.orderBy().isEmpty()) {
            throw new ValidationException(where + EXISTS_NEEDS_CONDITION);
        }
        String condition = "attribute_exists("
                + text.path(new Ast.Path(List.of(table.partitionKey().name()))) + ") AND ("
                + text.condition(rest) + ")";
        return new Plan.Check(new TransactWriteItem.ConditionCheck(
                s.table(), key, condition, text.names(), text.values(), o.returnOldItemOnConditionFailure()));
    }

    /** The item key the WHERE's equalities give, each taken out of {@code where}. */
    private static Map<String, AttributeValue> key(TableDefinition table, Conjuncts where, ExpressionText text) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        for (KeyAttribute k : KeySchema.of(table, null).primaryKey()) {
            Ast.ValueOperand v = where.takeEquality(k.name());
            if (v == null) {
                throw new ValidationException(MISSING_KEY);
            }
            AttributeValue value = text.bound(v);
            checkKeyType(k, value);
            key.put(k.name(), value);
        }
        return key;
    }

    /** A key attribute's value of another type than the schema's, in DynamoDB Local's words. */
    private static void checkKeyType(KeyAttribute k, AttributeValue value) {
        if (value.type() != k.type()) {
            throw new ValidationException(
                    "Key attribute's data type should match its data type in table's schema: Key " + k.name());
        }
    }

    /** The primary key of the item a write or a one-item read addresses. */
    Map<String, AttributeValue> keyOf(Plan plan) {
        if (plan instanceof Plan.Insert i) {
            Map<String, AttributeValue> key = new LinkedHashMap<>();
            for (KeyAttribute k : KeySchema.of(table(i.tableName()), null).primaryKey()) {
                key.put(k.name(), i.request().item().get(k.name()));
            }
            return key;
        }
        if (plan instanceof Plan.Update u) {
            return u.request().key();
        }
        if (plan instanceof Plan.Delete d) {
            return d.request().key();
        }
        if (plan instanceof Plan.Get g) {
            return g.request().key();
        }
        return null;
    }

    private static ReturnValues returnValues(String returning) {
        return returning == null ? ReturnValues.NONE : ReturnValues.valueOf(returning);
    }
}
