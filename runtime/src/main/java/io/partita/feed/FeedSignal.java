package io.partita.feed;

import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/** A feed's open/closed state, and the timed wait its readers pause in, which closing the feed cuts short. */
final class FeedSignal {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition closing = lock.newCondition();
    private volatile boolean closed;

    boolean isClosed() {
        return closed;
    }

    void close() {
        lock.lock();
        try {
            closed = true;
            closing.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits {@code wait}, or until the feed is closed or the thread interrupted (the interrupt stays set).
     *
     * @return whether the whole wait passed with the feed still open
     */
    boolean pause(Duration wait) {
        long nanos = wait.toNanos();
        lock.lock();
        try {
            while (!closed && nanos > 0) {
                nanos = closing.awaitNanos(nanos);
            }
            return !closed;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            lock.unlock();
        }
    }
}
