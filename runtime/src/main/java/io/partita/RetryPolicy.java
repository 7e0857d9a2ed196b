package io.partita;

import io.partita.internal.RuntimeMessage;
import io.partita.spi.Backoff;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How Partita retries throttled requests, the way the AWS SDK does: exponential backoff with <em>full jitter</em>
 * (before retry {@code r}, counted from 0, it sleeps a uniformly random time in
 * {@code [0, min(maxDelay, baseDelay × 2^r)]}), at most {@code maxAttempts} attempts in all.
 *
 * <p>Retried: every request that fails with the core's {@code ProvisionedThroughputExceededException} (the
 * error DynamoDB's SDK also retries), and the unprocessed items / keys of BatchWriteItem / BatchGetItem, which
 * are sent again after the same backoff. Not retried: conditional-check failures, validation errors,
 * cancelled transactions. After the last attempt the throttling error is thrown (for batches, an
 * {@link IllegalStateException} naming what stayed unprocessed).
 *
 * <p>The {@link Sleeper} is the time seam: tests pass one that advances a virtual clock.
 *
 * @param maxAttempts attempts per request including the first (1 = no retries)
 * @param baseDelay   the backoff base
 * @param maxDelay    the cap of one backoff
 * @param sleeper     how to wait
 */
public record RetryPolicy(int maxAttempts, Duration baseDelay, Duration maxDelay, Sleeper sleeper) implements Backoff {
    /** The AWS SDK's DynamoDB defaults: 8 retries (9 attempts), 25 ms base, 20 s cap. */
    public static final int DEFAULT_MAX_ATTEMPTS = 9;

    public static final Duration DEFAULT_BASE_DELAY = Duration.ofMillis(25);
    public static final Duration DEFAULT_MAX_DELAY = Duration.ofSeconds(20);

    public RetryPolicy {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException(RuntimeMessage.MaxAttemptsBelowOne.format(maxAttempts));
        }
        Objects.requireNonNull(baseDelay, "baseDelay");
        Objects.requireNonNull(maxDelay, "maxDelay");
        Objects.requireNonNull(sleeper, "sleeper");
        if (baseDelay.isNegative() || maxDelay.isNegative()) {
            throw new IllegalArgumentException(RuntimeMessage.NegativeDelay.format());
        }
    }

    /** 9 attempts, 25 ms base, 20 s cap, real sleeping. */
    public static RetryPolicy defaults() {
        return new RetryPolicy(DEFAULT_MAX_ATTEMPTS, DEFAULT_BASE_DELAY, DEFAULT_MAX_DELAY, Sleeper.system());
    }

    /** One attempt: throttling errors reach the caller at once. */
    public static RetryPolicy none() {
        return new RetryPolicy(1, Duration.ZERO, Duration.ZERO, Sleeper.system());
    }

    public RetryPolicy withMaxAttempts(int maxAttempts) {
        return new RetryPolicy(maxAttempts, baseDelay, maxDelay, sleeper);
    }

    public RetryPolicy withDelays(Duration baseDelay, Duration maxDelay) {
        return new RetryPolicy(maxAttempts, baseDelay, maxDelay, sleeper);
    }

    public RetryPolicy withSleeper(Sleeper sleeper) {
        return new RetryPolicy(maxAttempts, baseDelay, maxDelay, sleeper);
    }

    /** The cap of the backoff before retry {@code retry} (0-based): {@code min(maxDelay, baseDelay × 2^retry)}. */
    public Duration ceiling(int retry) {
        long base = baseDelay.toNanos();
        long max = maxDelay.toNanos();
        if (base == 0) {
            return Duration.ZERO;
        }
        int shift = Math.min(retry, 62);
        long ceiling = base > (max >> shift) ? max : base << shift;
        return Duration.ofNanos(Math.min(ceiling, max));
    }

    /** A full-jitter backoff before retry {@code retry} (0-based): uniform in {@code [0, ceiling(retry)]}. */
    public Duration backoff(int retry) {
        long ceiling = ceiling(retry).toNanos();
        return ceiling == 0
                ? Duration.ZERO
                : Duration.ofNanos(ThreadLocalRandom.current().nextLong(ceiling + 1));
    }

    /** Sleeps {@link #backoff(int)}; an interrupt is restored and reported as an {@link IllegalStateException}. */
    @Override
    public void pause(int retry) {
        Duration d = backoff(retry);
        if (d.isZero()) {
            return;
        }
        try {
            sleeper.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(RuntimeMessage.InterruptedBackingOffRequest.format(), e);
        }
    }

    /**
     * {@link #backoff(int)}: what an asynchronous retry waits for on a delayed executor (the {@link Sleeper} is
     * for blocking waits only).
     */
    @Override
    public Duration delay(int retry) {
        return backoff(retry);
    }

    /** How a retry waits: the system clock by default, a virtual clock in tests. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;

        /** {@link Thread#sleep}. */
        static Sleeper system() {
            return SystemSleeper.INSTANCE;
        }
    }

    /** {@link Sleeper#system()}: a class rather than a lambda, which every new policy would bootstrap on a cold JVM. */
    private static final class SystemSleeper implements Sleeper {
        static final SystemSleeper INSTANCE = new SystemSleeper();

        @Override
        public void sleep(Duration d) throws InterruptedException {
            Thread.sleep(d.toMillis(), (int) (d.toNanos() % 1_000_000));
        }
    }
}
