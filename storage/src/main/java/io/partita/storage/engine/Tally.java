package io.partita.storage.engine;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * A counter that writers add to and readers sum (a table's items and bytes, an index's entries and bytes): one
 * compare-and-set word until two writers collide on it, then a {@link LongAdder}'s striped cells as well, so
 * concurrent writers of one table keep scaling as they did on a {@code LongAdder} alone.
 *
 * <p>Why not a {@code LongAdder} from the start: its first use in a fresh JVM brings up the VarHandles of its
 * striping ({@code Striped64}), about a millisecond on the first put of a short-lived process, which a lone writer
 * never needs; an {@link AtomicLong} is already loaded by then and costs nothing to start.
 *
 * <p>{@link #sum} is, as {@code LongAdder.sum}, not an atomic snapshot: exact when no write runs meanwhile (the
 * invariant checker holds every stripe lock), otherwise some total the writes passed through or will.
 */
final class Tally {
    private final AtomicLong base = new AtomicLong();

    /** Created by the first writer whose compare-and-set of {@link #base} failed; never removed. */
    private volatile LongAdder striped;

    void add(long x) {
        LongAdder s = striped;
        if (s == null) {
            long v = base.get();
            if (base.compareAndSet(v, v + x)) {
                return;
            }
            s = striped();
        }
        s.add(x);
    }

    void increment() {
        add(1);
    }

    void decrement() {
        add(-1);
    }

    long sum() {
        LongAdder s = striped;
        return s == null ? base.get() : base.get() + s.sum();
    }

    private LongAdder striped() {
        synchronized (this) {
            LongAdder s = striped;
            if (s == null) {
                s = new LongAdder();
                striped = s;
            }
            return s;
        }
    }
}
