package io.partita.storage.api;

/** Builder base of GetItem, Query and Scan: projection and read consistency. */
abstract class ReadRequestBuilder<B extends ReadRequestBuilder<B>> extends TableRequestBuilder<B> {
    String projectionExpression;
    boolean consistentRead = false;

    public B projectionExpression(String projectionExpression) {
        this.projectionExpression = projectionExpression;
        return self();
    }

    public B consistentRead(boolean consistentRead) {
        this.consistentRead = consistentRead;
        return self();
    }

    B copy(TableRequest.Read request) {
        projectionExpression = request.projectionExpression();
        consistentRead = request.consistentRead();
        return copy((TableRequest) request);
    }
}
