package io.partita.storage.api;

import io.partita.storage.schema.StreamViewType;
import io.partita.storage.value.AttributeValue;
import java.time.Instant;
import java.util.Map;

/**
 * One stream record: one item-level change, as DynamoDB Streams writes it. {@code keys} are the item's key
 * attributes; {@code newImage} and {@code oldImage} are there as the stream's view type says (null otherwise, and
 * null where the item did not exist). {@code sequenceNumber} is a numeric string, increasing within a shard;
 * {@code sizeBytes} the size of the keys and images. {@code userIdentity} is null, except for deletions made by
 * time to live ({@link Identity#TIME_TO_LIVE}).
 */
public record StreamRecord(
        String eventId,
        StreamEventName eventName,
        Instant approximateCreationDateTime,
        Map<String, AttributeValue> keys,
        Map<String, AttributeValue> newImage,
        Map<String, AttributeValue> oldImage,
        String sequenceNumber,
        long sizeBytes,
        StreamViewType streamViewType,
        Identity userIdentity) {
    /** The record's {@code eventSource}. */
    public static final String EVENT_SOURCE = "aws:dynamodb";
    /** The record's {@code eventVersion}. */
    public static final String EVENT_VERSION = "1.1";

    /** Who made a change other than a client request: DynamoDB's {@code userIdentity}. */
    public record Identity(String type, String principalId) {
        /** The identity of deletions made by time to live. */
        public static final Identity TIME_TO_LIVE = new Identity("Service", "dynamodb.amazonaws.com");
    }
}
