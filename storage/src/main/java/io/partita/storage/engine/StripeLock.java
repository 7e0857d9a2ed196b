package io.partita.storage.engine;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * A table's stripe lock ({@link TableData#stripe}): reentrant and non-fair like a {@link
 * java.util.concurrent.locks.ReentrantLock}, but it remembers its owner as a thread id (a {@code long}), not as a
 * {@code Thread} reference.
 *
 * <p>Why: {@code ReentrantLock.lock()} stores the owning {@code Thread} into its synchronizer on every uncontended
 * acquire. Both are long-lived (old) objects in different heap regions, so under G1 that store runs the post-write
 * barrier's slow path (a StoreLoad fence, then the synchronizer's card dirtied and queued), and G1's concurrent
 * refinement threads rescan that card afterwards: one card per write of every item, on top of the ones the write's
 * own publications dirty. With one writer thread that rescanning runs on an idle core; with as many writers as cores
 * it takes CPU from them (issue 14, round 9: the refinement threads held 13-15% of the process's CPU in the 2-thread
 * put benchmark). A primitive store has no barrier.
 *
 * <p>Owner checks work as in {@code ReentrantLock}: only the owner writes the id field while it holds the lock,
 * and it clears it before the releasing state write, so a thread reading its own id there holds the lock (it wrote
 * that id itself), and a thread that released it reads 0 or another owner's id. Thread ids are never reused while a
 * JVM runs.
 */
final class StripeLock implements Lock {
    private final Sync sync = new Sync();

    private static final class Sync extends AbstractQueuedSynchronizer {
        private static final long serialVersionUID = 1L;

        /** The holder's {@link Thread#getId()}, 0 when free; written only by the holder (see the class comment). */
        private transient long owner;

        @SuppressWarnings("deprecation") // Thread.getId: its replacement, threadId(), is Java 19+
        private static long me() {
            return Thread.currentThread().getId();
        }

        @Override
        protected boolean tryAcquire(int acquires) {
            int c = getState();
            if (c == 0) {
                if (compareAndSetState(0, acquires)) {
                    owner = me();
                    return true;
                }
                return false;
            }
            if (owner == me()) {
                int next = c + acquires;
                if (next < 0) {
                    throw new Error("Maximum lock count exceeded");
                }
                setState(next); // reentrant: only the holder gets here
                return true;
            }
            return false;
        }

        @Override
        protected boolean tryRelease(int releases) {
            if (owner != me()) {
                throw new IllegalMonitorStateException();
            }
            int c = getState() - releases;
            boolean free = c == 0;
            if (free) {
                owner = 0;
            }
            setState(c); // the volatile write publishes the cleared owner with the release
            return free;
        }

        @Override
        protected boolean isHeldExclusively() {
            return getState() != 0 && owner == me();
        }

        int holds() {
            return isHeldExclusively() ? getState() : 0;
        }

        boolean locked() {
            return getState() != 0;
        }

        Condition condition() {
            return new ConditionObject();
        }
    }

    @Override
    public void lock() {
        sync.acquire(1);
    }

    @Override
    public void lockInterruptibly() throws InterruptedException {
        sync.acquireInterruptibly(1);
    }

    @Override
    public boolean tryLock() {
        return sync.tryAcquire(1);
    }

    @Override
    public boolean tryLock(long time, TimeUnit unit) throws InterruptedException {
        return sync.tryAcquireNanos(1, unit.toNanos(time));
    }

    @Override
    public void unlock() {
        sync.release(1);
    }

    @Override
    public Condition newCondition() {
        return sync.condition();
    }

    /** How many times the calling thread holds this lock (0: not held by it); for tests and assertions. */
    int holdCount() {
        return sync.holds();
    }

    /** True when some thread holds this lock; for tests. */
    boolean isLocked() {
        return sync.locked();
    }
}
