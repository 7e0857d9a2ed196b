package io.partita.dynamodb.production;

import io.partita.spi.ForwardingBackend;
import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.Storage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The embedded core in memory whose first data-plane calls are throttled, as its throughput model would throttle
 * them: what the tests of Partita's own throttle retries run on. Counts every data-plane call (attempts).
 */
final class ThrottledCore extends ForwardingBackend {
    private final AtomicInteger calls = new AtomicInteger();
    private final int throttles;

    /** A core whose first {@code throttles} data-plane calls throw {@link ProvisionedThroughputExceededException}. */
    ThrottledCore(int throttles) {
        super(Storage.inMemory());
        this.throttles = throttles;
    }

    /** Data-plane calls so far, throttled ones included. */
    int calls() {
        return calls.get();
    }

    @Override
    protected <R> R dataPlane(Supplier<R> call) {
        if (calls.incrementAndGet() <= throttles) {
            throw new ProvisionedThroughputExceededException("throttled by the throughput model");
        }
        return call.get();
    }
}
