package io.partita.storage.model;

import io.partita.storage.ConditionalCheckFailedException;
import io.partita.storage.Storage;
import io.partita.storage.TransactionCanceledException;
import io.partita.storage.ValidationException;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.BatchWriteItemResponse;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.ReturnValues;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.api.Select;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.model.ReferenceStore.IndexView;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.ProjectionType;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.KeyOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Runs operations against the core and the reference model side by side and throws {@link AssertionError} at the
 * first disagreement. Failed writes are checked to have changed nothing by re-reading every key they touched.
 */
final class ModelRunner {
    final Storage storage;
    final ReferenceStore model;
    /** When true, equal index keys must come back in table-key order (the core's documented tie-break). */
    final boolean strictTieOrder;

    final Map<String, Integer> counts = new TreeMap<>();
    /** Expected failures by exception, and read volume (items returned, pages), to show what a run exercised. */
    final Map<String, Integer> outcomes = new TreeMap<>();
    /**
     * DynamoDB rejects a put whose item breaks the key schema (wrong type, empty S/B index key) before it looks at the
     * condition; the engine checks the condition first (see PutValidationOrderTest, which pins that discrepancy).
     * The randomized runs accept either exception for such a put so they keep guarding everything else;
     * {@code -Dpartita.model.strictValidationOrder=true} makes them demand DynamoDB's order.
     */
    static final boolean LENIENT_VALIDATION_ORDER = !Boolean.getBoolean("partita.model.strictValidationOrder");

    ModelRunner(Storage storage, ReferenceStore model, boolean strictTieOrder) {
        this.storage = storage;
        this.model = model;
        this.strictTieOrder = strictTieOrder;
    }

    void run(Op op) {
        String kind = op.getClass().getSimpleName();
        counts.merge(kind, 1, Integer::sum);
        if (op instanceof Op.Put p) {
            put(p);
        } else if (op instanceof Op.Update u) {
            update(u);
        } else if (op instanceof Op.Delete d) {
            delete(d);
        } else if (op instanceof Op.Get g) {
            get(g);
        } else if (op instanceof Op.Query q) {
            query(q);
        } else if (op instanceof Op.Scan s) {
            scan(s);
        } else if (op instanceof Op.Transact t) {
            transact(t);
        } else if (op instanceof Op.Batch b) {
            batch(b);
        } else {
            verifyAll();
        }
    }

    // ---- writes -------------------------------------------------------------------------------------------

    private void put(Op.Put p) {
        Expr e = new Expr();
        String cond = p.cond() == null ? null : p.cond().render(e);
        PutItemRequest req = PutItemRequest.builder()
                .tableName(p.table())
                .item(p.item())
                .conditionExpression(cond)
                .expressionAttributeNames(e.namesOrNull())
                .expressionAttributeValues(e.valuesOrNull())
                .returnValues(p.returnOld() ? ReturnValues.ALL_OLD : ReturnValues.NONE)
                .build();
        String invalid = model.validateItem(p.table(), p.item());
        if (invalid != null) {
            Map<String, AttributeValue> current = model.validateKey(p.table(), model.keyOf(p.table(), p.item())) == null
                    ? model.get(p.table(), p.item())
                    : null;
            if (LENIENT_VALIDATION_ORDER && p.cond() != null && !p.cond().test(orEmpty(current))) {
                expectFailure(
                        () -> storage.putItem(req),
                        "put with " + invalid + " and a false condition",
                        ValidationException.class,
                        ConditionalCheckFailedException.class);
            } else {
                expectFailure(() -> storage.putItem(req), "put with " + invalid, ValidationException.class);
            }
            checkUnchanged(p.table(), p.item());
            return;
        }
        Map<String, AttributeValue> old = model.get(p.table(), p.item());
        if (p.cond() != null && !p.cond().test(orEmpty(old))) {
            expectFailure(
                    () -> storage.putItem(req),
                    "put whose condition is false on " + old,
                    ConditionalCheckFailedException.class);
            checkUnchanged(p.table(), p.item());
            return;
        }
        var resp = call(() -> storage.putItem(req));
        model.put(p.table(), p.item());
        if (p.returnOld()) {
            assertItem("put ReturnValues=ALL_OLD", old, resp.attributes());
        }
    }

    private void update(Op.Update u) {
        Expr e = new Expr();
        String updText = u.upd().render(e);
        String cond = u.cond() == null ? null : u.cond().render(e);
        UpdateItemRequest req = UpdateItemRequest.builder()
                .tableName(u.table())
                .key(u.key())
                .updateExpression(updText)
                .conditionExpression(cond)
                .expressionAttributeNames(e.namesOrNull())
                .expressionAttributeValues(e.valuesOrNull())
                .returnValues(u.returnValues())
                .build();
        String keyProblem = model.validateKey(u.table(), u.key());
        if (keyProblem != null) {
            expectFailure(() -> storage.updateItem(req), "update with " + keyProblem, ValidationException.class);
            return;
        }
        String staticProblem = u.upd().staticProblem(model.tableKeyNames(u.table()));
        if (staticProblem != null) {
            expectFailure(() -> storage.updateItem(req), "update with " + staticProblem, ValidationException.class);
            checkUnchanged(u.table(), u.key());
            return;
        }
        Map<String, AttributeValue> old = model.get(u.table(), u.key());
        boolean condOk = u.cond() == null || u.cond().test(orEmpty(old));
        Map<String, AttributeValue> next = null;
        String applyProblem;
        try {
            next = u.upd().apply(old == null ? u.key() : old);
            applyProblem = model.validateItem(u.table(), next);
        } catch (IllegalArgumentException ex) {
            applyProblem = ex.getMessage();
        }
        if (applyProblem != null && !condOk) {
            expectFailure(
                    () -> storage.updateItem(req),
                    "update with " + applyProblem + " and a false condition",
                    ValidationException.class,
                    ConditionalCheckFailedException.class);
            checkUnchanged(u.table(), u.key());
            return;
        }
        if (applyProblem != null) {
            expectFailure(() -> storage.updateItem(req), "update with " + applyProblem, ValidationException.class);
            checkUnchanged(u.table(), u.key());
            return;
        }
        if (!condOk) {
            expectFailure(
                    () -> storage.updateItem(req),
                    "update whose condition is false on " + old,
                    ConditionalCheckFailedException.class);
            checkUnchanged(u.table(), u.key());
            return;
        }
        var resp = call(() -> storage.updateItem(req));
        model.put(u.table(), next);
        Map<String, AttributeValue> expectedReturn = switch (u.returnValues()) {
            case NONE -> null;
            case ALL_OLD -> old;
            case ALL_NEW -> next;
            case UPDATED_NEW -> updatedAttributes(u.upd(), next);
            case UPDATED_OLD -> updatedAttributes(u.upd(), orEmpty(old));
        };
        assertItem("update ReturnValues=" + u.returnValues(), expectedReturn, resp.attributes());
    }

    private static Map<String, AttributeValue> updatedAttributes(Upd upd, Map<String, AttributeValue> item) {
        Map<String, AttributeValue> out = new TreeMap<>();
        for (Upd.Action a : upd.actions()) {
            if (item.containsKey(a.attr())) {
                out.put(a.attr(), item.get(a.attr()));
            }
        }
        return out;
    }

    private void delete(Op.Delete d) {
        Expr e = new Expr();
        String cond = d.cond() == null ? null : d.cond().render(e);
        DeleteItemRequest req = DeleteItemRequest.builder()
                .tableName(d.table())
                .key(d.key())
                .conditionExpression(cond)
                .expressionAttributeNames(e.namesOrNull())
                .expressionAttributeValues(e.valuesOrNull())
                .returnValues(d.returnOld() ? ReturnValues.ALL_OLD : ReturnValues.NONE)
                .build();
        String keyProblem = model.validateKey(d.table(), d.key());
        if (keyProblem != null) {
            expectFailure(() -> storage.deleteItem(req), "delete with " + keyProblem, ValidationException.class);
            return;
        }
        Map<String, AttributeValue> old = model.get(d.table(), d.key());
        if (d.cond() != null && !d.cond().test(orEmpty(old))) {
            expectFailure(
                    () -> storage.deleteItem(req),
                    "delete whose condition is false on " + old,
                    ConditionalCheckFailedException.class);
            checkUnchanged(d.table(), d.key());
            return;
        }
        var resp = call(() -> storage.deleteItem(req));
        model.delete(d.table(), d.key());
        if (d.returnOld()) {
            assertItem("delete ReturnValues=ALL_OLD", old, resp.attributes());
        }
    }

    private void transact(Op.Transact t) {
        List<TransactWriteItem> items = new ArrayList<>();
        Set<List<Object>> seen = new HashSet<>();
        boolean duplicate = false;
        boolean validation = false;
        List<Boolean> condFails = new ArrayList<>();
        ReferenceStore after = model.copy();
        for (Op.TxAction a : t.actions()) {
            Expr e = new Expr();
            String cond = a.cond() == null ? null : a.cond().render(e);
            Map<String, AttributeValue> keySource = a.keyOrItem();
            String keyProblem = model.validateKey(a.table(), model.keyOf(a.table(), keySource));
            if (!(a instanceof Op.TxPut)
                    && keySource.size() != model.tableKeyNames(a.table()).size()) {
                keyProblem = "key with extra attributes";
            }
            if (keyProblem == null && !seen.add(List.of(a.table(), model.keyOf(a.table(), keySource)))) {
                duplicate = true;
            }
            Map<String, AttributeValue> old = keyProblem == null ? model.get(a.table(), keySource) : null;
            boolean condOk = a.cond() == null || a.cond().test(orEmpty(old));
            condFails.add(!condOk);
            if (a instanceof Op.TxPut p) {
                items.add(new TransactWriteItem.Put(
                        p.table(), p.keyOrItem(), cond, e.namesOrNull(), e.valuesOrNull(), false));
                if (model.validateItem(p.table(), p.keyOrItem()) != null) {
                    validation = true;
                } else {
                    after.put(p.table(), p.keyOrItem());
                }
            } else if (a instanceof Op.TxUpdate u) {
                String updText = u.upd().render(e);
                items.add(new TransactWriteItem.Update(
                        u.table(), u.keyOrItem(), updText, cond, e.namesOrNull(), e.valuesOrNull(), false));
                if (keyProblem != null || u.upd().staticProblem(model.tableKeyNames(u.table())) != null) {
                    validation = true;
                } else {
                    try {
                        Map<String, AttributeValue> next = u.upd().apply(old == null ? u.keyOrItem() : old);
                        if (model.validateItem(u.table(), next) != null) {
                            validation = true;
                        } else {
                            after.put(u.table(), next);
                        }
                    } catch (IllegalArgumentException ex) {
                        validation = true;
                    }
                }
            } else if (a instanceof Op.TxDelete d) {
                items.add(new TransactWriteItem.Delete(
                        d.table(), d.keyOrItem(), cond, e.namesOrNull(), e.valuesOrNull(), false));
                if (keyProblem != null) {
                    validation = true;
                } else {
                    after.delete(d.table(), d.keyOrItem());
                }
            } else if (a instanceof Op.TxCheck c) {
                items.add(new TransactWriteItem.ConditionCheck(
                        c.table(), c.keyOrItem(), cond, e.namesOrNull(), e.valuesOrNull(), false));
                if (keyProblem != null) {
                    validation = true;
                }
            }
        }
        TransactWriteItemsRequest req =
                TransactWriteItemsRequest.builder().transactItems(items).build();
        boolean anyCondFail = condFails.contains(true);
        if (duplicate) {
            expectFailure(
                    () -> storage.transactWriteItems(req),
                    "transaction touching one item twice",
                    ValidationException.class);
        } else if (validation) {
            expectFailure(
                    () -> storage.transactWriteItems(req),
                    "transaction with an invalid action" + (anyCondFail ? " and a false condition" : ""),
                    ValidationException.class,
                    TransactionCanceledException.class);
        } else if (anyCondFail) {
            RuntimeException ex = expectFailure(
                    () -> storage.transactWriteItems(req),
                    "transaction with false conditions " + condFails,
                    TransactionCanceledException.class);
            List<TransactionCanceledException.CancellationReason> reasons =
                    ((TransactionCanceledException) ex).reasons();
            List<String> expectedCodes = new ArrayList<>();
            for (boolean f : condFails) {
                expectedCodes.add(f ? "ConditionalCheckFailed" : "None");
            }
            List<String> actualCodes = reasons.stream()
                    .map(TransactionCanceledException.CancellationReason::code)
                    .toList();
            if (!expectedCodes.equals(actualCodes)) {
                fail("cancellation reasons: expected " + expectedCodes + ", got " + actualCodes);
            }
        } else {
            call(() -> storage.transactWriteItems(req));
            for (Op.TxAction a : t.actions()) {
                if (a instanceof Op.TxCheck) {
                    continue;
                }
                Map<String, AttributeValue> v = after.get(a.table(), a.keyOrItem());
                if (v == null) {
                    model.delete(a.table(), a.keyOrItem());
                } else {
                    model.put(a.table(), v);
                }
            }
            return;
        }
        for (Op.TxAction a : t.actions()) {
            if (model.validateKey(a.table(), model.keyOf(a.table(), a.keyOrItem())) == null) {
                checkUnchanged(a.table(), a.keyOrItem());
            }
        }
    }

    private void batch(Op.Batch b) {
        Map<String, List<WriteRequest>> requestItems = new LinkedHashMap<>();
        boolean invalid = false;
        Set<List<Object>> seen = new HashSet<>();
        for (Op.BatchEntry en : b.entries()) {
            requestItems
                    .computeIfAbsent(en.table(), k -> new ArrayList<>())
                    .add(en.put() ? WriteRequest.put(en.itemOrKey()) : WriteRequest.delete(en.itemOrKey()));
            String problem = en.put()
                    ? model.validateItem(en.table(), en.itemOrKey())
                    : model.validateKey(en.table(), en.itemOrKey());
            if (problem != null || !seen.add(List.of(en.table(), model.keyOf(en.table(), en.itemOrKey())))) {
                invalid = true;
            }
        }
        BatchWriteItemRequest req =
                BatchWriteItemRequest.builder().requestItems(requestItems).build();
        if (invalid) {
            expectFailure(
                    () -> storage.batchWriteItem(req),
                    "batch with an invalid or duplicate request",
                    ValidationException.class);
            for (Op.BatchEntry en : b.entries()) {
                if (model.validateKey(en.table(), model.keyOf(en.table(), en.itemOrKey())) == null) {
                    checkUnchanged(en.table(), en.itemOrKey());
                }
            }
            return;
        }
        BatchWriteItemResponse resp = call(() -> storage.batchWriteItem(req));
        if (!resp.unprocessedItems().isEmpty()
                && resp.unprocessedItems().values().stream().anyMatch(l -> !l.isEmpty())) {
            fail("batch returned unprocessed items without a throughput model: " + resp.unprocessedItems());
        }
        for (Op.BatchEntry en : b.entries()) {
            if (en.put()) {
                model.put(en.table(), en.itemOrKey());
            } else {
                model.delete(en.table(), en.itemOrKey());
            }
        }
    }

    // ---- reads --------------------------------------------------------------------------------------------

    private void get(Op.Get g) {
        Expr e = new Expr();
        String projection = g.projection() == null ? null : renderNames(g.projection(), e);
        GetItemRequest req = GetItemRequest.builder()
                .tableName(g.table())
                .key(g.key())
                .consistentRead(g.consistent())
                .projectionExpression(projection)
                .expressionAttributeNames(e.namesOrNull())
                .build();
        String keyProblem = model.validateKey(g.table(), g.key());
        if (keyProblem != null) {
            expectFailure(() -> storage.getItem(req), "get with " + keyProblem, ValidationException.class);
            return;
        }
        Map<String, AttributeValue> expected = model.get(g.table(), g.key());
        if (expected != null && g.projection() != null) {
            expected = restrict(expected, g.projection());
        }
        var resp = call(() -> storage.getItem(req));
        assertItem("getItem", expected, resp.item());
    }

    private static String renderNames(List<String> names, Expr e) {
        List<String> refs = new ArrayList<>();
        for (String n : names) {
            refs.add(e.name(n));
        }
        return String.join(", ", refs);
    }

    private static Map<String, AttributeValue> restrict(Map<String, AttributeValue> item, List<String> names) {
        Map<String, AttributeValue> out = new TreeMap<>();
        for (String n : names) {
            if (item.containsKey(n)) {
                out.put(n, item.get(n));
            }
        }
        return out;
    }

    /** Why DynamoDB rejects this query, or null. */
    private String queryProblem(Op.Query q, IndexView view) {
        if (q.consistent() && view.global()) {
            return "ConsistentRead on a GSI";
        }
        Map<String, List<KeyTerm>> byAttr = new HashMap<>();
        for (KeyTerm t : q.terms()) {
            byAttr.computeIfAbsent(t.attr(), k -> new ArrayList<>()).add(t);
        }
        for (String attr : byAttr.keySet()) {
            if (view.allKeyAttributes().stream().noneMatch(k -> k.name().equals(attr))) {
                return "condition on non-key attribute " + attr;
            }
            if (byAttr.get(attr).size() > 1) {
                return "two conditions on " + attr;
            }
        }
        for (KeyAttribute k : view.partitionKey()) {
            List<KeyTerm> ts = byAttr.get(k.name());
            if (ts == null) {
                return "partition key part " + k.name() + " missing";
            }
            if (!ts.get(0).op().equals("=")) {
                return "partition key part " + k.name() + " not compared with =";
            }
        }
        boolean rangeSeen = false;
        boolean gap = false;
        for (KeyAttribute k : view.sortKey()) {
            List<KeyTerm> ts = byAttr.get(k.name());
            if (ts == null) {
                gap = true;
                continue;
            }
            if (gap || rangeSeen) {
                return "sort key part " + k.name() + " used without equality on every earlier part";
            }
            if (!ts.get(0).op().equals("=")) {
                rangeSeen = true;
            }
        }
        for (KeyTerm t : q.terms()) {
            KeyAttribute k = view.allKeyAttributes().stream()
                    .filter(a -> a.name().equals(t.attr()))
                    .findFirst()
                    .orElseThrow();
            if (t.lo().type() != k.type() || (t.hi() != null && t.hi().type() != k.type())) {
                return "condition value type does not match schema type of " + k.name();
            }
            if (isEmptyScalar(t.lo()) || isEmptyScalar(t.hi())) {
                return "empty value for key attribute " + k.name() + " in a key condition";
            }
            if (t.op().equals("begins_with") && k.type() == io.partita.storage.value.AttributeType.N) {
                return "begins_with on a number";
            }
            if (t.op().equals("BETWEEN") && KeyOrder.compare(t.lo(), t.hi()) > 0) {
                return "BETWEEN with lower bound above upper bound";
            }
        }
        if (q.filter() != null) {
            Set<String> read = new HashSet<>();
            attributesOf(q.filter(), read);
            for (KeyAttribute k : view.allKeyAttributes()) {
                if (read.contains(k.name())) {
                    // DynamoDB's Query guide: "A filter expression cannot contain partition key or sort key
                    // attributes."
                    return "filter on key attribute " + k.name();
                }
            }
        }
        if (q.select() == Select.ALL_ATTRIBUTES && view.global() && view.projectionType() != ProjectionType.ALL) {
            return "Select ALL_ATTRIBUTES on a GSI whose projection is not ALL";
        }
        if (q.select() == Select.ALL_PROJECTED_ATTRIBUTES && view.isBase()) {
            return "Select ALL_PROJECTED_ATTRIBUTES on a table";
        }
        if (q.projection() != null && view.global()) {
            for (String n : q.projection()) {
                if (!view.projects(n)) {
                    return "GSI " + view.indexName() + " does not project " + n;
                }
            }
        }
        return null;
    }

    private static void attributesOf(Cond c, Set<String> out) {
        if (c instanceof Cond.Exists x) {
            out.add(x.attr());
        } else if (c instanceof Cond.NotExists x) {
            out.add(x.attr());
        } else if (c instanceof Cond.Cmp x) {
            out.add(x.attr());
        } else if (c instanceof Cond.Between x) {
            out.add(x.attr());
        } else if (c instanceof Cond.BeginsWith x) {
            out.add(x.attr());
        } else if (c instanceof Cond.And x) {
            attributesOf(x.a(), out);
            attributesOf(x.b(), out);
        } else if (c instanceof Cond.Or x) {
            attributesOf(x.a(), out);
            attributesOf(x.b(), out);
        } else if (c instanceof Cond.Not x) {
            attributesOf(x.a(), out);
        }
    }

    private static boolean isEmptyScalar(AttributeValue v) {
        return (v instanceof AttributeValue.S s && s.value().isEmpty())
                || (v instanceof AttributeValue.B b && b.value().length() == 0);
    }

    private void query(Op.Query q) {
        IndexView view = model.view(q.table(), q.index());
        Expr e = new Expr();
        List<String> parts = new ArrayList<>();
        for (KeyTerm t : q.terms()) {
            parts.add(t.render(e));
        }
        String keyCond = String.join(" AND ", parts);
        String filter = q.filter() == null ? null : q.filter().render(e);
        String projection = q.projection() == null ? null : renderNames(q.projection(), e);
        QueryRequest base = QueryRequest.builder()
                .tableName(q.table())
                .indexName(q.index())
                .keyConditionExpression(keyCond)
                .filterExpression(filter)
                .projectionExpression(projection)
                .expressionAttributeNames(e.namesOrNull())
                .expressionAttributeValues(e.valuesOrNull())
                .select(q.select())
                .limit(q.limit())
                .scanIndexForward(q.forward())
                .consistentRead(q.consistent())
                .build();
        String problem = queryProblem(q, view);
        if (problem != null) {
            expectFailure(() -> storage.query(base), "query with " + problem, ValidationException.class);
            return;
        }
        Map<String, AttributeValue> pkValues = new TreeMap<>();
        for (KeyAttribute k : view.partitionKey()) {
            pkValues.put(
                    k.name(),
                    q.terms().stream()
                            .filter(t -> t.attr().equals(k.name()))
                            .findFirst()
                            .orElseThrow()
                            .lo());
        }
        List<Map<String, AttributeValue>> matches = new ArrayList<>();
        for (Map<String, AttributeValue> item : model.partition(view, pkValues)) {
            if (q.terms().stream().allMatch(t -> t.test(item))) {
                matches.add(item);
            }
        }
        if (!q.forward()) {
            Collections.reverse(matches);
        }
        // Group boundaries (equal index keys) are computed before filtering, on full items.
        List<List<AttributeValue>> groupKeys = new ArrayList<>();
        List<Map<String, AttributeValue>> expectedShaped = new ArrayList<>();
        for (Map<String, AttributeValue> item : matches) {
            if (q.filter() != null && !q.filter().test(item)) {
                continue;
            }
            groupKeys.add(ReferenceStore.indexKey(view, item));
            expectedShaped.add(shape(view, q.select(), q.projection(), item));
        }
        List<Map<String, AttributeValue>> actual = new ArrayList<>();
        int count = 0;
        Map<String, AttributeValue> start = null;
        int pages = 0;
        while (true) {
            final Map<String, AttributeValue> esk = start;
            QueryResponse resp = call(
                    () -> storage.query(base.toBuilder().exclusiveStartKey(esk).build()));
            pages++;
            if (pages > matches.size() + 3) {
                fail("query pagination does not end: " + pages + " pages for " + matches.size() + " matches");
            }
            if (q.limit() != null && resp.items().size() > q.limit()) {
                fail("query page of " + resp.items().size() + " items exceeds Limit " + q.limit());
            }
            if (q.select() == Select.COUNT) {
                if (!resp.items().isEmpty()) {
                    fail("Select COUNT returned items: " + resp.items());
                }
            } else {
                if (resp.count() != resp.items().size()) {
                    fail("Count " + resp.count() + " != items on the page "
                            + resp.items().size());
                }
                actual.addAll(resp.items());
                if (resp.lastEvaluatedKey() != null
                        && q.filter() == null
                        && q.projection() == null
                        && !resp.items().isEmpty()) {
                    Map<String, AttributeValue> last =
                            resp.items().get(resp.items().size() - 1);
                    Map<String, AttributeValue> expectedLek = new TreeMap<>();
                    for (String n : view.keyNames()) {
                        expectedLek.put(n, last.get(n));
                    }
                    if (!expectedLek.equals(new TreeMap<>(resp.lastEvaluatedKey()))) {
                        fail("LastEvaluatedKey " + resp.lastEvaluatedKey()
                                + " is not the key (table keys + index keys) of the last item " + expectedLek);
                    }
                }
            }
            count += resp.count();
            outcomes.merge("queryPages", 1, Integer::sum);
            outcomes.merge("queryItems", resp.count(), Integer::sum);
            start = resp.lastEvaluatedKey();
            if (start == null) {
                break;
            }
        }
        if (q.select() == Select.COUNT) {
            if (count != expectedShaped.size()) {
                fail("query COUNT: expected " + expectedShaped.size() + ", got " + count + "\n  expected items "
                        + expectedShaped);
            }
            return;
        }
        compareOrdered("query " + view.label(), groupKeys, expectedShaped, actual);
    }

    /** What a read returns of an item: projection expression, else the Select, else the view's projection. */
    private static Map<String, AttributeValue> shape(
            IndexView view, Select select, List<String> projection, Map<String, AttributeValue> item) {
        if (projection != null) {
            return restrict(item, projection);
        }
        if (view.isBase() || select == Select.ALL_ATTRIBUTES) {
            return new TreeMap<>(item);
        }
        return ReferenceStore.project(view, item);
    }

    /** Exact order across distinct index keys; within a run of equal index keys, as a multiset unless strict. */
    private void compareOrdered(
            String what,
            List<List<AttributeValue>> groupKeys,
            List<Map<String, AttributeValue>> expected,
            List<Map<String, AttributeValue>> actual) {
        List<Map<String, AttributeValue>> actualNorm = new ArrayList<>();
        for (Map<String, AttributeValue> m : actual) {
            actualNorm.add(new TreeMap<>(m));
        }
        if (actualNorm.equals(expected)) {
            return;
        }
        if (actualNorm.size() != expected.size() || strictTieOrder) {
            fail(what + ": results differ\n  expected " + expected.size() + ": " + expected + "\n  actual   "
                    + actualNorm.size() + ": " + actualNorm);
        }
        int i = 0;
        while (i < expected.size()) {
            int j = i + 1;
            while (j < expected.size() && groupKeys.get(j).equals(groupKeys.get(i))) {
                j++;
            }
            Map<Map<String, AttributeValue>, Integer> exp = multiset(expected.subList(i, j));
            Map<Map<String, AttributeValue>, Integer> act = multiset(actualNorm.subList(i, j));
            if (!exp.equals(act)) {
                fail(what + ": results differ at positions " + i + ".." + (j - 1) + " (equal index key "
                        + groupKeys.get(i) + ")\n  expected " + expected + "\n  actual   " + actualNorm);
            }
            i = j;
        }
    }

    private static Map<Map<String, AttributeValue>, Integer> multiset(List<Map<String, AttributeValue>> items) {
        Map<Map<String, AttributeValue>, Integer> m = new HashMap<>();
        for (Map<String, AttributeValue> it : items) {
            m.merge(it, 1, Integer::sum);
        }
        return m;
    }

    private void scan(Op.Scan s) {
        IndexView view = model.view(s.table(), s.index());
        if (s.consistent() && view.global()) {
            ScanRequest req = ScanRequest.builder()
                    .tableName(s.table())
                    .indexName(s.index())
                    .consistentRead(true)
                    .build();
            expectFailure(() -> storage.scan(req), "scan of a GSI with ConsistentRead", ValidationException.class);
            return;
        }
        Map<Map<String, AttributeValue>, Map<String, AttributeValue>> expected = new HashMap<>();
        for (Map<String, AttributeValue> item : model.indexItems(view)) {
            expected.put(model.keyOf(s.table(), item), shape(view, null, null, item));
        }
        Map<Map<String, AttributeValue>, Map<String, AttributeValue>> actual = new HashMap<>();
        for (int seg = 0; seg < s.totalSegments(); seg++) {
            Integer segment = s.totalSegments() == 1 ? null : seg;
            Integer total = s.totalSegments() == 1 ? null : s.totalSegments();
            Map<String, AttributeValue> start = null;
            int pages = 0;
            do {
                ScanRequest req = ScanRequest.builder()
                        .tableName(s.table())
                        .indexName(s.index())
                        .limit(s.limit())
                        .consistentRead(s.consistent())
                        .segment(segment)
                        .totalSegments(total)
                        .exclusiveStartKey(start)
                        .build();
                ScanResponse resp = call(() -> storage.scan(req));
                if (s.limit() != null && resp.items().size() > s.limit()) {
                    fail("scan page of " + resp.items().size() + " items exceeds Limit " + s.limit());
                }
                if (++pages > expected.size() + 3) {
                    fail("scan pagination does not end");
                }
                for (Map<String, AttributeValue> item : resp.items()) {
                    Map<String, AttributeValue> key = model.keyOf(s.table(), item);
                    if (actual.put(key, new TreeMap<>(item)) != null) {
                        fail("scan " + view.label() + " (segment " + seg + " of " + s.totalSegments() + ", Limit "
                                + s.limit() + ") returned the item with key " + key + " twice");
                    }
                }
                start = resp.lastEvaluatedKey();
            } while (start != null);
        }
        if (!expected.equals(actual)) {
            Set<Map<String, AttributeValue>> missing = new HashSet<>(expected.keySet());
            missing.removeAll(actual.keySet());
            Set<Map<String, AttributeValue>> extra = new HashSet<>(actual.keySet());
            extra.removeAll(expected.keySet());
            List<String> differing = new ArrayList<>();
            for (var en : expected.entrySet()) {
                if (actual.containsKey(en.getKey()) && !actual.get(en.getKey()).equals(en.getValue())) {
                    differing.add(en.getKey() + ": expected " + en.getValue() + " actual " + actual.get(en.getKey()));
                }
            }
            fail("scan " + view.label() + " (" + s.totalSegments() + " segments, Limit " + s.limit()
                    + ") differs: missing " + missing + ", unexpected " + extra + ", differing " + differing);
        }
    }

    /** Full comparison: every table and index by scan, every index partition by query, then the core's checker. */
    void verifyAll() {
        for (var def : model.definitions()) {
            List<IndexView> views = new ArrayList<>();
            views.add(model.baseView(def.name()));
            views.addAll(model.indexViews(def.name()));
            for (IndexView v : views) {
                scan(new Op.Scan(def.name(), v.indexName(), 1, null, false));
                if (ModelOps.expressionsAvailable()) {
                    for (Map<String, AttributeValue> pk : model.partitionKeys(v)) {
                        List<KeyTerm> terms = new ArrayList<>();
                        for (var en : pk.entrySet()) {
                            terms.add(new KeyTerm(en.getKey(), "=", en.getValue(), null));
                        }
                        query(new Op.Query(def.name(), v.indexName(), terms, true, null, null, null, null, false));
                    }
                }
            }
        }
        try {
            storage.checkInvariants();
        } catch (RuntimeException ex) {
            fail("checkInvariants failed: " + ex);
        }
    }

    // ---- helpers ------------------------------------------------------------------------------------------

    private void checkUnchanged(String table, Map<String, AttributeValue> keyOrItem) {
        if (model.validateKey(table, model.keyOf(table, keyOrItem)) != null) {
            return;
        }
        Map<String, AttributeValue> key = model.keyOf(table, keyOrItem);
        var resp = call(() -> storage.getItem(GetItemRequest.builder()
                .tableName(table)
                .key(key)
                .consistentRead(true)
                .build()));
        Map<String, AttributeValue> expected = model.get(table, key);
        if (!Objects.equals(normalize(expected), normalize(resp.item()))) {
            fail("a rejected write changed the item " + key + ": expected " + expected + ", now " + resp.item());
        }
    }

    private static Map<String, AttributeValue> orEmpty(Map<String, AttributeValue> item) {
        return item == null ? Map.of() : item;
    }

    private static Map<String, AttributeValue> normalize(Map<String, AttributeValue> item) {
        return item == null || item.isEmpty() ? null : new TreeMap<>(item);
    }

    private void assertItem(String what, Map<String, AttributeValue> expected, Map<String, AttributeValue> actual) {
        if (!Objects.equals(normalize(expected), normalize(actual))) {
            fail(what + ": expected " + expected + ", got " + actual);
        }
    }

    private <T> T call(Supplier<T> s) {
        try {
            return s.get();
        } catch (RuntimeException ex) {
            throw new AssertionError("unexpected " + ex.getClass().getSimpleName() + ": " + ex.getMessage(), ex);
        }
    }

    @SafeVarargs
    @SuppressWarnings("varargs") // names(allowed) only reads the classes' names
    private RuntimeException expectFailure(Supplier<?> s, String why, Class<? extends RuntimeException>... allowed) {
        Object result;
        try {
            result = s.get();
        } catch (RuntimeException ex) {
            for (Class<? extends RuntimeException> c : allowed) {
                if (c.isInstance(ex)) {
                    outcomes.merge(ex.getClass().getSimpleName(), 1, Integer::sum);
                    return ex;
                }
            }
            throw new AssertionError(
                    "expected " + names(allowed) + " (" + why + ") but got "
                            + ex.getClass().getSimpleName() + ": " + ex.getMessage(),
                    ex);
        }
        throw new AssertionError("expected " + names(allowed) + " (" + why + ") but the call succeeded: " + result);
    }

    private static String names(Class<?>[] classes) {
        List<String> n = new ArrayList<>();
        for (Class<?> c : classes) {
            n.add(c.getSimpleName());
        }
        return String.join(" or ", n);
    }

    private static void fail(String message) {
        throw new AssertionError(message);
    }
}
