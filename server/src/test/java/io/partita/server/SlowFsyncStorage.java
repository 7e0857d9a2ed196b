package io.partita.server;

import io.partita.storage.Durability;
import io.partita.storage.DurableStorage;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.PutItemResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A durable core on a slow disk: every PutItem, once written, waits a further {@code fsync} before it returns, as
 * a SYNC write waits for its log sync. {@link #diskCaughtUp} ends the delays (for the end of a test).
 */
final class SlowFsyncStorage extends ForwardingStorage implements DurableStorage {
    private final DurableStorage durable;
    private final Duration fsync;
    /** Counted down when the first put starts waiting for its sync. */
    final CountDownLatch syncing = new CountDownLatch(1);

    private final CountDownLatch fast = new CountDownLatch(1);

    SlowFsyncStorage(DurableStorage durable, Duration fsync) {
        super(durable);
        this.durable = durable;
        this.fsync = fsync;
    }

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        PutItemResponse r = delegate.putItem(request);
        syncing.countDown();
        try {
            // the simulated disk: the sync takes this long, unless the test has ended the delays
            boolean unused = fast.await(fsync.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return r;
    }

    /** From now on, puts return without the delay. */
    void diskCaughtUp() {
        fast.countDown();
    }

    @Override
    public Path directory() {
        return durable.directory();
    }

    @Override
    public Durability durability() {
        return durable.durability();
    }

    @Override
    public void backup(Path target) {
        durable.backup(target);
    }
}
