package io.partita.storage.api;

/** Where a shard iterator starts (GetShardIterator's ShardIteratorType). */
public enum ShardIteratorType {
    /** At the oldest record of the shard still retained. */
    TRIM_HORIZON,
    /** After the newest record of the shard: only records written later are read. */
    LATEST,
    /** At the record with the given sequence number. */
    AT_SEQUENCE_NUMBER,
    /** Just after the record with the given sequence number. */
    AFTER_SEQUENCE_NUMBER
}
