package io.partita.storage.api;

import java.util.Map;

/**
 * Capacity a request consumed on one table, as DynamoDB reports it: the total, and with
 * {@link ReturnConsumedCapacity#INDEXES} the share of the table itself and of each index.
 */
public record ConsumedCapacity(
        String tableName,
        Capacity total,
        Capacity table,
        Map<String, Capacity> globalSecondaryIndexes,
        Map<String, Capacity> localSecondaryIndexes) {
    public ConsumedCapacity {
        globalSecondaryIndexes = globalSecondaryIndexes == null ? Map.of() : globalSecondaryIndexes;
        localSecondaryIndexes = localSecondaryIndexes == null ? Map.of() : localSecondaryIndexes;
    }

    public double capacityUnits() {
        return total.capacityUnits();
    }

    public double readCapacityUnits() {
        return total.readCapacityUnits();
    }

    public double writeCapacityUnits() {
        return total.writeCapacityUnits();
    }
}
