package io.partita.storage.api;

/**
 * What every request builder shares: the {@code ReturnConsumedCapacity} setting. The builder bases below it
 * ({@link TableRequestBuilder}, {@link ReadRequestBuilder}, {@link PageRequestBuilder},
 * {@link ItemWriteRequestBuilder}) each add one common group of fields, so every field and setter of the
 * requests is written once; a request's own {@code Builder} adds only what is its own.
 *
 * @param <B> the concrete builder, returned by every setter
 */
abstract class RequestBuilder<B extends RequestBuilder<B>> {
    ReturnConsumedCapacity returnConsumedCapacity = ReturnConsumedCapacity.NONE;

    RequestBuilder() {}

    @SuppressWarnings("unchecked")
    final B self() {
        return (B) this;
    }

    public B returnConsumedCapacity(ReturnConsumedCapacity returnConsumedCapacity) {
        this.returnConsumedCapacity = returnConsumedCapacity;
        return self();
    }
}
