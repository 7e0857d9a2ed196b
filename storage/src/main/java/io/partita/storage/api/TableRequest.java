package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/**
 * The parts every single-table request has: GetItem, Query, Scan, PutItem, DeleteItem and UpdateItem. Their
 * builders copy these through {@link TableRequestBuilder#copy(TableRequest)}.
 */
interface TableRequest {
    String tableName();

    Map<String, String> expressionAttributeNames();

    ReturnConsumedCapacity returnConsumedCapacity();

    /** GetItem, Query and Scan: what to read and how consistently. */
    interface Read extends TableRequest {
        String projectionExpression();

        boolean consistentRead();
    }

    /** Query and Scan: one page of a table or index, filtered. */
    interface Page extends Read {
        String indexName();

        String filterExpression();

        Map<String, AttributeValue> expressionAttributeValues();

        Select select();

        Integer limit();

        Map<String, AttributeValue> exclusiveStartKey();
    }

    /** PutItem, DeleteItem and UpdateItem: a conditional write of one item and what it reports. */
    interface ItemWrite extends TableRequest {
        String conditionExpression();

        Map<String, AttributeValue> expressionAttributeValues();

        ReturnValues returnValues();

        boolean returnItemCollectionMetrics();

        boolean returnOldItemOnConditionFailure();
    }
}
