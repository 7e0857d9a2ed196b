package io.partita;

/** Where a new {@link ChangeFeed} starts reading its table's stream. */
public enum StartingPosition {
    /** At the oldest record the stream still holds (DynamoDB keeps records for 24 hours). */
    TRIM_HORIZON,
    /** After the newest record: only changes made after the feed was opened. */
    LATEST
}
