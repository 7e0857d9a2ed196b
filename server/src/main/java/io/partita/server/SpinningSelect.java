package io.partita.server;

import io.netty.channel.SelectStrategy;
import io.netty.channel.SelectStrategyFactory;
import io.netty.util.IntSupplier;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * An event loop's choice between polling and blocking, for a client that sends its next request as soon as it has the
 * last answer. Blocking in {@code epoll_wait} and being woken costs this 2-core VM several microseconds per request,
 * about a fifth of a one-connection get's round trip (server/README.md, "Threading"). So when the loop's
 * previous wait ended within {@code spinNanos} (requests arrive close together), it polls ({@code selectNow}) for up
 * to {@code spinNanos} before it blocks; when the previous wait was longer (an SDK client, a person, an idle server),
 * it blocks at once, as Netty's default strategy does. An idle server therefore blocks after at most one spin, and a
 * client that pauses longer than the budget between requests never makes the loop spin.
 *
 * <p>Two rules keep the spin from taking cores that others need. In the second half of the budget the loop yields
 * its core between polls ({@link Thread#yield()}): on an idle core that returns at once, and on a busy one the
 * threads waiting for it (the clients whose next request the loop waits for, the other loops) run first; the first
 * half, where a one-connection client's next request arrives on an idle machine (about 10 µs after the answer),
 * only polls, because a yield on a busy core can hand it away for a whole time slice. And at most one of a server's
 * loops per two processors spins at once (at least one; the {@link Gate}): at one connection one loop is busy and
 * spins, at many connections the other loops block as without the spin.
 *
 * <p>On by default with a budget of {@value #DEFAULT_SPIN_MICROS} µs; {@code -Dpartita.server.selectSpinMicros=N}
 * sets it (0 to {@value #MAX_SPIN_MICROS}; 0 is Netty's default strategy, which always blocks).
 *
 * <p>One instance per event loop (Netty asks the factory once per loop), used only by its thread; the gate is the
 * server's.
 */
final class SpinningSelect implements SelectStrategy {
    /** A spin is a wait that is shorter than blocking's wake-up: a millisecond is far past any use. */
    static final long MAX_SPIN_MICROS = 1_000;

    /** Longer than a client's turn-around between an answer and its next request on loopback (a few µs). */
    static final long DEFAULT_SPIN_MICROS = 50;

    private final long spinNanos;
    private final LongSupplier clock;
    private final Gate gate;
    /** When this strategy last returned: the loop then blocked or went on to the work found. */
    private long returnedAt;

    SpinningSelect(long spinNanos, LongSupplier clock, Gate gate) {
        if (spinNanos <= 0) {
            throw new IllegalArgumentException("the select spin is a positive number of nanoseconds, got " + spinNanos);
        }
        this.spinNanos = spinNanos;
        this.clock = clock;
        this.gate = gate;
        this.returnedAt = clock.getAsLong() - spinNanos - 1; // a fresh loop has seen no close requests
    }

    /**
     * The factory for {@code -Dpartita.server.selectSpinMicros} ({@value #DEFAULT_SPIN_MICROS} µs when unset), or
     * null when it is 0 (Netty's default).
     */
    static SelectStrategyFactory fromSystemProperty() {
        String v = System.getProperty("partita.server.selectSpinMicros");
        long micros;
        try {
            micros = v == null ? DEFAULT_SPIN_MICROS : Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "partita.server.selectSpinMicros is a whole number of microseconds, got '" + v + "'", e);
        }
        if (micros < 0 || micros > MAX_SPIN_MICROS) {
            throw new IllegalArgumentException("partita.server.selectSpinMicros is 0 (no spin) to " + MAX_SPIN_MICROS
                    + " microseconds, got " + micros);
        }
        if (micros == 0) {
            return null;
        }
        return new Factory(micros * 1_000);
    }

    /**
     * A strategy per event loop, on the system's nanosecond clock, all of one server's loops behind one gate (a class,
     * not a lambda: the start path has none).
     */
    private static final class Factory implements SelectStrategyFactory {
        private final long spinNanos;
        private final Gate gate = new Gate(Math.max(1, Runtime.getRuntime().availableProcessors() / 2));

        Factory(long spinNanos) {
            this.spinNanos = spinNanos;
        }

        @Override
        public SelectStrategy newSelectStrategy() {
            return new SpinningSelect(spinNanos, NanoTime.INSTANCE, gate);
        }
    }

    /** How many of a server's loops may spin at once. */
    static final class Gate {
        private final int maxSpinners;
        private final AtomicInteger spinning = new AtomicInteger();

        Gate(int maxSpinners) {
            if (maxSpinners < 1) {
                throw new IllegalArgumentException("at least one loop may spin, got " + maxSpinners);
            }
            this.maxSpinners = maxSpinners;
        }

        /** True when the caller may spin; it then calls {@link #leave()} when it stops. */
        boolean enter() {
            if (spinning.incrementAndGet() <= maxSpinners) {
                return true;
            }
            spinning.decrementAndGet();
            return false;
        }

        void leave() {
            spinning.decrementAndGet();
        }
    }

    private static final class NanoTime implements LongSupplier {
        static final NanoTime INSTANCE = new NanoTime();

        @Override
        public long getAsLong() {
            return System.nanoTime();
        }
    }

    @Override
    public int calculateStrategy(IntSupplier selectNow, boolean hasTasks) throws Exception {
        if (hasTasks) {
            return selectNow.get(); // as Netty's default: tasks wait for no I/O
        }
        int strategy = SelectStrategy.SELECT;
        long start = clock.getAsLong();
        if (start - returnedAt <= spinNanos && gate.enter()) {
            try {
                strategy = spin(selectNow, start);
            } finally {
                gate.leave();
            }
        }
        returnedAt = clock.getAsLong();
        return strategy;
    }

    /** Polls until something is ready (its count) or the budget from {@code start} is spent ({@code SELECT}). */
    @SuppressWarnings("ThreadPriorityCheck") // the yield is the point: a spinning loop gives way to runnable threads
    private int spin(IntSupplier selectNow, long start) throws Exception {
        long deadline = start + spinNanos;
        long polite = start + spinNanos / 2;
        for (long now = start; now - deadline < 0; now = clock.getAsLong()) {
            int ready = selectNow.get();
            if (ready > 0) {
                return ready;
            }
            if (now - polite < 0) {
                Thread.onSpinWait();
            } else {
                Thread.yield(); // a thread waiting for this core (a client, another loop) runs first
            }
        }
        return SelectStrategy.SELECT;
    }
}
