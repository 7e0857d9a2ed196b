package io.partita.migration;

import io.partita.storage.Backend;
import io.partita.storage.ConditionalCheckFailedException;
import io.partita.storage.api.ConsumedCapacity;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.value.AttributeValue;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The end of a completed copy: removes the {@link TableCopy#MARKER} from every item of the new table that carries
 * one, so the new table holds the new design's items and nothing else. A Scan of the marked items (filtered on the
 * marker) and one conditional {@code REMOVE} per item, paced by the run's item rate and, when it has one, by its
 * write-capacity rate (each removal books the capacity the database reports it consumed); a marker a writer removed
 * meanwhile (the item deleted or rewritten by the new version) is left alone.
 */
final class CopyMarkers {
    private CopyMarkers() {}

    /** Removes the markers of {@code table}; the number removed, or -1 when {@code stop} said to stop first. */
    static long remove(
            Backend requests,
            TableCopy copy,
            String table,
            int pageSize,
            RateLimiter items,
            RateLimiter capacity,
            boolean measureCapacity,
            BooleanSupplier stop) {
        Map<String, String> names = Map.of("#m", TableCopy.MARKER);
        Map<String, AttributeValue> start = null;
        long removed = 0;
        do {
            if (stop.getAsBoolean()) {
                return -1;
            }
            ScanResponse page = requests.scan(ScanRequest.builder()
                    .tableName(table)
                    .filterExpression("attribute_exists(#m)")
                    .expressionAttributeNames(names)
                    .limit(pageSize)
                    .exclusiveStartKey(start)
                    .consistentRead(true)
                    .build());
            for (Map<String, AttributeValue> item : page.items()) {
                items.acquire(1);
                try {
                    ConsumedCapacity used = requests.updateItem(UpdateItemRequest.builder()
                                    .tableName(table)
                                    .key(copy.keyOf(item))
                                    .updateExpression("REMOVE #m")
                                    .conditionExpression("#m = :m")
                                    .expressionAttributeNames(names)
                                    .expressionAttributeValues(Map.of(":m", item.get(TableCopy.MARKER)))
                                    .returnConsumedCapacity(
                                            measureCapacity
                                                    ? ReturnConsumedCapacity.TOTAL
                                                    : ReturnConsumedCapacity.NONE)
                                    .build())
                            .consumedCapacity();
                    capacity.acquire(used == null ? 0 : used.capacityUnits());
                    removed++;
                } catch (ConditionalCheckFailedException e) {
                    // rewritten or deleted since the scan read it: its marker is gone or another copy's
                }
            }
            Map<String, AttributeValue> last = page.lastEvaluatedKey();
            start = last == null || last.isEmpty() ? null : last;
        } while (start != null);
        return removed;
    }
}
