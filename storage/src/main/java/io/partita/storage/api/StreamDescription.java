package io.partita.storage.api;

import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.StreamViewType;
import java.time.Instant;
import java.util.List;

/**
 * What DescribeStream returns: the stream, its table's key schema ({@code sortKey} null without one), a page of its
 * shards in the order they were opened (parents first), and, when more shards follow, the id to start the next
 * page after.
 */
public record StreamDescription(
        String streamArn,
        String streamLabel,
        StreamStatus streamStatus,
        StreamViewType streamViewType,
        Instant creationRequestDateTime,
        String tableName,
        KeyAttribute partitionKey,
        KeyAttribute sortKey,
        List<Shard> shards,
        String lastEvaluatedShardId) {
    public StreamDescription {
        shards = List.copyOf(shards);
    }
}
