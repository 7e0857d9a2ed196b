package io.partita.benchmarks.feed;

import io.partita.Change;
import io.partita.ChangeFeed;
import io.partita.Partita;
import io.partita.StartingPosition;
import io.partita.storage.Storage;
import io.partita.storage.api.DescribeStreamRequest;
import io.partita.storage.api.GetRecordsRequest;
import io.partita.storage.api.GetRecordsResponse;
import io.partita.storage.api.GetShardIteratorRequest;
import io.partita.storage.api.ListStreamsRequest;
import io.partita.storage.api.Shard;
import io.partita.storage.api.ShardIteratorType;
import io.partita.storage.api.StreamRecord;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Reading 1,000 stream records from the start of a table's stream on the in-memory core (issue 28): through a
 * generated repository's typed feed ({@code changes(TRIM_HORIZON)}, every record decoded into two
 * {@link StreamedItem}s and a typed key) against the raw loop a user would write over the same core (ListStreams,
 * DescribeStream, GetShardIterator, GetRecords until 1,000 records, nothing decoded). One operation is the whole
 * read of 1,000 records, opening included.
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar FeedReadBench -f 1 -wi 3 -w 1s -i 5 -r 1s -prof gc</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Benchmark)
public class FeedReadBench {
    static final int RECORDS = 1_000;

    private Storage storage;
    private Partita db;
    private StreamedItemRepository repo;

    @Setup(Level.Trial)
    public void start() {
        storage = Storage.inMemory();
        db = Partita.builder(storage).build();
        repo = StreamedItemRepository.of(db);
        for (int i = 0; i < RECORDS; i++) {
            repo.put(new StreamedItem("p" + (i % 50), "s" + i, "value " + i, i, "d"));
        }
    }

    @TearDown(Level.Trial)
    public void stop() {
        db.close();
    }

    @Benchmark
    public List<Change<StreamedItem>> typedFeed() {
        List<Change<StreamedItem>> read = new ArrayList<>(RECORDS);
        try (ChangeFeed<StreamedItem> feed = repo.changes(StartingPosition.TRIM_HORIZON)) {
            while (read.size() < RECORDS) {
                read.addAll(feed.poll(Duration.ofSeconds(1)));
            }
        }
        return read;
    }

    @Benchmark
    public List<StreamRecord> rawGetRecords() {
        String arn = storage.listStreams(new ListStreamsRequest("Streamed", null, null))
                .streams()
                .get(0)
                .streamArn();
        List<StreamRecord> read = new ArrayList<>(RECORDS);
        for (Shard shard : storage.describeStream(new DescribeStreamRequest(arn, null, null))
                .shards()) {
            String iterator = storage.getShardIterator(
                            GetShardIteratorRequest.of(arn, shard.shardId(), ShardIteratorType.TRIM_HORIZON))
                    .shardIterator();
            while (iterator != null && read.size() < RECORDS) {
                GetRecordsResponse page = storage.getRecords(new GetRecordsRequest(iterator, null));
                read.addAll(page.records());
                iterator = page.records().isEmpty() ? null : page.nextShardIterator();
            }
        }
        if (read.size() != RECORDS) {
            throw new IllegalStateException("read " + read.size() + " records, expected " + RECORDS);
        }
        return read;
    }
}
