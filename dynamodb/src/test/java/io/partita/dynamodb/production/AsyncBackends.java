package io.partita.dynamodb.production;

import io.partita.Partita;
import io.partita.dynamodb.DynamoDbAsyncBackend;
import io.partita.dynamodb.DynamoDbLocalHttp;
import io.partita.dynamodb.PartitaDynamoDb;
import io.partita.storage.AsyncBackend;
import io.partita.storage.Storage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.UnaryOperator;

/**
 * The backends the asynchronous API is tested on: the embedded core completing directly (the default), the
 * embedded core on an executor, and DynamoDB Local over HTTP through {@code DynamoDbAsyncClient} only
 * ({@code PartitaDynamoDb.builder(DynamoDbAsyncClient)}: the blocking API waits on the same client).
 */
enum AsyncBackends {
    EMBEDDED {
        @Override
        Partita.Builder builder() {
            return Partita.builder(Storage.inMemory());
        }

        @Override
        Partita.Builder builder(UnaryOperator<AsyncBackend> decorate) {
            Storage storage = Storage.inMemory();
            return Partita.builder(storage).asyncBackend(decorate.apply(AsyncBackend.of(storage)));
        }
    },
    EMBEDDED_ON_EXECUTOR {
        @Override
        Partita.Builder builder() {
            return Partita.builder(Storage.inMemory()).asyncExecutor(POOL);
        }

        @Override
        Partita.Builder builder(UnaryOperator<AsyncBackend> decorate) {
            Storage storage = Storage.inMemory();
            return Partita.builder(storage).asyncBackend(decorate.apply(AsyncBackend.of(storage, POOL)));
        }
    },
    DYNAMODB_LOCAL_ASYNC_CLIENT {
        @Override
        Partita.Builder builder() {
            DynamoDbLocalHttp.deleteAllTables();
            return PartitaDynamoDb.builder(DynamoDbLocalHttp.client());
        }

        @Override
        Partita.Builder builder(UnaryOperator<AsyncBackend> decorate) {
            return builder().asyncBackend(decorate.apply(new DynamoDbAsyncBackend(DynamoDbLocalHttp.client())));
        }
    };

    /** Daemon threads: nothing to shut down when the tests end. */
    private static final ExecutorService POOL = Executors.newFixedThreadPool(4, r -> {
        java.lang.Thread t = new java.lang.Thread(r, "partita-async-test");
        t.setDaemon(true);
        return t;
    });

    /** A builder on an empty database. */
    abstract Partita.Builder builder();

    /**
     * A builder on an empty database whose asynchronous backend (the one {@link #builder()} sets up) is wrapped by
     * {@code decorate}: the asynchronous API's requests reach the backend through it.
     */
    abstract Partita.Builder builder(UnaryOperator<AsyncBackend> decorate);
}
