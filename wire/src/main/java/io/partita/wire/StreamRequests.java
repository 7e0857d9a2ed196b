package io.partita.wire;

import io.partita.storage.api.DescribeStreamRequest;
import io.partita.storage.api.GetRecordsRequest;
import io.partita.storage.api.GetShardIteratorRequest;
import io.partita.storage.api.ListStreamsRequest;
import io.partita.storage.api.ShardIteratorType;
import io.partita.storage.schema.StreamViewType;
import java.io.IOException;

/**
 * The DynamoDB Streams requests ({@code DynamoDBStreams_20120810.*}: ListStreams, DescribeStream, GetShardIterator,
 * GetRecords), read from their JSON bodies into the core's request records, and a table's
 * {@code StreamSpecification} (CreateTable, UpdateTable) into the core's. Members of the wrong JSON type are a
 * {@code SerializationException}; an unknown {@code ShardIteratorType} or {@code StreamViewType} a
 * {@code ValidationException} naming DynamoDB's value set (DynamoDB Local answers an unknown iterator type with an
 * internal failure and takes an unknown view type; DynamoDB's models declare both enumerations). The core checks the rest (required members, limits, ARNs,
 * sequence numbers) with DynamoDB's messages.
 */
public final class StreamRequests {
    private StreamRequests() {}

    /** The members of one Streams request; each operation reads only its own. */
    private static final class Members {
        /** The members the operation reads, comma-separated and comma-enclosed. */
        final String accepted;

        String tableName;
        String streamArn;
        String shardId;
        String shardIteratorType;
        String sequenceNumber;
        String shardIterator;
        String exclusiveStartStreamArn;
        String exclusiveStartShardId;
        Integer limit;

        Members(String accepted) {
            this.accepted = accepted;
        }
    }

    private static Members read(byte[] body, int offset, int length, String members) {
        return JsonIn.readRequest(body, offset, length, new Members(members), StreamRequests::member);
    }

    private static void member(Members m, JsonIn in, String name) throws IOException {
        if (!m.accepted.contains("," + name + ",")) {
            in.skip();
            return;
        }
        switch (name) {
            case "TableName" -> m.tableName = in.string(name);
            case "StreamArn" -> m.streamArn = in.string(name);
            case "ShardId" -> m.shardId = in.string(name);
            case "ShardIteratorType" -> m.shardIteratorType = in.string(name);
            case "SequenceNumber" -> m.sequenceNumber = in.string(name);
            case "ShardIterator" -> m.shardIterator = in.string(name);
            case "ExclusiveStartStreamArn" -> m.exclusiveStartStreamArn = in.string(name);
            case "ExclusiveStartShardId" -> m.exclusiveStartShardId = in.string(name);
            case "Limit" -> m.limit = in.integer(name);
            default -> in.skip();
        }
    }

    /** ListStreams: {@code TableName}, {@code Limit}, {@code ExclusiveStartStreamArn}, all optional. */
    public static ListStreamsRequest listStreams(byte[] body, int offset, int length) {
        Members m = read(body, offset, length, ",TableName,Limit,ExclusiveStartStreamArn,");
        return new ListStreamsRequest(m.tableName, m.limit, m.exclusiveStartStreamArn);
    }

    /** DescribeStream: the required {@code StreamArn}, {@code Limit} and {@code ExclusiveStartShardId}. */
    public static DescribeStreamRequest describeStream(byte[] body, int offset, int length) {
        Members m = read(body, offset, length, ",StreamArn,Limit,ExclusiveStartShardId,");
        return new DescribeStreamRequest(m.streamArn, m.limit, m.exclusiveStartShardId);
    }

    /** GetShardIterator: {@code StreamArn}, {@code ShardId}, {@code ShardIteratorType} and {@code SequenceNumber}. */
    public static GetShardIteratorRequest getShardIterator(byte[] body, int offset, int length) {
        Members m = read(body, offset, length, ",StreamArn,ShardId,ShardIteratorType,SequenceNumber,");
        ShardIteratorType type = WireEnums.of(m.shardIteratorType, ShardIteratorType.class, "shardIteratorType");
        return new GetShardIteratorRequest(m.streamArn, m.shardId, type, m.sequenceNumber);
    }

    /** GetRecords: the required {@code ShardIterator} and {@code Limit}. */
    public static GetRecordsRequest getRecords(byte[] body, int offset, int length) {
        Members m = read(body, offset, length, ",ShardIterator,Limit,");
        return new GetRecordsRequest(m.shardIterator, m.limit);
    }

    /**
     * A table's {@code StreamSpecification} as the core takes it: enabled with its view type (an unknown one is
     * DynamoDB's enum error at {@code streamSpecification.streamViewType}), or disabled. A view type is required when
     * the stream is enabled and refused when it is not, in DynamoDB's words.
     */
    public static io.partita.storage.schema.StreamSpecification specification(StreamSpecification s) {
        boolean viewType = s.viewType() != null && !s.viewType().isEmpty();
        if (!s.enabled()) {
            if (viewType) {
                throw WireException.validation(
                        "Invalid StreamViewType: Stream StreamEnabled was false but a StreamViewType was present.");
            }
            return io.partita.storage.schema.StreamSpecification.DISABLED;
        }
        if (!viewType) {
            throw WireException.validation(
                    "Invalid StreamViewType: Stream ViewType must not be null or empty when enabling streams.");
        }
        StreamViewType view = WireEnums.of(s.viewType(), StreamViewType.class, "streamSpecification.streamViewType");
        return new io.partita.storage.schema.StreamSpecification(true, view);
    }
}
