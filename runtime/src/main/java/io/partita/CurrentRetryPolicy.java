package io.partita;

import io.partita.spi.RetryingBackend;
import io.partita.storage.Backend;
import java.util.function.Supplier;

/**
 * The database's retry policy as the retrying layers read it, once per request (so a changed policy applies to
 * the next one). A class rather than a lambda: every database creates it, on the cold-start path.
 */
final class CurrentRetryPolicy implements Supplier<RetryPolicy> {
    private final Partita db;

    CurrentRetryPolicy(Partita db) {
        this.db = db;
    }

    @Override
    public RetryPolicy get() {
        return db.retryPolicy();
    }

    /**
     * The retrying layer over {@code requests}, counting retries in {@code retries}. Built here, not in
     * {@code Partita}'s constructor: passing {@code retries} as a {@code RetryObserver} there makes the verifier
     * load that interface on every database's start, also where there is no retrying layer (issue 14).
     */
    Backend retryingLayer(Backend requests, ObservingBackend.Retries retries) {
        return new RetryingBackend(requests, this, retries);
    }
}
