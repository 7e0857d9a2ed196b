package io.partita.spi;

import io.partita.storage.Backend;
import io.partita.storage.api.BatchGetItemRequest;
import io.partita.storage.api.BatchGetItemResponse;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.BatchWriteItemResponse;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.DeleteItemResponse;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.GetItemResponse;
import io.partita.storage.api.KeysAndAttributes;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.PutItemResponse;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.api.TableDescription;
import io.partita.storage.api.TimeToLiveDescription;
import io.partita.storage.api.TimeToLiveSpecification;
import io.partita.storage.api.TransactGetItem;
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactGetItemsResponse;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.TransactWriteItemsResponse;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.UpdateItemResponse;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.TableDefinition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * Sends every request to the table its logical name resolves to: callers (repositories, gathers, batches,
 * transactions, item-collection queries, table operations) name tables by their logical names, the delegate
 * sees the deployed names. Maps keyed by table in batch responses (items read, unprocessed keys and items) come
 * back keyed by the logical names the caller used, so its bookkeeping and retries work unchanged; table
 * descriptions and consumed capacity keep the deployed names (they describe what is deployed).
 */
public final class TableNamingBackend extends ForwardingBackend {
    private final UnaryOperator<String> resolve;

    public TableNamingBackend(Backend delegate, UnaryOperator<String> resolve) {
        super(delegate);
        this.resolve = Objects.requireNonNull(resolve, "resolve");
    }

    private String name(String logical) {
        return logical == null ? null : Objects.requireNonNull(resolve.apply(logical), "resolved table name");
    }

    @Override
    public TableDescription createTable(TableDefinition d) {
        return delegate().createTable(d.withName(name(d.name())));
    }

    @Override
    public TimeToLiveSpecification updateTimeToLive(String tableName, TimeToLiveSpecification specification) {
        return delegate().updateTimeToLive(name(tableName), specification);
    }

    @Override
    public TimeToLiveDescription describeTimeToLive(String tableName) {
        return delegate().describeTimeToLive(name(tableName));
    }

    @Override
    public TableDescription describeTable(String tableName) {
        return delegate().describeTable(name(tableName));
    }

    @Override
    public TableDescription deleteTable(String tableName) {
        return delegate().deleteTable(name(tableName));
    }

    @Override
    public TableDescription createGlobalSecondaryIndex(String tableName, GlobalSecondaryIndex index) {
        return delegate().createGlobalSecondaryIndex(name(tableName), index);
    }

    @Override
    public TableDescription deleteGlobalSecondaryIndex(String tableName, String indexName) {
        return delegate().deleteGlobalSecondaryIndex(name(tableName), indexName);
    }

    @Override
    public PutItemResponse putItem(PutItemRequest r) {
        return delegate().putItem(r.toBuilder().tableName(name(r.tableName())).build());
    }

    @Override
    public GetItemResponse getItem(GetItemRequest r) {
        return delegate().getItem(r.toBuilder().tableName(name(r.tableName())).build());
    }

    @Override
    public DeleteItemResponse deleteItem(DeleteItemRequest r) {
        return delegate()
                .deleteItem(r.toBuilder().tableName(name(r.tableName())).build());
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest r) {
        return delegate()
                .updateItem(r.toBuilder().tableName(name(r.tableName())).build());
    }

    @Override
    public QueryResponse query(QueryRequest r) {
        return delegate().query(r.toBuilder().tableName(name(r.tableName())).build());
    }

    @Override
    public ScanResponse scan(ScanRequest r) {
        return delegate().scan(r.toBuilder().tableName(name(r.tableName())).build());
    }

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest r) {
        Map<String, String> logicalOf = new HashMap<>();
        Map<String, KeysAndAttributes> items = new LinkedHashMap<>();
        r.requestItems().forEach((table, keys) -> items.put(deployed(table, logicalOf), keys));
        BatchGetItemResponse response =
                delegate().batchGetItem(r.toBuilder().requestItems(items).build());
        return response.toBuilder()
                .responses(logical(response.responses(), logicalOf))
                .unprocessedKeys(logical(response.unprocessedKeys(), logicalOf))
                .build();
    }

    @Override
    public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest r) {
        Map<String, String> logicalOf = new HashMap<>();
        Map<String, List<WriteRequest>> items = new LinkedHashMap<>();
        r.requestItems().forEach((table, writes) -> items.put(deployed(table, logicalOf), writes));
        BatchWriteItemResponse response =
                delegate().batchWriteItem(r.toBuilder().requestItems(items).build());
        return response.toBuilder()
                .unprocessedItems(logical(response.unprocessedItems(), logicalOf))
                .itemCollectionMetrics(logical(response.itemCollectionMetrics(), logicalOf))
                .build();
    }

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest r) {
        List<TransactWriteItem> items = new ArrayList<>(r.transactItems().size());
        for (TransactWriteItem item : r.transactItems()) {
            items.add(renamed(item));
        }
        return delegate().transactWriteItems(r.toBuilder().transactItems(items).build());
    }

    @Override
    public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest r) {
        List<TransactGetItem> items = new ArrayList<>(r.transactItems().size());
        for (TransactGetItem g : r.transactItems()) {
            items.add(new TransactGetItem(
                    name(g.tableName()), g.key(), g.projectionExpression(), g.expressionAttributeNames()));
        }
        return delegate().transactGetItems(r.toBuilder().transactItems(items).build());
    }

    @Override
    public void close() {
        // the database closes the real backend
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
