package io.partita.spi;

/**
 * When to give up on a throttled request and how long to wait before the next attempt;
 * {@link io.partita.RetryPolicy} is the implementation users configure.
 */
public interface Backoff {

    /** Attempts per request including the first (1 = no retries). */
    int maxAttempts();

    /** Waits before retry {@code retry} (0-based). */
    void pause(int retry);

    /**
     * How long to wait before retry {@code retry} (0-based) without blocking a thread: what the asynchronous
     * retrying layer schedules the retry after. Zero by default.
     */
    default java.time.Duration delay(int retry) {
        return java.time.Duration.ZERO;
    }
}
