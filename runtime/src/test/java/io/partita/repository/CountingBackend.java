package io.partita.repository;

import io.partita.spi.ForwardingBackend;
import io.partita.storage.Backend;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import java.util.concurrent.atomic.AtomicInteger;

/** A backend that counts queries and forwards everything (closing it does not close the delegate). */
class CountingBackend extends ForwardingBackend {
    private final AtomicInteger queries;

    CountingBackend(Backend delegate, AtomicInteger queries) {
        super(delegate);
        this.queries = queries;
    }

    @Override
    public QueryResponse query(QueryRequest r) {
        queries.incrementAndGet();
        return super.query(r);
    }

    @Override
    public void close() {}
}
