package io.partita.partiql;

import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.LocalSecondaryIndex;
import io.partita.storage.schema.TableDefinition;
import java.util.List;

/**
 * The key attributes a statement addresses: the table's, or an index's when SELECT names one. An unknown index
 * gives the index name back with no keys, so the core's Scan reports it in its own words.
 */
record KeySchema(List<KeyAttribute> partitionKey, List<KeyAttribute> sortKey) {
    static KeySchema of(TableDefinition table, String index) {
        List<KeyAttribute> tableSort = table.sortKey() == null ? List.of() : List.of(table.sortKey());
        if (index == null) {
            return new KeySchema(List.of(table.partitionKey()), tableSort);
        }
        for (GlobalSecondaryIndex g : table.globalSecondaryIndexes()) {
            if (g.name().equals(index)) {
                return new KeySchema(g.partitionKey(), g.sortKey());
            }
        }
        for (LocalSecondaryIndex l : table.localSecondaryIndexes()) {
            if (l.name().equals(index)) {
                return new KeySchema(List.of(table.partitionKey()), List.of(l.sortKey()));
            }
        }
        return new KeySchema(List.of(), List.of());
    }

    /** The table's primary key: partition key then sort key, if any. */
    List<KeyAttribute> primaryKey() {
        if (sortKey.isEmpty()) {
            return partitionKey;
        }
        return List.of(partitionKey.get(0), sortKey.get(0));
    }
}
