package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.List;
import java.util.Map;

/** The parts the single-table responses share; their builders copy them for {@code toBuilder()}. */
interface TableResponse {
    ConsumedCapacity consumedCapacity();

    /** PutItem, DeleteItem and UpdateItem results. */
    interface ItemWrite extends TableResponse {
        Map<String, AttributeValue> attributes();

        ItemCollectionMetrics itemCollectionMetrics();
    }

    /** One page of Query or Scan results. */
    interface Page extends TableResponse {
        List<Map<String, AttributeValue>> items();

        int count();

        int scannedCount();

        Map<String, AttributeValue> lastEvaluatedKey();
    }
}
