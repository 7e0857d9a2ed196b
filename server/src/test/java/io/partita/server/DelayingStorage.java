package io.partita.server;

import io.partita.storage.Storage;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.PutItemResponse;
import java.util.concurrent.CountDownLatch;

/** A core whose PutItem waits for a latch, so a test can hold a request in flight; records when it was closed. */
final class DelayingStorage extends ForwardingStorage {
    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    volatile long closedAtNanos;
    volatile long putFinishedAtNanos;

    DelayingStorage() {
        super(Storage.inMemory());
    }

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        entered.countDown();
        try {
            release.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        PutItemResponse r = delegate.putItem(request);
        putFinishedAtNanos = System.nanoTime();
        return r;
    }

    @Override
    public void close() {
        closedAtNanos = System.nanoTime();
        delegate.close();
    }
}
