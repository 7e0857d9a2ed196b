package io.partita.spi;

import io.partita.storage.api.BatchGetItemRequest;
import io.partita.storage.api.BatchGetItemResponse;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.BatchWriteItemResponse;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.KeysAndAttributes;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.TransactGetItem;
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.WriteRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * The renaming both table-naming decorators ({@link TableNamingBackend}, {@link TableNamingAsyncBackend}) apply:
 * requests get deployed names; batch responses' maps come back keyed by the logical names the caller used.
 */
final class TableNames {
    private final UnaryOperator<String> resolve;

    TableNames(UnaryOperator<String> resolve) {
        this.resolve = Objects.requireNonNull(resolve, "resolve");
    }

    String name(String logical) {
        return logical == null ? null : Objects.requireNonNull(resolve.apply(logical), "resolved table name");
    }

    PutItemRequest put(PutItemRequest r) {
        return r.toBuilder().tableName(name(r.tableName())).build();
    }

    GetItemRequest get(GetItemRequest r) {
        return r.toBuilder().tableName(name(r.tableName())).build();
    }

    DeleteItemRequest delete(DeleteItemRequest r) {
        return r.toBuilder().tableName(name(r.tableName())).build();
    }

    UpdateItemRequest update(UpdateItemRequest r) {
        return r.toBuilder().tableName(name(r.tableName())).build();
    }

    QueryRequest query(QueryRequest r) {
        return r.toBuilder().tableName(name(r.tableName())).build();
    }

    ScanRequest scan(ScanRequest r) {
        return r.toBuilder().tableName(name(r.tableName())).build();
    }

    /** The request under deployed names; {@code logicalOf} learns each deployed name's logical one. */
    BatchGetItemRequest batchGet(BatchGetItemRequest r, Map<String, String> logicalOf) {
        Map<String, KeysAndAttributes> items = new LinkedHashMap<>();
        r.requestItems().forEach((table, keys) -> items.put(deployed(table, logicalOf), keys));
        return r.toBuilder().requestItems(items).build();
    }

    BatchGetItemResponse batchGet(BatchGetItemResponse response, Map<String, String> logicalOf) {
        return response.toBuilder()
                .responses(logical(response.responses(), logicalOf))
                .unprocessedKeys(logical(response.unprocessedKeys(), logicalOf))
                .build();
    }

    BatchWriteItemRequest batchWrite(BatchWriteItemRequest r, Map<String, String> logicalOf) {
        Map<String, List<WriteRequest>> items = new LinkedHashMap<>();
        r.requestItems().forEach((table, writes) -> items.put(deployed(table, logicalOf), writes));
        return r.toBuilder().requestItems(items).build();
    }

    BatchWriteItemResponse batchWrite(BatchWriteItemResponse response, Map<String, String> logicalOf) {
        return response.toBuilder()
                .unprocessedItems(logical(response.unprocessedItems(), logicalOf))
                .itemCollectionMetrics(logical(response.itemCollectionMetrics(), logicalOf))
                .build();
    }

    TransactWriteItemsRequest transactWrite(TransactWriteItemsRequest r) {
        List<TransactWriteItem> items = new ArrayList<>(r.transactItems().size());
        for (TransactWriteItem item : r.transactItems()) {
            items.add(renamed(item));
        }
        return r.toBuilder().transactItems(items).build();
    }

    TransactGetItemsRequest transactGet(TransactGetItemsRequest r) {
        List<TransactGetItem> items = new ArrayList<>(r.transactItems().size());
        for (TransactGetItem g : r.transactItems()) {
            items.add(new TransactGetItem(
                    name(g.tableName()), g.key(), g.projectionExpression(), g.expressionAttributeNames()));
        }
        return r.toBuilder().transactItems(items).build();
    }

    private TransactWriteItem renamed(TransactWriteItem item) {
        String table = name(item.tableName());
        if (item instanceof TransactWriteItem.Put p) {
            return new TransactWriteItem.Put(
                    table,
                    p.item(),
                    p.conditionExpression(),
                    p.expressionAttributeNames(),
                    p.expressionAttributeValues(),
                    p.returnOldItemOnConditionFailure());
        } else if (item instanceof TransactWriteItem.Update u) {
            return new TransactWriteItem.Update(
                    table,
                    u.key(),
                    u.updateExpression(),
                    u.conditionExpression(),
                    u.expressionAttributeNames(),
                    u.expressionAttributeValues(),
                    u.returnOldItemOnConditionFailure());
        } else if (item instanceof TransactWriteItem.Delete d) {
            return new TransactWriteItem.Delete(
                    table,
                    d.key(),
                    d.conditionExpression(),
                    d.expressionAttributeNames(),
                    d.expressionAttributeValues(),
                    d.returnOldItemOnConditionFailure());
        }
        TransactWriteItem.ConditionCheck c = (TransactWriteItem.ConditionCheck) item;
        return new TransactWriteItem.ConditionCheck(
                table,
                c.key(),
                c.conditionExpression(),
                c.expressionAttributeNames(),
                c.expressionAttributeValues(),
                c.returnOldItemOnConditionFailure());
    }

    private String deployed(String logical, Map<String, String> logicalOf) {
        String deployed = name(logical);
        logicalOf.put(deployed, logical);
        return deployed;
    }

    private static <V> Map<String, V> logical(Map<String, V> byDeployed, Map<String, String> logicalOf) {
        if (byDeployed == null || byDeployed.isEmpty()) {
            return byDeployed;
        }
        Map<String, V> byLogical = new LinkedHashMap<>();
        byDeployed.forEach((table, v) -> byLogical.put(logicalOf.getOrDefault(table, table), v));
        return byLogical;
    }
}
