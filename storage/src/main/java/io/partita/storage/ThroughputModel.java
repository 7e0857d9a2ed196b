package io.partita.storage;

import java.time.Duration;
import java.util.Objects;

/**
 * The optional provisioned-throughput model of the storage core: token buckets, refilled from
 * {@link StorageOptions#clock()}, that throttle requests the way DynamoDB does. Off by default; switched on
 * with {@link StorageOptions#withThroughputModel(ThroughputModel)}, after which:
 *
 * <ul>
 *   <li><b>Table and GSI capacity.</b> A table with {@code provisionedThroughput} gets a read and a write
 *       bucket refilled at its RCU / WCU per second; each GSI with its own {@code provisionedThroughput} gets
 *       its own pair. A table or GSI without one is <em>on demand</em>: no table- or index-level limit, only
 *       the per-partition ceilings (DynamoDB's on-demand account quotas and its "double the previous peak"
 *       scaling are not modelled). LSIs share their table's capacity, as in DynamoDB.</li>
 *   <li><b>Per-partition ceilings.</b> Every partition key value of a table, and every partition key value of
 *       each GSI, has its own buckets: {@link #partitionWriteUnitsPerSecond()} (default 1,000) and
 *       {@link #partitionReadUnitsPerSecond()} (default 3,000). This is what makes one GSI key value a hot
 *       partition no matter how much capacity the index is given (seed 002).</li>
 *   <li><b>Burst.</b> A table or GSI bucket starts with one second of capacity and saves unused capacity up to
 *       {@link #burstWindow()} (DynamoDB keeps up to 300 seconds). Partition buckets hold at most
 *       {@link #partitionBurstWindow()} (default 1 second) of their ceiling: the per-partition limit is a hard
 *       ceiling that burst capacity never lifts; a partition that has been idle starts full.</li>
 *   <li><b>What a request consumes</b> is what {@code ReturnConsumedCapacity} reports (the seeds' rules): a
 *       write takes its base units (plus LSI units) from the table and the item's partition, and each GSI
 *       entry it writes from that GSI and that entry's GSI partition (a key change: the delete from the old
 *       partition, the put from the new one). If any bucket lacks the units, nothing is consumed, nothing is
 *       written, and the request fails with {@link ProvisionedThroughputExceededException} naming the table,
 *       index and partition key value that ran out. A GSI short of write capacity therefore throttles writes
 *       to its base table (seed 000).</li>
 *   <li>A bucket admits a request when it holds the units, or when it is full (so a request larger than a
 *       bucket can ever hold still passes, driving the bucket into debt, as DynamoDB does with large items).</li>
 *   <li><b>Reads</b> take their units (4 KB, half for eventually consistent reads, LSI fetches included) from
 *       the table or GSI they read and from the partition read: GetItem and Query from their partition, a Scan
 *       only from its table or GSI. A throttled read returns nothing.</li>
 *   <li><b>Batches</b> (DynamoDB semantics): throttled writes of a BatchWriteItem come back in
 *       {@code unprocessedItems}, throttled keys of a BatchGetItem in {@code unprocessedKeys} (with their
 *       projection); when nothing at all could be processed the call fails with
 *       {@link ProvisionedThroughputExceededException}.</li>
 *   <li><b>Transactions</b> are charged as a whole (twice the units, as reported) and are cancelled with
 *       {@link TransactionCanceledException}: the actions at fault carry {@code ProvisionedThroughputExceeded}
 *       when their table or GSI is provisioned, {@code ThrottlingError} when it is on demand (DynamoDB's
 *       cancellation codes); the others {@code None}. Nothing is written and no capacity is taken.</li>
 *   <li><b>GSI propagation.</b> DynamoDB throttles the base-table write when a GSI lacks capacity rather than
 *       letting the index fall behind, and so does the model: the GSI is charged when the table is written, in
 *       SYNC and ASYNC mode alike. Index lag is therefore the ASYNC propagation delay, plus whatever time a
 *       client spends retrying throttled writes (the scatter experiment in {@code benchmarks} measures it).</li>
 *   <li><b>Not modelled</b>: adaptive capacity and partition splits, on-demand scaling limits, UpdateTable
 *       changes of capacity, capacity consumed by GSI backfills, and capacity consumed by writes whose
 *       condition fails (they are rejected before any charge, as the capacity report ignores them too).</li>
 * </ul>
 *
 * <p>Costs: off, the engine's write and read paths call a policy that does nothing (and is inlined away).
 * On, every request takes one lock for its admission (a few bucket refills), so the model is a simulation
 * aid, not a production rate limiter.
 *
 * @param partitionWriteUnitsPerSecond write units per second per partition key value (table and each GSI)
 * @param partitionReadUnitsPerSecond  read units per second per partition key value (table and each GSI)
 * @param burstWindow                  how much unused table / GSI capacity is saved (DynamoDB: 300 s)
 * @param partitionBurstWindow         how much of its ceiling a partition bucket holds (1 s: a hard ceiling)
 */
public record ThroughputModel(
        double partitionWriteUnitsPerSecond,
        double partitionReadUnitsPerSecond,
        Duration burstWindow,
        Duration partitionBurstWindow) {
    public static final double DEFAULT_PARTITION_WRITE_UNITS = 1_000;
    public static final double DEFAULT_PARTITION_READ_UNITS = 3_000;
    public static final Duration DEFAULT_BURST_WINDOW = Duration.ofMinutes(5);
    public static final Duration DEFAULT_PARTITION_BURST_WINDOW = Duration.ofSeconds(1);

    public ThroughputModel {
        if (!(partitionWriteUnitsPerSecond > 0) || !(partitionReadUnitsPerSecond > 0)) {
            throw new IllegalArgumentException(
                    "partition ceilings must be positive, got " + partitionWriteUnitsPerSecond + " write / "
                            + partitionReadUnitsPerSecond + " read units per second");
        }
        Objects.requireNonNull(burstWindow, "burstWindow");
        Objects.requireNonNull(partitionBurstWindow, "partitionBurstWindow");
        if (burstWindow.isNegative()
                || burstWindow.isZero()
                || partitionBurstWindow.isNegative()
                || partitionBurstWindow.isZero()) {
            throw new IllegalArgumentException(
                    "burst windows must be positive, got " + burstWindow + " and " + partitionBurstWindow);
        }
    }

    /** DynamoDB's figures: 1,000 WCU/s and 3,000 RCU/s per partition key value, 300 s of burst. */
    public static ThroughputModel defaults() {
        return new ThroughputModel(
                DEFAULT_PARTITION_WRITE_UNITS,
                DEFAULT_PARTITION_READ_UNITS,
                DEFAULT_BURST_WINDOW,
                DEFAULT_PARTITION_BURST_WINDOW);
    }

    public ThroughputModel withPartitionCeilings(double writeUnitsPerSecond, double readUnitsPerSecond) {
        return new ThroughputModel(writeUnitsPerSecond, readUnitsPerSecond, burstWindow, partitionBurstWindow);
    }

    public ThroughputModel withBurstWindow(Duration window) {
        return new ThroughputModel(
                partitionWriteUnitsPerSecond, partitionReadUnitsPerSecond, window, partitionBurstWindow);
    }

    public ThroughputModel withPartitionBurstWindow(Duration window) {
        return new ThroughputModel(partitionWriteUnitsPerSecond, partitionReadUnitsPerSecond, burstWindow, window);
    }
}
