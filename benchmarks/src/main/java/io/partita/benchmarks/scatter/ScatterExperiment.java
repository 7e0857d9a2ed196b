package io.partita.benchmarks.scatter;

import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;

import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.ThroughputModel;
import io.partita.storage.api.IndexDescription;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * Seed 002's experiment ("Scaling Writes on Amazon DynamoDB Tables with Global Secondary Indexes"), reproduced
 * on the storage core's provisioned-throughput model, in <b>virtual time</b>.
 *
 * <h2>Set-up</h2>
 * A click-stream table keyed by {@code referrer} (200 referrers) and a unique click id receives the clicks of
 * <em>one</em> downsampled {@code eventTime} at 5,000 writes/s for 10 s. Table and index are provisioned with
 * ample capacity (10,000 WCU each), so only partition ceilings (DynamoDB's 1,000 WCU/s per partition key value)
 * can limit the rate. Two designs of the GSI that serves "events since time N":
 * <ul>
 *   <li><b>unsharded</b>: GSI partition key {@code eventTime} &mdash; every click lands in one GSI partition;</li>
 *   <li><b>scattered</b>: GSI partition key {@code scatteredValue} (a random 0..99 written with each click), sort
 *       key {@code eventTime} &mdash; the clicks spread over 100 GSI partitions, gathered at read time by
 *       querying every shard.</li>
 * </ul>
 *
 * <h2>The client</h2>
 * Clicks arrive open-loop at the target rate (one every 200 &micro;s). Each is written with PutItem; a throttled
 * put ({@code ProvisionedThroughputExceededException}, which the core raises when the hot GSI partition is out
 * of capacity, throttling the base-table write as DynamoDB does) is retried with exponential backoff and full
 * jitter (base 25 ms, cap 1 s, unlimited attempts, seeded random), the way an SDK or a stream processor would.
 * The simulation is a discrete-event loop: the core's clock is a {@link VirtualClock} set to each attempt's
 * time, so the 10 s of the experiment take well under a second of real time and the numbers are deterministic.
 * After the arrival window the backlog drains with no new arrivals.
 *
 * <h2>What it reports</h2>
 * <ul>
 *   <li><b>achieved write rate</b>: clicks written during the arrival window / its length;</li>
 *   <li><b>throttled requests</b>: puts refused during the window (and during the drain);</li>
 *   <li><b>index lag</b>: time from a click's arrival to its visibility in the GSI. In the core's default SYNC
 *       mode a GSI short of capacity throttles the table write instead of lagging behind it (DynamoDB's rule),
 *       so the lag is the time the click spent throttled and waiting in the client's retry backlog; with
 *       {@code --async-delay-ms} the core's ASYNC propagation delay is added. Reported as p50 / p99 / max over
 *       the clicks written in the window, and as the backlog left at the window's end and the time to drain it.</li>
 * </ul>
 * Expected shape: unsharded capped near 1,000 writes/s (the first second's bucket plus 1,000/s) with tens of
 * thousands of throttles and a lag that grows through the run; scattered sustaining the full 5,000 writes/s
 * with no throttling and no lag.
 *
 * <h2>Run</h2>
 * <pre>
 * mvn -B -q -o -pl benchmarks -am -DskipTests package
 * java -cp runtime/target/classes:benchmarks/target/classes io.partita.benchmarks.scatter.ScatterExperiment
 * </pre>
 * Options: {@code --rate 5000 --seconds 10 --shards 100 --referrers 200 --async-delay-ms 0 --seed 42}.
 */
public final class ScatterExperiment {
    private static final String TABLE = "Clicks";
    private static final String INDEX = "ByEventTime";
    private static final String EVENT_TIME = "2015-06-15T10:31:00";
    private static final long MILLI = 1_000_000L;
    private static final long SECOND = 1_000_000_000L;

    /** The experiment's parameters. {@code shards == 0} is the unsharded design. */
    public record Config(
            int ratePerSecond,
            int seconds,
            int shards,
            int referrers,
            int writers,
            long asyncDelayMillis,
            long baseBackoffMillis,
            long maxBackoffMillis,
            long seed) {
        public static Config seed002(int shards) {
            return new Config(5_000, 10, shards, 200, 50, 0, 25, 1_000, 42);
        }

        public Config withShards(int n) {
            return new Config(
                    ratePerSecond,
                    seconds,
                    n,
                    referrers,
                    writers,
                    asyncDelayMillis,
                    baseBackoffMillis,
                    maxBackoffMillis,
                    seed);
        }

        Config with(String option, long v) {
            return switch (option) {
                case "--rate" ->
                    new Config(
                            (int) v,
                            seconds,
                            shards,
                            referrers,
                            writers,
                            asyncDelayMillis,
                            baseBackoffMillis,
                            maxBackoffMillis,
                            seed);
                case "--seconds" ->
                    new Config(
                            ratePerSecond,
                            (int) v,
                            shards,
                            referrers,
                            writers,
                            asyncDelayMillis,
                            baseBackoffMillis,
                            maxBackoffMillis,
                            seed);
                case "--referrers" ->
                    new Config(
                            ratePerSecond,
                            seconds,
                            shards,
                            (int) v,
                            writers,
                            asyncDelayMillis,
                            baseBackoffMillis,
                            maxBackoffMillis,
                            seed);
                case "--writers" ->
                    new Config(
                            ratePerSecond,
                            seconds,
                            shards,
                            referrers,
                            (int) v,
                            asyncDelayMillis,
                            baseBackoffMillis,
                            maxBackoffMillis,
                            seed);
                case "--async-delay-ms" ->
                    new Config(
                            ratePerSecond,
                            seconds,
                            shards,
                            referrers,
                            writers,
                            v,
                            baseBackoffMillis,
                            maxBackoffMillis,
                            seed);
                case "--base-backoff-ms" ->
                    new Config(
                            ratePerSecond,
                            seconds,
                            shards,
                            referrers,
                            writers,
                            asyncDelayMillis,
                            v,
                            maxBackoffMillis,
                            seed);
                case "--max-backoff-ms" ->
                    new Config(
                            ratePerSecond,
                            seconds,
                            shards,
                            referrers,
                            writers,
                            asyncDelayMillis,
                            baseBackoffMillis,
                            v,
                            seed);
                case "--seed" ->
                    new Config(
                            ratePerSecond,
                            seconds,
                            shards,
                            referrers,
                            writers,
                            asyncDelayMillis,
                            baseBackoffMillis,
                            maxBackoffMillis,
                            v);
                default -> throw new IllegalArgumentException("unknown option " + option);
            };
        }
    }

    /** What one run measured; lags in milliseconds of virtual time. */
    public record Result(
            Config config,
            long offered,
            long writtenInWindow,
            long throttledInWindow,
            double achievedPerSecond,
            double lagP50Millis,
            double lagP99Millis,
            double lagMaxMillis,
            long backlogAtEnd,
            long throttledInDrain,
            double drainSeconds,
            double lagMaxIncludingDrainMillis,
            long indexEntries) {}

    private record Attempt(long atNanos, long seq, int click, int attempt) {}

    private ScatterExperiment() {}

    public static Result run(Config c) {
        VirtualClock clock = new VirtualClock();
        StorageOptions options =
                StorageOptions.defaults().withClock(clock).withThroughputModel(ThroughputModel.defaults());
        if (c.asyncDelayMillis() > 0) {
            options = options.withAsyncGsiPropagation(Duration.ofMillis(c.asyncDelayMillis()));
        }
        try (Storage db = Storage.inMemory(options)) {
            db.createTable(table(c.shards()));
            return simulate(db, clock, c);
        }
    }

    static TableDefinition table(int shards) {
        ProvisionedThroughput ample = new ProvisionedThroughput(10_000, 10_000);
        GlobalSecondaryIndex gsi = shards == 0
                ? new GlobalSecondaryIndex(
                        INDEX, List.of(KeyAttribute.s("eventTime")), List.of(), Projection.keysOnly(), ample)
                : new GlobalSecondaryIndex(
                        INDEX,
                        List.of(KeyAttribute.n("scatteredValue")),
                        List.of(KeyAttribute.s("eventTime")),
                        Projection.keysOnly(),
                        ample);
        return TableDefinition.builder(TABLE)
                .partitionKey(KeyAttribute.s("referrer"))
                .sortKey(KeyAttribute.s("clickId"))
                .provisionedThroughput(ample)
                .globalSecondaryIndex(gsi)
                .build();
    }

    private static Result simulate(Storage db, VirtualClock clock, Config c) {
        int clicks = c.ratePerSecond() * c.seconds();
        long interval = SECOND / c.ratePerSecond();
        long windowEnd = (long) c.seconds() * SECOND;
        long delay = c.asyncDelayMillis() * MILLI;
        SplittableRandom random = new SplittableRandom(c.seed());
        List<Map<String, AttributeValue>> items = new ArrayList<>(clicks);
        for (int i = 0; i < clicks; i++) {
            items.add(click(i, c, random));
        }
        // Writers: each takes the oldest click not yet taken, puts it, and on a throttle backs off and retries it.
        PriorityQueue<Attempt> queue = new PriorityQueue<>(
                (a, b) -> a.atNanos != b.atNanos ? Long.compare(a.atNanos, b.atNanos) : Long.compare(a.seq, b.seq));
        int idleWriters = c.writers();
        long seq = 0;
        int arrived = 0;
        int taken = 0;
        int written = 0;
        long[] lagInWindow = new long[clicks];
        int writtenInWindow = 0;
        long throttledInWindow = 0;
        long throttledInDrain = 0;
        long lastWrite = 0;
        long maxLag = 0;
        while (written < clicks) {
            long arrivalAt = arrived < clicks ? arrived * interval : Long.MAX_VALUE;
            if (queue.isEmpty() || arrivalAt < queue.peek().atNanos) {
                arrived++;
                if (idleWriters > 0) {
                    idleWriters--;
                    queue.add(new Attempt(arrivalAt, seq++, taken++, 0));
                }
                continue;
            }
            Attempt a = queue.poll();
            clock.setNanos(a.atNanos);
            try {
                db.putItem(PutItemRequest.builder()
                        .tableName(TABLE)
                        .item(items.get(a.click))
                        .build());
            } catch (ProvisionedThroughputExceededException e) {
                if (a.atNanos < windowEnd) {
                    throttledInWindow++;
                } else {
                    throttledInDrain++;
                }
                long cap = Math.min(
                        c.maxBackoffMillis() * MILLI, (c.baseBackoffMillis() * MILLI) << Math.min(a.attempt, 20));
                queue.add(new Attempt(
                        a.atNanos + 1 + random.nextLong(cap), seq++, a.click, a.attempt + 1)); // full jitter
                continue;
            }
            written++;
            long lag = a.atNanos - a.click * interval + delay;
            maxLag = Math.max(maxLag, lag);
            lastWrite = a.atNanos;
            if (a.atNanos < windowEnd) {
                lagInWindow[writtenInWindow++] = lag;
            }
            if (taken < arrived) {
                queue.add(new Attempt(a.atNanos, seq++, taken++, 0)); // the backlog's next click, straight away
            } else {
                idleWriters++;
            }
        }
        long[] lags = Arrays.copyOf(lagInWindow, writtenInWindow);
        Arrays.sort(lags);
        db.flushGsiPropagation();
        long entries = db.describeTable(TABLE).indexes().stream()
                .filter(i -> i.indexName().equals(INDEX))
                .mapToLong(IndexDescription::itemCount)
                .sum();
        return new Result(
                c,
                clicks,
                writtenInWindow,
                throttledInWindow,
                writtenInWindow / (double) c.seconds(),
                percentile(lags, 0.50),
                percentile(lags, 0.99),
                lags.length == 0 ? 0 : lags[lags.length - 1] / 1e6,
                clicks - writtenInWindow,
                throttledInDrain,
                Math.max(0, lastWrite - windowEnd) / 1e9,
                maxLag / 1e6,
                entries);
    }

    private static Map<String, AttributeValue> click(int i, Config c, SplittableRandom random) {
        AttributeValue referrer = s("referrer-" + (i % c.referrers()));
        AttributeValue id = s(String.format("click-%08d", i));
        return c.shards() == 0
                ? Map.of("referrer", referrer, "clickId", id, "eventTime", s(EVENT_TIME))
                : Map.of(
                        "referrer",
                        referrer,
                        "clickId",
                        id,
                        "eventTime",
                        s(EVENT_TIME),
                        "scatteredValue",
                        n(random.nextInt(c.shards())));
    }

    private static double percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        int i = (int) Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1);
        return sorted[Math.max(0, i)] / 1e6;
    }

    public static void main(String[] args) {
        Config base = Config.seed002(0);
        int shards = 100;
        for (int i = 0; i + 1 < args.length; i += 2) {
            long v = Long.parseLong(args[i + 1]);
            if (args[i].equals("--shards")) {
                shards = (int) v;
            } else {
                base = base.with(args[i], v);
            }
        }
        System.out.printf(
                Locale.ROOT,
                "Seed 002 scatter experiment on the throughput model, in virtual time: clicks of one eventTime offered at "
                        + "%,d/s for %d s, %d referrers, %d writers (backoff %d..%d ms, full jitter), partition ceiling %,.0f WCU/s, "
                        + "table and GSI provisioned 10,000 WCU, GSI propagation %s%n%n",
                base.ratePerSecond(),
                base.seconds(),
                base.referrers(),
                base.writers(),
                base.baseBackoffMillis(),
                base.maxBackoffMillis(),
                ThroughputModel.DEFAULT_PARTITION_WRITE_UNITS,
                base.asyncDelayMillis() == 0 ? "SYNC" : "ASYNC +" + base.asyncDelayMillis() + " ms");
        System.out.printf(
                Locale.ROOT,
                "%-22s %9s %9s %10s | %11s %11s %11s | %8s %8s %10s %12s %8s%n",
                "GSI design",
                "writes/s",
                "written",
                "throttled",
                "lag p50 ms",
                "lag p99 ms",
                "lag max ms",
                "backlog",
                "drain s",
                "drain thr.",
                "lag max ms*",
                "entries");
        for (int n : new int[] {0, shards}) {
            long started = System.nanoTime();
            Result r = run(base.withShards(n));
            System.out.printf(
                    Locale.ROOT,
                    "%-22s %9.0f %9d %10d | %11.1f %11.1f %11.1f | %8d %8.1f %10d %12.1f %8d   (%.2f s real)%n",
                    n == 0 ? "unsharded (eventTime)" : "scattered x" + n,
                    r.achievedPerSecond(),
                    r.writtenInWindow(),
                    r.throttledInWindow(),
                    r.lagP50Millis(),
                    r.lagP99Millis(),
                    r.lagMaxMillis(),
                    r.backlogAtEnd(),
                    r.drainSeconds(),
                    r.throttledInDrain(),
                    r.lagMaxIncludingDrainMillis(),
                    r.indexEntries(),
                    (System.nanoTime() - started) / 1e9);
        }
        System.out.println(
                "\nwrites/s, written, throttled and lag p50/p99/max: during the arrival window; backlog: clicks not yet written when it"
                        + " ends;\ndrain s / drain thr.: virtual seconds and throttles to write the backlog afterwards; lag max ms*: over every click;"
                        + " entries: GSI entries at the end.");
    }
}
