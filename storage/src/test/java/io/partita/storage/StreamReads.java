package io.partita.storage;

import io.partita.storage.api.DescribeStreamRequest;
import io.partita.storage.api.GetRecordsRequest;
import io.partita.storage.api.GetRecordsResponse;
import io.partita.storage.api.GetShardIteratorRequest;
import io.partita.storage.api.Shard;
import io.partita.storage.api.ShardIteratorType;
import io.partita.storage.api.StreamDescription;
import io.partita.storage.api.StreamRecord;
import java.util.ArrayList;
import java.util.List;

/** Reading a whole stream as a consumer does: every shard, parents before children, each to its end. */
public final class StreamReads {
    private StreamReads() {}

    /** Every shard of the stream, following DescribeStream's pages. */
    public static List<Shard> shards(Backend db, String streamArn) {
        List<Shard> all = new ArrayList<>();
        String start = null;
        do {
            StreamDescription d = db.describeStream(new DescribeStreamRequest(streamArn, null, start));
            all.addAll(d.shards());
            start = d.lastEvaluatedShardId();
        } while (start != null);
        return all;
    }

    /**
     * Every record of the stream, in shard order (a parent is read before its child) and, in each shard, from
     * TRIM_HORIZON until GetRecords returns no next iterator (closed shard) or no records (open shard).
     */
    public static List<StreamRecord> readAll(Backend db, String streamArn, Integer limit) {
        List<StreamRecord> out = new ArrayList<>();
        for (Shard s : shards(db, streamArn)) { // DescribeStream lists parents before their children
            String it = db.getShardIterator(
                            GetShardIteratorRequest.of(streamArn, s.shardId(), ShardIteratorType.TRIM_HORIZON))
                    .shardIterator();
            while (it != null) {
                GetRecordsResponse r = db.getRecords(new GetRecordsRequest(it, limit));
                out.addAll(r.records());
                if (r.records().isEmpty() && !s.isClosed()) {
                    break;
                }
                it = r.nextShardIterator();
            }
        }
        return out;
    }

    public static List<StreamRecord> readAll(Backend db, String streamArn) {
        return readAll(db, streamArn, null);
    }
}
