package io.partita.server;

import com.fasterxml.jackson.core.JsonGenerator;
import io.partita.storage.Storage;
import io.partita.wire.StreamRequests;
import io.partita.wire.StreamResponses;
import java.io.IOException;

/**
 * The DynamoDB Streams API on the server's port ({@code X-Amz-Target: DynamoDBStreams_20120810.<Operation>}):
 * ListStreams, DescribeStream, GetShardIterator and GetRecords, each read into the core's request record by the wire
 * module, served by the core's streams and written in DynamoDB Streams' JSON. They run where every other operation
 * runs ({@link Execution}); errors (an unknown stream, an expired iterator, trimmed data) are the core's, answered in
 * DynamoDB's error shape as any other.
 */
final class StreamsPlane {
    static final String TARGET_PREFIX = "DynamoDBStreams_20120810.";

    private final Storage storage;

    StreamsPlane(Storage storage) {
        this.storage = storage;
    }

    void listStreams(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        StreamResponses.listStreams(g, storage.listStreams(StreamRequests.listStreams(body, offset, length)));
    }

    void describeStream(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        StreamResponses.describeStream(g, storage.describeStream(StreamRequests.describeStream(body, offset, length)));
    }

    void getShardIterator(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        StreamResponses.getShardIterator(
                g, storage.getShardIterator(StreamRequests.getShardIterator(body, offset, length)));
    }

    void getRecords(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        StreamResponses.getRecords(g, storage.getRecords(StreamRequests.getRecords(body, offset, length)));
    }
}
