package io.partita.storage.engine;

import io.partita.storage.Storage;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The engine tests' scan of a whole index, page by page, in the order the core returns it. */
final class IndexScans {
    private IndexScans() {}

    /** Every entry of {@code index} (null: the table's items) of table {@code table}, following pagination. */
    static List<Map<String, AttributeValue>> scanAll(Storage db, String table, String index) {
        List<Map<String, AttributeValue>> all = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            ScanResponse page = db.scan(ScanRequest.builder()
                    .tableName(table)
                    .indexName(index)
                    .exclusiveStartKey(start)
                    .build());
            all.addAll(page.items());
            start = page.lastEvaluatedKey();
        } while (start != null && !start.isEmpty());
        return all;
    }
}
