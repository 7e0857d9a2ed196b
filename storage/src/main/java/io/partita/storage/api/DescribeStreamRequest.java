package io.partita.storage.api;

/**
 * A DescribeStream call: the stream {@code streamArn}, with at most {@code limit} (null: 100; 1..100) of its shards,
 * starting after {@code exclusiveStartShardId} (null: from the first).
 */
public record DescribeStreamRequest(String streamArn, Integer limit, String exclusiveStartShardId) {
    /** The stream with its first 100 shards. */
    public static DescribeStreamRequest of(String streamArn) {
        return new DescribeStreamRequest(streamArn, null, null);
    }
}
