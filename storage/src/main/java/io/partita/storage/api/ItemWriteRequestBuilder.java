package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/**
 * Builder base of PutItem, DeleteItem and UpdateItem: the condition with its values, ReturnValues,
 * item-collection metrics and the old item on a failed condition.
 */
abstract class ItemWriteRequestBuilder<B extends ItemWriteRequestBuilder<B>> extends TableRequestBuilder<B> {
    String conditionExpression;
    Map<String, AttributeValue> expressionAttributeValues = Map.of();
    ReturnValues returnValues = ReturnValues.NONE;
    boolean returnItemCollectionMetrics = false;
    boolean returnOldItemOnConditionFailure = false;

    public B conditionExpression(String conditionExpression) {
        this.conditionExpression = conditionExpression;
        return self();
    }

    public B expressionAttributeValues(Map<String, AttributeValue> expressionAttributeValues) {
        this.expressionAttributeValues = expressionAttributeValues;
        return self();
    }

    public B returnValues(ReturnValues returnValues) {
        this.returnValues = returnValues;
        return self();
    }

    public B returnItemCollectionMetrics(boolean returnItemCollectionMetrics) {
        this.returnItemCollectionMetrics = returnItemCollectionMetrics;
        return self();
    }

    public B returnOldItemOnConditionFailure(boolean returnOldItemOnConditionFailure) {
        this.returnOldItemOnConditionFailure = returnOldItemOnConditionFailure;
        return self();
    }

    B copy(TableRequest.ItemWrite request) {
        conditionExpression = request.conditionExpression();
        expressionAttributeValues = request.expressionAttributeValues();
        returnValues = request.returnValues();
        returnItemCollectionMetrics = request.returnItemCollectionMetrics();
        returnOldItemOnConditionFailure = request.returnOldItemOnConditionFailure();
        return copy((TableRequest) request);
    }
}
