package io.partita.dynamodb;

import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.TrimmedDataAccessException;
import io.partita.storage.api.DescribeStreamRequest;
import io.partita.storage.api.GetRecordsRequest;
import io.partita.storage.api.GetRecordsResponse;
import io.partita.storage.api.GetShardIteratorRequest;
import io.partita.storage.api.GetShardIteratorResponse;
import io.partita.storage.api.ListStreamsRequest;
import io.partita.storage.api.ListStreamsResponse;
import io.partita.storage.api.Shard;
import io.partita.storage.api.ShardIteratorType;
import io.partita.storage.api.StreamDescription;
import io.partita.storage.api.StreamEventName;
import io.partita.storage.api.StreamRecord;
import io.partita.storage.api.StreamStatus;
import io.partita.storage.api.StreamSummary;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.value.AttributeType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.SequenceNumberRange;

/**
 * The four DynamoDB Streams reads of a {@link DynamoDbBackend}: each core request becomes the Streams API request of
 * the same name, sent through {@link SdkStreams}, and the answer becomes the core's record, field for field.
 *
 * <p>DescribeStream's key schema names the key attributes but not their types; the core's {@link StreamDescription}
 * carries both, so the types come from the stream's table (its attribute definitions, one DescribeTable per stream,
 * remembered). A stream whose table is gone before it was first described gets its key types from the first record
 * of its shards that names them; with no such record, they are reported as S.
 */
final class StreamOperations {
    private final SdkClient tables;
    private final SdkStreams streams;
    /** Key attribute types by stream ARN (a stream's key schema never changes). */
    private final Map<String, Map<String, AttributeType>> keyTypes = new ConcurrentHashMap<>();

    StreamOperations(SdkClient tables, SdkStreams streams) {
        this.tables = tables;
        this.streams = streams;
    }

    ListStreamsResponse listStreams(ListStreamsRequest r) {
        var q = software.amazon.awssdk.services.dynamodb.model.ListStreamsRequest.builder()
                .tableName(r.tableName())
                .limit(r.limit())
                .exclusiveStartStreamArn(r.exclusiveStartStreamArn())
                .build();
        var answer = streams.send(c -> c.listStreams(q), c -> c.listStreams(q));
        List<StreamSummary> out = new ArrayList<>();
        if (answer.hasStreams()) {
            answer.streams().forEach(s -> out.add(new StreamSummary(s.streamArn(), s.tableName(), s.streamLabel())));
        }
        return new ListStreamsResponse(out, answer.lastEvaluatedStreamArn());
    }

    StreamDescription describeStream(DescribeStreamRequest r) {
        var q = software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest.builder()
                .streamArn(r.streamArn())
                .limit(r.limit())
                .exclusiveStartShardId(r.exclusiveStartShardId())
                .build();
        var d = streams.send(c -> c.describeStream(q), c -> c.describeStream(q)).streamDescription();
        KeyAttribute partitionKey = null;
        KeyAttribute sortKey = null;
        Map<String, AttributeType> types = keyTypes(d);
        for (KeySchemaElement e : d.keySchema()) {
            KeyAttribute k =
                    new KeyAttribute(e.attributeName(), types.getOrDefault(e.attributeName(), AttributeType.S));
            if (e.keyType() == KeyType.HASH) {
                partitionKey = k;
            } else {
                sortKey = k;
            }
        }
        List<Shard> shards = new ArrayList<>();
        if (d.hasShards()) {
            for (var s : d.shards()) {
                SequenceNumberRange range = s.sequenceNumberRange();
                shards.add(new Shard(
                        s.shardId(),
                        s.parentShardId(),
                        range == null ? null : range.startingSequenceNumber(),
                        range == null ? null : range.endingSequenceNumber()));
            }
        }
        return new StreamDescription(
                d.streamArn(),
                d.streamLabel(),
                d.streamStatusAsString() == null ? null : StreamStatus.valueOf(d.streamStatusAsString()),
                viewType(d.streamViewTypeAsString()),
                d.creationRequestDateTime(),
                d.tableName(),
                partitionKey,
                sortKey,
                shards,
                d.lastEvaluatedShardId());
    }

    GetShardIteratorResponse getShardIterator(GetShardIteratorRequest r) {
        var q = software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest.builder()
                .streamArn(r.streamArn())
                .shardId(r.shardId())
                .shardIteratorType(
                        r.shardIteratorType() == null
                                ? null
                                : r.shardIteratorType().name())
                .sequenceNumber(r.sequenceNumber())
                .build();
        return new GetShardIteratorResponse(streams.send(c -> c.getShardIterator(q), c -> c.getShardIterator(q))
                .shardIterator());
    }

    GetRecordsResponse getRecords(GetRecordsRequest r) {
        var q = software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest.builder()
                .shardIterator(r.shardIterator())
                .limit(r.limit())
                .build();
        var answer = streams.send(c -> c.getRecords(q), c -> c.getRecords(q));
        List<StreamRecord> out = new ArrayList<>();
        if (answer.hasRecords()) {
            answer.records().forEach(record -> out.add(record(record)));
        }
        return new GetRecordsResponse(out, answer.nextShardIterator());
    }

    /** The core's record of an SDK record: event name, keys, images (null where absent), sequence number, size, identity. */
    static StreamRecord record(Record r) {
        var d = r.dynamodb();
        return new StreamRecord(
                r.eventID(),
                StreamEventName.valueOf(r.eventNameAsString()),
                d.approximateCreationDateTime(),
                d.hasKeys() ? SdkValues.fromSdk(d.keys()) : Map.of(),
                d.hasNewImage() ? SdkValues.fromSdk(d.newImage()) : null,
                d.hasOldImage() ? SdkValues.fromSdk(d.oldImage()) : null,
                d.sequenceNumber(),
                d.sizeBytes() == null ? 0 : d.sizeBytes(),
                viewType(d.streamViewTypeAsString()),
                r.userIdentity() == null
                        ? null
                        : new StreamRecord.Identity(
                                r.userIdentity().type(), r.userIdentity().principalId()));
    }

    private static StreamViewType viewType(String name) {
        return name == null ? null : StreamViewType.valueOf(name);
    }

    /** The stream's key types: remembered, else its table's attribute definitions, else its records' keys. */
    private Map<String, AttributeType> keyTypes(software.amazon.awssdk.services.dynamodb.model.StreamDescription d) {
        Map<String, AttributeType> known = keyTypes.get(d.streamArn());
        if (known != null) {
            return known;
        }
        Map<String, AttributeType> types = new HashMap<>();
        try {
            var table = tables.describe(d.tableName());
            if (table.hasAttributeDefinitions()) {
                table.attributeDefinitions()
                        .forEach(a -> types.put(a.attributeName(), AttributeType.valueOf(a.attributeTypeAsString())));
            }
        } catch (ResourceNotFoundException tableGone) {
            types.putAll(typesFromRecords(d));
        }
        keyTypes.put(d.streamArn(), Map.copyOf(types));
        return types;
    }

    /** The key types a record of one of the stream's shards shows (none when no shard has a record). */
    private Map<String, AttributeType> typesFromRecords(
            software.amazon.awssdk.services.dynamodb.model.StreamDescription d) {
        if (!d.hasShards()) {
            return Map.of();
        }
        for (var s : d.shards()) {
            List<StreamRecord> records;
            try {
                String it = getShardIterator(
                                GetShardIteratorRequest.of(d.streamArn(), s.shardId(), ShardIteratorType.TRIM_HORIZON))
                        .shardIterator();
                records = it == null
                        ? List.of()
                        : getRecords(new GetRecordsRequest(it, 1)).records();
            } catch (TrimmedDataAccessException trimmed) {
                continue;
            }
            if (!records.isEmpty()) {
                Map<String, AttributeType> types = new HashMap<>();
                records.get(0).keys().forEach((name, v) -> types.put(name, v.type()));
                return types;
            }
        }
        return Map.of();
    }
}
