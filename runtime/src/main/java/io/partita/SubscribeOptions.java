package io.partita;

import io.partita.internal.RuntimeMessage;
import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link Subscription} runs: the bound of its batch queue, how long its reader waits in each poll, its error
 * policy (attempts per batch and the first retry delay, doubling), and optionally where it keeps its checkpoint.
 * Immutable; each {@code with...} returns a copy.
 */
public final class SubscribeOptions {
    private static final SubscribeOptions DEFAULTS =
            new SubscribeOptions(4, Duration.ofSeconds(1), 3, Duration.ofMillis(100), null, null);

    private final int queueCapacity;
    private final Duration pollTimeout;
    private final int maxAttempts;
    private final Duration retryDelay;
    private final CheckpointStore checkpointStore;
    private final String consumer;

    private SubscribeOptions(
            int queueCapacity,
            Duration pollTimeout,
            int maxAttempts,
            Duration retryDelay,
            CheckpointStore checkpointStore,
            String consumer) {
        this.queueCapacity = queueCapacity;
        this.pollTimeout = pollTimeout;
        this.maxAttempts = maxAttempts;
        this.retryDelay = retryDelay;
        this.checkpointStore = checkpointStore;
        this.consumer = consumer;
    }

    /** 4 queued batches, 1 s polls, 3 attempts per batch from 100 ms apart, no checkpoint store. */
    public static SubscribeOptions defaults() {
        return DEFAULTS;
    }

    /** At most {@code batches} (1..10,000) polled batches wait for the handler. */
    public SubscribeOptions withQueueCapacity(int batches) {
        check("queueCapacity", "1 to 10000", batches, batches >= 1 && batches <= 10_000);
        return new SubscribeOptions(batches, pollTimeout, maxAttempts, retryDelay, checkpointStore, consumer);
    }

    /** How long the reader waits in each poll (positive); also how long a close may wait for it. */
    public SubscribeOptions withPollTimeout(Duration timeout) {
        check("pollTimeout", "positive", timeout, !timeout.isNegative() && !timeout.isZero());
        return new SubscribeOptions(queueCapacity, timeout, maxAttempts, retryDelay, checkpointStore, consumer);
    }

    /** Attempts per batch including the first (1..100); after the last failed one the subscription stops. */
    public SubscribeOptions withMaxAttempts(int attempts) {
        check("maxAttempts", "1 to 100", attempts, attempts >= 1 && attempts <= 100);
        return new SubscribeOptions(queueCapacity, pollTimeout, attempts, retryDelay, checkpointStore, consumer);
    }

    /** The delay before the first retry of a failed batch (not negative); each further retry waits twice as long. */
    public SubscribeOptions withRetryDelay(Duration delay) {
        check("retryDelay", "zero or positive", delay, !delay.isNegative());
        return new SubscribeOptions(queueCapacity, pollTimeout, maxAttempts, delay, checkpointStore, consumer);
    }

    /** Saves the checkpoint in {@code store} under {@code consumer} after each handled batch. */
    public SubscribeOptions checkpoints(CheckpointStore store, String consumer) {
        return new SubscribeOptions(
                queueCapacity,
                pollTimeout,
                maxAttempts,
                retryDelay,
                Objects.requireNonNull(store, "store"),
                Objects.requireNonNull(consumer, "consumer"));
    }

    public int queueCapacity() {
        return queueCapacity;
    }

    public Duration pollTimeout() {
        return pollTimeout;
    }

    public int maxAttempts() {
        return maxAttempts;
    }

    public Duration retryDelay() {
        return retryDelay;
    }

    /** The store checkpoints are saved in, or null. */
    public CheckpointStore checkpointStore() {
        return checkpointStore;
    }

    /** The name checkpoints are saved under, or null. */
    public String consumer() {
        return consumer;
    }

    private static void check(String option, String range, Object value, boolean ok) {
        if (!ok) {
            throw new IllegalArgumentException(RuntimeMessage.SubscribeOptionOutOfRange.format(option, range, value));
        }
    }
}
