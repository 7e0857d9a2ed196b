package io.partita.wire;

import com.fasterxml.jackson.core.JsonGenerator;
import io.partita.storage.api.GetRecordsResponse;
import io.partita.storage.api.GetShardIteratorResponse;
import io.partita.storage.api.ListStreamsResponse;
import io.partita.storage.api.Shard;
import io.partita.storage.api.StreamDescription;
import io.partita.storage.api.StreamRecord;
import io.partita.storage.api.StreamSummary;
import java.io.IOException;
import java.time.Instant;

/**
 * The DynamoDB Streams responses as DynamoDB Streams writes them (API version 2012-08-10): ListStreams'
 * {@code Streams}, DescribeStream's {@code StreamDescription} with its {@code Shards}, GetShardIterator's
 * {@code ShardIterator}, GetRecords' {@code Records} (each with {@code eventID}, {@code eventName},
 * {@code eventVersion}, {@code eventSource}, {@code awsRegion}, the {@code dynamodb} stream record and, for
 * time-to-live deletions, {@code userIdentity}) and {@code NextShardIterator}. Times are epoch seconds;
 * a record's {@code ApproximateCreationDateTime} is rounded down to the second, as DynamoDB rounds it.
 */
public final class StreamResponses {
    /**
     * The region records name ({@code awsRegion}): DynamoDB Local's, as in the core's ARNs
     * ({@link io.partita.storage.api.TableDescription#TABLE_ARN_PREFIX}).
     */
    public static final String REGION = "ddblocal";

    private StreamResponses() {}

    public static void listStreams(JsonGenerator g, ListStreamsResponse r) throws IOException {
        g.writeStartObject();
        if (r.lastEvaluatedStreamArn() != null) {
            g.writeStringField("LastEvaluatedStreamArn", r.lastEvaluatedStreamArn());
        }
        g.writeArrayFieldStart("Streams");
        for (StreamSummary s : r.streams()) {
            g.writeStartObject();
            g.writeStringField("StreamArn", s.streamArn());
            g.writeStringField("TableName", s.tableName());
            g.writeStringField("StreamLabel", s.streamLabel());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    public static void describeStream(JsonGenerator g, StreamDescription d) throws IOException {
        g.writeStartObject();
        g.writeObjectFieldStart("StreamDescription");
        g.writeStringField("StreamArn", d.streamArn());
        g.writeStringField("StreamLabel", d.streamLabel());
        g.writeStringField("StreamStatus", d.streamStatus().name());
        g.writeStringField("StreamViewType", d.streamViewType().name());
        g.writeFieldName("CreationRequestDateTime");
        g.writeNumber(d.creationRequestDateTime().toEpochMilli() / 1000.0);
        g.writeStringField("TableName", d.tableName());
        g.writeArrayFieldStart("KeySchema");
        keyElement(g, d.partitionKey().name(), WireEnums.HASH);
        if (d.sortKey() != null) {
            keyElement(g, d.sortKey().name(), WireEnums.RANGE);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("Shards");
        for (Shard s : d.shards()) {
            writeShard(g, s);
        }
        g.writeEndArray();
        if (d.lastEvaluatedShardId() != null) {
            g.writeStringField("LastEvaluatedShardId", d.lastEvaluatedShardId());
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void keyElement(JsonGenerator g, String name, String type) throws IOException {
        g.writeStartObject();
        g.writeStringField("AttributeName", name);
        g.writeStringField("KeyType", type);
        g.writeEndObject();
    }

    private static void writeShard(JsonGenerator g, Shard s) throws IOException {
        g.writeStartObject();
        g.writeStringField("ShardId", s.shardId());
        g.writeObjectFieldStart("SequenceNumberRange");
        if (s.startingSequenceNumber() != null) {
            g.writeStringField("StartingSequenceNumber", s.startingSequenceNumber());
        }
        if (s.endingSequenceNumber() != null) {
            g.writeStringField("EndingSequenceNumber", s.endingSequenceNumber());
        }
        g.writeEndObject();
        if (s.parentShardId() != null) {
            g.writeStringField("ParentShardId", s.parentShardId());
        }
        g.writeEndObject();
    }

    public static void getShardIterator(JsonGenerator g, GetShardIteratorResponse r) throws IOException {
        g.writeStartObject();
        if (r.shardIterator() != null) {
            g.writeStringField("ShardIterator", r.shardIterator());
        }
        g.writeEndObject();
    }

    public static void getRecords(JsonGenerator g, GetRecordsResponse r) throws IOException {
        g.writeStartObject();
        g.writeArrayFieldStart("Records");
        for (StreamRecord record : r.records()) {
            writeRecord(g, record);
        }
        g.writeEndArray();
        if (r.nextShardIterator() != null) {
            g.writeStringField("NextShardIterator", r.nextShardIterator());
        }
        g.writeEndObject();
    }

    private static void writeRecord(JsonGenerator g, StreamRecord r) throws IOException {
        g.writeStartObject();
        g.writeStringField("eventID", r.eventId());
        g.writeStringField("eventName", r.eventName().name());
        g.writeStringField("eventVersion", StreamRecord.EVENT_VERSION);
        g.writeStringField("eventSource", StreamRecord.EVENT_SOURCE);
        g.writeStringField("awsRegion", REGION);
        g.writeObjectFieldStart("dynamodb");
        Instant created = r.approximateCreationDateTime();
        g.writeNumberField("ApproximateCreationDateTime", created.getEpochSecond());
        AttributeValues.writeMapField(g, "Keys", r.keys());
        AttributeValues.writeMapField(g, "NewImage", r.newImage());
        AttributeValues.writeMapField(g, "OldImage", r.oldImage());
        g.writeStringField("SequenceNumber", r.sequenceNumber());
        g.writeNumberField("SizeBytes", r.sizeBytes());
        g.writeStringField("StreamViewType", r.streamViewType().name());
        g.writeEndObject();
        if (r.userIdentity() != null) {
            g.writeObjectFieldStart("userIdentity");
            g.writeStringField("PrincipalId", r.userIdentity().principalId());
            g.writeStringField("Type", r.userIdentity().type());
            g.writeEndObject();
        }
        g.writeEndObject();
    }
}
