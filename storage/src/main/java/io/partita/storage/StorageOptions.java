package io.partita.storage;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * Settings of one storage core. Defaults match DynamoDB's limits with synchronous GSI propagation.
 *
 * @param clock                      time source for GSI propagation delays and throughput buckets
 * @param gsiPropagation             SYNC (default) or ASYNC
 * @param gsiPropagationDelay        how long an ASYNC write stays invisible in its GSIs
 * @param itemCollectionSizeLimit    bytes per item collection on tables with LSIs (DynamoDB: 10 GB)
 * @param throughputModel            the provisioned-throughput model, or null (default) for none: no throttling
 * @param timeToLiveSweepInterval    how often a background thread deletes expired items of tables with time to
 *                                   live enabled (default 1 s, so an item is deleted about a second after it
 *                                   expires); {@link Duration#ZERO} runs no thread: items expire only when
 *                                   {@link Storage#expireItems()} is called. "Now" is {@code clock}'s.
 * @param streamShardMaxRecords      a stream's open shard closes, and a child shard continues it, once it holds this
 *                                   many records (default 100,000)
 * @param streamShardMaxAge          ... or once it has been open this long on {@code clock} (default 4 hours)
 */
public record StorageOptions(
        Clock clock,
        GsiPropagation gsiPropagation,
        Duration gsiPropagationDelay,
        long itemCollectionSizeLimit,
        ThroughputModel throughputModel,
        Duration timeToLiveSweepInterval,
        int streamShardMaxRecords,
        Duration streamShardMaxAge) {
    public static final long TEN_GB = 10L * 1024 * 1024 * 1024;
    /** The default {@link #timeToLiveSweepInterval()}. */
    public static final Duration DEFAULT_TTL_SWEEP_INTERVAL = Duration.ofSeconds(1);
    /** The default {@link #streamShardMaxRecords()}. */
    public static final int DEFAULT_STREAM_SHARD_MAX_RECORDS = 100_000;
    /** The default {@link #streamShardMaxAge()}. */
    public static final Duration DEFAULT_STREAM_SHARD_MAX_AGE = Duration.ofHours(4);

    public StorageOptions {
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(gsiPropagation, "gsiPropagation");
        Objects.requireNonNull(gsiPropagationDelay, "gsiPropagationDelay");
        if (itemCollectionSizeLimit <= 0) {
            throw new IllegalArgumentException(
                    "itemCollectionSizeLimit must be positive, got " + itemCollectionSizeLimit);
        }
        Objects.requireNonNull(timeToLiveSweepInterval, "timeToLiveSweepInterval");
        if (timeToLiveSweepInterval.isNegative()) {
            throw new IllegalArgumentException(
                    "timeToLiveSweepInterval must not be negative, got " + timeToLiveSweepInterval);
        }
        if (streamShardMaxRecords < 1) {
            throw new IllegalArgumentException("streamShardMaxRecords must be positive, got " + streamShardMaxRecords);
        }
        Objects.requireNonNull(streamShardMaxAge, "streamShardMaxAge");
        if (streamShardMaxAge.isNegative() || streamShardMaxAge.isZero()) {
            throw new IllegalArgumentException("streamShardMaxAge must be positive, got " + streamShardMaxAge);
        }
    }

    /** Options with the default stream shard rollover. */
    public StorageOptions(
            Clock clock,
            GsiPropagation gsiPropagation,
            Duration gsiPropagationDelay,
            long itemCollectionSizeLimit,
            ThroughputModel throughputModel,
            Duration timeToLiveSweepInterval) {
        this(
                clock,
                gsiPropagation,
                gsiPropagationDelay,
                itemCollectionSizeLimit,
                throughputModel,
                timeToLiveSweepInterval,
                DEFAULT_STREAM_SHARD_MAX_RECORDS,
                DEFAULT_STREAM_SHARD_MAX_AGE);
    }

    /** Options with the default time-to-live sweep interval. */
    public StorageOptions(
            Clock clock,
            GsiPropagation gsiPropagation,
            Duration gsiPropagationDelay,
            long itemCollectionSizeLimit,
            ThroughputModel throughputModel) {
        this(
                clock,
                gsiPropagation,
                gsiPropagationDelay,
                itemCollectionSizeLimit,
                throughputModel,
                DEFAULT_TTL_SWEEP_INTERVAL);
    }

    /** Options without the throughput model. */
    public StorageOptions(
            Clock clock, GsiPropagation gsiPropagation, Duration gsiPropagationDelay, long itemCollectionSizeLimit) {
        this(clock, gsiPropagation, gsiPropagationDelay, itemCollectionSizeLimit, null, DEFAULT_TTL_SWEEP_INTERVAL);
    }

    public static StorageOptions defaults() {
        return new StorageOptions(
                Clock.systemUTC(), GsiPropagation.SYNC, Duration.ZERO, TEN_GB, null, DEFAULT_TTL_SWEEP_INTERVAL);
    }

    public StorageOptions withClock(Clock clock) {
        return new StorageOptions(
                clock,
                gsiPropagation,
                gsiPropagationDelay,
                itemCollectionSizeLimit,
                throughputModel,
                timeToLiveSweepInterval,
                streamShardMaxRecords,
                streamShardMaxAge);
    }

    /** Switches to ASYNC propagation with the given delay. */
    public StorageOptions withAsyncGsiPropagation(Duration delay) {
        return new StorageOptions(
                clock,
                GsiPropagation.ASYNC,
                delay,
                itemCollectionSizeLimit,
                throughputModel,
                timeToLiveSweepInterval,
                streamShardMaxRecords,
                streamShardMaxAge);
    }

    public StorageOptions withItemCollectionSizeLimit(long bytes) {
        return new StorageOptions(
                clock,
                gsiPropagation,
                gsiPropagationDelay,
                bytes,
                throughputModel,
                timeToLiveSweepInterval,
                streamShardMaxRecords,
                streamShardMaxAge);
    }

    /**
     * Switches the provisioned-throughput model on (the one switch; null switches it off): tables and GSIs
     * are throttled by token buckets on {@link #clock()}. See {@link ThroughputModel}.
     */
    public StorageOptions withThroughputModel(ThroughputModel model) {
        return new StorageOptions(
                clock,
                gsiPropagation,
                gsiPropagationDelay,
                itemCollectionSizeLimit,
                model,
                timeToLiveSweepInterval,
                streamShardMaxRecords,
                streamShardMaxAge);
    }

    /**
     * How often the background thread deletes expired items ({@link Duration#ZERO}: no thread; tests then call
     * {@link Storage#expireItems()} to run a sweep at a chosen moment of their clock).
     */
    public StorageOptions withTimeToLiveSweepInterval(Duration interval) {
        return new StorageOptions(
                clock,
                gsiPropagation,
                gsiPropagationDelay,
                itemCollectionSizeLimit,
                throughputModel,
                interval,
                streamShardMaxRecords,
                streamShardMaxAge);
    }

    /**
     * When a stream's open shard closes and a child shard continues it: after {@code maxRecords} records or
     * {@code maxAge} on the clock, whichever comes first (DynamoDB rolls shards over about every four hours).
     */
    public StorageOptions withStreamShardRollover(int maxRecords, Duration maxAge) {
        return new StorageOptions(
                clock,
                gsiPropagation,
                gsiPropagationDelay,
                itemCollectionSizeLimit,
                throughputModel,
                timeToLiveSweepInterval,
                maxRecords,
                maxAge);
    }
}
