package io.partita.storage.api;

/**
 * One shard of a stream, as DescribeStream reports it: its id, the shard it continues (null for the first), and its
 * sequence number range ({@code endingSequenceNumber} null while the shard is open). Consumers read a parent before
 * its child.
 */
public record Shard(String shardId, String parentShardId, String startingSequenceNumber, String endingSequenceNumber) {
    /** Whether the shard is closed: it gets no more records. */
    public boolean isClosed() {
        return endingSequenceNumber != null;
    }
}
