package io.partita.partiql;

import io.partita.storage.api.Capacity;
import io.partita.storage.api.ConsumedCapacity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code BatchExecuteStatement}'s {@code ConsumedCapacity}: one entry per table, in the order the tables first
 * appear, summing what its statements consumed (the table's share and each index's too, with {@code INDEXES}), as
 * BatchGetItem and BatchWriteItem report theirs.
 */
final class BatchCapacity {
    private BatchCapacity() {}

    static List<ConsumedCapacity> of(List<BatchOutcome> outcomes) {
        Map<String, ConsumedCapacity> byTable = new LinkedHashMap<>();
        for (BatchOutcome o : outcomes) {
            ConsumedCapacity c = o.consumedCapacity();
            if (c != null) {
                byTable.merge(c.tableName(), c, BatchCapacity::sum);
            }
        }
        return new ArrayList<>(byTable.values());
    }

    private static ConsumedCapacity sum(ConsumedCapacity a, ConsumedCapacity b) {
        return new ConsumedCapacity(
                a.tableName(),
                a.total().plus(b.total()),
                a.table() == null
                        ? b.table()
                        : b.table() == null ? a.table() : a.table().plus(b.table()),
                sum(a.globalSecondaryIndexes(), b.globalSecondaryIndexes()),
                sum(a.localSecondaryIndexes(), b.localSecondaryIndexes()));
    }

    private static Map<String, Capacity> sum(Map<String, Capacity> a, Map<String, Capacity> b) {
        Map<String, Capacity> out = new LinkedHashMap<>(a);
        b.forEach((index, c) -> out.merge(index, c, Capacity::plus));
        return out;
    }
}
