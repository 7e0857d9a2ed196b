package io.partita.server;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Reads a table's stream through {@link DynamoDbStreamsClient} as a consumer does (every shard, parents first, from
 * TRIM_HORIZON until a shard is read to its end or has nothing more), and puts records in a form two servers can be
 * compared in: per item, its changes as (eventName, Keys, OldImage, NewImage), numbers by value and sets unordered.
 */
final class StreamReader {
    /** One record as the differential test compares it. */
    record Change(String eventName, Object keys, Object oldImage, Object newImage) {}

    private StreamReader() {}

    /** The stream's records, shard after shard in DescribeStream's order (a parent before its children). */
    static List<Record> records(DynamoDbStreamsClient streams, String streamArn) {
        List<Shard> shards = new ArrayList<>();
        String start = null;
        do {
            String after = start;
            DescribeStreamResponse d =
                    streams.describeStream(b -> b.streamArn(streamArn).exclusiveStartShardId(after));
            shards.addAll(d.streamDescription().shards());
            start = d.streamDescription().lastEvaluatedShardId();
        } while (start != null);
        List<Record> out = new ArrayList<>();
        for (Shard s : shards) {
            String it = streams.getShardIterator(b -> b.streamArn(streamArn)
                            .shardId(s.shardId())
                            .shardIteratorType(ShardIteratorType.TRIM_HORIZON))
                    .shardIterator();
            while (it != null) {
                String current = it;
                GetRecordsResponse r = streams.getRecords(b -> b.shardIterator(current));
                out.addAll(r.records());
                it = r.records().isEmpty() ? null : r.nextShardIterator();
            }
        }
        return out;
    }

    /** The records grouped by item (its keys, canonical), each item's changes in stream order. */
    static Map<Object, List<Change>> byItem(List<Record> records) {
        Map<Object, List<Change>> out = new LinkedHashMap<>();
        for (Record r : records) {
            Object keys = canonical(r.dynamodb().keys());
            out.computeIfAbsent(keys, k -> new ArrayList<>())
                    .add(new Change(
                            r.eventNameAsString(),
                            keys,
                            r.dynamodb().hasOldImage() ? canonical(r.dynamodb().oldImage()) : null,
                            r.dynamodb().hasNewImage() ? canonical(r.dynamodb().newImage()) : null));
        }
        return out;
    }

    /** An item in a comparable form: sorted by attribute name, numbers by value, sets without order. */
    static Object canonical(Map<String, AttributeValue> item) {
        Map<String, Object> out = new TreeMap<>();
        item.forEach((k, v) -> out.put(k, canonical(v)));
        return out;
    }

    private static Object canonical(AttributeValue v) {
        if (v.s() != null) {
            return "S:" + v.s();
        }
        if (v.n() != null) {
            return "N:" + new BigDecimal(v.n()).stripTrailingZeros().toPlainString();
        }
        if (v.bool() != null) {
            return "BOOL:" + v.bool();
        }
        if (Boolean.TRUE.equals(v.nul())) {
            return "NULL";
        }
        if (v.hasSs()) {
            return "SS:" + new TreeSet<>(v.ss());
        }
        if (v.hasNs()) {
            TreeSet<BigDecimal> ns = new TreeSet<>();
            v.ns().forEach(n -> ns.add(new BigDecimal(n).stripTrailingZeros()));
            return "NS:" + ns;
        }
        if (v.hasM()) {
            return canonical(v.m());
        }
        if (v.hasL()) {
            List<Object> l = new ArrayList<>();
            v.l().forEach(e -> l.add(canonical(e)));
            return l;
        }
        return v.toString();
    }
}
