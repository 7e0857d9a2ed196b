package io.partita.storage.engine;

/**
 * A token bucket of capacity units: refilled continuously at {@link #ratePerSecond()} up to
 * {@link #capacity()}, drained by requests. Time is passed in as nanoseconds (the throughput model reads
 * them from the core's clock, so a virtual clock drives it without sleeping).
 *
 * <p>Not thread-safe: the throughput model guards every bucket with its own lock. Public only so that its
 * arithmetic can be tested on its own; it is not part of the storage API.
 */
public final class TokenBucket {
    /** Tolerance for the floating-point refill arithmetic. */
    private static final double EPSILON = 1e-9;

    private final double ratePerSecond;
    private final double capacity;
    private double tokens;
    private long lastNanos;
    /** Scratch total of a request being admitted (several charges of one request may share a bucket). */
    double pending;

    public TokenBucket(double ratePerSecond, double capacity, double initialTokens, long nowNanos) {
        if (!(ratePerSecond > 0) || !(capacity > 0)) {
            throw new IllegalArgumentException(
                    "rate and capacity must be positive, got " + ratePerSecond + " / " + capacity);
        }
        this.ratePerSecond = ratePerSecond;
        this.capacity = capacity;
        this.tokens = Math.min(capacity, initialTokens);
        this.lastNanos = nowNanos;
    }

    public double ratePerSecond() {
        return ratePerSecond;
    }

    public double capacity() {
        return capacity;
    }

    /** Tokens available after refilling up to {@code nowNanos}; negative while a large request's debt is repaid. */
    public double available(long nowNanos) {
        refill(nowNanos);
        return tokens;
    }

    /** Adds what accrued since the last refill. A clock that moves backwards adds nothing. */
    public void refill(long nowNanos) {
        long elapsed = nowNanos - lastNanos;
        if (elapsed > 0) {
            tokens = Math.min(capacity, tokens + ratePerSecond * (elapsed / 1e9));
            lastNanos = nowNanos;
        }
    }

    /**
     * True when the bucket (as of its last refill) admits a request of {@code units}: it holds them, or it is
     * full (a request larger than the bucket can hold then passes and leaves the bucket in debt).
     */
    public boolean admits(double units) {
        return tokens + EPSILON >= Math.min(units, capacity);
    }

    /** Takes units without checking; {@link #admits} first. */
    public void take(double units) {
        tokens -= units;
    }

    /** Refills, then takes {@code units} if the bucket admits them; false (and no change) otherwise. */
    public boolean tryTake(double units, long nowNanos) {
        refill(nowNanos);
        if (!admits(units)) {
            return false;
        }
        tokens -= units;
        return true;
    }

    /** True when the bucket (as of its last refill) is full, i.e. indistinguishable from an idle new one. */
    public boolean isFull() {
        return tokens + EPSILON >= capacity;
    }

    @Override
    public String toString() {
        return String.format("TokenBucket[%.3f of %.3f, +%.3f/s]", tokens, capacity, ratePerSecond);
    }
}
