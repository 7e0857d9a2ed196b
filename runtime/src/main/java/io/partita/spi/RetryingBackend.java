package io.partita.spi;

import io.partita.storage.Backend;
import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.DeleteItemResponse;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.GetItemResponse;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.PutItemResponse;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.UpdateItemResponse;
import java.util.function.Supplier;

/**
 * The backend as repositories see it: every data-plane call retried on
 * {@link ProvisionedThroughputExceededException} under the current {@link Backoff} (read once per call, so a
 * policy changed on the database applies to the next request). Table operations pass straight through.
 * Closing it does nothing (the database closes the real backend).
 *
 * <p>The single-item operations and Query, the requests repositories send most, make their first attempt
 * directly on the delegate: a call that is not throttled costs no {@link Supplier}; the retries that follow a
 * throttle are the same as every other operation's.
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
        try {
            return call.get();
        } catch (ProvisionedThroughputExceededException e) {
            return retry(e, b, call);
        }
    }

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        Backoff b = backoff.get();
        try {
            return delegate().putItem(request);
        } catch (ProvisionedThroughputExceededException e) {
            return retry(e, b, () -> delegate().putItem(request));
        }
    }

    @Override
    public GetItemResponse getItem(GetItemRequest request) {
        Backoff b = backoff.get();
        try {
            return delegate().getItem(request);
        } catch (ProvisionedThroughputExceededException e) {
            return retry(e, b, () -> delegate().getItem(request));
        }
    }

    @Override
    public DeleteItemResponse deleteItem(DeleteItemRequest request) {
        Backoff b = backoff.get();
        try {
            return delegate().deleteItem(request);
        } catch (ProvisionedThroughputExceededException e) {
            return retry(e, b, () -> delegate().deleteItem(request));
        }
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest request) {
        Backoff b = backoff.get();
        try {
            return delegate().updateItem(request);
        } catch (ProvisionedThroughputExceededException e) {
            return retry(e, b, () -> delegate().updateItem(request));
        }
    }

    @Override
    public QueryResponse query(QueryRequest request) {
        Backoff b = backoff.get();
        try {
            return delegate().query(request);
        } catch (ProvisionedThroughputExceededException e) {
            return retry(e, b, () -> delegate().query(request));
        }
    }

    /** Attempts 2, 3 ... of a call whose first attempt failed with {@code first}, under {@code b}. */
    private <R> R retry(ProvisionedThroughputExceededException first, Backoff b, Supplier<R> call) {
        ProvisionedThroughputExceededException failure = first;
        for (int attempt = 1; ; attempt++) {
            if (!retries(failure, attempt, b)) {
                throw failure;
            }
            observer.retrying(attempt, failure);
            b.pause(attempt - 1);
            try {
                return call.get();
            } catch (ProvisionedThroughputExceededException e) {
                failure = e;
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
