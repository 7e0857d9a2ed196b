package io.partita.storage.engine;

import java.util.concurrent.atomic.AtomicBoolean;

/** The end of every test that runs lock-free readers against writers until the writers are done. */
final class ReadersAgainstWriters {
    private ReadersAgainstWriters() {}

    /**
     * Starts the readers, then the writers; waits for the writers, sets {@code done} (the readers' signal to stop) and
     * waits for the readers.
     */
    static void run(Thread[] writers, Thread[] readers, AtomicBoolean done) throws InterruptedException {
        for (Thread t : readers) {
            t.start();
        }
        for (Thread t : writers) {
            t.start();
        }
        for (Thread t : writers) {
            t.join();
        }
        done.set(true);
        for (Thread t : readers) {
            t.join();
        }
    }
}
