package io.partita.spi;

import io.partita.storage.Backend;
import io.partita.storage.ProvisionedThroughputExceededException;
import java.util.function.Supplier;

/**
 * The backend as repositories see it: every data-plane call retried on
 * {@link ProvisionedThroughputExceededException} under the current {@link Backoff} (read once per call, so a
 * policy changed on the database applies to the next request). Table operations pass straight through.
 * Closing it does nothing (the database closes the real backend).
 */
public final class RetryingBackend extends ForwardingBackend {
    private final Supplier<? extends Backoff> backoff;
    private final RetryObserver observer;

    public RetryingBackend(Backend delegate, Supplier<? extends Backoff> backoff) {
        this(delegate, backoff, RetryObserver.NONE);
    }

    /** Tells {@code observer} about every retry. */
    public RetryingBackend(Backend delegate, Supplier<? extends Backoff> backoff, RetryObserver observer) {
        super(delegate);
        this.backoff = backoff;
        this.observer = observer;
    }

    @Override
    protected <R> R dataPlane(Supplier<R> call) {
        Backoff b = backoff.get();
        for (int attempt = 1; ; attempt++) {
            try {
                return call.get();
            } catch (ProvisionedThroughputExceededException e) {
                if (!retries(e, attempt, b)) {
                    throw e;
                }
                observer.retrying(attempt, e);
                b.pause(attempt - 1);
            }
        }
    }

    /** True when attempt {@code attempt} (1-based) failing with {@code failure} is retried: a throttle, attempts left. */
    static boolean retries(Throwable failure, int attempt, Backoff backoff) {
        return failure instanceof ProvisionedThroughputExceededException && attempt < backoff.maxAttempts();
    }

    @Override
    public void close() {
        // the database closes the real backend
    }
}
