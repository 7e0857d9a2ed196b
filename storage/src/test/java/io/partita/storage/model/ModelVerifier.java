package io.partita.storage.model;

import io.partita.storage.Storage;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.Map;

/** For tests outside this package: rebuild the model from a core's tables, then check every index against it. */
public final class ModelVerifier {
    private ModelVerifier() {}

    /** The reference model holding exactly the items the core's tables hold now (read by full scans). */
    public static ReferenceStore modelOfTables(Storage storage, java.util.List<TableDefinition> tables) {
        ReferenceStore model = new ReferenceStore(tables);
        for (TableDefinition d : tables) {
            Map<String, AttributeValue> start = null;
            do {
                ScanResponse r = storage.scan(ScanRequest.builder()
                        .tableName(d.name())
                        .consistentRead(true)
                        .exclusiveStartKey(start)
                        .build());
                for (Map<String, AttributeValue> item : r.items()) {
                    if (model.get(d.name(), item) != null) {
                        throw new AssertionError(
                                "scan of " + d.name() + " returned " + model.keyOf(d.name(), item) + " twice");
                    }
                    model.put(d.name(), item);
                }
                start = r.lastEvaluatedKey();
            } while (start != null);
        }
        return model;
    }

    /**
     * Every index (scan and per-partition queries, order included) must equal what the model's base items imply —
     * no lost, duplicate or orphan entries, no stale projections — and the core's own checker must agree.
     */
    public static void verifyIndexes(Storage storage, ReferenceStore model) {
        new ModelRunner(storage, model, true).verifyAll();
    }
}
