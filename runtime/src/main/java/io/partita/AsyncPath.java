package io.partita;

import io.partita.spi.RetryingAsyncBackend;
import io.partita.spi.TableNamingAsyncBackend;
import io.partita.storage.AsyncBackend;

/**
 * Builds the asynchronous request path when it is first asked for ({@link Partita#asyncRequests()}), from the settings
 * the database kept when it was built. In its own class: a program that only sends blocking requests does not
 * load (nor verify) the asynchronous adapters and layers when it starts.
 */
final class AsyncPath {
    private AsyncPath() {}

    /** The same layers as the blocking path, in the same order, over the database's asynchronous backend. */
    static AsyncBackend build(Partita db) {
        AsyncBackend async = db.givenAsyncBackend != null
                ? db.givenAsyncBackend
                : db.asyncExecutor != null ? AsyncBackend.of(db.raw, db.asyncExecutor) : AsyncBackend.of(db.raw);
        if (db.retryLayerPolicy != null) {
            async = new RetryingAsyncBackend(async, db.retryLayerPolicy, db.retries);
        }
        if (db.observer != null) {
            async = new ObservingBackend.Async(async, db.observer);
        }
        if (db.tableNames != null) {
            async = new TableNamingAsyncBackend(async, db.tableNames::resolve);
        }
        return async;
    }
}
