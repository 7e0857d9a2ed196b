package io.partita.dynamodb;

import static io.partita.dynamodb.SdkValues.fromSdk;

import io.partita.storage.api.BatchGetItemResponse;
import io.partita.storage.api.BatchWriteItemResponse;
import io.partita.storage.api.Capacity;
import io.partita.storage.api.ConsumedCapacity;
import io.partita.storage.api.DeleteItemResponse;
import io.partita.storage.api.GetItemResponse;
import io.partita.storage.api.ItemCollectionMetrics;
import io.partita.storage.api.KeysAndAttributes;
import io.partita.storage.api.PutItemResponse;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.api.TransactGetItemsResponse;
import io.partita.storage.api.TransactWriteItemsResponse;
import io.partita.storage.api.UpdateItemResponse;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;

/**
 * The core response record of each SDK v2 data-plane response, shared by {@link DynamoDbBackend} and
 * {@link DynamoDbAsyncBackend}. Items read (GetItem, Query, Scan, BatchGetItem, TransactGetItems) are lazy views
 * that convert an attribute when it is read ({@link SdkValues#fromSdkLazily}); old items of writes and keys are
 * converted at once.
 */
final class SdkResponses {
    private SdkResponses() {}

    /** The constructor of a write's response: PutItem, DeleteItem and UpdateItem answer the same three parts. */
    @FunctionalInterface
    interface ItemWriteResponse<R> {
        R of(Map<String, AttributeValue> attributes, ConsumedCapacity capacity, ItemCollectionMetrics metrics);
    }

    /** The constructor of a page: Query and Scan answer the same five parts. */
    @FunctionalInterface
    interface PageResponse<R> {
        R of(
                List<Map<String, AttributeValue>> items,
                int count,
                int scannedCount,
                Map<String, AttributeValue> lastEvaluatedKey,
                ConsumedCapacity capacity);
    }

    static PutItemResponse putItem(software.amazon.awssdk.services.dynamodb.model.PutItemResponse out) {
        return itemWrite(
                PutItemResponse::new,
                out.hasAttributes() ? out.attributes() : null,
                out.consumedCapacity(),
                out.itemCollectionMetrics());
    }

    static DeleteItemResponse deleteItem(software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse out) {
        return itemWrite(
                DeleteItemResponse::new,
                out.hasAttributes() ? out.attributes() : null,
                out.consumedCapacity(),
                out.itemCollectionMetrics());
    }

    static UpdateItemResponse updateItem(software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse out) {
        return itemWrite(
                UpdateItemResponse::new,
                out.hasAttributes() ? out.attributes() : null,
                out.consumedCapacity(),
                out.itemCollectionMetrics());
    }

    /** A write's old item (null when none was asked for or there was none), write capacity and metrics. */
    private static <R> R itemWrite(
            ItemWriteResponse<R> response,
            Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> attributes,
            software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity capacity,
            software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics metrics) {
        return response.of(attributes == null ? null : fromSdk(attributes), capacity(capacity, true), metrics(metrics));
    }

    static GetItemResponse getItem(software.amazon.awssdk.services.dynamodb.model.GetItemResponse out) {
        return new GetItemResponse(
                out.hasItem() ? SdkValues.fromSdkLazily(out.item()) : null, capacity(out.consumedCapacity(), false));
    }

    static QueryResponse query(software.amazon.awssdk.services.dynamodb.model.QueryResponse out) {
        return page(
                QueryResponse::new,
                out.hasItems() ? out.items() : List.of(),
                out.count(),
                out.scannedCount(),
                out.hasLastEvaluatedKey() ? out.lastEvaluatedKey() : null,
                out.consumedCapacity());
    }

    static ScanResponse scan(software.amazon.awssdk.services.dynamodb.model.ScanResponse out) {
        return page(
                ScanResponse::new,
                out.hasItems() ? out.items() : List.of(),
                out.count(),
                out.scannedCount(),
                out.hasLastEvaluatedKey() ? out.lastEvaluatedKey() : null,
                out.consumedCapacity());
    }

    /** One page of Query or Scan: lazy items, counts (0 when absent), the start of the next page, read capacity. */
    private static <R> R page(
            PageResponse<R> response,
            List<Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>> items,
            Integer count,
            Integer scannedCount,
            Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> lastEvaluatedKey,
            software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity capacity) {
        return response.of(
                items(items),
                count == null ? 0 : count,
                scannedCount == null ? 0 : scannedCount,
                lastEvaluatedKey == null ? null : fromSdk(lastEvaluatedKey),
                capacity(capacity, false));
    }

    static BatchGetItemResponse batchGetItem(software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse out) {
        Map<String, List<Map<String, AttributeValue>>> responses = new LinkedHashMap<>();
        if (out.hasResponses()) {
            out.responses().forEach((table, items) -> responses.put(table, items(items)));
        }
        Map<String, KeysAndAttributes> unprocessed = new LinkedHashMap<>();
        if (out.hasUnprocessedKeys()) {
            out.unprocessedKeys()
                    .forEach((table, ka) -> unprocessed.put(
                            table,
                            new KeysAndAttributes(
                                    items(ka.keys()),
                                    ka.projectionExpression(),
                                    ka.hasExpressionAttributeNames() ? ka.expressionAttributeNames() : null,
                                    Boolean.TRUE.equals(ka.consistentRead()))));
        }
        return new BatchGetItemResponse(
                responses, unprocessed, capacities(out.hasConsumedCapacity() ? out.consumedCapacity() : null, false));
    }

    static BatchWriteItemResponse batchWriteItem(
            software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse out) {
        Map<String, List<WriteRequest>> unprocessed = new LinkedHashMap<>();
        if (out.hasUnprocessedItems()) {
            out.unprocessedItems().forEach((table, writes) -> {
                List<WriteRequest> core = new ArrayList<>(writes.size());
                for (var w : writes) {
                    core.add(
                            w.putRequest() != null
                                    ? WriteRequest.put(fromSdk(w.putRequest().item()))
                                    : WriteRequest.delete(
                                            fromSdk(w.deleteRequest().key())));
                }
                unprocessed.put(table, core);
            });
        }
        return new BatchWriteItemResponse(
                unprocessed,
                capacities(out.hasConsumedCapacity() ? out.consumedCapacity() : null, true),
                metricsByTable(out.hasItemCollectionMetrics() ? out.itemCollectionMetrics() : null));
    }

    static TransactWriteItemsResponse transactWriteItems(
            software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse out) {
        return new TransactWriteItemsResponse(
                capacities(out.hasConsumedCapacity() ? out.consumedCapacity() : null, true),
                metricsByTable(out.hasItemCollectionMetrics() ? out.itemCollectionMetrics() : null));
    }

    static TransactGetItemsResponse transactGetItems(
            software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse out) {
        List<Map<String, AttributeValue>> responses = new ArrayList<>();
        if (out.hasResponses()) {
            for (ItemResponse ir : out.responses()) {
                responses.add(ir.hasItem() ? SdkValues.fromSdkLazily(ir.item()) : null);
            }
        }
        return new TransactGetItemsResponse(
                responses, capacities(out.hasConsumedCapacity() ? out.consumedCapacity() : null, false));
    }

    private static List<Map<String, AttributeValue>> items(
            List<Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>> items) {
        List<Map<String, AttributeValue>> out = new ArrayList<>(items.size());
        for (var item : items) {
            out.add(SdkValues.fromSdkLazily(item));
        }
        return out;
    }

    // ---- consumed capacity and item-collection metrics ---------------------------------------------------------

    private static List<ConsumedCapacity> capacities(
            List<software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity> cs, boolean write) {
        if (cs == null) {
            return List.of();
        }
        List<ConsumedCapacity> out = new ArrayList<>(cs.size());
        cs.forEach(c -> out.add(capacity(c, write)));
        return out;
    }

    /**
     * DynamoDB reports {@code CapacityUnits} and, where it splits them, read and write units; DynamoDB Local
     * reports only {@code CapacityUnits}. Without a split the units count as reads or writes by operation.
     */
    private static ConsumedCapacity capacity(
            software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity c, boolean write) {
        if (c == null) {
            return null;
        }
        Capacity total = capacity(c.capacityUnits(), c.readCapacityUnits(), c.writeCapacityUnits(), write);
        Capacity table = c.table() == null ? null : capacity(c.table(), write);
        Map<String, Capacity> gsis = new LinkedHashMap<>();
        if (c.hasGlobalSecondaryIndexes()) {
            c.globalSecondaryIndexes().forEach((n, x) -> gsis.put(n, capacity(x, write)));
        }
        Map<String, Capacity> lsis = new LinkedHashMap<>();
        if (c.hasLocalSecondaryIndexes()) {
            c.localSecondaryIndexes().forEach((n, x) -> lsis.put(n, capacity(x, write)));
        }
        return new ConsumedCapacity(c.tableName(), total, table, gsis, lsis);
    }

    private static Capacity capacity(software.amazon.awssdk.services.dynamodb.model.Capacity c, boolean write) {
        return capacity(c.capacityUnits(), c.readCapacityUnits(), c.writeCapacityUnits(), write);
    }

    private static Capacity capacity(Double units, Double read, Double write, boolean isWrite) {
        if (read != null || write != null) {
            return new Capacity(read == null ? 0 : read, write == null ? 0 : write);
        }
        double u = units == null ? 0 : units;
        return isWrite ? new Capacity(0, u) : new Capacity(u, 0);
    }

    /** DynamoDB gives only the estimate range; {@code sizeBytes} is then the upper bound in bytes. */
    private static ItemCollectionMetrics metrics(
            software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics m) {
        if (m == null || !m.hasItemCollectionKey()) {
            return null;
        }
        double lower = 0;
        double upper = 0;
        if (m.hasSizeEstimateRangeGB() && m.sizeEstimateRangeGB().size() == 2) {
            lower = m.sizeEstimateRangeGB().get(0);
            upper = m.sizeEstimateRangeGB().get(1);
        }
        return new ItemCollectionMetrics(fromSdk(m.itemCollectionKey()), lower, upper, (long) (upper * (1L << 30)));
    }

    private static Map<String, List<ItemCollectionMetrics>> metricsByTable(
            Map<String, List<software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics>> byTable) {
        if (byTable == null) {
            return Map.of();
        }
        Map<String, List<ItemCollectionMetrics>> out = new LinkedHashMap<>();
        byTable.forEach((table, ms) -> {
            List<ItemCollectionMetrics> list = new ArrayList<>();
            for (var m : ms) {
                ItemCollectionMetrics x = metrics(m);
                if (x != null) {
                    list.add(x);
                }
            }
            out.put(table, list);
        });
        return out;
    }
}
