package io.partita.storage.api;

/**
 * A ListStreams call: the streams of every table, or of {@code tableName} (null: all), at most {@code limit} (null:
 * 100; 1..100) of them, starting after {@code exclusiveStartStreamArn} (null: from the first).
 */
public record ListStreamsRequest(String tableName, Integer limit, String exclusiveStartStreamArn) {
    /** Every stream of the core (the first 100). */
    public static ListStreamsRequest all() {
        return new ListStreamsRequest(null, null, null);
    }

    /** The streams of one table (the first 100). */
    public static ListStreamsRequest of(String tableName) {
        return new ListStreamsRequest(tableName, null, null);
    }
}
