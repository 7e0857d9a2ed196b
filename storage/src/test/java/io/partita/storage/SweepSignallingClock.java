package io.partita.storage;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A fixed clock that tells a test when the core's background time-to-live thread has started a sweep: that thread
 * reads the clock (the sweep's "now") only inside a sweep. Sweeps never overlap, so a {@link Storage#expireItems()}
 * called after {@link #awaitBackgroundSweep} runs once the background sweep has finished, and returns 0 exactly when
 * the background thread already deleted everything that had expired. Lets a test wait on the sweeper itself instead
 * of polling a counter against the wall clock.
 */
public final class SweepSignallingClock extends Clock {
    /** The name the core gives its time-to-live thread. */
    private static final String SWEEPER_THREAD = "partita-ttl-sweeper";

    private final Instant now;
    private final CountDownLatch sweepStarted = new CountDownLatch(1);

    public SweepSignallingClock(Instant now) {
        this.now = now;
    }

    /** Waits until the background thread has read this clock, that is, has started a sweep. */
    public boolean awaitBackgroundSweep(Duration timeout) throws InterruptedException {
        return sweepStarted.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public Instant instant() {
        if (SWEEPER_THREAD.equals(Thread.currentThread().getName())) {
            sweepStarted.countDown();
        }
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
