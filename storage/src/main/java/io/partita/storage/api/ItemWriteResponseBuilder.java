package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/** Builder base of the PutItem, DeleteItem and UpdateItem results (the same three fields). */
abstract class ItemWriteResponseBuilder<B extends ItemWriteResponseBuilder<B>> extends TableResponseBuilder<B> {
    Map<String, AttributeValue> attributes;
    ItemCollectionMetrics itemCollectionMetrics;

    public B attributes(Map<String, AttributeValue> attributes) {
        this.attributes = attributes;
        return self();
    }

    public B itemCollectionMetrics(ItemCollectionMetrics itemCollectionMetrics) {
        this.itemCollectionMetrics = itemCollectionMetrics;
        return self();
    }

    B copy(TableResponse.ItemWrite response) {
        attributes = response.attributes();
        itemCollectionMetrics = response.itemCollectionMetrics();
        return consumedCapacity(response.consumedCapacity());
    }
}
