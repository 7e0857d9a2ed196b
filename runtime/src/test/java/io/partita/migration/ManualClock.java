package io.partita.migration;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/** A clock that moves only when told: the sleeper of the tests advances it instead of waiting. */
final class ManualClock extends Clock {
    private final AtomicLong millis = new AtomicLong(1_000_000);
    private final AtomicLong slept = new AtomicLong();

    void advance(Duration d) {
        millis.addAndGet(d.toMillis());
    }

    /** A sleeper that moves this clock and remembers how long it was asked to wait. */
    MigrationOptions.Sleeper sleeper() {
        return d -> {
            slept.addAndGet(d.toMillis());
            advance(d);
        };
    }

    long sleptMillis() {
        return slept.get();
    }

    @Override
    public long millis() {
        return millis.get();
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis());
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
