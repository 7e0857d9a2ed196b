package io.partita.storage.engine;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Holds every GSI backfill of the JVM after its first chunk, until released: for tests outside the engine (the
 * server's) that must act while a backfill is under way. Closing it releases the backfill and removes the hold.
 */
public final class BackfillHold implements AutoCloseable {
    private final CountDownLatch held = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);

    private BackfillHold() {}

    /** Holds every backfill from now on, until the hold is released or closed. */
    public static BackfillHold start() {
        BackfillHold hold = new BackfillHold();
        GsiCreation.afterChunk = () -> {
            hold.held.countDown();
            await(hold.release);
        };
        return hold;
    }

    /** Waits until a backfill has filled its first chunk and stopped there. */
    public void awaitHeld() {
        await(held);
    }

    /** Lets the held backfill go on to its end. */
    public void release() {
        release.countDown();
    }

    @Override
    public void close() {
        release.countDown();
        GsiCreation.afterChunk = null;
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(5, TimeUnit.MINUTES)) {
                throw new AssertionError("the backfill hold was never reached or released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
