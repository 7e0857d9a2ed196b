package io.partita.storage.api;

/**
 * What GetShardIterator returns: an opaque iterator for GetRecords, valid for 15 minutes; null when the shard is
 * closed and the position is past its last record (nothing is left to read).
 */
public record GetShardIteratorResponse(String shardIterator) {}
