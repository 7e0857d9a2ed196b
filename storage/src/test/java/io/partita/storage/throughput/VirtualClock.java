package io.partita.storage.throughput;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/** A clock the tests move by hand: the throughput model's buckets refill only when it moves. */
final class VirtualClock extends Clock {
    private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2015-06-15T10:00:00Z"));

    void advance(Duration d) {
        now.updateAndGet(i -> i.plus(d));
    }

    void advanceMillis(long millis) {
        advance(Duration.ofMillis(millis));
    }

    void advanceNanos(long nanos) {
        advance(Duration.ofNanos(nanos));
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return now.get();
    }
}
