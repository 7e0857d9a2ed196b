package io.partita.feed;

import java.time.Duration;

/**
 * A feed's pacing: the wait between reads of an idle stream (from {@code idleMin}, doubling up to {@code idleMax}
 * while reads come back empty, back to {@code idleMin} after records), and its retries of throttled stream requests
 * ({@code throttleAttempts} in all, waiting {@code throttleDelay}, doubling, between them).
 */
record FeedTuning(Duration idleMin, Duration idleMax, int throttleAttempts, Duration throttleDelay) {
    /** 10 ms to 250 ms between idle reads; 8 attempts from 50 ms apart for throttled requests. */
    static final FeedTuning DEFAULT =
            new FeedTuning(Duration.ofMillis(10), Duration.ofMillis(250), 8, Duration.ofMillis(50));

    /** The wait before retry {@code retry} (0-based) of a throttled request: doubling, capped at 5 seconds. */
    Duration throttleWait(int retry) {
        long millis = throttleDelay.toMillis() << Math.min(retry, 16);
        return Duration.ofMillis(Math.min(millis, 5_000));
    }
}
