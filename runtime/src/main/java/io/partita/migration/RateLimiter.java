package io.partita.migration;

import io.partita.internal.RuntimeMessage;
import java.time.Clock;
import java.time.Duration;

/**
 * Spaces out work to a rate: each {@link #acquire} books its units after the previous bookings and waits (on the
 * injected sleeper) until its slot comes. Units may be known only after the work (consumed capacity): then the work
 * books afterwards and the next caller waits for it. Thread-safe; a rate of 0 never waits.
 */
final class RateLimiter {
    private final double perSecond;
    private final Clock clock;
    private final MigrationOptions.Sleeper sleeper;
    private double nextFreeMillis = Double.NEGATIVE_INFINITY;

    RateLimiter(double perSecond, Clock clock, MigrationOptions.Sleeper sleeper) {
        this.perSecond = perSecond;
        this.clock = clock;
        this.sleeper = sleeper;
    }

    /** Books {@code units} and waits for their slot. */
    void acquire(double units) {
        if (perSecond <= 0 || units <= 0) {
            return;
        }
        double wait;
        synchronized (this) {
            double now = clock.millis();
            double start = Math.max(now, nextFreeMillis);
            nextFreeMillis = start + units * 1000.0 / perSecond;
            wait = start - now;
        }
        if (wait >= 1) {
            try {
                sleeper.sleep(Duration.ofMillis((long) wait));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(RuntimeMessage.MigrationInterrupted.format(), e);
            }
        }
    }
}
