package io.partita.server;

import io.partita.storage.Durability;
import io.partita.storage.DurableStorage;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.PutItemResponse;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * A durable core on a stalled disk: every PutItem, once written, waits before it returns, as a SYNC write waits for
 * its log sync, until the test calls {@link #diskCaughtUp}; from then on puts return at once.
 */
final class SlowFsyncStorage extends ForwardingStorage implements DurableStorage {
    private final DurableStorage durable;
    /** Counted down when the first put starts waiting for its sync. */
    final CountDownLatch syncing = new CountDownLatch(1);

    private final CountDownLatch fast = new CountDownLatch(1);

    SlowFsyncStorage(DurableStorage durable) {
        super(durable);
        this.durable = durable;
    }

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        PutItemResponse r = delegate.putItem(request);
        syncing.countDown();
        try {
            fast.await(); // the simulated disk: the sync ends when the test says so
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
