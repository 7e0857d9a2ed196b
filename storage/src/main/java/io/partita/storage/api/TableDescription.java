package io.partita.storage.api;

import io.partita.storage.schema.TableDefinition;
import java.util.List;

/** What DescribeTable returns: the definition, its status, and item count and size of the table and each index. */
public record TableDescription(
        TableDefinition definition,
        TableStatus status,
        long itemCount,
        long sizeBytes,
        List<IndexDescription> indexes) {
    public String tableName() {
        return definition.name();
    }
}
