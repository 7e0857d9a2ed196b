package io.partita;

import io.partita.spi.TableNamingBackend;
import io.partita.storage.Backend;
import io.partita.storage.api.ReturnConsumedCapacity;
import java.lang.ref.WeakReference;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The layers a {@link Partita} puts over its backend, as its {@link Partita.Builder} asks (throttle retries,
 * observation, table names), and the registry that finds a database again by its blocking request path. Apart from
 * {@link Partita} so that the facade holds the operations, not their plumbing.
 */
final class RequestLayers {
    /**
     * Each database by its blocking request path ({@link Partita#requests()}), for query specs built from a
     * {@code Backend} alone (generated table repositories pass {@code db.requests()}) that need the database's
     * asynchronous path. Weak both ways: an entry lives as long as its database.
     */
    private static final Map<Backend, WeakReference<Partita>> ASYNC_OF =
            Collections.synchronizedMap(new WeakHashMap<>());

    /** The backend with every layer: what {@link Partita#requests()} returns. */
    final Backend requests;

    final ObservingBackend.Retries retries; // null: neither retrying nor observing
    final CurrentRetryPolicy policy; // null: no retrying layer
    final ObservingBackend.Observer observer; // null: no observing layer

    RequestLayers(Partita db, Partita.Builder b) {
        Backend layered = db.raw;
        boolean observing = b.listener != null
                || b.consumedCapacity != ReturnConsumedCapacity.NONE
                || b.slowRequestThreshold != null;
        // the retrying layer only where a throttle can happen: a core without a throughput model never throttles,
        // and leaving the layer out keeps its classes (policy, sleeper, retry counters) off a fresh JVM's first use
        boolean retrying = b.retryThrottles && !b.neverThrottles;
        this.retries = retrying || observing ? new ObservingBackend.Retries() : null;
        CurrentRetryPolicy retryPolicy = null;
        if (retrying) {
            retryPolicy = new CurrentRetryPolicy(db);
            layered = retryPolicy.retryingLayer(layered, retries); // counts and logs retries
        }
        ObservingBackend.Observer observed = null;
        if (observing) {
            observed = new ObservingBackend.Observer(retries, b.listener, b.consumedCapacity, b.slowRequestThreshold);
            layered = new ObservingBackend(layered, observed);
        }
        if (db.tableNames != null) {
            layered = new TableNamingBackend(layered, db.tableNames::resolve);
        }
        this.requests = layered;
        this.policy = retryPolicy;
        this.observer = observed;
    }

    /** Records {@code db} as the database whose blocking request path is {@code requests}. */
    static void register(Backend requests, Partita db) {
        ASYNC_OF.put(requests, new WeakReference<>(db));
    }

    /** The live database whose blocking request path is {@code requests}, or null. */
    static Partita databaseOf(Backend requests) {
        WeakReference<Partita> ref = ASYNC_OF.get(requests);
        return ref == null ? null : ref.get();
    }
}
