package io.partita.storage.throughput;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.partita.storage.engine.TokenBucket;
import org.junit.jupiter.api.Test;

/** The token bucket's arithmetic, on explicit nanosecond timestamps. */
class TokenBucketTest {
    private static final long SECOND = 1_000_000_000L;
    private static final long T0 = 1_434_362_400L * SECOND;

    @Test
    void refillsAtItsRateUpToItsCapacity() {
        TokenBucket b = new TokenBucket(10, 100, 0, T0);
        assertThat(b.available(T0)).isZero();
        assertThat(b.available(T0 + SECOND / 10)).isCloseTo(1.0, within(1e-9));
        assertThat(b.available(T0 + SECOND)).isCloseTo(10.0, within(1e-9));
        assertThat(b.available(T0 + 9 * SECOND)).isCloseTo(90.0, within(1e-9));
        assertThat(b.available(T0 + 60 * SECOND))
                .isEqualTo(100.0); // capped: unused capacity is saved only up to the capacity
        assertThat(b.isFull()).isTrue();
    }

    @Test
    void initialTokensAreCappedByTheCapacity() {
        assertThat(new TokenBucket(10, 5, 50, T0).available(T0)).isEqualTo(5.0);
    }

    @Test
    void takesOnlyWhatItHolds() {
        TokenBucket b = new TokenBucket(1000, 1000, 1000, T0);
        int admitted = 0;
        while (b.tryTake(1, T0)) {
            admitted++;
        }
        assertThat(admitted).isEqualTo(1000);
        assertThat(b.tryTake(1, T0 + SECOND / 2000)).isFalse(); // half a unit accrued: not enough
        assertThat(b.tryTake(1, T0 + SECOND / 1000)).isTrue(); // one unit accrued
        assertThat(b.available(T0 + SECOND / 1000)).isCloseTo(0.0, within(1e-9));
    }

    @Test
    void aRefusedRequestChangesNothing() {
        TokenBucket b = new TokenBucket(10, 10, 3, T0);
        assertThat(b.tryTake(4, T0)).isFalse();
        assertThat(b.available(T0)).isEqualTo(3.0);
        assertThat(b.tryTake(3, T0)).isTrue();
    }

    @Test
    void aFullBucketAdmitsARequestLargerThanItsCapacityAndGoesIntoDebt() {
        TokenBucket b = new TokenBucket(1, 5, 5, T0);
        assertThat(b.tryTake(8, T0)).isTrue();
        assertThat(b.available(T0)).isEqualTo(-3.0);
        assertThat(b.tryTake(1, T0 + 3 * SECOND)).isFalse(); // the debt is repaid first
        assertThat(b.tryTake(1, T0 + 4 * SECOND)).isTrue();
        assertThat(b.tryTake(8, T0 + 5 * SECOND)).isFalse(); // not full any more: must wait until it is
        assertThat(b.tryTake(8, T0 + 9 * SECOND)).isTrue();
    }

    @Test
    void aClockThatGoesBackwardsAddsNothing() {
        TokenBucket b = new TokenBucket(10, 100, 0, T0 + SECOND);
        assertThat(b.available(T0)).isZero();
        assertThat(b.available(T0 + SECOND)).isZero();
        assertThat(b.available(T0 + 2 * SECOND)).isCloseTo(10.0, within(1e-9));
    }

    @Test
    void manySmallStepsAddUpLikeOneLargeStep() {
        TokenBucket small = new TokenBucket(1000, 1000, 0, T0);
        for (int i = 1; i <= 5000; i++) {
            small.refill(T0 + i * (SECOND / 5000)); // 200 µs steps
        }
        assertThat(small.available(T0 + SECOND)).isCloseTo(1000.0, within(1e-6));
    }
}
