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
 */
public record StorageOptions(
        Clock clock,
        GsiPropagation gsiPropagation,
        Duration gsiPropagationDelay,
        long itemCollectionSizeLimit,
        ThroughputModel throughputModel) {
    public static final long TEN_GB = 10L * 1024 * 1024 * 1024;

    public StorageOptions {
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(gsiPropagation, "gsiPropagation");
        Objects.requireNonNull(gsiPropagationDelay, "gsiPropagationDelay");
        if (itemCollectionSizeLimit <= 0) {
            throw new IllegalArgumentException(
                    "itemCollectionSizeLimit must be positive, got " + itemCollectionSizeLimit);
        }
    }

    /** Options without the throughput model. */
    public StorageOptions(
            Clock clock, GsiPropagation gsiPropagation, Duration gsiPropagationDelay, long itemCollectionSizeLimit) {
        this(clock, gsiPropagation, gsiPropagationDelay, itemCollectionSizeLimit, null);
    }

    public static StorageOptions defaults() {
        return new StorageOptions(Clock.systemUTC(), GsiPropagation.SYNC, Duration.ZERO, TEN_GB, null);
    }

    public StorageOptions withClock(Clock clock) {
        return new StorageOptions(clock, gsiPropagation, gsiPropagationDelay, itemCollectionSizeLimit, throughputModel);
    }

    /** Switches to ASYNC propagation with the given delay. */
    public StorageOptions withAsyncGsiPropagation(Duration delay) {
        return new StorageOptions(clock, GsiPropagation.ASYNC, delay, itemCollectionSizeLimit, throughputModel);
    }

    public StorageOptions withItemCollectionSizeLimit(long bytes) {
        return new StorageOptions(clock, gsiPropagation, gsiPropagationDelay, bytes, throughputModel);
    }

    /**
     * Switches the provisioned-throughput model on (the one switch; null switches it off): tables and GSIs
     * are throttled by token buckets on {@link #clock()}. See {@link ThroughputModel}.
     */
    public StorageOptions withThroughputModel(ThroughputModel model) {
        return new StorageOptions(clock, gsiPropagation, gsiPropagationDelay, itemCollectionSizeLimit, model);
    }
}
