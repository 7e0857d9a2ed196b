package io.partita.storage.api;

import java.util.Map;

/** Builder base of the single-table requests: table name and expression attribute names. */
abstract class TableRequestBuilder<B extends TableRequestBuilder<B>> extends RequestBuilder<B> {
    String tableName;
    Map<String, String> expressionAttributeNames = Map.of();

    public B tableName(String tableName) {
        this.tableName = tableName;
        return self();
    }

    public B expressionAttributeNames(Map<String, String> expressionAttributeNames) {
        this.expressionAttributeNames = expressionAttributeNames;
        return self();
    }

    /** Copies the parts every single-table request has (for {@code toBuilder()}). */
    B copy(TableRequest request) {
        tableName = request.tableName();
        expressionAttributeNames = request.expressionAttributeNames();
        returnConsumedCapacity = request.returnConsumedCapacity();
        return self();
    }
}
