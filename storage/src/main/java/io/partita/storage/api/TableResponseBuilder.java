package io.partita.storage.api;

/**
 * Builder base of the single-table responses: consumed capacity. {@link ItemWriteResponseBuilder} and
 * {@link PageResponseBuilder} add the fields PutItem/DeleteItem/UpdateItem and Query/Scan results share.
 *
 * @param <B> the concrete builder, returned by every setter
 */
abstract class TableResponseBuilder<B extends TableResponseBuilder<B>> {
    ConsumedCapacity consumedCapacity;

    TableResponseBuilder() {}

    @SuppressWarnings("unchecked")
    final B self() {
        return (B) this;
    }

    public B consumedCapacity(ConsumedCapacity consumedCapacity) {
        this.consumedCapacity = consumedCapacity;
        return self();
    }
}
