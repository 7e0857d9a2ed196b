package io.partita.it.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.Storage;
import io.partita.storage.api.DescribeStreamRequest;
import io.partita.storage.api.GetRecordsRequest;
import io.partita.storage.api.GetRecordsResponse;
import io.partita.storage.api.GetShardIteratorRequest;
import io.partita.storage.api.ListStreamsRequest;
import io.partita.storage.api.Shard;
import io.partita.storage.api.ShardIteratorType;
import io.partita.storage.api.StreamDescription;
import io.partita.storage.api.StreamRecord;
import io.partita.storage.api.StreamSummary;
import io.partita.storage.value.AttributeValue;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Kills a process writing to a streamed table on the durable core with SIGKILL ({@link Process#destroyForcibly()} on
 * Linux) after a random number of acknowledged writes, reopens its directory, and checks the table's stream: each
 * item has exactly one record per acknowledged write that changed it (INSERT, MODIFY or REMOVE with the images the
 * writes imply), in the order of the writes; the write in flight at the kill has all its records or none (a batch
 * write: per item); no record
 * exists for a write that did not happen (a delete of a missing item, a write never acknowledged); and sequence
 * numbers increase through the stream. Counts acknowledgements, not time.
 *
 * <p>Seed and cycles: {@code -Dpartita.crash.seed=...} (default fixed, printed), {@code -Dpartita.streamcrash.cycles=...}
 * (default 20).
 */
class StreamCrashTest {
    private static final long DEFAULT_SEED = 20261128L;
    /** The kill comes after 1 to this many acknowledged writes, while the child writes on. */
    private static final int MAX_WRITES_BEFORE_KILL = 200;

    /** One stream record as the writes imply it: the item, the event, the versions of its images (null: none). */
    record Change(String eventName, Long oldVersion, Long newVersion) {}

    @Test
    void everyAcknowledgedWriteHasExactlyOneRecordAfterSigkill() throws Exception {
        long seed = Long.getLong("partita.crash.seed", DEFAULT_SEED);
        int cycles = Integer.getInteger("partita.streamcrash.cycles", 20);
        Random random = new Random(seed);
        Path dir = Files.createTempDirectory("partita-stream-crash");
        try (Storage storage = Storage.open(dir)) {
            storage.createTable(StreamCrashWriter.table());
        }
        Map<String, Long> model = new HashMap<>();
        Map<String, List<Change>> expected = new TreeMap<>();
        long acknowledged = 0;
        int inFlightApplied = 0;
        int records = 0;
        long started = System.nanoTime();
        ExecutorService progress = Executors.newSingleThreadExecutor();
        try {
            for (int cycle = 0; cycle < cycles; cycle++) {
                Path log = dir.resolveSibling(dir.getFileName() + ".child-" + cycle + ".log");
                long firstVersion = (cycle + 1) * 1_000_000_000L;
                Process child = start(dir, random.nextLong(), log, firstVersion);
                awaitAcknowledged(child, 1 + random.nextInt(MAX_WRITES_BEFORE_KILL), progress);
                child.destroyForcibly();
                assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
                List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
                Files.delete(log);
                assertThat(lines).as("the child's output").isNotEmpty();
                assertThat(lines.get(0)).isEqualTo("READY");
                String pending = null;
                for (String line : lines.subList(1, lines.size())) {
                    if (line.startsWith("I ")) {
                        pending = line.substring(2);
                    } else if (line.equals("A")) {
                        apply(model, expected, pending);
                        pending = null;
                        acknowledged++;
                    }
                }
                Map<String, List<Change>> actual = readStream(dir);
                if (!actual.equals(expected) && pending != null) {
                    for (String applied : outcomes(pending)) {
                        Map<String, Long> modelIfApplied = new HashMap<>(model);
                        Map<String, List<Change>> ifApplied = copy(expected);
                        apply(modelIfApplied, ifApplied, applied);
                        if (actual.equals(ifApplied)) {
                            inFlightApplied++;
                            model = modelIfApplied;
                            expected = ifApplied;
                            break;
                        }
                    }
                }
                assertThat(actual)
                        .as("cycle %d (seed %d): the stream after the kill (in flight: %s)", cycle, seed, pending)
                        .isEqualTo(expected);
                records = actual.values().stream().mapToInt(List::size).sum();
            }
        } finally {
            progress.shutdownNow();
            try (Stream<Path> s = Files.walk(dir)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        System.out.printf(
                "stream crash test: seed=%d cycles=%d SIGKILLs, %d acknowledged writes, %d stream records, each write's"
                        + " records exactly once (writes in flight at the kill that were applied: %d), sequence numbers increasing (%.1f s)%n",
                seed, cycles, acknowledged, records, inFlightApplied, (System.nanoTime() - started) / 1e9);
    }

    /**
     * What the write in flight at the kill may have done if it did anything: all of it, except a batch write, whose
     * puts are each atomic on their own (DynamoDB's BatchWriteItem), so one of its two items may be written alone.
     */
    private static List<String> outcomes(String pending) {
        String[] f = pending.split(" ", -1);
        if (!f[0].equals("B")) {
            return List.of(pending);
        }
        return List.of(pending, "P " + f[1] + " " + f[3], "P " + f[2] + " " + f[3]);
    }

    private static Map<String, List<Change>> copy(Map<String, List<Change>> changes) {
        Map<String, List<Change>> out = new TreeMap<>();
        changes.forEach((k, v) -> out.put(k, new ArrayList<>(v)));
        return out;
    }

    /** Applies one logged write to the model, adding the records it makes to {@code expected}. */
    private static void apply(Map<String, Long> model, Map<String, List<Change>> expected, String op) {
        String[] f = op.split(" ", -1);
        switch (f[0]) {
            case "P" -> put(model, expected, f[1], Long.parseLong(f[2]));
            case "D" -> {
                Long old = model.remove(f[1]);
                if (old != null) {
                    expected.computeIfAbsent(f[1], k -> new ArrayList<>()).add(new Change("REMOVE", old, null));
                }
            }
            case "T" -> {
                put(model, expected, "t" + f[1] + "a", Long.parseLong(f[2]));
                put(model, expected, "t" + f[1] + "b", Long.parseLong(f[2]));
            }
            case "B" -> {
                put(model, expected, f[1], Long.parseLong(f[3]));
                put(model, expected, f[2], Long.parseLong(f[3]));
            }
            default -> throw new IllegalArgumentException(op);
        }
    }

    private static void put(Map<String, Long> model, Map<String, List<Change>> expected, String key, long version) {
        Long old = model.put(key, version);
        expected.computeIfAbsent(key, k -> new ArrayList<>())
                .add(new Change(old == null ? "INSERT" : "MODIFY", old, version));
    }

    /**
     * Opens the directory as a restart would and reads the table's one stream, every shard parents first, checking that
     * sequence numbers increase along it; the records by item.
     */
    private static Map<String, List<Change>> readStream(Path dir) {
        Map<String, List<Change>> out = new TreeMap<>();
        try (Storage storage = Storage.open(dir)) {
            storage.checkInvariants();
            List<StreamSummary> streams = storage.listStreams(ListStreamsRequest.of(StreamCrashWriter.TABLE))
                    .streams();
            assertThat(streams).hasSize(1);
            String arn = streams.get(0).streamArn();
            List<Shard> shards = new ArrayList<>();
            String after = null;
            do {
                StreamDescription d = storage.describeStream(new DescribeStreamRequest(arn, null, after));
                shards.addAll(d.shards());
                after = d.lastEvaluatedShardId();
            } while (after != null);
            BigInteger last = BigInteger.valueOf(-1);
            for (Shard shard : shards) {
                String it = storage.getShardIterator(
                                GetShardIteratorRequest.of(arn, shard.shardId(), ShardIteratorType.TRIM_HORIZON))
                        .shardIterator();
                while (it != null) {
                    GetRecordsResponse r = storage.getRecords(GetRecordsRequest.of(it));
                    for (StreamRecord record : r.records()) {
                        BigInteger sequence = new BigInteger(record.sequenceNumber());
                        assertThat(sequence).as("sequence numbers increase").isGreaterThan(last);
                        last = sequence;
                        String key = ((AttributeValue.S) record.keys().get("pk")).value();
                        out.computeIfAbsent(key, k -> new ArrayList<>())
                                .add(new Change(
                                        record.eventName().name(),
                                        version(record.oldImage()),
                                        version(record.newImage())));
                    }
                    it = r.records().isEmpty() ? null : r.nextShardIterator();
                }
            }
        }
        return out;
    }

    private static Long version(Map<String, AttributeValue> image) {
        return image == null ? null : ((AttributeValue.N) image.get("version")).longValue();
    }

    /** Starts the writer; its log goes to {@code log}, its progress to a pipe, its errors to the test's. */
    private static Process start(Path dir, long seed, Path log, long firstVersion) throws IOException {
        return ChildWriter.start(
                StreamCrashWriter.class,
                dir.toString(),
                Long.toString(seed),
                log.toString(),
                Long.toString(firstVersion));
    }

    /** Reads the child's stdout until it has acknowledged {@code count} writes; fails if it exits first or takes 60 s. */
    private static void awaitAcknowledged(Process child, int count, ExecutorService progress) throws Exception {
        ChildWriter.awaitAcknowledged(child, count, progress, "A"::equals, Duration.ofSeconds(60), "writes");
    }
}
