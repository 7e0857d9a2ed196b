package io.partita.storage.api;

/** A GetRecords call: the records after {@code shardIterator}'s position, at most {@code limit} (null: 1,000; 1..1,000). */
public record GetRecordsRequest(String shardIterator, Integer limit) {
    /** Up to 1,000 records. */
    public static GetRecordsRequest of(String shardIterator) {
        return new GetRecordsRequest(shardIterator, null);
    }
}
