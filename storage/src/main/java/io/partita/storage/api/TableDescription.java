package io.partita.storage.api;

import io.partita.storage.schema.StreamSpecification;
import io.partita.storage.schema.TableDefinition;
import java.util.List;

/**
 * What DescribeTable returns: the definition (with its stream specification), its status, item count and size of the
 * table and each index, and the table's latest stream, if it ever had one ({@code latestStreamArn} and
 * {@code latestStreamLabel} null otherwise; a disabled stream stays the latest until another is enabled).
 */
public record TableDescription(
        TableDefinition definition,
        TableStatus status,
        long itemCount,
        long sizeBytes,
        List<IndexDescription> indexes,
        String latestStreamArn,
        String latestStreamLabel) {
    /**
     * A table's ARN is this prefix and its name (DynamoDB Local's region and account, which clients accept from a local
     * endpoint); its indexes' and streams' ARNs extend the table's.
     */
    public static final String TABLE_ARN_PREFIX = "arn:aws:dynamodb:ddblocal:000000000000:table/";

    /** A description of a table without a stream. */
    public TableDescription(
            TableDefinition definition,
            TableStatus status,
            long itemCount,
            long sizeBytes,
            List<IndexDescription> indexes) {
        this(definition, status, itemCount, sizeBytes, indexes, null, null);
    }

    public String tableName() {
        return definition.name();
    }

    /** The table's stream specification (DISABLED when it writes none). */
    public StreamSpecification streamSpecification() {
        return definition.streamSpecification();
    }
}
