package io.partita.benchmarks.scatter;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** Virtual time for the experiment: the simulation sets it, the storage core's throughput buckets read it. */
final class VirtualClock extends Clock {
    private static final long EPOCH_SECOND =
            Instant.parse("2015-06-15T10:31:00Z").getEpochSecond();

    private volatile long nanos;

    /** Nanoseconds since the start of the experiment. */
    long nanos() {
        return nanos;
    }

    void setNanos(long nanos) {
        if (nanos < this.nanos) {
            throw new IllegalArgumentException("virtual time only moves forwards: " + nanos + " < " + this.nanos);
        }
        this.nanos = nanos;
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
        return Instant.ofEpochSecond(EPOCH_SECOND, nanos);
    }
}
