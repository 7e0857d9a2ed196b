package io.partita.dynamodb;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import java.util.function.Supplier;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * The one SDK client a {@link DynamoDbBackend} sends through: a blocking client, or an asynchronous one whose
 * answer the caller waits for. Either way an SDK failure is thrown as the core exception it maps to
 * ({@link Errors}).
 */
final class SdkClient {
    private final DynamoDbClient blocking; // null when only an asynchronous client is given
    private final DynamoDbAsyncClient async; // null when a blocking client is given

    private SdkClient(DynamoDbClient blocking, DynamoDbAsyncClient async) {
        this.blocking = blocking;
        this.async = async;
    }

    static SdkClient of(DynamoDbClient client) {
        return new SdkClient(Objects.requireNonNull(client, "client"), null);
    }

    static SdkClient of(DynamoDbAsyncClient client) {
        return new SdkClient(null, Objects.requireNonNull(client, "asyncClient"));
    }

    /** The blocking client; null when this sends through an asynchronous client. */
    DynamoDbClient blocking() {
        return blocking;
    }

    /** The asynchronous client; null when this sends through a blocking client. */
    DynamoDbAsyncClient async() {
        return async;
    }

    /** One call, on the blocking client, else on the asynchronous client and waited for. */
    <T> T send(Function<DynamoDbClient, T> onBlocking, Function<DynamoDbAsyncClient, CompletableFuture<T>> onAsync) {
        return blocking != null ? call(() -> onBlocking.apply(blocking)) : join(onAsync.apply(async));
    }

    /** DescribeTable's table description. */
    TableDescription describe(String tableName) {
        return send(
                        c -> c.describeTable(b -> b.tableName(tableName)),
                        c -> c.describeTable(b -> b.tableName(tableName)))
                .table();
    }

    /** A blocking SDK call; its failure is thrown as the core exception it maps to. */
    static <T> T call(Supplier<T> request) {
        try {
            return request.get();
        } catch (SdkException e) {
            throw Errors.map(e);
        }
    }

    /** Waits for an asynchronous SDK call; its failure is thrown as the core exception it maps to. */
    static <T> T join(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            throw Errors.map(e.getCause() == null ? e : e.getCause());
        }
    }

    void close() {
        if (blocking != null) {
            blocking.close();
        } else {
            async.close();
        }
    }
}
