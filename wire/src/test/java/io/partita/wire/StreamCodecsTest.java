package io.partita.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.api.GetRecordsRequest;
import io.partita.storage.api.GetRecordsResponse;
import io.partita.storage.api.GetShardIteratorRequest;
import io.partita.storage.api.ShardIteratorType;
import io.partita.storage.api.StreamEventName;
import io.partita.storage.api.StreamRecord;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.value.AttributeValue;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The DynamoDB Streams requests and records on the wire ({@link StreamRequests}, {@link StreamResponses}). */
class StreamCodecsTest {
    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void readsTheStreamsRequests() {
        byte[] body = utf8("{\"StreamArn\":\"arn\",\"ShardId\":\"s\",\"ShardIteratorType\":\"AFTER_SEQUENCE_NUMBER\","
                + "\"SequenceNumber\":\"000000000000000000007\",\"Other\":[1]}");
        assertThat(StreamRequests.getShardIterator(body, 0, body.length))
                .isEqualTo(new GetShardIteratorRequest(
                        "arn", "s", ShardIteratorType.AFTER_SEQUENCE_NUMBER, "000000000000000000007"));
        byte[] records = utf8("{\"ShardIterator\":\"it\",\"Limit\":5}");
        assertThat(StreamRequests.getRecords(records, 0, records.length)).isEqualTo(new GetRecordsRequest("it", 5));

        byte[] bad = utf8("{\"ShardIteratorType\":\"SOMEWHERE\"}");
        assertThatThrownBy(() -> StreamRequests.getShardIterator(bad, 0, bad.length))
                .hasMessage(
                        "1 validation error detected: Value 'SOMEWHERE' at 'shardIteratorType' failed to satisfy constraint: Member must satisfy enum value set: [TRIM_HORIZON, LATEST, AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER]");
        byte[] wrongType = utf8("{\"Limit\":\"5\"}");
        assertThatThrownBy(() -> StreamRequests.getRecords(wrongType, 0, wrongType.length))
                .hasMessage("Unexpected value type for Limit: expected an integer");
    }

    @Test
    void streamSpecificationsAreCheckedInDynamoDbsWords() {
        assertThat(StreamRequests.specification(new StreamSpecification(true, "NEW_IMAGE")))
                .isEqualTo(io.partita.storage.schema.StreamSpecification.enabled(StreamViewType.NEW_IMAGE));
        assertThat(StreamRequests.specification(new StreamSpecification(false, null)))
                .isEqualTo(io.partita.storage.schema.StreamSpecification.DISABLED);
        assertThatThrownBy(() -> StreamRequests.specification(new StreamSpecification(true, null)))
                .hasMessage("Invalid StreamViewType: Stream ViewType must not be null or empty when enabling streams.");
        assertThatThrownBy(() -> StreamRequests.specification(new StreamSpecification(false, "KEYS_ONLY")))
                .hasMessage("Invalid StreamViewType: Stream StreamEnabled was false but a StreamViewType was present.");
    }

    @Test
    void writesARecordAsDynamoDbStreamsDoes() {
        StreamRecord removal = new StreamRecord(
                "e1",
                StreamEventName.REMOVE,
                Instant.parse("2026-11-28T10:00:05.750Z"),
                Map.of("pk", AttributeValue.s("a")),
                null,
                Map.of("pk", AttributeValue.s("a"), "exp", AttributeValue.n(1)),
                "000000000000000000042",
                12,
                StreamViewType.OLD_IMAGE,
                StreamRecord.Identity.TIME_TO_LIVE);
        String json;
        try (Wire.Out out = new Wire.Out()) {
            StreamResponses.getRecords(out.g, new GetRecordsResponse(List.of(removal), "next"));
            json = new String(out.finish(), StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        assertThat(json)
                .startsWith("{\"Records\":[{\"eventID\":\"e1\",\"eventName\":\"REMOVE\",\"eventVersion\":\"1.1\","
                        + "\"eventSource\":\"aws:dynamodb\",\"awsRegion\":\"ddblocal\",\"dynamodb\":{"
                        + "\"ApproximateCreationDateTime\":1795860005,\"Keys\":{\"pk\":{\"S\":\"a\"}},\"OldImage\":{")
                .endsWith("},\"SequenceNumber\":\"000000000000000000042\",\"SizeBytes\":12,"
                        + "\"StreamViewType\":\"OLD_IMAGE\"},\"userIdentity\":{\"PrincipalId\":\"dynamodb.amazonaws.com\","
                        + "\"Type\":\"Service\"}}],\"NextShardIterator\":\"next\"}")
                .doesNotContain("NewImage");
    }
}
