package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/** Builder base of Query and Scan: index, filter, values, Select, Limit and the start key of the page. */
abstract class PageRequestBuilder<B extends PageRequestBuilder<B>> extends ReadRequestBuilder<B> {
    String indexName;
    String filterExpression;
    Map<String, AttributeValue> expressionAttributeValues = Map.of();
    Select select;
    Integer limit;
    Map<String, AttributeValue> exclusiveStartKey;

    public B indexName(String indexName) {
        this.indexName = indexName;
        return self();
    }

    public B filterExpression(String filterExpression) {
        this.filterExpression = filterExpression;
        return self();
    }

    public B expressionAttributeValues(Map<String, AttributeValue> expressionAttributeValues) {
        this.expressionAttributeValues = expressionAttributeValues;
        return self();
    }

    public B select(Select select) {
        this.select = select;
        return self();
    }

    public B limit(Integer limit) {
        this.limit = limit;
        return self();
    }

    public B exclusiveStartKey(Map<String, AttributeValue> exclusiveStartKey) {
        this.exclusiveStartKey = exclusiveStartKey;
        return self();
    }

    B copy(TableRequest.Page request) {
        indexName = request.indexName();
        filterExpression = request.filterExpression();
        expressionAttributeValues = request.expressionAttributeValues();
        select = request.select();
        limit = request.limit();
        exclusiveStartKey = request.exclusiveStartKey();
        return copy((TableRequest.Read) request);
    }
}
