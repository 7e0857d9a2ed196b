package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.List;
import java.util.Map;

/** Builder base of the Query and Scan results (the same five fields). */
abstract class PageResponseBuilder<B extends PageResponseBuilder<B>> extends TableResponseBuilder<B> {
    List<Map<String, AttributeValue>> items = List.of();
    int count = 0;
    int scannedCount = 0;
    Map<String, AttributeValue> lastEvaluatedKey;

    public B items(List<Map<String, AttributeValue>> items) {
        this.items = items;
        return self();
    }

    public B count(int count) {
        this.count = count;
        return self();
    }

    public B scannedCount(int scannedCount) {
        this.scannedCount = scannedCount;
        return self();
    }

    public B lastEvaluatedKey(Map<String, AttributeValue> lastEvaluatedKey) {
        this.lastEvaluatedKey = lastEvaluatedKey;
        return self();
    }

    B copy(TableResponse.Page response) {
        items = response.items();
        count = response.count();
        scannedCount = response.scannedCount();
        lastEvaluatedKey = response.lastEvaluatedKey();
        return consumedCapacity(response.consumedCapacity());
    }
}
