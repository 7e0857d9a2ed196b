package io.partita.storage.api;

/**
 * A GetShardIterator call: an iterator into shard {@code shardId} of stream {@code streamArn}, positioned by
 * {@code type}; {@code sequenceNumber} is required by (and only allowed with) AT_SEQUENCE_NUMBER and
 * AFTER_SEQUENCE_NUMBER.
 */
public record GetShardIteratorRequest(
        String streamArn, String shardId, ShardIteratorType shardIteratorType, String sequenceNumber) {
    /** An iterator of a type that takes no sequence number (TRIM_HORIZON, LATEST). */
    public static GetShardIteratorRequest of(String streamArn, String shardId, ShardIteratorType type) {
        return new GetShardIteratorRequest(streamArn, shardId, type, null);
    }
}
