package io.partita.dynamodb;

import static io.partita.dynamodb.SdkValues.toSdk;

import io.partita.storage.api.BatchGetItemRequest;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.KeysAndAttributes;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.ReturnValues;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.Select;
import io.partita.storage.api.TransactGetItem;
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * The SDK v2 request of each core data-plane request record, shared by {@link DynamoDbBackend} and
 * {@link DynamoDbAsyncBackend}. Expressions, names and values pass through verbatim; parameters the core leaves at
 * their default are left unset (an empty name or value map, {@code ConsistentRead} false, {@code ReturnValues}
 * NONE ...), as DynamoDB rejects some of them when sent empty.
 */
final class SdkRequests {
    private SdkRequests() {}

    static software.amazon.awssdk.services.dynamodb.model.PutItemRequest putItem(PutItemRequest r) {
        return software.amazon.awssdk.services.dynamodb.model.PutItemRequest.builder()
                .tableName(r.tableName())
                .item(SdkValues.toSdkForRequest(r.item()))
                .conditionExpression(r.conditionExpression())
                .expressionAttributeNames(names(r.expressionAttributeNames()))
                .expressionAttributeValues(values(r.expressionAttributeValues()))
                .returnValues(returnValues(r.returnValues()))
                .returnConsumedCapacity(rcc(r.returnConsumedCapacity()))
                .returnItemCollectionMetrics(icm(r.returnItemCollectionMetrics()))
                .returnValuesOnConditionCheckFailure(onFailure(r.returnOldItemOnConditionFailure()))
                .build();
    }

    static software.amazon.awssdk.services.dynamodb.model.GetItemRequest getItem(GetItemRequest r) {
        return software.amazon.awssdk.services.dynamodb.model.GetItemRequest.builder()
                .tableName(r.tableName())
                .key(SdkValues.toSdkForRequest(r.key()))
                .consistentRead(r.consistentRead())
                .projectionExpression(r.projectionExpression())
                .expressionAttributeNames(names(r.expressionAttributeNames()))
                .returnConsumedCapacity(rcc(r.returnConsumedCapacity()))
                .build();
    }

    static software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest deleteItem(DeleteItemRequest r) {
        return software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest.builder()
                .tableName(r.tableName())
                .key(SdkValues.toSdkForRequest(r.key()))
                .conditionExpression(r.conditionExpression())
                .expressionAttributeNames(names(r.expressionAttributeNames()))
                .expressionAttributeValues(values(r.expressionAttributeValues()))
                .returnValues(returnValues(r.returnValues()))
                .returnConsumedCapacity(rcc(r.returnConsumedCapacity()))
                .returnItemCollectionMetrics(icm(r.returnItemCollectionMetrics()))
                .returnValuesOnConditionCheckFailure(onFailure(r.returnOldItemOnConditionFailure()))
                .build();
    }

    static software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest updateItem(UpdateItemRequest r) {
        return software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest.builder()
                .tableName(r.tableName())
                .key(SdkValues.toSdkForRequest(r.key()))
                .updateExpression(r.updateExpression())
                .conditionExpression(r.conditionExpression())
                .expressionAttributeNames(names(r.expressionAttributeNames()))
                .expressionAttributeValues(values(r.expressionAttributeValues()))
                .returnValues(returnValues(r.returnValues()))
                .returnConsumedCapacity(rcc(r.returnConsumedCapacity()))
                .returnItemCollectionMetrics(icm(r.returnItemCollectionMetrics()))
                .returnValuesOnConditionCheckFailure(onFailure(r.returnOldItemOnConditionFailure()))
                .build();
    }

    static software.amazon.awssdk.services.dynamodb.model.QueryRequest query(QueryRequest r) {
        return software.amazon.awssdk.services.dynamodb.model.QueryRequest.builder()
                .tableName(r.tableName())
                .indexName(r.indexName())
                .keyConditionExpression(r.keyConditionExpression())
                .filterExpression(r.filterExpression())
                .projectionExpression(r.projectionExpression())
                .expressionAttributeNames(names(r.expressionAttributeNames()))
                .expressionAttributeValues(values(r.expressionAttributeValues()))
                .select(select(r.select()))
                .limit(r.limit())
                .exclusiveStartKey(startKey(r.exclusiveStartKey()))
                .consistentRead(onlyTrue(r.consistentRead()))
                .scanIndexForward(r.scanIndexForward())
                .returnConsumedCapacity(rcc(r.returnConsumedCapacity()))
                .build();
    }

    static software.amazon.awssdk.services.dynamodb.model.ScanRequest scan(ScanRequest r) {
        return software.amazon.awssdk.services.dynamodb.model.ScanRequest.builder()
                .tableName(r.tableName())
                .indexName(r.indexName())
                .segment(r.segment())
                .totalSegments(r.totalSegments())
                .filterExpression(r.filterExpression())
                .projectionExpression(r.projectionExpression())
                .expressionAttributeNames(names(r.expressionAttributeNames()))
                .expressionAttributeValues(values(r.expressionAttributeValues()))
                .select(select(r.select()))
                .limit(r.limit())
                .exclusiveStartKey(startKey(r.exclusiveStartKey()))
                .consistentRead(onlyTrue(r.consistentRead()))
                .returnConsumedCapacity(rcc(r.returnConsumedCapacity()))
                .build();
    }

    static software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest batchGetItem(BatchGetItemRequest r) {
        Map<String, software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes> request = new LinkedHashMap<>();
        r.requestItems().forEach((table, ka) -> request.put(table, keysAndAttributes(ka)));
        return software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest.builder()
                .requestItems(request)
                .returnConsumedCapacity(rcc(r.returnConsumedCapacity()))
                .build();
    }

    private static software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes keysAndAttributes(
            KeysAndAttributes ka) {
        List<Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>> keys =
                new ArrayList<>(ka.keys().size());
        ka.keys().forEach(k -> keys.add(toSdk(k)));
        return software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes.builder()
                .keys(keys)
                .projectionExpression(ka.projectionExpression())
                .consistentRead(onlyTrue(ka.consistentRead()))
                .expressionAttributeNames(names(ka.expressionAttributeNames()))
                .build();
    }

    static software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest batchWriteItem(
            BatchWriteItemRequest r) {
        Map<String, List<software.amazon.awssdk.services.dynamodb.model.WriteRequest>> request = new LinkedHashMap<>();
        r.requestItems().forEach((table, writes) -> {
            List<software.amazon.awssdk.services.dynamodb.model.WriteRequest> sdk = new ArrayList<>(writes.size());
            for (WriteRequest w : writes) {
                sdk.add(writeRequest(w));
            }
            request.put(table, sdk);
        });
        return software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest.builder()
                .requestItems(request)
                .returnConsumedCapacity(rcc(r.returnConsumedCapacity()))
                .returnItemCollectionMetrics(icm(r.returnItemCollectionMetrics()))
                .build();
    }

    private static software.amazon.awssdk.services.dynamodb.model.WriteRequest writeRequest(WriteRequest w) {
        var b = software.amazon.awssdk.services.dynamodb.model.WriteRequest.builder();
        if (w instanceof WriteRequest.Put p) {
            b.putRequest(PutRequest.builder().item(toSdk(p.item())).build());
        } else {
            b.deleteRequest(DeleteRequest.builder()
                    .key(toSdk(((WriteRequest.Delete) w).key()))
                    .build());
        }
        return b.build();
    }

    static software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest transactWriteItems(
            TransactWriteItemsRequest r) {
        List<software.amazon.awssdk.services.dynamodb.model.TransactWriteItem> items =
                new ArrayList<>(r.transactItems().size());
        for (TransactWriteItem item : r.transactItems()) {
            items.add(transactWriteItem(item));
        }
        return software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest.builder()
                .transactItems(items)
                .clientRequestToken(r.clientRequestToken())
                .returnConsumedCapacity(rcc(r.returnConsumedCapacity()))
                .returnItemCollectionMetrics(icm(r.returnItemCollectionMetrics()))
                .build();
    }

    /**
     * One action of a transaction. The four SDK action builders have no common type, so each is filled here;
     * the condition and its names and values are converted once, before the action's kind is looked at.
     */
    private static software.amazon.awssdk.services.dynamodb.model.TransactWriteItem transactWriteItem(
            TransactWriteItem item) {
        String condition = item.conditionExpression();
        Map<String, String> names = names(item.expressionAttributeNames());
        var values = values(item.expressionAttributeValues());
        ReturnValuesOnConditionCheckFailure onFailure = onFailure(item.returnOldItemOnConditionFailure());
        var b = software.amazon.awssdk.services.dynamodb.model.TransactWriteItem.builder();
        if (item instanceof TransactWriteItem.Put p) {
            b.put(Put.builder()
                    .tableName(p.tableName())
                    .item(toSdk(p.item()))
                    .conditionExpression(condition)
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(values)
                    .returnValuesOnConditionCheckFailure(onFailure)
                    .build());
        } else if (item instanceof TransactWriteItem.Update u) {
            b.update(Update.builder()
                    .tableName(u.tableName())
                    .key(toSdk(u.key()))
                    .updateExpression(u.updateExpression())
                    .conditionExpression(condition)
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(values)
                    .returnValuesOnConditionCheckFailure(onFailure)
                    .build());
        } else if (item instanceof TransactWriteItem.Delete d) {
            b.delete(Delete.builder()
                    .tableName(d.tableName())
                    .key(toSdk(d.key()))
                    .conditionExpression(condition)
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(values)
                    .returnValuesOnConditionCheckFailure(onFailure)
                    .build());
        } else {
            TransactWriteItem.ConditionCheck c = (TransactWriteItem.ConditionCheck) item;
            b.conditionCheck(ConditionCheck.builder()
                    .tableName(c.tableName())
                    .key(toSdk(c.key()))
                    .conditionExpression(condition)
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(values)
                    .returnValuesOnConditionCheckFailure(onFailure)
                    .build());
        }
        return b.build();
    }

    static software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest transactGetItems(
            TransactGetItemsRequest r) {
        List<software.amazon.awssdk.services.dynamodb.model.TransactGetItem> items =
                new ArrayList<>(r.transactItems().size());
        for (TransactGetItem g : r.transactItems()) {
            items.add(software.amazon.awssdk.services.dynamodb.model.TransactGetItem.builder()
                    .get(Get.builder()
                            .tableName(g.tableName())
                            .key(toSdk(g.key()))
                            .projectionExpression(g.projectionExpression())
                            .expressionAttributeNames(names(g.expressionAttributeNames()))
                            .build())
                    .build());
        }
        return software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest.builder()
                .transactItems(items)
                .returnConsumedCapacity(rcc(r.returnConsumedCapacity()))
                .build();
    }

    // ---- parameters sent only when they say something ----------------------------------------------------------

    private static software.amazon.awssdk.services.dynamodb.model.ReturnValue returnValues(ReturnValues v) {
        return v == null || v == ReturnValues.NONE
                ? null
                : software.amazon.awssdk.services.dynamodb.model.ReturnValue.fromValue(v.name());
    }

    private static software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity rcc(ReturnConsumedCapacity v) {
        return v == null || v == ReturnConsumedCapacity.NONE
                ? null
                : software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity.fromValue(v.name());
    }

    private static software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics icm(boolean size) {
        return size ? software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics.SIZE : null;
    }

    private static ReturnValuesOnConditionCheckFailure onFailure(boolean allOld) {
        return allOld ? ReturnValuesOnConditionCheckFailure.ALL_OLD : null;
    }

    private static software.amazon.awssdk.services.dynamodb.model.Select select(Select s) {
        return s == null ? null : software.amazon.awssdk.services.dynamodb.model.Select.fromValue(s.name());
    }

    /** {@code ConsistentRead} (Query, Scan, BatchGetItem) is sent only when true; null leaves it unset. */
    private static Boolean onlyTrue(boolean consistentRead) {
        return consistentRead ? Boolean.TRUE : null;
    }

    /** The first page has no start key; null leaves {@code ExclusiveStartKey} unset. */
    private static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> startKey(
            Map<String, AttributeValue> key) {
        return key == null || key.isEmpty() ? null : toSdk(key);
    }

    /**
     * DynamoDB rejects empty ExpressionAttributeNames/Values maps; the SDK leaves a null collection unset,
     * so an empty one becomes null.
     */
    private static Map<String, String> names(Map<String, String> names) {
        return names.isEmpty() ? null : names;
    }

    private static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> values(
            Map<String, AttributeValue> values) {
        return values.isEmpty() ? null : SdkValues.toSdkForRequest(values);
    }
}
